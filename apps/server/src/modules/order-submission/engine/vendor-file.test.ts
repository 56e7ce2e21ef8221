import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OPERATOR_PATTERN_MESSAGES } from '@app/contracts';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { runWithLimit } from '../../../../test/stall-check';
import { parseTable } from '../../../integrations/spreadsheet';
import { type OrderFile, readOrderFile } from './order-file';
import {
  buildVendorFile,
  MAP_FIELD_SOURCES,
  VENDOR_MAP_FIELDS,
  type VendorFile,
  VendorFileError,
  type VendorFileSettings,
} from './vendor-file';
import { alignBiffXfRecordsLeft, alignStylesXmlLeft } from './vendor-file-alignment';
import { renderVendorFileHtml } from './vendor-file-html';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));

const orderFile: OrderFile = await readOrderFile(fixture('order-file.csv'), 'order-file.csv');
const acmeLines = orderFile.lines.filter((line) => line.values.vendor === 'Acme Supply');
const globexLines = orderFile.lines.filter((line) => line.values.vendor?.toLowerCase() === 'globex');

/** The template's columns: A 'PO #', B 'Ship To Name', C 'Address', D 'City', E 'ST', F 'Zip', G 'Item', H 'Qty', I 'Account', J 'Notes'. */
const ACME_MAPPINGS: VendorFileSettings['mappings'] = {
  mapPo: 'PO #',
  mapShipTo: 'ship to name',
  mapAddress1: 'Address',
  mapCity: 'City',
  mapState: 'ST',
  mapZipCode: 'Zip',
  mapItemDescription: 'Item',
  mapQty: 'Qty',
  mapProvidedAccountNumber: 'Account',
};

function settingsFor(
  templateName: string | null,
  overrides: Partial<VendorFileSettings> = {},
): VendorFileSettings {
  return {
    template: templateName ? { fileName: templateName, content: fixture(templateName) } : null,
    headerRowIndex: 1,
    mappings: ACME_MAPPINGS,
    staticData: [],
    accountNumber: 'ACCT-0099',
    trimItemDescription: false,
    itemDescriptionRegex: '',
    alignLeft: false,
    allData: false,
    quantityOne: false,
    ...overrides,
  };
}

interface ReadBack {
  book: XLSX.WorkBook;
  sheet: XLSX.WorkSheet;
  cell(ref: string): XLSX.CellObject | undefined;
  range: XLSX.Range;
}

function readBack(content: Buffer): ReadBack {
  const book = XLSX.read(content, { type: 'buffer', cellNF: true, cellStyles: true });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  return {
    book,
    sheet,
    cell: (ref) => sheet[ref] as XLSX.CellObject | undefined,
    range: XLSX.utils.decode_range(sheet['!ref'] ?? 'A1'),
  };
}

async function errorOf(run: () => unknown): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

function text(ref: string, value: string) {
  return { ref, t: 's', v: value };
}

function expectCells(back: ReadBack, expected: Array<{ ref: string; t: string; v: string | number }>) {
  for (const { ref, t, v } of expected) {
    const cell = back.cell(ref);
    expect(cell, ref).toBeDefined();
    expect({ ref, t: cell!.t, v: cell!.v }).toEqual({ ref, t, v });
  }
}

