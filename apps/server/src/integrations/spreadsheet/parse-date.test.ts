import { describe, expect, it } from 'vitest';
import { excelSerialToParts, inferDateOrder, isoDateTime, parseDateCell } from './parse-date';

describe('parseDateCell', () => {
  it.each([
    ['2024-03-05', '2024-03-05'],
    ['2024-3-5', '2024-03-05'],
    ['2024-03-05T14:30:00', '2024-03-05'],
    ['2024-03-05T23:30:00-05:00', '2024-03-05'],
    ['2024-03-05 14:30', '2024-03-05'],
    ['2024-03-05T14:30:00.123Z', '2024-03-05'],
    ['2024/03/05', '2024-03-05'],
    ['2024.03.05', '2024-03-05'],
    ['20240305', '2024-03-05'],
    ['3/5/2024', '2024-03-05'],
    ['03/05/2024', '2024-03-05'],
    ['03-05-2024', '2024-03-05'],
    ['3/5/24', '2024-03-05'],
    ['12/31/99', '1999-12-31'],
    ['1/1/29', '2029-01-01'],
    ['1/1/30', '1930-01-01'],
    ['3/5/2024 2:30 PM', '2024-03-05'],
    ['05.03.2024', '2024-03-05'],
    ['5.3.24', '2024-03-05'],
    ['5 Mar 2024', '2024-03-05'],
    ['05-Mar-24', '2024-03-05'],
    ['5-MAR-2024', '2024-03-05'],
    ['Mar 5, 2024', '2024-03-05'],
    ['March 5th 2024', '2024-03-05'],
    ['Tuesday, March 5, 2024', '2024-03-05'],
    ['Tue, 05 Mar 2024 14:30:00 +0000', '2024-03-05'],
    ['  2024-03-05  ', '2024-03-05'],
    ['2024-02-29', '2024-02-29'],
  ])('%j → %s', (text, expected) => {
    expect(parseDateCell(text)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'n/a',
    '000123',
    '12345678901234567',
    '2023-02-29',
    '2024-13-01',
    '02/30/2024',
    '13/05/2024',
    '32 Mar 2024',
    '5 Foo 2024',
    '45356',
    '12.5',
    '2024-03-05x',
    // Excel's day 0, as workbook cells show serial 0 under a date format (excel-cells.ts): no calendar day.
    '1900-01-00',
    '1900-01-00T12:00:00',
    // Eight bare digits of another era are an id (an 8-digit PO), not a compact date.
    '45001201',
    '01231201',
  ])('%j → null', (text) => {
    expect(parseDateCell(text)).toBeNull();
  });

  it('reads numeric dates day first when asked', () => {
    expect(parseDateCell('05/03/2024', { order: 'DMY' })).toBe('2024-03-05');
    expect(parseDateCell('13/05/2024', { order: 'DMY' })).toBe('2024-05-13');
    expect(parseDateCell('05/13/2024', { order: 'DMY' })).toBeNull();
    expect(parseDateCell('2024-03-05', { order: 'DMY' })).toBe('2024-03-05');
  });

  it('reads Excel serial day numbers only when asked', () => {
    expect(parseDateCell('45356', { excelSerial: true })).toBe('2024-03-05');
    expect(parseDateCell('45356.75', { excelSerial: true })).toBe('2024-03-05');
    expect(parseDateCell('36525', { excelSerial: true })).toBe('1999-12-31');
    expect(parseDateCell('1', { excelSerial: true })).toBe('1900-01-01');
    expect(parseDateCell('61', { excelSerial: true })).toBe('1900-03-01');
    expect(parseDateCell('0', { excelSerial: true })).toBeNull();
    expect(parseDateCell('43894', { excelSerial: true, date1904: true })).toBe('2024-03-05');
    expect(parseDateCell('9999999', { excelSerial: true })).toBeNull();
  });
});

describe('inferDateOrder', () => {
  it('finds the order a column must be in, or null when nothing tells', () => {
    expect(inferDateOrder(['03/05/2024', '31/12/2024'])).toBe('DMY');
    expect(inferDateOrder(['03/05/2024', '12/31/2024'])).toBe('MDY');
    expect(inferDateOrder(['03/05/2024', '04/06/2024'])).toBeNull();
    expect(inferDateOrder(['31/12/2024', '12/31/2024'])).toBeNull();
    expect(inferDateOrder(['2024-03-05', '', 'n/a'])).toBeNull();
  });
});

describe('excelSerialToParts', () => {
  it('converts serials without time-zone arithmetic, to the nearest second', () => {
    expect(isoDateTime(excelSerialToParts(45356.604166666664)!)).toBe('2024-03-05T14:30:00');
    expect(isoDateTime(excelSerialToParts(45356.99999999)!)).toBe('2024-03-06T00:00:00');
    expect(isoDateTime(excelSerialToParts(0.5)!)).toBe('1899-12-31T12:00:00');
    expect(excelSerialToParts(60)).toMatchObject({ year: 1900, month: 2, day: 29 });
    expect(excelSerialToParts(0, true)).toMatchObject({ year: 1904, month: 1, day: 1 });
    expect(excelSerialToParts(-1)).toBeNull();
    expect(excelSerialToParts(Number.NaN)).toBeNull();
  });
});
