import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { buildXlsx, buildZip, inlineCell } from '../../../test/integrations/spreadsheet-builders';
import { parseTable, type SpreadsheetErrorCode } from './index';
import { resolveLimits } from './limits';
import { sheetJsFirstSheet } from './parse-table';
import { finishRows } from './table-rows';

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures');
const moduleFixtures = path.resolve(import.meta.dirname, '../../modules/order-submission/engine/fixtures');

/** Every readable .xlsx the repository commits (LibreOffice-made), minus the deliberately broken ones. */
function committedWorkbooks(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.xlsx')) found.push(full);
    }
  };
  walk(fixtures);
  walk(moduleFixtures);
  // Encrypted files (velvet-*) SheetJS cannot open; the others are broken on purpose.
  const broken =
    /corrupt|damaged|truncated|encrypted|velvet|zip-bomb|word-document|not-a-spreadsheet|empty-sheet/;
  return found.filter((file) => !broken.test(path.basename(file)));
}

/** What SheetJS makes of the same bytes, shaped as parseTable shapes rows. */
function sheetJsRows(bytes: Buffer, name: string): string[][] {
  const limits = resolveLimits({});
  return finishRows(sheetJsFirstSheet(bytes, name, limits).rows, limits, name);
}

/** A zip of the given parts (deflated), enough for a hand-written workbook. */
const zip = (parts: Record<string, string>) =>
  buildZip(Object.entries(parts).map(([name, text]) => ({ name, data: Buffer.from(text, 'utf8') })));

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook whose first sheet's <sheetData> content is `sheetData` (hand-written XML). */
function workbook(
  sheetData: string,
  options: {
    sharedStrings?: string[];
    styles?: string;
    date1904?: boolean;
    prefix?: string;
    /** The whole sheet part, instead of one built around `sheetData`. */
    sheetXml?: string;
    /** The second sheet's <sheetData> content (default: one cell that must not be read). */
    otherSheetData?: string;
  } = {},
): Buffer {
  const x = options.prefix ? `${options.prefix}:` : '';
  const ns = options.prefix ? `xmlns:${options.prefix}="${MAIN}"` : `xmlns="${MAIN}"`;
  const parts: Record<string, string> = {
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0"?><${x}workbook ${ns} xmlns:r="${REL}">${
      options.date1904 ? `<${x}workbookPr date1904="1"/>` : ''
    }<${x}sheets><${x}sheet name="Shipments &amp; more" sheetId="1" r:id="rId7"/><${x}sheet name="Other" sheetId="2" r:id="rId8"/></${x}sheets></${x}workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId8" Type="${REL}/worksheet" Target="worksheets/other.xml"/><Relationship Id="rId7" Type="${REL}/worksheet" Target="/xl/worksheets/first.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="strings.xml"/><Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    'xl/worksheets/first.xml':
      options.sheetXml ??
      `<?xml version="1.0" encoding="UTF-8"?><!-- made by hand --><${x}worksheet ${ns}><${x}sheetData>${sheetData}</${x}sheetData></${x}worksheet>`,
    'xl/worksheets/other.xml': `<worksheet xmlns="${MAIN}"><sheetData>${
      options.otherSheetData ?? '<row r="1"><c r="A1" t="inlineStr"><is><t>not this sheet</t></is></c></row>'
    }</sheetData></worksheet>`,
    'xl/strings.xml': `<sst xmlns="${MAIN}">${(options.sharedStrings ?? []).join('')}</sst>`,
    'xl/styles.xml':
      options.styles ??
      `<styleSheet xmlns="${MAIN}"><numFmts count="2"><numFmt numFmtId="164" formatCode="000000"/><numFmt numFmtId="165" formatCode="yyyy\\-mm\\-dd"/></numFmts><cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="22"/></cellXfs></styleSheet>`,
  };
  return zip(parts);
}

const rowsOf = (bytes: Buffer, limits: Partial<Parameters<typeof parseTable>[1]> = {}) =>
  parseTable(bytes, { fileName: 'hand.xlsx', ...limits }).rows;

function codeOf(run: () => unknown): SpreadsheetErrorCode | 'no error' {
  try {
    run();
  } catch (error) {
    return (error as { code: SpreadsheetErrorCode }).code;
  }
  return 'no error';
}