describe.each(['template.xlsx', 'template.xls'])('with the LibreOffice template %s', (templateName) => {
  const extension = path.extname(templateName);
  /** The error building Acme's file with these settings throws. */
  const refusal = (settings: Parameters<typeof settingsFor>[1]) =>
    errorOf(() => buildVendorFile(settingsFor(templateName, settings), orderFile, acmeLines, 'x'));

  it('keeps the title and header rows, replaces the sample row, writes each mapped field', async () => {
    const file = await buildVendorFile(
      settingsFor(templateName),
      orderFile,
      acmeLines,
      'Acme Supply 2025-01-15',
    );
    expect(file.fileName).toBe(`Acme Supply 2025-01-15${extension}`);
    expect(file.header).toEqual([
      'PO #',
      'Ship To Name',
      'Address',
      'City',
      'ST',
      'Zip',
      'Item',
      'Qty',
      'Account',
      'Notes',
    ]);
    expect(file.rows).toEqual([
      [
        '000123',
        'Maria Lopez',
        '45 Elm Street',
        'Boston',
        'MA',
        '02134',
        'Blue widget, 10 pack (SKU: WID-00100)',
        '2',
        'ACCT-0099',
        '',
      ],
      [
        '000123',
        'Maria Lopez',
        '45 Elm Street',
        'Boston',
        'MA',
        '02134',
        'Red gadget (SKU: GAD-00007)',
        '3',
        'ACCT-0099',
        '',
      ],
    ]);

    const back = readBack(file.content);
    expect(back.book.SheetNames).toEqual(['PO Upload']);
    expect(XLSX.utils.encode_range(back.range)).toBe('A1:J4');
    expect(back.sheet['!merges']).toEqual([{ s: { r: 0, c: 0 }, e: { r: 0, c: 9 } }]);
    expectCells(back, [
      text('A1', 'Acme Supply Purchase Order Upload'),
      text('A2', 'PO #'),
      text('B2', 'Ship To Name'),
      text('J2', 'Notes'),
      text('A3', '000123'),
      text('B3', 'Maria Lopez'),
      text('C3', '45 Elm Street'),
      text('D3', 'Boston'),
      text('E3', 'MA'),
      text('F3', '02134'),
      text('G3', 'Blue widget, 10 pack (SKU: WID-00100)'),
      { ref: 'H3', t: 'n', v: 2 },
      text('I3', 'ACCT-0099'),
      text('A4', '000123'),
      text('G4', 'Red gadget (SKU: GAD-00007)'),
      { ref: 'H4', t: 'n', v: 3 },
    ]);
    expect(back.cell('J3')).toBeUndefined();
    // Codes are text cells formatted as text, so a spreadsheet program keeps their zeros when edited.
    expect(back.cell('A3')!.z).toBe('@');
    expect(back.cell('F3')!.z).toBe('@');
    const everything = XLSX.utils.sheet_to_json<string[]>(back.sheet, { header: 1, raw: false }).flat();
    expect(everything).not.toContain('SAMPLE-PO');
    expect(everything).not.toContain('Delete this row');
  });

  it('keeps the column widths of the template', async () => {
    const template = readBack(fixture(templateName)).sheet['!cols']!;
    const written = readBack(
      (await buildVendorFile(settingsFor(templateName), orderFile, acmeLines, 'x')).content,
    ).sheet['!cols']!;
    for (const column of [0, 1, 2, 6, 9]) {
      expect(written[column]?.wpx, `column ${column}`).toBe(template[column]?.wpx);
    }
    expect(written[6]!.wpx!).toBeGreaterThan(written[0]!.wpx! * 2);
  });

  it('reads back through parseTable as the rows it reports', async () => {
    const file = await buildVendorFile(
      settingsFor(templateName, { allData: true, staticData: [{ value: 'NET30', column: 'Notes' }] }),
      orderFile,
      globexLines,
      'Globex',
    );
    const table = parseTable(file.content, { fileName: file.fileName });
    expect(table.type).toBe(extension);
    expect(table.rows[1]).toEqual(file.header);
    expect(table.rows.slice(2)).toEqual(file.rows);
  });

  it('writes into every column of a comma-separated mapping, and by column letter', async () => {
    const file = await buildVendorFile(
      settingsFor(templateName, {
        mappings: { mapPo: 'PO #, Notes', mapCity: 'D', mapState: 'e', mapQty: 'Qty' },
      }),
      orderFile,
      globexLines,
      'Globex',
    );
    const back = readBack(file.content);
    expectCells(back, [
      text('A3', '004560'),
      text('J3', '004560'),
      text('D3', 'Portland'),
      text('E3', 'ME'),
      { ref: 'H3', t: 'n', v: 10 },
      text('A4', '004561'),
      text('J4', '004561'),
      text('D4', 'Newark'),
      text('E4', 'NJ'),
      { ref: 'H4', t: 'n', v: 4 },
    ]);
    expect(file.rows[0]).toEqual(['004560', '', '', 'Portland', 'ME', '', '', '10', '', '004560']);
  });

  it('writes static data and the account number on every row', async () => {
    const file = await buildVendorFile(
      settingsFor(templateName, {
        mappings: { mapPo: 'PO #', mapProvidedAccountNumber: 'Account' },
        staticData: [
          { value: 'NET30', column: 'Notes' },
          { value: 'DROPSHIP', column: 'Item, B' },
          { value: '', column: '' },
        ],
        accountNumber: ' 0004711 ',
      }),
      orderFile,
      globexLines,
      'Globex',
    );
    expect(file.rows).toEqual([
      ['004560', 'DROPSHIP', '', '', '', '', 'DROPSHIP', '', '0004711', 'NET30'],
      ['004561', 'DROPSHIP', '', '', '', '', 'DROPSHIP', '', '0004711', 'NET30'],
    ]);
    const back = readBack(file.content);
    expectCells(back, [
      text('I3', '0004711'),
      text('J3', 'NET30'),
      text('I4', '0004711'),
      text('J4', 'NET30'),
    ]);
  });

  it('joins the values of several fields that name one column', async () => {
    const file = await buildVendorFile(
      settingsFor(templateName, {
        mappings: { mapAddress1: 'Address', mapAddress2: 'Address', mapQty: 'Notes', mapUnitPrice: 'Notes' },
        staticData: [{ value: 'each', column: 'Notes' }],
      }),
      orderFile,
      acmeLines,
      'Acme',
    );
    const back = readBack(file.content);
    expectCells(back, [
      text('C3', '45 Elm Street Apt 2'),
      text('J3', '12.50 2 each'),
      text('J4', '4.25 3 each'),
    ]);
  });

  it('writes Qty as 1 when the source says every line is one unit', async () => {
    const file = await buildVendorFile(
      settingsFor(templateName, { quantityOne: true }),
      orderFile,
      globexLines,
      'Globex',
    );
    expect(file.rows.map((row) => row[7])).toEqual(['1', '1']);
    const back = readBack(file.content);
    expectCells(back, [
      { ref: 'H3', t: 'n', v: 1 },
      { ref: 'H4', t: 'n', v: 1 },
    ]);
  });

  it('trims item descriptions to what the regex captures', async () => {
    const file = await buildVendorFile(
      settingsFor(templateName, { trimItemDescription: true, itemDescriptionRegex: 'SKU: ([A-Z0-9-]+)' }),
      orderFile,
      acmeLines,
      'Acme',
    );
    expect(file.rows.map((row) => row[6])).toEqual(['WID-00100', 'GAD-00007']);
    expectCells(readBack(file.content), [text('G3', 'WID-00100'), text('G4', 'GAD-00007')]);
  });

  it('appends every column of the order file with its headers when all data is wanted', async () => {
    const file = await buildVendorFile(
      settingsFor(templateName, { allData: true }),
      orderFile,
      acmeLines,
      'Acme',
    );
    expect(file.header).toEqual([
      ...['PO #', 'Ship To Name', 'Address', 'City', 'ST', 'Zip', 'Item', 'Qty', 'Account', 'Notes'],
      ...orderFile.headers,
    ]);
    expect(file.rows[0]).toEqual([
      ...[
        '000123',
        'Maria Lopez',
        '45 Elm Street',
        'Boston',
        'MA',
        '02134',
        'Blue widget, 10 pack (SKU: WID-00100)',
        '2',
        'ACCT-0099',
        '',
      ],
      ...acmeLines[0]!.cells,
    ]);
    const back = readBack(file.content);
    expect(XLSX.utils.encode_range(back.range)).toBe('A1:AI4');
    expectCells(back, [
      text('K2', 'Vendor'),
      text('Q2', 'P.O.'),
      text('AI2', 'Channel'),
      text('K3', 'Acme Supply'),
      text('Q3', '000123'),
      text('AB3', '02134'),
      text('AF3', '12.50'),
      text('AI3', 'Web'),
      text('AI4', 'Web'),
    ]);
    expect(back.sheet['!cols']![20]!.wch).toBeGreaterThanOrEqual(10);
  });

  it('aligns every cell left when asked, and only then', async () => {
    const aligned = await buildVendorFile(
      settingsFor(templateName, { alignLeft: true }),
      orderFile,
      acmeLines,
      'Acme',
    );
    const plain = await buildVendorFile(settingsFor(templateName), orderFile, acmeLines, 'Acme');
    expect(horizontalAlignments(aligned.content, extension)).toEqual(new Set(['left']));
    expect(horizontalAlignments(plain.content, extension)).toEqual(new Set(['general']));
    // The alignment leaves the content as it was.
    expect(parseTable(aligned.content, { fileName: aligned.fileName }).rows).toEqual(
      parseTable(plain.content, { fileName: plain.fileName }).rows,
    );
    expect(aligned.rows).toEqual(plain.rows);
  });

  it('refuses a mapping naming a column the template does not have', async () => {
    const error = await refusal({ mappings: { mapZipCode: 'Postal Code' } });
    expect(error).toBeInstanceOf(VendorFileError);
    expect(error.message).toBe(
      `The vendor's template has no column "Postal Code" (mapZipCode). Its header row (row 2) is: "PO #", "Ship To Name", "Address", "City", "ST", "Zip", "Item", "Qty", "Account", "Notes". Name a column by its header text or by its letter (A, B, ...).`,
    );
  });

  it('refuses a column letter beyond the template, and static data without a column', async () => {
    const letter = await refusal({ mappings: { mapPo: 'PO #, K' } });
    expect(letter).toBeInstanceOf(VendorFileError);
    expect(letter.message).toMatch(/^The vendor's template has no column "K" \(mapPo\)\./);
    const staticError = await refusal({ staticData: [{ value: 'NET30', column: ' ' }] });
    expect(staticError).toBeInstanceOf(VendorFileError);
    expect(staticError.message).toBe(
      `The static data "NET30" has no column to go in; set its column in the vendor's field mapping.`,
    );
    const staticColumn = await refusal({ staticData: [{ value: 'NET30', column: 'Terms' }] });
    expect(staticColumn.message).toMatch(
      /^The vendor's template has no column "Terms" \(static data "NET30"\)\./,
    );
  });

  it('refuses a header row index that points at no header', async () => {
    const error = await refusal({ headerRowIndex: 5 });
    expect(error).toBeInstanceOf(VendorFileError);
    expect(error.message).toBe(
      `The vendor's template "${templateName}" has no header row at row 6 (header row index 5); check the template or the header row index.`,
    );
  });

  it('writes a header-only file for no lines', async () => {
    const file = await buildVendorFile(settingsFor(templateName), orderFile, [], 'Empty');
    expect(file.rows).toEqual([]);
    expect(XLSX.utils.encode_range(readBack(file.content).range)).toBe('A1:J2');
  });
});

/** The horizontal alignment of every cell format the written file defines. */
function horizontalAlignments(content: Buffer, extension: string): Set<string> {
  const container = XLSX.CFB.read(content, { type: 'buffer' });
  const found = new Set<string>();
  if (extension === '.xlsx') {
    const styles = Buffer.from(XLSX.CFB.find(container, '/xl/styles.xml')!.content as Uint8Array).toString();
    const cellXfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)![1]!;
    for (const xf of cellXfs.match(/<xf\b[\s\S]*?(?:\/>|<\/xf>)/g)!) {
      found.add(/<alignment\b[^>]*horizontal="([a-z]+)"/.exec(xf)?.[1] ?? 'general');
    }
    return found;
  }
  const stream = Buffer.from(XLSX.CFB.find(container, 'Workbook')!.content as Uint8Array);
  for (let offset = 0; offset + 4 <= stream.length; ) {
    const type = stream.readUInt16LE(offset);
    const length = stream.readUInt16LE(offset + 2);
    if (type === 0xe0 && (stream[offset + 8]! & 0x04) === 0) {
      const horizontal = stream[offset + 10]! & 0x07;
      const ownAlignment = (stream[offset + 13]! & 0x10) !== 0;
      found.add(
        horizontal === 1 && ownAlignment ? 'left' : horizontal === 0 ? 'general' : `code ${horizontal}`,
      );
    }
    offset += 4 + length;
  }
  return found;
}

