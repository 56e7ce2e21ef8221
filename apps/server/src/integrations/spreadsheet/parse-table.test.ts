import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { buildOldBiffSheet } from '../../../test/integrations/spreadsheet-builders';
import {
  ITEMS,
  OLD_BIFF_CELLS,
  OLD_BIFF_ROWS,
  QUOTED,
  sourceText,
  TYPED,
  TYPED_HEADER,
} from '../../../test/integrations/spreadsheet-fidelity-corpus';
import { detectType, parseTable, type SpreadsheetErrorCode, type SpreadsheetType, type Table } from './index';

const corpus = path.resolve(import.meta.dirname, '../../../test/fixtures/spreadsheets');
const fixture = (name: string) => readFileSync(path.join(corpus, name));
const read = (name: string, options: Partial<Parameters<typeof parseTable>[1]> = {}) =>
  parseTable(fixture(name), { fileName: name, ...options });

function codeOf(run: () => unknown): SpreadsheetErrorCode | 'no error' {
  try {
    run();
  } catch (error) {
    expect(error).toMatchObject({ name: 'SpreadsheetError' });
    return (error as { code: SpreadsheetErrorCode }).code;
  }
  return 'no error';
}

describe('parseTable: one data set, every format', () => {
  it.each<[string, Partial<Table>]>([
    [
      'items-utf8.csv',
      { type: '.csv', format: 'csv', encoding: 'utf-8', bom: false, delimiter: ',', lineBreak: '\n' },
    ],
    ['items-utf8-bom.csv', { type: '.csv', encoding: 'utf-8', bom: true, delimiter: ',', lineBreak: '\r\n' }],
    ['items-windows-1252.csv', { type: '.csv', encoding: 'windows-1252', bom: false, delimiter: ',' }],
    [
      'items-utf16le-tab.txt',
      { type: '.csv', encoding: 'utf-16le', bom: true, delimiter: '\t', lineBreak: '\r\n' },
    ],
    ['items-utf16be-tab.txt', { type: '.csv', encoding: 'utf-16be', bom: true, delimiter: '\t' }],
    ['items-semicolon.csv', { type: '.csv', delimiter: ';' }],
    ['items-tab.csv', { type: '.csv', delimiter: '\t' }],
    ['items-pipe.csv', { type: '.csv', delimiter: '|' }],
    ['items-sep-hint.csv', { type: '.csv', delimiter: ';' }],
    ['items-trailing-blank-lines.csv', { type: '.csv', delimiter: ',' }],
    ['items.xlsx', { type: '.xlsx', format: 'xlsx', sheetName: 'items' }],
    ['items.xls', { type: '.xls', format: 'xls', sheetName: 'items' }],
    ['html-table.xls', { type: '.xls', format: 'html', encoding: 'utf-8' }],
    ['tab-text.xls', { type: '.xls', format: 'csv', encoding: 'windows-1252', delimiter: '\t' }],
  ])('%s', (name, expected) => {
    const table = read(name);
    expect(table).toMatchObject(expected);
    expect(table.rows).toEqual(ITEMS);
  });

  it('gives the same rows when the expected type is given', () => {
    expect(read('items.xlsx', { expectedType: '.xlsx' }).rows).toEqual(ITEMS);
    expect(read('items.xls', { expectedType: '.xls' }).rows).toEqual(ITEMS);
    expect(read('items-utf8.csv', { expectedType: '.csv' }).rows).toEqual(ITEMS);
    expect(read('items-utf16le-tab.txt', { expectedType: '.csv' }).rows).toEqual(ITEMS);
  });

  it('reads quoted fields with delimiters, quotes and line breaks the same in CSV and XLSX', () => {
    expect(read('quoted.csv').rows).toEqual(QUOTED);
    expect(read('quoted.xlsx').rows).toEqual(QUOTED);
  });
});

describe('parseTable: typed workbook cells', () => {
  it.each(['typed.xlsx', 'typed.xls'])('%s: codes, long numbers, dates, times, booleans as text', (name) => {
    const table = read(name);
    expect(table.sheetName).toBe('Stock');
    expect(table.rows).toEqual(TYPED);
  });

  it('typed-2003.xls (XML Spreadsheet 2003): LibreOffice writes no 000000 format there, so no padding', () => {
    const table = read('typed-2003.xls');
    expect(table).toMatchObject({ type: '.xls', format: 'xml2003', sheetName: 'Stock' });
    const expected = TYPED.map((row) => [...row]);
    expected[3]![0] = '123';
    expected[4]![0] = '4560';
    expect(table.rows).toEqual(expected);
  });

  it('reads only the first sheet and keeps leading rows, so header indexes match what users see', () => {
    const rows = read('typed.xlsx').rows;
    expect(rows[2]).toEqual(TYPED_HEADER);
    expect(rows.flat()).not.toContain('This sheet must not be read');
  });
});

