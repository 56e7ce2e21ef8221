/**
 * The fidelity corpus: every kind of file the reader must get right (issue 15), each with the rows it must
 * give, written by hand, or the code it must be refused with. Files come from LibreOffice and iconv
 * (test/fixtures/spreadsheets, made by the scripts there) or are built here from spreadsheet-builders.ts (BIFF records,
 * hand-written XML, encryption by the published algorithms). corpus.test.ts reads each through readTable
 * and prints the table of kinds; `npm run bench:corpus` prints the same table on its own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSupplierXlsx } from '../../../../bench/inventory';
import type { SpreadsheetErrorCode } from '../../src/integrations/spreadsheet/errors';
import type { Table } from '../../src/integrations/spreadsheet/parse-table';
import { readTable } from '../../src/integrations/spreadsheet/read-table';
import {
  type BiffCell,
  ballooningOleFile,
  buildBiff5Workbook,
  buildOldBiffSheet,
  buildXlsx,
  encryptBiff8CryptoApi,
  encryptXlsxAgile,
  inlineCell,
  repetitiveWorkbook,
  sharedStringBombXlsx,
} from './spreadsheet-builders';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/spreadsheets');
const fixture = (name: string) => () => readFileSync(path.join(FIXTURES, name));

export interface CorpusCase {
  kind: string;
  name: string;
  bytes: () => Buffer;
  /** The rows the file must give, or the code it must be refused with. */
  expect:
    | { rows: string[][]; sheetName?: string; note?: RegExp }
    /** For a file too big to write out: how many rows, and its header. */
    | { rowCount: number; header: string[] }
    | { code: SpreadsheetErrorCode };
  /** Reads that take seconds (a 10 MB workbook, a heap filling up). */
  slow?: boolean;
}

/** The data set behind every items-* file (make-corpus.sh). */
export const ITEMS = [
  ['Item Number', 'Description', 'Qty', 'Unit Price', 'Ship Date', 'Tracking'],
  ['000123', 'Café crème', '12', '12.5', '2024-03-05', '12345678901234567'],
  ['004560', 'Müller, 10" Schraube', '0', '0.99', '2024-12-31', '1Z999AA10123456784'],
  ['12345678901234567', 'Widget € edition', '1250', '1234.5', '2025-01-02', '00012345'],
  ['A-77', 'Straße; Größe XL', '3', '7', '2024-02-29', ''],
];

export const QUOTED = [
  ['Order', 'Note', 'Address', 'Amount'],
  ['PO-1', 'Leave at door, ring twice', 'Line 1\nLine 2', '10'],
  ['PO-2', 'He said "fragile"', '"Quoted" start', ''],
  ['PO-3', '', 'Ünïcödé, ✓', '-3.50'],
  ['PO-4', '  padded  ', 'a,b;c\td|e', '0007'],
];

export const TYPED_HEADER = [
  'Padded',
  'Big Int',
  'Text Code',
  'Date',
  'Date Time',
  'Time',
  'Sum',
  'Negative',
  'Flag',
  'Percent',
  'Amount',
];
export const TYPED = [
  ['Stock report', '', '', '', '', '', '', '', '', '', ''],
  ['', '', '', '', '', '', '', '', '', '', ''],
  TYPED_HEADER,
  [
    '000123',
    '12345678901234',
    '12345678901234567',
    '2024-03-05',
    '2024-03-05T14:30:00',
    '14:30:00',
    '0.3',
    '-42.75',
    'TRUE',
    '0.125',
    '1234567.891',
  ],
  [
    '004560',
    '123456789012345',
    '0000000000000000042',
    '1999-12-31',
    '2025-01-02T00:00:00',
    '08:05:00',
    '',
    '0',
    'FALSE',
    '1',
    '1000',
  ],
];

/**
 * A text of fidelity/src/encodings (written for this corpus in UTF-8, no quoted fields), split into cells
 * by hand: what every encoding of it must read as.
 */
export function sourceText(text: string): string[][] {
  const source = readFileSync(path.join(FIXTURES, 'fidelity/src/encodings', `${text}.csv`), 'utf8');
  return source
    .trimEnd()
    .split('\n')
    .map((line) => line.split(','));
}