describe('the .xlsx reader reads what SheetJS reads', () => {
  const files = committedWorkbooks();

  it('finds the committed LibreOffice workbooks', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
  });

  for (const file of files) {
    it(`${path.relative(fixtures, file)}: same rows, cell for cell`, () => {
      const bytes = readFileSync(file);
      const table = parseTable(bytes, { fileName: path.basename(file) });
      expect(table.format).toBe('xlsx');
      expect(table.rows).toEqual(sheetJsRows(bytes, path.basename(file)));
    });
  }

  it('a workbook SheetJS writes, with numbers, formats, dates, booleans, errors and formulas', () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['PO', 'Qty', 'Code', 'When', 'Stamp', 'Flag', 'Error', 'Formula', 'Note'],
      ['PO-1', 3, 123, 45_356, 45_356.5, true, { t: 'e', v: 42 }, { t: 'n', f: 'B2*2', v: 6 }, 'a & b <c>'],
      ['PO-2', 0.1 + 0.2, 4560, 1, 0.25, false, { t: 'e', v: 7 }, { t: 's', f: 'A3&"x"', v: 'PO-2x' }, ''],
      [],
      ['', 12_345_678_901_234, 7, 60, 61, null, null, null, 'Zoë ✓ 𝄞'],
    ]);
    for (const row of [2, 3, 5]) {
      const code = sheet[`C${row}`];
      if (code) code.z = '000000';
      const when = sheet[`D${row}`];
      if (when) when.z = 'm/d/yyyy';
      const stamp = sheet[`E${row}`];
      if (stamp) stamp.z = 'yyyy-mm-dd hh:mm';
    }
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Orders');
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const rows = rowsOf(bytes);
    expect(rows).toEqual(sheetJsRows(bytes, 'written.xlsx'));
    expect(rows[1]).toEqual([
      'PO-1',
      '3',
      '000123',
      '2024-03-05',
      '2024-03-05T12:00:00',
      'TRUE',
      '#N/A',
      '6',
      'a & b <c>',
    ]);
    expect(rows[4]?.slice(0, 5)).toEqual([
      '',
      '12345678901234',
      '000007',
      '1900-02-29',
      '1900-03-01T00:00:00',
    ]);
  });
});

describe('line breaks and day 0 in workbook XML', () => {
  it('reads Excel’s _x000D_ before a literal CR LF as one line break, as every other spelling of one', () => {
    // XML's own line-end handling comes first (a literal CR LF is LF), then Excel's escape (CR), so CR LF.
    const spellings = [
      'one_x000D_\r\ntwo',
      'one_x000D_\ntwo',
      'one\r\ntwo',
      'one\rtwo',
      'one&#13;&#10;two',
      'one&#13;\r\ntwo',
      'one<![CDATA[\r\n]]>two',
    ];
    const rows = spellings.map(
      (text, i) =>
        `<row r="${i + 1}">${inlineCell(`A${i + 1}`, text)}<c r="B${i + 1}" t="s"><v>${i}</v></c></row>`,
    );
    const bytes = buildXlsx([{ name: 'Notes', rows: rows.join('') }], { sharedStrings: spellings });
    expect(parseTable(bytes, { fileName: 'notes.xlsx' }).rows).toEqual(
      spellings.map(() => ['one\ntwo', 'one\ntwo']),
    );
  });

  it('reads Strict OOXML’s 1899-12-31 (Excel’s day 0) as 1900-01-00, not as an empty cell', () => {
    const date = (ref: string, style: number, value: string) =>
      `<c r="${ref}" s="${style}" t="d"><v>${value}</v></c>`;
    const rows = `<row r="1">${date('A1', 1, '1899-12-31')}${date('B1', 1, '1899-12-31T00:00:00')}${date('C1', 2, '1899-12-31T00:00:00')}<c r="D1" s="1"><v>0</v></c>${date('E1', 4, '1899-12-31T16:00:00')}</row>`;
    expect(
      parseTable(buildXlsx([{ name: 'Dates', rows }], { strict: true }), { fileName: 'strict.xlsx' }).rows,
    ).toEqual([['1900-01-00', '1900-01-00', '1900-01-00T00:00:00', '1900-01-00', '16:00:00']]);
  });
});