describe('parseTable: bad files', () => {
  it.each<[string, SpreadsheetErrorCode]>([
    ['empty.csv', 'EMPTY'],
    ['blank-lines.csv', 'EMPTY'],
    ['empty-sheet.xlsx', 'EMPTY'],
    ['not-a-spreadsheet.xlsx', 'WRONG_TYPE'],
    ['not-a-spreadsheet.xls', 'WRONG_TYPE'],
    ['html-page.csv', 'WRONG_TYPE'],
    ['word-document.xlsx', 'WRONG_TYPE'],
    ['truncated.xlsx', 'CORRUPT'],
    ['truncated.xls', 'CORRUPT'],
    ['damaged.xlsx', 'CORRUPT'],
    ['unterminated-quote.csv', 'CORRUPT'],
    ['encrypted.xlsx', 'ENCRYPTED'],
    ['encrypted.xls', 'ENCRYPTED'],
    ['zip-bomb.xlsx', 'ZIP_BOMB'],
    ['zip-bomb-understated.xlsx', 'ZIP_BOMB'],
  ])('%s → %s', (name, code) => {
    expect(codeOf(() => read(name))).toBe(code);
  });

  it('names the file and the problem in the message', () => {
    expect(() => read('encrypted.xlsx')).toThrow(/encrypted\.xlsx is password-protected/);
    expect(() => read('not-a-spreadsheet.xlsx')).toThrow(/is a PNG image, not a spreadsheet/);
    expect(() => read('unterminated-quote.csv')).toThrow(/line 3/);
  });

  it('refuses content that does not match the expected type', () => {
    expect(codeOf(() => parseTable(fixture('items.xls'), { fileName: 'orders.csv' }))).toBe('WRONG_TYPE');
    expect(codeOf(() => read('items.xlsx', { expectedType: '.csv' }))).toBe('WRONG_TYPE');
    expect(codeOf(() => read('items-utf8.csv', { expectedType: '.xlsx' }))).toBe('WRONG_TYPE');
    expect(codeOf(() => read('html-table.xls', { expectedType: '.csv' }))).toBe('WRONG_TYPE');
    expect(codeOf(() => parseTable(Buffer.from('<?xml version="1.0"?><feed/>'), { fileName: 'x.xls' }))).toBe(
      'WRONG_TYPE',
    );
    const binary = Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff, 0x00, 0x10, 0x00, 0x00, 0x7f]);
    expect(codeOf(() => parseTable(binary, { fileName: 'x.csv' }))).toBe('WRONG_TYPE');
  });

  it('reads a workbook by its content within the Excel family, whatever its extension says', () => {
    expect(read('items.xlsx', { expectedType: '.xls' })).toMatchObject({ type: '.xlsx', rows: ITEMS });
    expect(parseTable(fixture('items.xls'), { fileName: 'stock.xlsx' })).toMatchObject({
      type: '.xls',
      rows: ITEMS,
    });
  });

  it('treats a 0-byte file as EMPTY and an oversized one as TOO_LARGE before parsing', () => {
    expect(codeOf(() => parseTable(Buffer.alloc(0), { fileName: 'x.xlsx' }))).toBe('EMPTY');
    expect(codeOf(() => read('items.xlsx', { maxBytes: 1000 }))).toBe('TOO_LARGE');
    expect(codeOf(() => parseTable(Buffer.alloc(10_485_761, 0x61), { fileName: 'big.csv' }))).toBe(
      'TOO_LARGE',
    );
  });
});