const ENCODED_FILES: [file: string, text: string][] = [
  ['greek-iso-8859-7.csv', 'greek'],
  ['greek-windows-1253.csv', 'greek'],
  ['greek-utf-16le-no-bom.csv', 'greek'],
  ['chinese-traditional-big5.csv', 'chinese-traditional'],
  ['chinese-simplified-gb18030.csv', 'chinese-simplified'],
  ['japanese-shift_jis.csv', 'japanese'],
  ['japanese-euc-jp.csv', 'japanese'],
  ['japanese-utf-16be.csv', 'japanese'],
  ['korean-euc-kr.csv', 'korean'],
  ['korean-utf-32le.csv', 'korean'],
  ['russian-windows-1251.csv', 'russian'],
  ['russian-koi8-r.csv', 'russian'],
  ['russian-iso-8859-5.csv', 'russian'],
  ['russian-utf-32be.csv', 'russian'],
  ['polish-windows-1250.csv', 'polish'],
  ['polish-iso-8859-2.csv', 'polish'],
  ['turkish-windows-1254.csv', 'turkish'],
  ['turkish-iso-8859-9.csv', 'turkish'],
  ['hebrew-windows-1255.csv', 'hebrew'],
  ['arabic-windows-1256.csv', 'arabic'],
  ['french-windows-1252.csv', 'french'],
  ['french-utf-8.csv', 'french'],
  ['html-cyrillic.xls', 'russian'],
];

// ---------------------------------------------------------------------------------------------------
// Hand-built workbooks

/** 10 rows × 26 columns, each cell in its own <row r="N"> element, rows and cells out of order. */
function repeatedRowElements(): Buffer {
  const cells: string[] = [];
  for (let r = 10; r >= 1; r--) {
    for (let c = 25; c >= 0; c--) {
      const ref = `${String.fromCharCode(65 + c)}${r}`;
      cells.push(`<row r="${r}">${inlineCell(ref, `R${r}C${c + 1}`)}</row>`);
    }
  }
  return buildXlsx([{ name: 'Export', rows: cells.join('') }]);
}
const REPEATED_ROWS = Array.from({ length: 10 }, (_, r) =>
  Array.from({ length: 26 }, (_, c) => `R${r + 1}C${c + 1}`),
);

/** Rows and cells written in reverse order, a gap row between them. */
function outOfOrder(): Buffer {
  const rows = [
    `<row r="4">${inlineCell('C4', 'Active')}${inlineCell('A4', '004560')}<c r="B4"><v>0</v></c></row>`,
    `<row r="2">${inlineCell('C2', 'Active')}<c r="B2"><v>12</v></c>${inlineCell('A2', '000123')}</row>`,
    `<row r="1">${inlineCell('C1', 'Status')}${inlineCell('B1', 'Qty')}${inlineCell('A1', 'Item Number')}</row>`,
  ];
  return buildXlsx([{ name: 'Stock', rows: rows.join('') }]);
}

/** Gnumeric and LibreOffice declare formatted empty columns, up to Excel's last cell. */
function declaredWholeSheet(): Buffer {
  const rows = [
    `<row r="1">${inlineCell('A1', 'Item Number')}${inlineCell('B1', 'Qty')}<c r="XFD1" s="1"/></row>`,
    `<row r="2">${inlineCell('A2', '000123')}<c r="B2"><v>12</v></c></row>`,
    '<row r="1048576"><c r="A1048576" s="1"/></row>',
  ];
  return buildXlsx([{ name: 'Stock', rows: rows.join(''), dimension: 'A1:XFD1048576' }]);
}

/**
 * Strict OOXML date cells as Excel writes them (t="d", ISO 8601 text) with the binary noise a conversion
 * leaves (15:59:59.999 for 16:00), and durations in ISO 8601 form; s= picks yyyy-mm-dd hh:mm, [hh]:mm,
 * hh:mm, General (see XLSX_STYLES).
 */
function strictDates(): Buffer {
  const date = (ref: string, style: number, value: string) =>
    `<c r="${ref}" s="${style}" t="d"><v>${value}</v></c>`;
  const rows = [
    `<row r="1">${inlineCell('A1', 'Shipped')}${inlineCell('B1', 'Handling')}${inlineCell('C1', 'Cut-off')}${inlineCell('D1', 'Window')}</row>`,
    `<row r="2">${date('A2', 2, '2024-03-05T15:59:59.999')}${date('B2', 3, 'PT0H11M0.000S')}${date('C2', 4, '1899-12-31T16:00:00')}${date('D2', 0, 'PT36H0M0S')}</row>`,
    `<row r="3">${date('A3', 1, '2024-12-31T00:00:00')}${date('B3', 3, '-PT1H30M0S')}${date('C3', 4, '1899-12-30T07:29:59.9999')}<c r="D3" s="1"><v>0</v></c></row>`,
  ];
  return buildXlsx([{ name: 'Times', rows: rows.join('') }], { strict: true });
}

