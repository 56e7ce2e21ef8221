import { describe, expect, it } from 'vitest';
import { buildZip, type ZipPart } from '../../../test/integrations/spreadsheet-builders';
import { parseTable } from './parse-table';
import { assertZipIsSafe, readZipDirectory } from './zip-directory';

const WORKBOOK: ZipPart[] = [
  { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
  {
    name: 'xl/workbook.xml',
    data: Buffer.from('<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'),
  },
];

const codeOf = (zip: Buffer) => {
  try {
    parseTable(zip, { fileName: 'crafted.xlsx' });
  } catch (error) {
    return (error as { code: string }).code;
  }
  return 'no error';
};

describe('readZipDirectory', () => {
  it('lists entries with their sizes and where their data starts', () => {
    const zip = buildZip([
      { name: 'a.txt', data: Buffer.from('hello hello hello') },
      { name: 'b.bin', method: 0, data: Buffer.from('xyz') },
    ]);
    const entries = readZipDirectory(zip);
    expect(entries.map(({ name, method, uncompressedSize }) => ({ name, method, uncompressedSize }))).toEqual(
      [
        { name: 'a.txt', method: 8, uncompressedSize: 17 },
        { name: 'b.bin', method: 0, uncompressedSize: 3 },
      ],
    );
    expect(zip.subarray(entries[1]!.dataOffset, entries[1]!.dataOffset + 3).toString()).toBe('xyz');
  });

  it('refuses a zip without its directory, or whose entries point past the end, as CORRUPT', () => {
    expect(() => readZipDirectory(buildZip(WORKBOOK, { dropDirectory: true }))).toThrow(
      expect.objectContaining({ code: 'CORRUPT' }),
    );
    const zip = buildZip([{ name: 'a.txt', data: Buffer.alloc(1000, 1), method: 0 }]);
    const cut = Buffer.concat([zip.subarray(0, 100), zip.subarray(zip.length - 68)]);
    expect(() => readZipDirectory(cut)).toThrow(expect.objectContaining({ code: 'CORRUPT' }));
  });

  it('refuses zip-level encryption as ENCRYPTED', () => {
    expect(
      codeOf(buildZip([...WORKBOOK, { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('x'), flags: 1 }])),
    ).toBe('ENCRYPTED');
  });
});

describe('zip bombs', () => {
  it('refuses a big entry compressed near deflate’s ceiling, from its headers alone', () => {
    // The headers claim 200 MB from 200 KB (1,000:1); the data is never inflated.
    const zip = buildZip([
      ...WORKBOOK,
      { name: 'xl/worksheets/sheet1.xml', stored: Buffer.alloc(200 * 1024, 7), declaredSize: 200 << 20 },
    ]);
    expect(codeOf(zip)).toBe('ZIP_BOMB');
  });

  it('does not take a high ratio alone for a bomb: a repetitive 60 MB sheet compresses 114:1', () => {
    // Like the workbook: 9,999 rows × 17 columns of the same long text (the old rule refused
    // any entry over 10 MB compressed more than 100:1).
    const text = 'Standard ground shipping, signature required on delivery. '.repeat(5).trim();
    const cells = Array.from(
      { length: 17 },
      (_, c) => `<c t="inlineStr" s="${c + 1}"><is><t>${text}</t></is></c>`,
    );
    const rows = Array.from({ length: 9_999 }, (_, i) => `<row r="${i + 1}">${cells.join('')}</row>`);
    const xml = Buffer.from(`<worksheet><sheetData>${rows.join('')}</sheetData></worksheet>`);
    const zip = buildZip([...WORKBOOK, { name: 'xl/worksheets/sheet1.xml', data: xml }]);
    const sheet = readZipDirectory(zip).find((entry) => entry.name.endsWith('sheet1.xml'))!;
    expect(sheet.uncompressedSize).toBeGreaterThan(50 << 20);
    expect(sheet.uncompressedSize / sheet.compressedSize).toBeGreaterThan(100);
    const table = parseTable(zip, { fileName: 'repetitive.xlsx' });
    expect(table.rows).toHaveLength(9_999);
    expect(table.rows[9_998]![16]).toBe(text);
  });

  it('refuses more than 1 GB in total, even spread over moderate entries', () => {
    // 25 entries of 50 MB each at 250:1: no single entry trips the ratio check.
    const parts = Array.from({ length: 25 }, (_, i) => ({
      name: `xl/media/image${i}.bin`,
      stored: Buffer.alloc(200 * 1024, i),
      declaredSize: 50 << 20,
    }));
    expect(codeOf(buildZip([...WORKBOOK, ...parts]))).toBe('ZIP_BOMB');
  });

  it('refuses an entry that inflates to more than it declares, stopping at the declared size', () => {
    const zip = buildZip([
      ...WORKBOOK,
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(20 << 20, 0x20), declaredSize: 4096 },
    ]);
    expect(codeOf(zip)).toBe('ZIP_BOMB');
  });

  it('refuses thousands of entries', () => {
    const parts = Array.from({ length: 10_001 }, (_, i) => ({ name: `x/${i}`, method: 0 as const }));
    expect(codeOf(buildZip([...WORKBOOK, ...parts]))).toBe('ZIP_BOMB');
  });

  it('reports data that cannot be inflated as CORRUPT', () => {
    const entries = [
      ...WORKBOOK,
      { name: 'xl/worksheets/sheet1.xml', stored: Buffer.from([0xff, 0xff, 0xff, 0xff]), declaredSize: 10 },
    ];
    const zip = buildZip(entries);
    expect(() => assertZipIsSafe(zip, readZipDirectory(zip))).toThrow(
      expect.objectContaining({ code: 'CORRUPT' }),
    );
  });

  it('lets an honest workbook-sized zip through', () => {
    const zip = buildZip([
      ...WORKBOOK,
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>'.repeat(1000)) },
    ]);
    expect(() => assertZipIsSafe(zip, readZipDirectory(zip))).not.toThrow();
  });
});