describe('parseTable: limits', () => {
  it('refuses a CSV row of 100,000 columns from the first 64 KB', () => {
    const wide = Buffer.from(Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(','));
    expect(codeOf(() => parseTable(wide, { fileName: 'wide.csv' }))).toBe('TOO_MANY_COLUMNS');
  });

  it('refuses a wide row that comes after the sampled lines', () => {
    const lines = Array.from({ length: 200 }, (_, i) => `${i},a,b`);
    lines.push(Array.from({ length: 1500 }, () => 'x').join(','));
    expect(codeOf(() => parseTable(Buffer.from(lines.join('\n')), { fileName: 'late.csv' }))).toBe(
      'TOO_MANY_COLUMNS',
    );
  });

  it('refuses an .xlsx row of 100,000 columns from its dimension, before SheetJS builds it', () => {
    const sheet = XLSX.utils.aoa_to_sheet([Array.from({ length: 100_000 }, (_, i) => `c${i}`)]);
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'Wide');
    const wide = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
    const started = performance.now();
    expect(codeOf(() => parseTable(wide, { fileName: 'wide.xlsx' }))).toBe('TOO_MANY_COLUMNS');
    // Not a timing assertion: only a hint in the output when the pre-check stops working.
    if (performance.now() - started > 500) console.warn('wide.xlsx took', performance.now() - started, 'ms');
  });

  it('applies maxColumns while converting rows too (no dimension to read in .xls or HTML)', () => {
    expect(codeOf(() => read('items.xls', { maxColumns: 5 }))).toBe('TOO_MANY_COLUMNS');
    expect(codeOf(() => read('html-table.xls', { maxColumns: 5 }))).toBe('TOO_MANY_COLUMNS');
    expect(codeOf(() => read('items-utf8.csv', { maxColumns: 5 }))).toBe('TOO_MANY_COLUMNS');
    expect(read('items.xls', { maxColumns: 6 }).rows).toEqual(ITEMS);
  });

  it.each(['items-utf8.csv', 'items-trailing-blank-lines.csv', 'items.xlsx', 'items.xls', 'html-table.xls'])(
    '%s: maxRows counts rows up to the last non-blank one',
    (name) => {
      expect(read(name, { maxRows: 5 }).rows).toEqual(ITEMS);
      expect(codeOf(() => read(name, { maxRows: 4 }))).toBe('TOO_MANY_ROWS');
    },
  );

  it('counts millions of blank lines without building them', () => {
    expect(codeOf(() => parseTable(Buffer.from('\n'.repeat(5_000_000)), { fileName: 'blank.csv' }))).toBe(
      'EMPTY',
    );
    const gap = Buffer.from(`a,b\n${'\n'.repeat(2_000_000)}c,d\n`);
    expect(codeOf(() => parseTable(gap, { fileName: 'gap.csv', maxRows: 1000 }))).toBe('TOO_MANY_ROWS');
  });

  it('refuses a table whose padded size exceeds maxCells', () => {
    expect(codeOf(() => read('items-utf8.csv', { maxCells: 29 }))).toBe('TOO_LARGE');
    expect(read('items-utf8.csv', { maxCells: 30 }).rows).toEqual(ITEMS);
  });

  it('parses a 100,000-row × 12-column CSV in one pass', () => {
    const lines = ['Item,Description,Qty,Price,Date,Code,A,B,C,D,E,F'];
    for (let r = 0; r < 100_000; r++) {
      lines.push(
        `${String(r).padStart(6, '0')},"Desc, ${r}",${r % 97},${(r / 7).toFixed(2)},2024-03-05,X${r},a,b,c,1,2,"q""q"`,
      );
    }
    const table = parseTable(Buffer.from(lines.join('\r\n')), { fileName: 'big.csv' });
    expect(table.rows).toHaveLength(100_001);
    expect(table.rows[100_000]).toEqual([
      '099999',
      'Desc, 99999',
      '89',
      '14285.57',
      '2024-03-05',
      'X99999',
      'a',
      'b',
      'c',
      '1',
      '2',
      'q"q',
    ]);
  });
});

describe('parseTable: row shape', () => {
  it('pads rows to the widest one, keeps blank rows in place and drops trailing empty columns', () => {
    const text = 'a,b,,\n\n1\n  ,\n2,3,4,\n\n';
    expect(parseTable(Buffer.from(text), { fileName: 't.csv' }).rows).toEqual([
      ['a', 'b', ''],
      ['', '', ''],
      ['1', '', ''],
      ['', '', ''],
      ['2', '3', '4'],
    ]);
  });

  it('reads the first sheet of a SheetJS-written workbook with codes and dates', () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Item', 'Qty', 'When'],
      ['000123', 5, new Date(Date.UTC(2024, 2, 5))],
    ]);
    sheet.B2!.z = '000000';
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'First');
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([['other']]), 'Second');
    const bytes = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    expect(parseTable(bytes, { fileName: 'w.xlsx' }).rows).toEqual([
      ['Item', 'Qty', 'When'],
      ['000123', '000005', '2024-03-05'],
    ]);
  });
});