/** Cell text with CR LF: in a shared string, literal in XML, as Excel's _x000D_ escape, in a header. */
function lineBreaks(): Buffer {
  const rows = [
    `<row r="1"><c r="A1" t="s"><v>0</v></c>${inlineCell('B1', 'Note')}</row>`,
    `<row r="2">${inlineCell('A2', '000123')}${inlineCell('B2', 'Leave at door_x000D_\nRing twice')}</row>`,
    `<row r="3">${inlineCell('A3', '004560')}${inlineCell('B3', 'Fragile\r\nThis side up')}</row>`,
    // Excel's escaped CR before a literal CR LF (issue 27): one line break, in an inline and a shared string.
    `<row r="4">${inlineCell('A4', 'A-77')}${inlineCell('B4', 'Call first_x000D_\r\nNo Sundays')}</row>`,
    `<row r="5">${inlineCell('A5', 'A-78')}<c r="B5" t="s"><v>1</v></c></row>`,
  ];
  return buildXlsx([{ name: 'Notes', rows: rows.join('') }], {
    sharedStrings: ['Ship\r\nDate', 'Back door_x000D_\r\nKey under mat'],
  });
}

/**
 * Issue 27's date gaps in one Strict workbook: numbers under h:mm A/P with and without a day part (times,
 * not date-times), serial 0 under yyyy-mm-dd and Strict's ISO 1899-12-31 (Excel's 1900-01-00, not empty),
 * half a day on day 0 under a date-time format.
 */
function timesAndDayZero(): Buffer {
  const rows = [
    `<row r="1">${inlineCell('A1', 'Pick-up')}${inlineCell('B1', 'Due')}${inlineCell('C1', 'Logged')}</row>`,
    `<row r="2"><c r="A2" s="6"><v>45356.75</v></c><c r="B2" s="1"><v>0</v></c><c r="C2" s="1" t="d"><v>1899-12-31</v></c></row>`,
    `<row r="3"><c r="A3" s="6"><v>0.3125</v></c><c r="B3" s="1" t="d"><v>2024-03-05</v></c><c r="C3" s="2"><v>0.5</v></c></row>`,
  ];
  return buildXlsx([{ name: 'Pick-ups', rows: rows.join('') }], { strict: true });
}

/** A chart sheet and an empty sheet before the data. */
function chartAndEmptyFirst(): Buffer {
  return buildXlsx([
    { name: 'Chart1', chart: true },
    { name: 'Summary', rows: '<row r="1"><c r="A1" s="1"/></row>' },
    {
      name: 'Stock',
      rows: `<row r="1">${inlineCell('A1', 'Item Number')}</row><row r="2">${inlineCell('A2', '000123')}</row>`,
    },
  ]);
}

/** The same cells in every old BIFF version: a code shown 000000, a date, a date-time, text, a boolean. */
export const OLD_BIFF_CELLS: BiffCell[] = [
  { row: 0, col: 0, value: 'Item Number' },
  { row: 0, col: 1, value: 'Description' },
  { row: 0, col: 2, value: 'Qty' },
  { row: 0, col: 3, value: 'Ship Date' },
  { row: 0, col: 4, value: 'Packed' },
  { row: 0, col: 5, value: 'Taxable' },
  { row: 1, col: 0, value: 123, format: '000000' },
  { row: 1, col: 1, value: 'Café crème' },
  { row: 1, col: 2, value: 12.5 },
  { row: 1, col: 3, value: 45356, format: 'yyyy-mm-dd' },
  { row: 1, col: 4, value: 45356.6666666667, format: 'dd/mm/yyyy hh:mm' },
  { row: 1, col: 5, value: true },
  { row: 2, col: 0, value: 4560, format: '000000' },
  { row: 2, col: 1, value: 'Straße' },
  { row: 2, col: 2, value: 0 },
  { row: 2, col: 3, value: 45657, format: 'yyyy-mm-dd' },
];
export const OLD_BIFF_ROWS = [
  ['Item Number', 'Description', 'Qty', 'Ship Date', 'Packed', 'Taxable'],
  ['000123', 'Café crème', '12.5', '2024-03-05', '2024-03-05T16:00:00', 'TRUE'],
  ['004560', 'Straße', '0', '2024-12-31', '', ''],
];

