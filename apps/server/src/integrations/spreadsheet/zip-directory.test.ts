import { describe, expect, it } from 'vitest';
import { readTable } from './read-table';
import { buildZip, type ZipPart } from './testing';
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
    readTable(zip, { fileName: 'crafted.xlsx' });
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
  it('refuses a big entry compressed beyond 100:1, from its headers alone', () => {
    // The headers claim 50 MB from 1 KB; the data is never inflated.
    const zip = buildZip([
      ...WORKBOOK,
      { name: 'xl/worksheets/sheet1.xml', stored: Buffer.alloc(1024, 7), declaredSize: 50 << 20 },
    ]);
    expect(codeOf(zip)).toBe('ZIP_BOMB');
  });

  it('refuses more than 200 MB in total, even spread over moderate entries', () => {
    // 25 entries of 9 MB each at 90:1: no single entry trips the ratio check.
    const parts = Array.from({ length: 25 }, (_, i) => ({
      name: `xl/media/image${i}.bin`,
      stored: Buffer.alloc(100 * 1024, i),
      declaredSize: 9000 * 1024,
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