describe('parseTable: other containers', () => {
  const workbook = () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Item'], ['000123']]), 'S');
    return book;
  };
  const oleFile = (streams: Record<string, Buffer>) => {
    const container = XLSX.CFB.utils.cfb_new();
    for (const [name, data] of Object.entries(streams)) XLSX.CFB.utils.cfb_add(container, name, data);
    return XLSX.CFB.write(container, { type: 'buffer' }) as Buffer;
  };

  it('reads .xlsb content (a zip with a binary workbook) as an .xlsx-family workbook', () => {
    const bytes = XLSX.write(workbook(), { type: 'buffer', bookType: 'xlsb' }) as Buffer;
    expect(parseTable(bytes, { fileName: 'book.xlsx' })).toMatchObject({
      type: '.xlsx',
      format: 'xlsb',
      rows: [['Item'], ['000123']],
    });
  });

  it('refuses an OpenDocument spreadsheet and a Word file named .xlsx', () => {
    const ods = XLSX.write(workbook(), { type: 'buffer', bookType: 'ods' }) as Buffer;
    expect(() => parseTable(ods, { fileName: 'book.xlsx' })).toThrow(/OpenDocument/);
    expect(
      codeOf(() => parseTable(oleFile({ WordDocument: Buffer.alloc(600, 1) }), { fileName: 'x.xls' })),
    ).toBe('WRONG_TYPE');
  });

  it('recognises an encrypted OOXML package by its OLE stream names, whatever SheetJS would say', () => {
    const encrypted = oleFile({
      EncryptionInfo: Buffer.from('info'),
      EncryptedPackage: Buffer.alloc(600, 1),
    });
    expect(codeOf(() => parseTable(encrypted, { fileName: 'locked.xlsx', expectedType: '.xlsx' }))).toBe(
      'ENCRYPTED',
    );
  });

  it('reads an XML Spreadsheet 2003 named .xls but not one expected as .csv', () => {
    const xml = XLSX.write(workbook(), { type: 'string', bookType: 'xlml' }) as string;
    expect(parseTable(Buffer.from(xml), { fileName: 'export.xls' })).toMatchObject({
      format: 'xml2003',
      rows: [['Item'], ['000123']],
    });
    expect(codeOf(() => parseTable(Buffer.from(xml), { fileName: 'export.csv' }))).toBe('WRONG_TYPE');
  });
});

describe('parseTable: NUL bytes and UTF-16 without a mark', () => {
  const encodings = (name: string) => parseTable(fixture(`fidelity/encodings/${name}`), { fileName: name });

  it('reads a UTF-8 CSV holding a stray NUL byte as UTF-8, leaves the NUL out and says so', () => {
    // 28 bytes, one NUL at an even offset: once taken for UTF-16 BE ("Item" read as "䥴敭").
    const table = encodings('nul-byte-utf-8.csv');
    expect(table).toMatchObject({ encoding: 'utf-8', bom: false, delimiter: ',' });
    expect(table.rows).toEqual([
      ['Item', 'Qty'],
      ['000123', '12'],
      ['A-77', '3'],
    ]);
    expect(table.notes).toEqual([
      'nul-byte-utf-8.csv held a NUL byte (a control character no text uses), first on line 2; it was left out.',
    ]);
    // At either offset, in a short file or a long one.
    for (const text of [
      'a,b,c\n1,2,3\n\0',
      '\0a,b,c\n1,2,3\n',
      `Item,Qty\n${'000123,12\n'.repeat(50)}A\0-77,3\n`,
    ]) {
      const read = parseTable(Buffer.from(text), { fileName: 'x.csv' });
      expect(read.encoding).toBe('utf-8');
      expect(read.rows[0]).toEqual(text.startsWith('Item') ? ['Item', 'Qty'] : ['a', 'b', 'c']);
    }
  });

  it('still refuses a binary file as WRONG_TYPE, naming its NUL bytes', () => {
    const control = Buffer.from('Item,Qty\n000123,\x01\x02\0\n');
    expect(() => parseTable(control, { fileName: 'x.csv' })).toThrow(
      /x\.csv is a binary file, not a spreadsheet \(it holds a NUL byte among other control characters\)/,
    );
    const junk = Buffer.from(Array.from({ length: 400 }, (_, i) => (i % 3 === 0 ? 0 : 0x41 + (i % 26))));
    expect(() => parseTable(junk, { fileName: 'junk.csv' })).toThrow(
      /junk\.csv is a binary file, not a spreadsheet \(it holds 134 NUL bytes\)/,
    );
  });

  it('recognises genuine UTF-16 without a byte-order mark, LE and BE (iconv)', () => {
    expect(encodings('russian-utf-16le-no-bom.csv')).toMatchObject({
      encoding: 'utf-16le',
      bom: false,
      rows: sourceText('russian'),
      notes: [],
    });
    expect(encodings('chinese-simplified-utf-16be-no-bom.csv')).toMatchObject({
      encoding: 'utf-16be',
      bom: false,
      rows: sourceText('chinese-simplified'),
      notes: [],
    });
    expect(encodings('greek-utf-16le-no-bom.csv')).toMatchObject({
      encoding: 'utf-16le',
      rows: sourceText('greek'),
    });
    // Short files too: 8 code units of ASCII are evidence enough.
    for (const encoding of ['utf-16le', 'utf-16be'] as const) {
      const bytes = Buffer.from('Item,Qty\r\n1,2\r\n', 'utf16le');
      if (encoding === 'utf-16be') bytes.swap16();
      expect(parseTable(bytes, { fileName: 'short.csv' })).toMatchObject({
        encoding,
        rows: [
          ['Item', 'Qty'],
          ['1', '2'],
        ],
      });
    }
  });
});