const SHEETS_NOTE = /^Read sheet "/;

/**
 * Text of Excel 5.0/95 and earlier, stored 8-bit in the code page the CODEPAGE record names (issue 27):
 * Greek month names, the rouble's `р.`, Windows-1252's ellipsis and curly quotes (bytes 0x80–0x9F).
 */
export const CODE_PAGE_SHEETS = [
  {
    codepage: 1253,
    sheetName: 'Αποθήκη',
    rows: [
      ['Κωδικός', 'Μήνας', 'Περιγραφή'],
      ['000123', 'Οκτ', 'Καφές ελληνικός 250γρ'],
      ['004560', 'Δεκ', 'Ελαιόλαδο παρθένο Κρήτης'],
    ],
  },
  {
    codepage: 1251,
    sheetName: 'Склад',
    rows: [
      ['Артикул', 'Цена', 'Наименование'],
      ['000123', '450 р.', 'Чай чёрный крупнолистовой'],
      ['004560', '320 р.', 'Мёд гречишный'],
    ],
  },
  {
    codepage: 1252,
    sheetName: 'Stock',
    rows: [
      ['Item', 'Note', 'Description'],
      ['000123', 'Back in stock…', '“Fragile” – this side up'],
      ['004560', '‘Café’ crème', 'Œuvre nº 5 — €12'],
    ],
  },
] as const;

/** The cells of a CODE_PAGE_SHEETS table, all text. */
export function textCells(rows: readonly (readonly string[])[]): BiffCell[] {
  return rows.flatMap((row, r) => row.map((value, c) => ({ row: r, col: c, value })));
}

/** One CODE_PAGE_SHEETS table as an .xls of BIFF2, 3, 4 (a bare worksheet) or 5 (a workbook). */
export function codePageWorkbook(version: 2 | 3 | 4 | 5, sheet: (typeof CODE_PAGE_SHEETS)[number]): Buffer {
  const cells = textCells(sheet.rows);
  return version === 5
    ? buildBiff5Workbook([{ name: sheet.sheetName, cells }], { codepage: sheet.codepage })
    : buildOldBiffSheet(version, cells, { codepage: sheet.codepage });
}