describe('template handling', () => {
  function templateOf(rows: string[][], bookType: 'xlsx' | 'xls' = 'xlsx', extraSheet?: string[][]): Buffer {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Orders');
    if (extraSheet) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(extraSheet), 'Lists');
    return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
  }
  const custom = (content: Buffer, overrides: Partial<VendorFileSettings>, name = 'custom.xlsx') =>
    settingsFor(null, { template: { fileName: name, content }, headerRowIndex: 0, ...overrides });

  it('matches a header with punctuation ignored when exactly one column fits', async () => {
    const content = templateOf([['P.O. #', 'Zip-Code', 'Ship To']]);
    const file = await buildVendorFile(
      custom(content, { mappings: { mapPo: 'PO', mapZipCode: 'zip code', mapShipTo: 'SHIPTO' } }),
      orderFile,
      globexLines,
      'Globex',
    );
    expect(file.rows[0]).toEqual(['004560', '04101', 'John Smith']);
  });

  it('refuses a mapping that fits several columns once punctuation is ignored', async () => {
    const content = templateOf([['P.O.', 'PO #', 'Ship To']]);
    const error = await errorOf(
      async () =>
        await buildVendorFile(custom(content, { mappings: { mapPo: 'PO' } }), orderFile, globexLines, 'x'),
    );
    expect(error).toBeInstanceOf(VendorFileError);
    expect(error.message).toBe(
      `The vendor's template has several columns matching "PO" (mapPo): "P.O.", "PO #". Name one exactly as its header reads, or by its column letter.`,
    );
    const exact = await buildVendorFile(
      custom(content, { mappings: { mapPo: 'po #' } }),
      orderFile,
      globexLines,
      'x',
    );
    expect(exact.rows[0]).toEqual(['', '004560', '']);
  });

  it('prefers a header named like a column letter over the letter', async () => {
    const content = templateOf([['Item', 'A', 'B']]);
    const file = await buildVendorFile(
      custom(content, { mappings: { mapPo: 'A', mapQty: 'C' } }),
      orderFile,
      globexLines,
      'x',
    );
    expect(file.rows[0]).toEqual(['', '004560', '10']);
  });

  it('accepts a letter for a column with no header that the template uses below it', async () => {
    const content = templateOf([
      ['PO', '', ''],
      ['sample', '', 'x'],
    ]);
    const file = await buildVendorFile(
      custom(content, { mappings: { mapPo: 'PO', mapZipCode: 'C' } }),
      orderFile,
      globexLines,
      'x',
    );
    expect(file.header).toEqual(['PO', '', '']);
    expect(file.rows[0]).toEqual(['004560', '', '04101']);
  });

  it('keeps the other sheets of the template', async () => {
    const content = templateOf([['PO']], 'xlsx', [['Carriers'], ['UPS'], ['FedEx']]);
    const file = await buildVendorFile(
      custom(content, { mappings: { mapPo: 'PO' } }),
      orderFile,
      globexLines,
      'x',
    );
    const back = readBack(file.content);
    expect(back.book.SheetNames).toEqual(['Orders', 'Lists']);
    expect(XLSX.utils.sheet_to_json(back.book.Sheets.Lists!, { header: 1 })).toEqual([
      ['Carriers'],
      ['UPS'],
      ['FedEx'],
    ]);
  });

  it('writes numbers of Qty, Unit Price and Total as number cells showing their decimals; other text stays text', async () => {
    const content = templateOf([['Qty', 'Price', 'Total', 'PO']]);
    const lines = [
      { rowNumber: 2, values: { qty: '2', unitPrice: '12.50', total: '25.00', po: '1e5' }, cells: [] },
      {
        rowNumber: 3,
        values: { qty: '2 ea', unitPrice: '$4.00', total: '007', po: '12345678901234567890' },
        cells: [],
      },
    ];
    const file = await buildVendorFile(
      custom(content, { mappings: { mapQty: 'Qty', mapUnitPrice: 'Price', mapTotal: 'Total', mapPo: 'PO' } }),
      orderFile,
      lines,
      'x',
    );
    const back = readBack(file.content);
    expect(back.cell('A2')).toMatchObject({ t: 'n', v: 2 });
    expect(back.cell('B2')).toMatchObject({ t: 'n', v: 12.5, z: '0.00' });
    expect(back.cell('C2')).toMatchObject({ t: 'n', v: 25, z: '0.00' });
    expect(back.cell('D2')).toMatchObject({ t: 's', v: '1e5' });
    expect(back.cell('A3')).toMatchObject({ t: 's', v: '2 ea' });
    expect(back.cell('B3')).toMatchObject({ t: 's', v: '$4.00' });
    expect(back.cell('C3')).toMatchObject({ t: 's', v: '007' });
    expect(back.cell('D3')).toMatchObject({ t: 's', v: '12345678901234567890' });
    // parseTable gives numbers as plain decimals, whatever their display format.
    expect(parseTable(file.content, { fileName: file.fileName }).rows.slice(1)).toEqual([
      ['2', '12.5', '25', '1e5'],
      ['2 ea', '$4.00', '007', '12345678901234567890'],
    ]);
  });

  it('writes the format the template really is, whatever its name says', async () => {
    const content = templateOf([['PO']], 'xls');
    const file = await buildVendorFile(
      custom(content, { mappings: { mapPo: 'PO' } }, 'template.xlsx'),
      orderFile,
      globexLines,
      'x',
    );
    expect(file.fileName).toBe('x.xls');
    expect(parseTable(file.content, { fileName: 'x.xls' }).format).toBe('xls');
  });

  it('refuses a template that is not a workbook', async () => {
    const csvTemplate = await errorOf(
      async () =>
        await buildVendorFile(
          custom(Buffer.from('PO,Qty\n'), { mappings: {} }, 'template.csv'),
          orderFile,
          globexLines,
          'x',
        ),
    );
    expect(csvTemplate).toBeInstanceOf(VendorFileError);
    expect(csvTemplate.message).toBe(
      `The vendor's template "template.csv" is not an Excel workbook (.xls or .xlsx); upload one in the vendor editor.`,
    );
    const broken = await errorOf(
      async () =>
        await buildVendorFile(
          custom(fixture('template.xlsx').subarray(0, 1500), { mappings: {} }),
          orderFile,
          globexLines,
          'x',
        ),
    );
    expect(broken).toBeInstanceOf(VendorFileError);
    expect(broken.message).toMatch(
      /^The vendor's template could not be read: custom\.xlsx .* Upload the template again in the vendor editor\.$/,
    );
  });

  it('refuses more rows than an .xls file holds', async () => {
    const lines = Array.from({ length: 65_535 }, () => globexLines[0]!);
    const error = await errorOf(
      async () => await buildVendorFile(settingsFor('template.xls'), orderFile, lines, 'x'),
    );
    expect(error).toBeInstanceOf(VendorFileError);
    expect(error.message).toBe(
      'The vendor file would have 65,537 rows, more than an .xls file can hold (65,536); use an .xlsx template.',
    );
  });

  it('makes the output name safe as a file name', async () => {
    const content = templateOf([['PO']]);
    const name = async (base: string) =>
      (await buildVendorFile(custom(content, { mappings: { mapPo: 'PO' } }), orderFile, globexLines, base))
        .fileName;
    expect(await name('Acme/Supply: PO?')).toBe('Acme_Supply_ PO_.xlsx');
    expect(await name('..')).toBe('vendor-order.xlsx');
    expect(await name('Orders.xlsx')).toBe('Orders.xlsx');
  });
});