describe('parseTable: Excel 2.x sheets with later BIFF records', () => {
  it('reads a BIFF2 sheet whose cells are BIFF3–5 LABEL, NUMBER and BOOLERR records', () => {
    const sheet = buildOldBiffSheet(2, OLD_BIFF_CELLS, { laterRecords: true });
    expect(parseTable(sheet, { fileName: 'old.xls' })).toMatchObject({ type: '.xls', rows: OLD_BIFF_ROWS });
  });

  it('reads BIFF3–5 FORMULA records there by their cached results: numbers, dates, text, booleans', () => {
    const formulas = OLD_BIFF_CELLS.map((cell) => (cell.row > 0 ? { ...cell, formula: true } : cell));
    const sheet = buildOldBiffSheet(2, formulas, { laterRecords: true });
    expect(parseTable(sheet, { fileName: 'old.xls' }).rows).toEqual(OLD_BIFF_ROWS);
  });

  it('reads a BIFF2 sheet of LABEL records only (refused as empty before), in its code page', () => {
    const cells = [
      { row: 0, col: 0, value: 'Артикул' },
      { row: 0, col: 1, value: 'Цена' },
      { row: 1, col: 0, value: '000123' },
      { row: 1, col: 1, value: '450 р.' },
    ];
    const sheet = buildOldBiffSheet(2, cells, { laterRecords: true, codepage: 1251 });
    expect(parseTable(sheet, { fileName: 'labels.xls' }).rows).toEqual([
      ['Артикул', 'Цена'],
      ['000123', '450 р.'],
    ]);
  });
});

describe('detectType', () => {
  it('takes a bare BIFF stream (Excel 2.x–4.0) for an .xls, whatever its name', () => {
    for (const version of [2, 3, 4] as const) {
      const sheet = buildOldBiffSheet(version, [{ row: 0, col: 0, value: 'Item' }]);
      expect(detectType(sheet, 'old.xls')).toBe('.xls');
      expect(detectType(sheet, 'old.csv')).toBe('.xls');
      expect(parseTable(sheet, { fileName: 'old.xls' })).toMatchObject({ type: '.xls', rows: [['Item']] });
      expect(codeOf(() => parseTable(sheet, { fileName: 'old.csv', expectedType: '.csv' }))).toBe(
        'WRONG_TYPE',
      );
    }
  });

  it.each<[string, string, SpreadsheetType | null]>([
    ['items.xlsx', 'items.xlsx', '.xlsx'],
    ['items.xlsx', 'renamed.xls', '.xlsx'],
    ['items.xlsx', 'renamed.csv', '.xlsx'],
    ['items.xls', 'items.xls', '.xls'],
    ['items.xls', 'renamed.csv', '.xls'],
    ['encrypted.xlsx', 'encrypted.xlsx', '.xlsx'],
    ['encrypted.xlsx', 'encrypted.xls', '.xls'],
    ['items-utf8.csv', 'items.CSV', '.csv'],
    ['items-utf16le-tab.txt', 'export.txt', '.csv'],
    ['html-table.xls', 'report.xls', '.xls'],
    ['not-a-spreadsheet.xlsx', 'image.xlsx', null],
    ['not-a-spreadsheet.xls', 'document.xls', null],
    ['items-utf8.csv', 'notes.doc', null],
  ])('%s named %s → %s', (name, fileName, expected) => {
    expect(detectType(fixture(name), fileName)).toBe(expected);
  });
});