export function fidelityCorpus(): CorpusCase[] {
  const cases: CorpusCase[] = [];
  const add = (kind: string, name: string, bytes: () => Buffer, expect: CorpusCase['expect'], slow = false) =>
    cases.push({ kind, name, bytes, expect, slow });

  const ordinary = 'Ordinary files (LibreOffice, Python csv)';
  for (const name of [
    'items-utf8.csv',
    'items-utf8-bom.csv',
    'items-windows-1252.csv',
    'items-utf16le-tab.txt',
    'items-utf16be-tab.txt',
    'items-semicolon.csv',
    'items-tab.csv',
    'items-pipe.csv',
    'items-sep-hint.csv',
    'items-trailing-blank-lines.csv',
    'items.xlsx',
    'items.xls',
    'html-table.xls',
    'tab-text.xls',
  ]) {
    add(ordinary, name, fixture(name), { rows: ITEMS });
  }
  add(ordinary, 'quoted.csv', fixture('quoted.csv'), { rows: QUOTED });
  add(ordinary, 'quoted.xlsx', fixture('quoted.xlsx'), { rows: QUOTED });
  add(ordinary, 'typed.xlsx', fixture('typed.xlsx'), { rows: TYPED, sheetName: 'Stock' });
  add(ordinary, 'typed.xls', fixture('typed.xls'), { rows: TYPED, sheetName: 'Stock' });

  const repeated = 'Repeated and out-of-order rows (2)';
  add(repeated, 'repeated-row-elements.xlsx (hand-built)', repeatedRowElements, { rows: REPEATED_ROWS });
  add(repeated, 'out-of-order.xlsx (hand-built)', outOfOrder, {
    rows: [
      ['Item Number', 'Qty', 'Status'],
      ['000123', '12', 'Active'],
      ['', '', ''],
      ['004560', '0', 'Active'],
    ],
  });

  const wide = 'Declared far wider than the data (3)';
  add(
    wide,
    'fidelity/formatted-columns.xlsx (LibreOffice, A1:AMJ4)',
    fixture('fidelity/formatted-columns.xlsx'),
    {
      rows: [
        ['Item Number', 'Qty', 'Status'],
        ['000123', '12', 'Active'],
        ['004560', '0', 'Discontinued'],
        ['A-77', '3', 'Active'],
      ],
    },
  );
  add(wide, 'whole-sheet-dimension.xlsx (hand-built, A1:XFD1048576)', declaredWholeSheet, {
    rows: [
      ['Item Number', 'Qty'],
      ['000123', '12'],
    ],
  });

  const compressed = 'Repetitive and large workbooks (4)';
  const text = 'Standard ground shipping, signature required on delivery. '.repeat(5).trim();
  add(
    compressed,
    'repetitive-114-to-1.xlsx (hand-built, 60 MB sheet)',
    () => repetitiveWorkbook(text),
    { rows: Array.from({ length: 9_999 }, () => Array.from({ length: 17 }, () => text)) },
    true,
  );

  add(
    compressed,
    'stock-export-200000-rows.xlsx (SheetJS writer, 9.6 MB)',
    buildSupplierXlsx,
    {
      rowCount: 200_001,
      header: ['SKU', 'Description', 'Qty', 'Status', 'Warehouse', 'UPC'],
    },
    true,
  );

  const encodings = 'Encodings (5)';
  for (const [file, textName] of ENCODED_FILES) {
    add(encodings, `fidelity/encodings/${file}`, fixture(`fidelity/encodings/${file}`), {
      rows: sourceText(textName),
    });
  }

  const old = 'Excel 2.x–4.0 (6)';
  for (const version of [2, 3, 4] as const) {
    add(old, `biff${version}.xls (hand-built records)`, () => buildOldBiffSheet(version, OLD_BIFF_CELLS), {
      rows: OLD_BIFF_ROWS,
    });
  }

  const velvet = 'Excel’s default password (7)';
  add(
    velvet,
    'fidelity/velvet-standard.xlsx (LibreOffice, Standard)',
    fixture('fidelity/velvet-standard.xlsx'),
    {
      rows: ITEMS,
    },
  );
  add(velvet, 'fidelity/velvet-rc4.xls (LibreOffice, RC4)', fixture('fidelity/velvet-rc4.xls'), {
    rows: ITEMS,
  });
  add(
    velvet,
    'velvet-agile.xlsx (built, Agile AES-256)',
    () => encryptXlsxAgile(readFileSync(path.join(FIXTURES, 'items.xlsx')), 'VelvetSweatshop'),
    { rows: ITEMS },
  );
  add(
    velvet,
    'velvet-cryptoapi.xls (built, RC4 CryptoAPI)',
    () => encryptBiff8CryptoApi([{ name: 'Stock', cells: OLD_BIFF_CELLS }], 'VelvetSweatshop'),
    { rows: OLD_BIFF_ROWS },
  );
  add(velvet, 'encrypted.xlsx (LibreOffice, a real password)', fixture('encrypted.xlsx'), {
    code: 'ENCRYPTED',
  });
  add(velvet, 'encrypted.xls (LibreOffice, a real password)', fixture('encrypted.xls'), {
    code: 'ENCRYPTED',
  });

  const dates = 'Date-times and durations (8)';
  const durations = [
    ['Task', 'Duration', 'Due', 'Started'],
    ['Pick', '00:11', '1900-01-00', '2024-03-05T16:00:00'],
    ['Correction', '-01:30', '2024-03-05', '2024-12-31T23:59:59'],
    ['Shift', '36:00', '', ''],
  ];
  add(dates, 'fidelity/durations.xlsx (LibreOffice)', fixture('fidelity/durations.xlsx'), {
    rows: durations,
    sheetName: 'Times',
    note: SHEETS_NOTE,
  });
  add(dates, 'fidelity/durations.xls (LibreOffice)', fixture('fidelity/durations.xls'), {
    rows: durations,
    sheetName: 'Times',
    note: SHEETS_NOTE,
  });
  add(dates, 'strict-dates.xlsx (hand-built Strict OOXML)', strictDates, {
    rows: [
      ['Shipped', 'Handling', 'Cut-off', 'Window'],
      ['2024-03-05T16:00:00', '00:11', '16:00:00', '36:00:00'],
      ['2024-12-31', '-01:30', '07:30:00', '1900-01-00'],
    ],
  });

  const breaks = 'Line breaks (9)';
  add(breaks, 'line-breaks.xlsx (hand-built)', lineBreaks, {
    rows: [
      ['Ship\nDate', 'Note'],
      ['000123', 'Leave at door\nRing twice'],
      ['004560', 'Fragile\nThis side up'],
      ['A-77', 'Call first\nNo Sundays'],
      ['A-78', 'Back door\nKey under mat'],
    ],
  });
  add(
    breaks,
    'quoted-crlf.csv (hand-built)',
    () => Buffer.from('Item,Note\r\n000123,"Leave at door\r\nRing twice"\r\n'),
    {
      rows: [
        ['Item', 'Note'],
        ['000123', 'Leave at door\nRing twice'],
      ],
    },
  );

  const sheets = 'Empty first sheet (10)';
  add(sheets, 'chart-and-empty-first.xlsx (hand-built)', chartAndEmptyFirst, {
    rows: [['Item Number'], ['000123']],
    sheetName: 'Stock',
    note: /^Read sheet "Stock": the sheets before it \("Chart1", "Summary"\) hold no data\.$/,
  });

  const codePages = 'Old .xls text in its code page (27.8)';
  for (const sheet of CODE_PAGE_SHEETS) {
    for (const version of [5, 2, 3, 4] as const) {
      add(
        codePages,
        `cp${sheet.codepage}-biff${version}.xls (hand-built records)`,
        () => codePageWorkbook(version, sheet),
        { rows: sheet.rows.map((row) => [...row]), ...(version === 5 ? { sheetName: sheet.sheetName } : {}) },
      );
    }
  }

  const nul = 'NUL bytes and UTF-16 without a mark (27.9)';
  add(
    nul,
    'fidelity/encodings/nul-byte-utf-8.csv (printf, 28 bytes)',
    fixture('fidelity/encodings/nul-byte-utf-8.csv'),
    {
      rows: [
        ['Item', 'Qty'],
        ['000123', '12'],
        ['A-77', '3'],
      ],
      note: /held a NUL byte .* first on line 2; it was left out\.$/,
    },
  );
  add(
    nul,
    'fidelity/encodings/russian-utf-16le-no-bom.csv (iconv)',
    fixture('fidelity/encodings/russian-utf-16le-no-bom.csv'),
    { rows: sourceText('russian') },
  );
  add(
    nul,
    'fidelity/encodings/chinese-simplified-utf-16be-no-bom.csv (iconv)',
    fixture('fidelity/encodings/chinese-simplified-utf-16be-no-bom.csv'),
    { rows: sourceText('chinese-simplified') },
  );

  const gaps = 'Smaller fidelity gaps (27.11)';
  add(
    gaps,
    'biff2-later-records.xls (hand-built, BIFF3–5 LABEL/NUMBER/BOOLERR)',
    () => buildOldBiffSheet(2, OLD_BIFF_CELLS, { laterRecords: true }),
    { rows: OLD_BIFF_ROWS },
  );
  add(
    gaps,
    'biff2-later-formulas.xls (hand-built, BIFF3–5 FORMULA records, cached results)',
    () =>
      buildOldBiffSheet(
        2,
        OLD_BIFF_CELLS.map((cell) => (cell.row > 0 ? { ...cell, formula: true } : cell)),
        { laterRecords: true },
      ),
    { rows: OLD_BIFF_ROWS },
  );
  add(
    gaps,
    'biff2-labels-only.xls (hand-built, BIFF3–5 LABEL records)',
    () => buildOldBiffSheet(2, textCells(ITEMS.slice(0, 3)), { laterRecords: true }),
    { rows: ITEMS.slice(0, 3) },
  );
  add(gaps, 'times-and-day-zero.xlsx (hand-built: h:mm A/P, serial 0, Strict 1899-12-31)', timesAndDayZero, {
    rows: [
      ['Pick-up', 'Due', 'Logged'],
      ['18:00:00', '1900-01-00', '1900-01-00'],
      ['07:30:00', '2024-03-05', '1900-01-00T12:00:00'],
    ],
  });

  const hostile = 'Hostile files (1)';
  add(hostile, 'looping-sector-chain.xls (built, 14 KB)', ballooningOleFile, { code: 'OUT_OF_MEMORY' }, true);
  add(hostile, 'shared-string-bomb.xlsx (built, 100 KB)', sharedStringBombXlsx, { code: 'TOO_MUCH_TEXT' });
  add(hostile, 'zip-bomb.xlsx (300 MB sheet in 300 KB)', fixture('zip-bomb.xlsx'), { code: 'ZIP_BOMB' });
  add(hostile, 'zip-bomb-understated.xlsx (lying sizes)', fixture('zip-bomb-understated.xlsx'), {
    code: 'ZIP_BOMB',
  });
  add(
    hostile,
    'wide.csv (100,000 columns)',
    () => Buffer.from(Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(',')),
    { code: 'TOO_MANY_COLUMNS' },
  );
  return cases;
}