describe('item description trimming', () => {
  const trimmed = async (regex: string, description: string) => {
    const content = (() => {
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Item']]), 'Orders');
      return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    })();
    const file = await buildVendorFile(
      settingsFor(null, {
        template: { fileName: 't.xlsx', content },
        headerRowIndex: 0,
        mappings: { mapItemDescription: 'Item' },
        trimItemDescription: true,
        itemDescriptionRegex: regex,
      }),
      orderFile,
      [{ rowNumber: 2, values: { itemDescription: description }, cells: [] }],
      'x',
    );
    return file.rows[0]![0];
  };

  it('keeps the first capture group, else the whole match', async () => {
    expect(await trimmed('SKU: ([A-Z0-9-]+)', 'Blue widget (SKU: WID-00100)')).toBe('WID-00100');
    expect(await trimmed('^[^(]+', 'Blue widget (SKU: WID-00100)')).toBe('Blue widget');
    expect(await trimmed('(?:SKU: )?(\\d+)?([A-Z]+)', 'ABC')).toBe('ABC');
  });

  it('keeps the description when nothing (or nothing but blanks) matches', async () => {
    expect(await trimmed('SKU: (\\d+)', 'Blue widget')).toBe('Blue widget');
    expect(await trimmed('\\d*', 'Blue widget')).toBe('Blue widget');
  });

  it('accepts a leading inline flag group as .NET writes it', async () => {
    expect(await trimmed('(?i)sku: (\\w+-\\d+)', 'Blue widget (SKU: WID-00100)')).toBe('WID-00100');
  });

  it('trims on RE2: a pattern that stalls a backtracking engine answers at once', async () => {
    // `^(a+)+$` froze the server for minutes on a 35-character description. The old path, JavaScript's
    // RegExp, is still at work on 41 characters after two seconds (2^40 ways to split the a's).
    const description = `${'a'.repeat(40)}!`;
    const oldPath = 'new RegExp(workerData.pattern).exec(workerData.description);';
    expect(await runWithLimit(oldPath, { pattern: '^(a+)+$', description: 'aaaa!' }, 10_000)).toBe(
      'finished',
    );
    expect(await runWithLimit(oldPath, { pattern: '^(a+)+$', description }, 2_000)).toBe('still running');
    expect(await trimmed('^(a+)+$', description)).toBe(description);
    expect(await trimmed('^(a+)+b', `${'a'.repeat(900)}b`)).toBe('a'.repeat(900));
    // A no-break space counts as white space, as it did.
    expect(await trimmed('^(\\S+)\\s+-', 'WID-1\u00a0- Blue widget')).toBe('WID-1');
  });

  it('keeps a description too long to match as it is', async () => {
    const long = `SKU: 42 ${'x'.repeat(2000)}`;
    expect(await trimmed('SKU: (\\d+)', long)).toBe(long);
  });

  it('refuses an invalid, unsupported or missing regular expression', async () => {
    const invalid = await errorOf(async () => trimmed('SKU: ([A-Z', 'x'));
    expect(invalid).toBeInstanceOf(VendorFileError);
    expect(invalid.message).toBe(
      'The vendor\'s regular expression for trimming item descriptions ("SKU: ([A-Z") cannot be used: Enter a valid regular expression (missing closing ]: `[A-Z`).',
    );
    // Saved before patterns ran on RE2: refused with the reason, not run on a backtracking engine.
    const lookbehind = await errorOf(async () => trimmed('(?<=SKU: )\\w+', 'SKU: 1'));
    expect(lookbehind).toBeInstanceOf(VendorFileError);
    expect(lookbehind.message).toContain(`cannot be used: ${OPERATOR_PATTERN_MESSAGES.lookaround}.`);
    const missing = await errorOf(async () => trimmed('  ', 'x'));
    expect(missing).toBeInstanceOf(VendorFileError);
    expect(missing.message).toBe(
      'Trimmed item description is on, but the vendor has no regular expression saying what to keep.',
    );
  });
});

