import { describe, expect, it } from 'vitest';
import { parseTable } from '../../integrations/spreadsheet';
import { availabilityRule, normaliseItemNumber, parseActivatedItems, parseStatusList } from './availability';
import { encodeText, writeCsv } from './csv-writer';
import {
  DEFAULT_TEXT_DATE_FORMAT,
  describeTextDateFormat,
  detectTextDateFormat,
  excelSerial,
  formatTextDate,
} from './date-format';

const NOW = new Date(2025, 2, 7, 9, 5, 3); // local time

describe('date formats learnt from the sample', () => {
  const cases: Array<[string[], string, string]> = [
    [['01/15/2024', '12/31/2024'], 'MM/DD/YYYY', '03/07/2025'],
    [['1/15/2024', '12/31/2024'], 'M/DD/YYYY', '3/07/2025'],
    [['1/5/2024'], 'M/D/YYYY', '3/7/2025'],
    [['15/01/2024', '02/03/2024'], 'DD/MM/YYYY', '07/03/2025'],
    [['15.01.2024'], 'DD.MM.YYYY', '07.03.2025'],
    [['2024-01-15'], 'YYYY-MM-DD', '2025-03-07'],
    [['2024/1/15'], 'YYYY/M/DD', '2025/3/07'],
    [['01-15-24'], 'MM-DD-YY', '03-07-25'],
    [['2024-01-15 08:30'], 'YYYY-MM-DD HH:mm', '2025-03-07 09:05'],
    [['2024-01-15T8:30:00'], 'YYYY-MM-DDTH:mm:ss', '2025-03-07T9:05:03'],
  ];
  it.each(cases)('%j → %s', (values, description, written) => {
    const format = detectTextDateFormat(['', 'n/a', ...values])!;
    expect(describeTextDateFormat(format)).toBe(description);
    expect(formatTextDate(NOW, format)).toBe(written);
  });

  it('none recognisable: null, and the default is MM/DD/YYYY', () => {
    expect(detectTextDateFormat(['', 'soon', '15 Jan 2024'])).toBeNull();
    expect(formatTextDate(NOW, DEFAULT_TEXT_DATE_FORMAT)).toBe('03/07/2025');
  });

  it('Excel serials of local dates (1900 system)', () => {
    expect(excelSerial(new Date(2024, 0, 15, 23, 59), false)).toBe(45306);
    expect(excelSerial(new Date(2024, 0, 15, 12, 0, 0), true)).toBe(45306.5);
  });
});

describe('CSV in the sample dialect', () => {
  it('quotes only what needs it and round-trips through parseTable', () => {
    const rows = [
      ['a;b', 'say "hi"', ' padded', 'line\nbreak', '000123'],
      ['', 'plain', 'x', 'y', 'z'],
    ];
    const dialect = {
      delimiter: ';',
      lineBreak: '\r\n',
      encoding: 'utf-8' as const,
      bom: false,
      sepLine: null,
      trailingLineBreak: true,
    };
    const bytes = writeCsv(rows, dialect);
    expect(bytes.toString('utf8')).toBe(
      '"a;b";"say ""hi""";" padded";"line\nbreak";000123\r\n;plain;x;y;z\r\n',
    );
    expect(parseTable(bytes, { fileName: 'x.csv' }).rows).toEqual(rows);
  });

  it('keeps a sep= line and encodes Windows-1252 and UTF-16', () => {
    const dialect = {
      delimiter: ',',
      lineBreak: '\n',
      encoding: 'windows-1252' as const,
      bom: false,
      sepLine: 'sep=,',
      trailingLineBreak: false,
    };
    expect(writeCsv([['€uro', 'ü', '✓']], dialect).toString('latin1')).toBe('sep=,\n\x80uro,\xfc,?');
    expect(encodeText('A', 'utf-16le', true)).toEqual(Buffer.from([0xff, 0xfe, 0x41, 0x00]));
    expect(encodeText('A', 'utf-16be', true)).toEqual(Buffer.from([0xfe, 0xff, 0x00, 0x41]));
    expect(encodeText('A', 'utf-8', true)).toEqual(Buffer.from([0xef, 0xbb, 0xbf, 0x41]));
  });

  it('writes in the legacy encoding or UTF-32 a sample was read in, and reads back the same', () => {
    const rows = [
      ['Артикул', 'Статус'],
      ['000123', 'Active'],
    ];
    for (const encoding of ['windows-1251', 'koi8-r', 'utf-32le'] as const) {
      const dialect = {
        delimiter: ',',
        lineBreak: '\r\n',
        encoding,
        bom: encoding === 'utf-32le',
        sepLine: null,
        trailingLineBreak: true,
      };
      const bytes = writeCsv(rows, dialect);
      expect(parseTable(bytes, { fileName: 'out.csv', encoding })).toMatchObject({ rows, encoding });
    }
    expect(encodeText('品番', 'shift_jis', false)).toEqual(Buffer.from([0x95, 0x69, 0x94, 0xd4]));
  });
});

describe('availability', () => {
  it('normalises item numbers: trimmed, upper case, leading zeros stripped only when asked', () => {
    expect(normaliseItemNumber(' 000123 ', true)).toBe('123');
    expect(normaliseItemNumber('000', true)).toBe('0');
    expect(normaliseItemNumber('0A-1', true)).toBe('A-1');
    expect(normaliseItemNumber('000123', false)).toBe('000123');
    expect(normaliseItemNumber('abc-1', false)).toBe('ABC-1');
  });

  it('reads the activated list (commas, semicolons, lines), keeping the retailer spelling, without repeats', () => {
    expect(parseActivatedItems('000123, 45\r\n\n0123;B-2,,b-2', true)).toEqual({
      items: [
        { text: '000123', key: '123' },
        { text: '45', key: '45' },
        { text: 'B-2', key: 'B-2' },
      ],
      duplicates: ['0123', 'b-2'],
    });
  });

  it('status lists are comma-separated, trimmed and case-insensitive', () => {
    expect([...parseStatusList(' In  Stock ,available,, ')]).toEqual(['in stock', 'available']);
  });

  it('quantity rule with and without minItemsToBeActive; status lists only when statusSupersedesQuantity', () => {
    const base = { statusSupersedesQuantity: false, statusAvailableList: 'yes', statusOutOfStockList: 'no' };
    const aboveZero = availabilityRule({ ...base, minItemsToBeActive: null });
    expect([aboveZero.decide(0, 'yes').status, aboveZero.decide(0.5, 'no').status]).toEqual([
      'Inactive',
      'Active',
    ]);
    const atLeastFive = availabilityRule({ ...base, minItemsToBeActive: 5 });
    expect([atLeastFive.decide(4.9, '').status, atLeastFive.decide(5, '').status]).toEqual([
      'Inactive',
      'Active',
    ]);
    const byStatus = availabilityRule({ ...base, statusSupersedesQuantity: true, minItemsToBeActive: 5 });
    expect(byStatus.decide(0, ' YES ')).toEqual({ status: 'Active', basis: 'status-available' });
    expect(byStatus.decide(100, 'No')).toEqual({ status: 'Inactive', basis: 'status-out-of-stock' });
    expect(byStatus.decide(100, 'maybe')).toEqual({ status: 'Active', basis: 'quantity' });
  });
});
