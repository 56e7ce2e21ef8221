import type { CellObject } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { cellText, elapsedText, formatKind, isoCellText, plainNumber } from './excel-cells';

const number = (v: number, z = 'General'): CellObject => ({ t: 'n', v, z });

describe('plainNumber', () => {
  it.each([
    [12, '12'],
    [12.5, '12.5'],
    [-42.75, '-42.75'],
    [0, '0'],
    [-0, '0'],
    [12345678901234, '12345678901234'],
    [123456789012345, '123456789012345'],
    [1e20, '100000000000000000000'],
    [1e21, '1000000000000000000000'],
    [0.1 + 0.2, '0.3'],
    [1234567.891, '1234567.891'],
    [1.5e-7, '0.00000015'],
    [1e-7, '0.0000001'],
    [123456789.12345678, '123456789.123457'],
  ])('%d → %s', (value, expected) => {
    expect(plainNumber(value)).toBe(expected);
  });
});

describe('formatKind', () => {
  it.each([
    ['General', 'general'],
    ['@', 'general'],
    ['0', 'general'],
    ['0.00', 'general'],
    ['#,##0.00', 'general'],
    ['0.0%', 'general'],
    ['[$€-407] #,##0.00', 'general'],
    ['0.00E+00', 'general'],
    ['000000', 'code'],
    ['00000-0000', 'code'],
    ['"SKU-"0', 'code'],
    ['yyyy-mm-dd', 'date'],
    ['dd/mm/yyyy', 'date'],
    ['m/d/yy', 'date'],
    ['[$-409]mmmm d, yyyy;@', 'date'],
    ['mmm-yy', 'date'],
    ['yyyy\\-mm\\-dd\\ hh:mm', 'datetime'],
    ['m/d/yy h:mm AM/PM', 'datetime'],
    ['hh:mm', 'time'],
    ['h:mm:ss AM/PM', 'time'],
    ['mm:ss', 'time'],
    ['[h]:mm', 'elapsed'],
    ['[Red]0.00;[Blue]-0.00', 'general'],
  ])('%s → %s', (format, kind) => {
    expect(formatKind(format)).toBe(kind);
  });
});

describe('cellText', () => {
  it('renders each cell type as the file means it', () => {
    expect(cellText(undefined, false)).toBe('');
    expect(cellText({ t: 'z' }, false)).toBe('');
    expect(cellText({ t: 's', v: '000123' }, false)).toBe('000123');
    expect(cellText({ t: 's', v: '12345678901234567' }, false)).toBe('12345678901234567');
    expect(cellText({ t: 'b', v: true }, false)).toBe('TRUE');
    expect(cellText({ t: 'e', v: 0x2a }, false)).toBe('#N/A');
    expect(cellText({ t: 'e', v: 0x07, w: '#DIV/0!' }, false)).toBe('#DIV/0!');
    expect(cellText(number(123, '000000'), false)).toBe('000123');
    expect(cellText(number(123, '"SKU-"0000'), false)).toBe('SKU-0123');
    expect(cellText(number(12.5, '000000'), false)).toBe('12.5');
    expect(cellText(number(1234.5, '#,##0.00'), false)).toBe('1234.5');
    expect(cellText(number(12345678901234, '@'), false)).toBe('12345678901234');
    expect(cellText(number(45356, 'dd/mm/yyyy'), false)).toBe('2024-03-05');
    expect(cellText(number(45356.5, 'dd/mm/yyyy'), false)).toBe('2024-03-05');
    expect(cellText(number(45356.5, 'm/d/yy h:mm'), false)).toBe('2024-03-05T12:00:00');
    expect(cellText(number(0.25, 'hh:mm'), false)).toBe('06:00:00');
    expect(cellText(number(45356.25, 'hh:mm'), false)).toBe('06:00:00');
    expect(cellText(number(1.5, '[h]:mm'), false)).toBe('36:00');
    expect(cellText(number(43894, 'yyyy-mm-dd'), true)).toBe('2024-03-05');
    expect(cellText({ t: 'd', v: new Date(Date.UTC(2024, 2, 5)), z: 'yyyy-mm-dd' }, false)).toBe(
      '2024-03-05',
    );
  });
});