describe('without a template', () => {
  it('writes the order file header and the lines as they are', async () => {
    const file = await buildVendorFile(settingsFor(null), orderFile, globexLines, 'Globex 2025-01-15');
    expect(file.fileName).toBe('Globex 2025-01-15.xlsx');
    expect(file.header).toEqual(orderFile.headers);
    expect(file.rows).toEqual(globexLines.map((line) => line.cells));
    const back = readBack(file.content);
    expect(back.book.SheetNames).toEqual(['Orders']);
    expect(XLSX.utils.encode_range(back.range)).toBe('A1:Y3');
    expectCells(back, [
      text('A1', 'Vendor'),
      text('G1', 'P.O.'),
      text('Y1', 'Channel'),
      text('A2', 'Globex'),
      text('G2', '004560'),
      text('R2', '04101'),
      { ref: 'V2', t: 'n', v: 7 },
      { ref: 'W2', t: 'n', v: 10 },
      { ref: 'X2', t: 'n', v: 70 },
      text('A3', 'globex'),
      text('G3', '004561'),
    ]);
    expect(back.cell('V3')).toMatchObject({ t: 'n', v: 3.1, z: '0.00' });
    const asReadTableReadsNumbers = (row: string[]) =>
      row.map((cell, c) => (c >= 21 && c <= 23 ? String(Number(cell)) : cell));
    expect(parseTable(file.content, { fileName: file.fileName }).rows).toEqual([
      file.header,
      ...file.rows.map(asReadTableReadsNumbers),
    ]);
  });

  it('applies quantity one, trimming and left alignment', async () => {
    const file = await buildVendorFile(
      settingsFor(null, {
        quantityOne: true,
        trimItemDescription: true,
        itemDescriptionRegex: 'SKU: ([A-Z0-9-]+)',
        alignLeft: true,
        mappings: { mapPo: 'Not in the order file' },
        staticData: [{ value: 'NET30', column: 'Terms' }],
      }),
      orderFile,
      globexLines,
      'Globex',
    );
    expect(file.rows.map((row) => [row[20], row[22]])).toEqual([
      ['BRK-01000', '1'],
      ['HNG-00020', '1'],
    ]);
    expect(horizontalAlignments(file.content, '.xlsx')).toEqual(new Set(['left']));
    expect(readBack(file.content).cell('W2')).toMatchObject({ t: 'n', v: 1 });
  });
});