describe('hand-written workbook XML', () => {
  it('reads the first sheet through its relationship, with shared, inline, rich and escaped strings', () => {
    const bytes = workbook(
      [
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>',
        '<row r="2"><c r="A2" t="inlineStr"><is><t xml:space="preserve"> padded </t></is></c>',
        '<c r="C2" t="inlineStr"><is><r><t>rich </t></r><r><rPr><b/></rPr><t>text</t></r></is></c>',
        '<c r="D2" t="str"><f>A2</f><v>line_x000D_break</v></c></row>',
      ].join(''),
      {
        sharedStrings: [
          '<si><t>PO &amp; Co &#8364; &#x2713;</t></si>',
          '<si><r><t>東京</t></r><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si>',
          '<si><t><![CDATA[<raw> & text]]></t></si>',
        ],
      },
    );
    const table = parseTable(bytes, { fileName: 'hand.xlsx' });
    expect(table.sheetName).toBe('Shipments & more');
    expect(table.rows).toEqual([
      ['PO & Co € ✓', '東京', '<raw> & text', ''],
      [' padded ', '', 'rich text', 'line\nbreak'],
    ]);
  });

  it('places rows and cells without r after the ones before, and keeps gaps', () => {
    const bytes = workbook(
      '<row><c t="inlineStr"><is><t>a</t></is></c><c t="inlineStr"><is><t>b</t></is></c></row>' +
        '<row r="4"><c r="C4"><v>3</v></c><c><v>4</v></c><c t="s"><v></v></c></row><row/>',
      // An empty shared-string index is no cell, not the first string.
      { sharedStrings: ['<si><t>first</t></si>'] },
    );
    // Blank rows are padded to the table's width like every other row.
    expect(rowsOf(bytes)).toEqual([
      ['a', 'b', '', ''],
      ['', '', '', ''],
      ['', '', '', ''],
      ['', '', '3', '4'],
    ]);
  });

  it('applies the cell style’s number format: custom zero padding, custom and built-in dates', () => {
    const bytes = workbook(
      '<row r="1"><c r="A1" s="1"><v>42</v></c><c r="B1" s="2"><v>45356</v></c><c r="C1" s="3"><v>45356.75</v></c><c r="D1" s="0"><v>1.5E+21</v></c><c r="E1"><v>0.1</v></c></row>',
    );
    expect(rowsOf(bytes)).toEqual([
      ['000042', '2024-03-05', '2024-03-05T18:00:00', '1500000000000000000000', '0.1'],
    ]);
  });

  it('reads digits-only values and plain attributes from the bytes as it reads every other spelling', () => {
    // Each pair: the usual spelling (read without making a string) and one that takes the string path.
    const bytes = workbook(
      [
        '<row r="1"><c r="A1" t="s"><v>1</v></c><c r="B1" t="s"><v> 1 </v></c>',
        '<c r="C1" t="str"><v>007</v></c><c r="D1" t="str"><v>0&#48;7</v></c>',
        '<c r="E1"><v>0012</v></c><c r="F1"><v>12.0</v></c>',
        '<c r="G1"><v>1234567890123456789</v></c><c r="H1" s="1"><v>42</v></c><c r="I1" s=" 1 "><v>42</v></c></row>',
        '<row r="2"><c r="&#65;2" t="s"><v>0</v></c><c r="B2" t="&#115;"><v>0</v></c>',
        '<c r="C2" t="b"><v>1</v></c><c r="D2" t="e"><v>#N/A</v></c><c r="E2" t="inlineStr"><v>5</v><is><t>inline</t></is></c></row>',
        '<row r=" 3 "><c r="A3"><v>3</v><f>1+2</f></c><c r="B3"><f>1+2</f><v>3</v></c><c r="C3" t="s"><v/></c></row>',
      ].join(''),
      { sharedStrings: ['<si><t>zero</t></si>', '<si><t>one</t></si>'] },
    );
    expect(rowsOf(bytes)).toEqual([
      ['one', 'one', '007', '007', '12', '12', '1234567890123456768', '000042', '000042'],
      ['zero', 'zero', 'TRUE', '#N/A', 'inline', '', '', '', ''],
      ['3', '3', '', '', '', '', '', '', ''],
    ]);
  });

  it('gives the same whole number its style’s text each time, past the texts it keeps per style', () => {
    // 5,000 distinct numbers (more than the 4,096 kept per style), each as a date (s=2) and as a number.
    const cells = Array.from(
      { length: 5_000 },
      (_, i) =>
        `<row r="${i + 1}"><c r="A${i + 1}" s="2"><v>${45_000 + i}</v></c><c r="B${i + 1}"><v>${45_000 + i}</v></c></row>`,
    );
    const rows = rowsOf(workbook(cells.join('')));
    expect(rows[0]).toEqual(['2023-03-15', '45000']);
    expect(rows[4_999]).toEqual(['2036-11-20', '49999']);
    const again = rowsOf(workbook(cells.slice(0, 2).concat(cells.slice(0, 2)).join('')));
    expect(again).toEqual([
      ['2023-03-15', '45000'],
      ['2023-03-16', '45001'],
    ]);
  });

  it('uses the 1904 date system when the workbook says so', () => {
    const bytes = workbook('<row r="1"><c r="A1" s="2"><v>0</v></c></row>', { date1904: true });
    expect(rowsOf(bytes)).toEqual([['1904-01-01']]);
  });

  it('reads prefixed elements (x:c), booleans, errors and ISO date cells', () => {
    const bytes = workbook(
      '<x:row r="1"><x:c r="A1" t="b"><x:v>1</x:v></x:c><x:c r="B1" t="e"><x:v>#DIV/0!</x:v></x:c><x:c r="C1" t="d"><x:v>2024-03-05T00:00:00</x:v></x:c><x:c r="D1" t="d"><x:v>2024-03-05T08:30:00</x:v></x:c></x:row>',
      { prefix: 'x' },
    );
    expect(rowsOf(bytes)).toEqual([['TRUE', '#DIV/0!', '2024-03-05', '2024-03-05T08:30:00']]);
  });

  it('merges a row element repeated per cell, and places rows and cells by their references', () => {
    const cells = ['C1', 'A1', 'B1', 'B2', 'A2'].map(
      (ref) => `<row r="${ref.slice(1)}"><c r="${ref}" t="inlineStr"><is><t>${ref}</t></is></c></row>`,
    );
    expect(rowsOf(workbook(cells.join('')))).toEqual([
      ['A1', 'B1', 'C1'],
      ['A2', 'B2', ''],
    ]);
  });

  it('reads a sheet declared far wider and longer than its cells (A1:XFD1048576)', () => {
    const sheetXml = `<worksheet xmlns="${MAIN}"><dimension ref="A1:XFD1048576"/><sheetData><row r="1"><c r="A1"><v>1</v></c><c r="XFD1" s="1"/></row></sheetData></worksheet>`;
    expect(rowsOf(workbook('', { sheetXml }))).toEqual([['1']]);
  });

  it('passes over an empty first sheet to the first one with data, and says so', () => {
    const table = parseTable(workbook('<row r="1"><c r="A1" s="1"/></row>'), { fileName: 'hand.xlsx' });
    expect(table).toMatchObject({
      sheetName: 'Other',
      rows: [['not this sheet']],
      notes: ['Read sheet "Other": the sheet before it ("Shipments & more") holds no data.'],
    });
  });

  it('a value past the column limit is refused; formatted empty cells there are not', () => {
    const far =
      '<row r="1"><c r="A1"><v>1</v></c><c r="ZZ1" s="1"/><c r="AAA1" t="inlineStr"><is><t> </t></is></c></row>';
    expect(rowsOf(workbook(far), { maxColumns: 100 })).toEqual([['1']]);
    const value = '<row r="1"><c r="A1"><v>1</v></c><c r="ZZ1"><v>2</v></c></row>';
    expect(codeOf(() => rowsOf(workbook(value), { maxColumns: 100 }))).toBe('TOO_MANY_COLUMNS');
  });

  it('a value past the row limit is refused, without a dimension to say so beforehand', () => {
    const rows = Array.from(
      { length: 12 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`,
    );
    expect(codeOf(() => rowsOf(workbook(rows.join('')), { maxRows: 10 }))).toBe('TOO_MANY_ROWS');
    expect(rowsOf(workbook(rows.slice(0, 10).join('')), { maxRows: 10 })).toHaveLength(10);
  });

  it('a workbook of empty sheets, and a sheet XML cut off in the middle, are refused with a clear code', () => {
    expect(codeOf(() => rowsOf(workbook('', { otherSheetData: '' })))).toBe('EMPTY');
    expect(() => rowsOf(workbook('', { otherSheetData: '<row r="1"><c r="A1" s="1"/></row>' }))).toThrow(
      /hand\.xlsx contains no data/,
    );
    const start = `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>open`;
    expect(codeOf(() => rowsOf(workbook('', { sheetXml: start })))).toBe('CORRUPT');
    const afterRow = `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1"><v>1</v></c></row>`;
    expect(codeOf(() => rowsOf(workbook('', { sheetXml: afterRow })))).toBe('CORRUPT');
  });
});