describe('dates and durations as Excel shows them', () => {
  it('prints elapsed formats with their units, rounded, negative values with a minus', () => {
    expect(elapsedText(11 / 1440, '[hh]:mm')).toBe('00:11');
    expect(elapsedText(-1.5 / 24, '[hh]:mm')).toBe('-01:30');
    expect(elapsedText(1.5, '[h]:mm:ss')).toBe('36:00:00');
    expect(elapsedText(0.01, '[mm]:ss')).toBe('14:24');
    expect(elapsedText(1.5 / 86_400, '[h]:mm:ss.00')).toBe('0:00:01.50');
    expect(elapsedText(0.9999999, '[hh]:mm')).toBe('24:00');
    expect(elapsedText(0, '[h]:mm')).toBe('0:00');
  });

  it('shows times under a time-of-day format (h:mm A/P, h:mm AM/PM, hh:mm) as times, whatever the day part', () => {
    for (const format of ['h:mm A/P', 'h:mm:ss a/p', '[$-409]h:mm A/P;@', 'h:mm AM/PM', 'hh:mm']) {
      expect(formatKind(format)).toBe('time');
      expect(cellText(number(45356.75, format), false)).toBe('18:00:00');
      expect(cellText(number(0.3125, format), false)).toBe('07:30:00');
    }
    expect(cellText(number(45356.75, 'm/d/yy h:mm A/P'), false)).toBe('2024-03-05T18:00:00');
  });

  it('shows serial 0 under a date format as Excel does, 1900-01-00, and a fraction on it as a time on that day', () => {
    expect(cellText(number(0, 'yyyy-mm-dd'), false)).toBe('1900-01-00');
    expect(cellText(number(0, 'dd/mm/yyyy'), false)).toBe('1900-01-00');
    expect(cellText(number(0.5, 'yyyy-mm-dd'), false)).toBe('1900-01-00');
    expect(cellText(number(0, 'yyyy-mm-dd hh:mm'), false)).toBe('1900-01-00T00:00:00');
    expect(cellText(number(0.5, 'yyyy-mm-dd hh:mm'), false)).toBe('1900-01-00T12:00:00');
    expect(cellText(number(0.5, 'hh:mm'), false)).toBe('12:00:00');
    // Rounded up to the next second, the last moment of day 0 is day 1.
    expect(cellText(number(0.999999999, 'yyyy-mm-dd hh:mm'), false)).toBe('1900-01-01T00:00:00');
    expect(cellText(number(1, 'yyyy-mm-dd'), false)).toBe('1900-01-01');
    // In the 1904 system day 0 is a real day.
    expect(cellText(number(0, 'yyyy-mm-dd'), true)).toBe('1904-01-01');
  });

  it('reads ISO 8601 cells (Strict OOXML) as Excel would show their serial, rounded to the second', () => {
    expect(isoCellText('2024-03-05T15:59:59.999', 'yyyy-mm-dd hh:mm', false)).toBe('2024-03-05T16:00:00');
    expect(isoCellText('2024-03-05T00:00:00', 'General', false)).toBe('2024-03-05');
    expect(isoCellText('2024-03-05T08:30:00', 'General', false)).toBe('2024-03-05T08:30:00');
    expect(isoCellText('1899-12-31T16:00:00', 'hh:mm', false)).toBe('16:00:00');
    expect(isoCellText('1900-02-28', 'yyyy-mm-dd', false)).toBe('1900-02-28');
    expect(isoCellText('1900-01-01', 'yyyy-mm-dd', false)).toBe('1900-01-01');
    expect(isoCellText('1900-03-01', 'yyyy-mm-dd', false)).toBe('1900-03-01');
    expect(isoCellText('2024-03-05', 'yyyy-mm-dd', true)).toBe('2024-03-05');
    expect(isoCellText('PT0H11M0.000S', '[hh]:mm', false)).toBe('00:11');
    expect(isoCellText('-PT1H30M0S', '[hh]:mm', false)).toBe('-01:30');
    expect(isoCellText('P1DT12H', 'General', false)).toBe('36:00:00');
    expect(isoCellText('not a date', 'General', false)).toBe('not a date');
  });

  it('reads Strict OOXML’s 1899-12-31, Excel’s day 0, as serial 0 is shown: 1900-01-00, not an empty cell', () => {
    expect(isoCellText('1899-12-31', 'yyyy-mm-dd', false)).toBe('1900-01-00');
    expect(isoCellText('1899-12-31T00:00:00', 'yyyy-mm-dd', false)).toBe('1900-01-00');
    expect(isoCellText('1899-12-31', 'General', false)).toBe('1900-01-00');
    expect(isoCellText('1899-12-31T00:00:00', 'yyyy-mm-dd hh:mm', false)).toBe('1900-01-00T00:00:00');
    // A time on day 0 is a time of day, as before.
    expect(isoCellText('1899-12-31T16:00:00', 'General', false)).toBe('16:00:00');
  });

  it('writes every line break in text cells as \\n', () => {
    expect(cellText({ t: 's', v: 'Ship\r\nDate' }, false)).toBe('Ship\nDate');
    expect(cellText({ t: 's', v: 'a\rb\nc' }, false)).toBe('a\nb\nc');
  });
});