describe('cell alignment', () => {
  it('sets left alignment on every cell format of a styles part, keeping other alignment settings', async () => {
    const styles =
      '<styleSheet><cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs><cellXfs count="3">' +
      '<xf numFmtId="0" xfId="0"/>' +
      '<xf numFmtId="49" applyAlignment="0"><alignment horizontal="right" wrapText="1"/></xf>' +
      '<xf numFmtId="2"><protection locked="0"/></xf>' +
      '</cellXfs></styleSheet>';
    expect(alignStylesXmlLeft(styles)).toBe(
      '<styleSheet><cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs><cellXfs count="3">' +
        '<xf numFmtId="0" xfId="0" applyAlignment="1"><alignment horizontal="left"/></xf>' +
        '<xf numFmtId="49" applyAlignment="1"><alignment horizontal="left" wrapText="1"/></xf>' +
        '<xf numFmtId="2" applyAlignment="1"><alignment horizontal="left"/><protection locked="0"/></xf>' +
        '</cellXfs></styleSheet>',
    );
  });

  it('sets left alignment on cell XF records only, not on style XFs', async () => {
    const record = (flags: number, alignment: number) => {
      const bytes = Buffer.alloc(24);
      bytes.writeUInt16LE(0xe0, 0);
      bytes.writeUInt16LE(20, 2);
      bytes.writeUInt16LE(flags, 8);
      bytes[10] = alignment;
      return bytes;
    };
    const other = Buffer.from([0x3d, 0x00, 0x02, 0x00, 0xe0, 0x00]);
    const stream = Buffer.concat([other, record(0xfff4, 0x00), record(0x0000, 0x23)]);
    const patched = alignBiffXfRecordsLeft(stream);
    expect(patched.subarray(0, 6)).toEqual(other);
    expect(patched.subarray(6, 30)).toEqual(stream.subarray(6, 30));
    expect(patched[30 + 10]).toBe(0x21);
    expect(patched[30 + 13]! & 0x10).toBe(0x10);
    expect(stream[30 + 10]).toBe(0x23);
  });
});