export type CorpusOutcome = 'identical' | 'refused' | 'wrong';

/** One file of the corpus through the server's reader: identical, refused with its code, or wrong (and how). */
export async function checkCase(test: CorpusCase): Promise<{ outcome: CorpusOutcome; detail: string }> {
  const fileName = test.name.split(' ')[0]!.split('/').pop()!;
  const expected = test.expect;
  let table: Table;
  try {
    table = await readTable(test.bytes(), { fileName });
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'no code';
    if ('code' in expected && code === expected.code) return { outcome: 'refused', detail: code };
    return { outcome: 'wrong', detail: `refused with ${code}: ${(error as Error).message}` };
  }
  if ('code' in expected) return { outcome: 'wrong', detail: `read, but ${expected.code} was expected` };
  if ('rowCount' in expected) {
    const same = table.rows.length === expected.rowCount && sameRows([table.rows[0]!], [expected.header]);
    return {
      outcome: same ? 'identical' : 'wrong',
      detail: `${table.rows.length} rows, header ${table.rows[0]}`,
    };
  }
  const problems: string[] = [];
  if (!sameRows(table.rows, expected.rows))
    problems.push(`rows differ: ${firstDifference(table.rows, expected.rows)}`);
  if (expected.sheetName && table.sheetName !== expected.sheetName) problems.push(`sheet ${table.sheetName}`);
  if (expected.note && !(table.notes.length === 1 && expected.note.test(table.notes[0]!))) {
    problems.push(`notes ${JSON.stringify(table.notes)}`);
  }
  return problems.length > 0
    ? { outcome: 'wrong', detail: problems.join('; ') }
    : { outcome: 'identical', detail: table.notes.join(' ') };
}