describe('the mapping settings', () => {
  it('covers every map field of the vendor, each with its order field', async () => {
    expect(VENDOR_MAP_FIELDS).toHaveLength(24);
    expect(MAP_FIELD_SOURCES.mapPo).toBe('po');
    expect(MAP_FIELD_SOURCES.mapShipTo).toBe('shipTo');
    expect(MAP_FIELD_SOURCES.mapProvidedAccountNumber).toBe('accountNumber');
    const orderFields = Object.values(MAP_FIELD_SOURCES).filter((source) => source !== 'accountNumber');
    expect(new Set(orderFields).size).toBe(23);
  });
});

describe('renderVendorFileHtml', () => {
  const file: VendorFile = {
    fileName: 'Acme <PO>.xlsx',
    content: Buffer.alloc(0),
    header: ['PO #', 'Item & "Notes"'],
    rows: [['000123', '<script>alert("x")</script>'], ["O'Brien & Sons", ''], ['only one cell']],
  };

  it('escapes every text and keeps codes as written', async () => {
    const html = renderVendorFileHtml(file, 'Acme Supply <orders> & more');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<title>Acme Supply &lt;orders&gt; &amp; more</title>');
    expect(html).toContain('<h1>Acme Supply &lt;orders&gt; &amp; more</h1>');
    expect(html).toContain('<p>Acme &lt;PO&gt;.xlsx · 3 lines</p>');
    expect(html).toContain('<thead><tr><th>PO #</th><th>Item &amp; &quot;Notes&quot;</th></tr></thead>');
    expect(html).toContain(
      '<tr><td>000123</td><td>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</td></tr>',
    );
    expect(html).toContain('<tr><td>O&#39;Brien &amp; Sons</td><td></td></tr>');
    expect(html).toContain('<tr><td>only one cell</td><td></td></tr>');
  });

  it('renders a built vendor file', async () => {
    const built = await buildVendorFile(settingsFor('template.xlsx'), orderFile, acmeLines, 'Acme');
    const html = renderVendorFileHtml(built, 'Acme Supply');
    expect(html.match(/<tr>/g)).toHaveLength(3);
    expect(html).toContain('<td>000123</td><td>Maria Lopez</td>');
    expect(html).toContain('<p>Acme.xlsx · 2 lines</p>');
  });
});