function sameRows(a: readonly (readonly string[])[], b: readonly (readonly string[])[]): boolean {
  return (
    a.length === b.length &&
    a.every((row, r) => row.length === b[r]!.length && row.every((cell, c) => cell === b[r]![c]))
  );
}

function firstDifference(actual: string[][], expected: string[][]): string {
  for (let r = 0; r < Math.max(actual.length, expected.length); r++) {
    if (JSON.stringify(actual[r]) !== JSON.stringify(expected[r])) {
      return `row ${r + 1}: ${JSON.stringify(actual[r])} instead of ${JSON.stringify(expected[r])}`;
    }
  }
  return 'none';
}

/** The closing table: per kind, how many files, how many read identical to expected, how many refused. */
export function corpusTable(
  cases: readonly CorpusCase[],
  outcomes: ReadonlyMap<CorpusCase, CorpusOutcome>,
): string {
  const kinds = [...new Set(cases.map((test) => test.kind))];
  const lines = kinds.map((kind) => {
    const ofKind = cases.filter((test) => test.kind === kind);
    const count = (outcome: CorpusOutcome) => ofKind.filter((test) => outcomes.get(test) === outcome).length;
    const codes = [
      ...new Set(
        ofKind.flatMap((test) =>
          'code' in test.expect && outcomes.get(test) === 'refused' ? [test.expect.code] : [],
        ),
      ),
    ];
    const wrong = count('wrong');
    return `| ${kind} | ${ofKind.length} | ${count('identical')} | ${count('refused')}${codes.length ? ` (${codes.join(', ')})` : ''} | ${wrong} |`;
  });
  const total = (outcome: CorpusOutcome) => cases.filter((test) => outcomes.get(test) === outcome).length;
  return [
    '| kind (issue item) | files | identical to expected | refused with the expected code | wrong |',
    '| --- | ---: | ---: | --- | ---: |',
    ...lines,
    `| all | ${cases.length} | ${total('identical')} | ${total('refused')} | ${total('wrong')} |`,
  ].join('\n');
}
