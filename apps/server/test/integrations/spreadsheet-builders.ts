/**
 * Builders for tests and benchmarks of the spreadsheet readers: a zip writer whose headers say exactly what
 * the caller wants (sizes, flags, stored bytes), which no zip library lets a test choose, and BIFF record
 * writers for old, odd and hostile .xls files.
 */
import { createCipheriv, createHash } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import iconv from 'iconv-lite';
import { Rc4 } from '../../src/integrations/spreadsheet/office-crypto';

export interface ZipPart {
  name: string;
  data?: Buffer;
  method?: 0 | 8;
  /** Uncompressed size written in the headers (default: the real one). */
  declaredSize?: number;
  /** Bytes stored for the entry (default: `data`, deflated when method is 8). */
  stored?: Buffer;
  flags?: number;
}

/** A minimal zip writer, so that each test can state exactly what the headers say. */
export function buildZip(entries: ZipPart[], { dropDirectory = false } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = entry.data ?? Buffer.alloc(0);
    const method = entry.method ?? 8;
    const stored = entry.stored ?? (method === 8 ? deflateRawSync(data) : data);
    const size = entry.declaredSize ?? data.length;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.flags ?? 0, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.flags ?? 0, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(0x00210000, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, stored);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...(dropDirectory ? [] : [directory, end])]);
}

// ---------------------------------------------------------------------------------------------------
// BIFF records (.xls), written by hand from the published layouts ([MS-XLS]; OpenOffice.org's "Microsoft
// Excel File Format"), so that tests can state exactly what an old or odd file holds.

/** One BIFF record: its type, its length, its data. */
export function biffRecord(type: number, ...parts: (Buffer | readonly number[])[]): Buffer {
  const data = Buffer.concat(parts.map((part) => (Buffer.isBuffer(part) ? part : Buffer.from(part))));
  const header = Buffer.alloc(4);
  header.writeUInt16LE(type, 0);
  header.writeUInt16LE(data.length, 2);
  return Buffer.concat([header, data]);
}

const u16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16LE(value);
  return bytes;
};
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};
const f64 = (value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleLE(value);
  return bytes;
};

export interface BiffCell {
  row: number;
  col: number;
  value: number | string | boolean;
  /** A number format (e.g. 'yyyy-mm-dd', '000000'); the cell gets an XF that uses it. */
  format?: string;
  /**
   * buildOldBiffSheet with `laterRecords` only: written as a BIFF3–5 FORMULA record whose cached result is
   * the value (a text result in the STRING record after it), its formula a constant.
   */
  formula?: boolean;
}

export interface OldBiffOptions {
  /** The Windows code page the text is written in, named by the CODEPAGE record (default 1252). */
  codepage?: number;
  /**
   * BIFF2 only: cells in the records of BIFF3–5 (LABEL 0x0204, NUMBER 0x0203, BOOLERR 0x0205: a 16-bit
   * XF index, a 16-bit text length) instead of BIFF2's own, as some generators of Excel 2.1 files write them.
   */
  laterRecords?: boolean;
}

/** Text in a Windows code page, as 8-bit BIFF (2–5) stores it. */
function codepageText(text: string, codepage: number): Buffer {
  return iconv.encode(text, `cp${codepage}`);
}

/**
 * An Excel 2.x, 3.0 or 4.0 worksheet: a bare BIFF stream (no OLE container), as those versions saved
 * .xls files. Text is in `codepage` (Windows-1252 by default), which a CODEPAGE record names. Each
 * distinct format gets a FORMAT record (numbered in order, as these versions number them) and an XF
 * record that uses it.
 */
export function buildOldBiffSheet(
  version: 2 | 3 | 4,
  cells: readonly BiffCell[],
  { codepage = 1252, laterRecords = false }: OldBiffOptions = {},
): Buffer {
  const formats = ['General', ...new Set(cells.flatMap((cell) => (cell.format ? [cell.format] : [])))];
  const formatIndex = (cell: BiffCell) => (cell.format ? formats.indexOf(cell.format) : 0);
  const bofType = { 2: 0x0009, 3: 0x0209, 4: 0x0409 }[version];
  const records: Buffer[] = [
    // BOF: version (unused), substream type 0x0010 = worksheet; BIFF3/4 add a build number.
    biffRecord(bofType, u16(version === 2 ? 0x0002 : 0x0000), u16(0x0010), version === 2 ? [] : u16(0)),
    biffRecord(0x0042, u16(codepage)), // CODEPAGE
  ];
  for (const format of formats) {
    const text = codepageText(format, codepage);
    records.push(
      version === 4
        ? biffRecord(0x041e, u16(0), [text.length], text)
        : biffRecord(0x001e, [text.length], text),
    );
  }
  // One XF per format, XF i using format i (font 0).
  for (let i = 0; i < formats.length; i++) {
    if (version === 2) records.push(biffRecord(0x0043, [0, 0, i & 0x3f, 0]));
    else records.push(biffRecord(version === 3 ? 0x0243 : 0x0443, [0, i], Buffer.alloc(10)));
  }
  const rows = cells.map((cell) => cell.row);
  const cols = cells.map((cell) => cell.col);
  const dimensions = [
    u16(Math.min(...rows)),
    u16(Math.max(...rows) + 1),
    u16(Math.min(...cols)),
    u16(Math.max(...cols) + 1),
  ];
  records.push(biffRecord(version === 2 ? 0x0000 : 0x0200, ...dimensions, version === 2 ? [] : u16(0)));
  for (const cell of cells) {
    const xf = formatIndex(cell);
    const where = [u16(cell.row), u16(cell.col)];
    // BIFF2 cells carry three attribute bytes: the XF index, then the format index (font in bits 6-7).
    const own = version === 2 && !laterRecords;
    const attributes = own ? Buffer.from([xf & 0x3f, xf & 0x3f, 0]) : u16(xf);
    const type = (biff2: number) => (own ? biff2 : biff2 | 0x0200);
    if (cell.formula && !own) {
      records.push(...laterFormula(where, u16(xf), cell.value, codepage));
    } else if (typeof cell.value === 'number') {
      records.push(biffRecord(type(0x0003), ...where, attributes, f64(cell.value)));
    } else if (typeof cell.value === 'boolean') {
      records.push(biffRecord(type(0x0005), ...where, attributes, [cell.value ? 1 : 0, 0]));
    } else {
      const text = codepageText(cell.value, codepage);
      const length = own ? Buffer.from([text.length]) : u16(text.length);
      records.push(biffRecord(type(0x0004), ...where, attributes, length, text));
    }
  }
  records.push(biffRecord(0x000a));
  return Buffer.concat(records);
}

/** A BIFF3–5 FORMULA record (=0) caching `value`, and the STRING record that holds a text result. */
function laterFormula(where: Buffer[], xf: Buffer, value: BiffCell['value'], codepage: number): Buffer[] {
  const tokens = [0x1e, 0, 0]; // tInt 0
  const special = (kind: number, byte: number) => Buffer.from([kind, 0, byte, 0, 0, 0, 0xff, 0xff]);
  const result =
    typeof value === 'number'
      ? f64(value)
      : typeof value === 'boolean'
        ? special(1, value ? 1 : 0)
        : special(0, 0);
  const formula = biffRecord(0x0206, ...where, xf, result, u16(0), u16(tokens.length), tokens);
  if (typeof value !== 'string') return [formula];
  const text = codepageText(value, codepage);
  return [formula, biffRecord(0x0207, u16(text.length), text)];
}

export interface Biff8Sheet {
  name: string;
  cells: readonly BiffCell[];
  /** Raw records added to the sheet after its cells (hostile or unusual ones). */
  extraRecords?: readonly Buffer[];
}

/**
 * The Workbook stream of a BIFF8 (.xls, Excel 97–2003) workbook: globals (BOF, CODEPAGE, FORMAT, XF,
 * BOUNDSHEET, EOF), then one substream per sheet. Strings are UTF-16 (XLUnicodeString).
 * `filePass` is written right after the globals' BOF, as Excel places it.
 */
export function buildBiff8Stream(sheets: readonly Biff8Sheet[], filePass?: Buffer): Buffer {
  return buildBiffWorkbookStream(sheets, { version: 8, codepage: 1200, filePass });
}

/**
 * A BIFF5 or BIFF8 workbook stream. The versions differ in the BOF record, the XF and DIMENSIONS sizes
 * and the strings: BIFF8's carry a flag byte and UTF-16, BIFF5's are 8-bit text in the CODEPAGE's code page.
 */
function buildBiffWorkbookStream(
  sheets: readonly Biff8Sheet[],
  { version, codepage, filePass }: { version: 5 | 8; codepage: number; filePass?: Buffer | undefined },
): Buffer {
  const biff8 = version === 8;
  const allCells = sheets.flatMap((sheet) => sheet.cells);
  const formats = [...new Set(allCells.flatMap((cell) => (cell.format ? [cell.format] : [])))];
  const xfOf = (cell: BiffCell) => (cell.format ? formats.indexOf(cell.format) + 1 : 0);
  const bof = (type: number) =>
    biff8
      ? biffRecord(0x0809, u16(0x0600), u16(type), u16(0x0dbb), u16(0x07cc), u32(0), u32(0x06))
      : biffRecord(0x0809, u16(0x0500), u16(type), u16(0x0dbb), u16(0x07cc));
  const string = (text: string, lengthBytes: 1 | 2) => {
    const bytes = biff8 ? Buffer.from(text, 'utf16le') : codepageText(text, codepage);
    const count = biff8 ? text.length : bytes.length;
    const length = lengthBytes === 1 ? Buffer.from([count]) : u16(count);
    return Buffer.concat([length, biff8 ? Buffer.from([1]) : Buffer.alloc(0), bytes]);
  };
  const xf = (format: number) =>
    biffRecord(0x00e0, u16(0), u16(format), u16(0x0001), Buffer.alloc(biff8 ? 14 : 10));
  const rowNumber = biff8 ? u32 : u16;

  const head: Buffer[] = [bof(0x0005)];
  if (filePass) head.push(filePass);
  head.push(biffRecord(0x0042, u16(codepage)));
  head.push(...formats.map((format, i) => biffRecord(0x041e, u16(164 + i), string(format, biff8 ? 2 : 1))));
  head.push(xf(0), ...formats.map((_, i) => xf(164 + i)));
  const boundSheet = (sheet: Biff8Sheet, offset: number) =>
    biffRecord(0x0085, u32(offset), [0, 0], string(sheet.name, 1));
  const globalsSize =
    head.reduce((sum, record) => sum + record.length, 0) +
    sheets.reduce((sum, sheet) => sum + boundSheet(sheet, 0).length, 0) +
    4;

  const substreams = sheets.map((sheet) => {
    const records: Buffer[] = [bof(0x0010)];
    const rows = sheet.cells.map((cell) => cell.row);
    const cols = sheet.cells.map((cell) => cell.col);
    records.push(
      biffRecord(
        0x0200,
        rowNumber(rows.length ? Math.min(...rows) : 0),
        rowNumber(rows.length ? Math.max(...rows) + 1 : 0),
        u16(cols.length ? Math.min(...cols) : 0),
        u16(cols.length ? Math.max(...cols) + 1 : 0),
        u16(0),
      ),
    );
    for (const cell of sheet.cells) {
      const where = [u16(cell.row), u16(cell.col), u16(xfOf(cell))];
      if (typeof cell.value === 'number') records.push(biffRecord(0x0203, ...where, f64(cell.value)));
      else if (typeof cell.value === 'boolean')
        records.push(biffRecord(0x0205, ...where, [cell.value ? 1 : 0, 0]));
      else records.push(biffRecord(0x0204, ...where, string(cell.value, 2)));
    }
    records.push(...(sheet.extraRecords ?? []), biffRecord(0x000a));
    return Buffer.concat(records);
  });

  let offset = globalsSize;
  const boundSheets = sheets.map((sheet, i) => {
    const record = boundSheet(sheet, offset);
    offset += substreams[i]!.length;
    return record;
  });
  return Buffer.concat([...head, ...boundSheets, biffRecord(0x000a), ...substreams]);
}

/** An OLE compound file holding the given streams (SheetJS's CFB writer). */
export function buildOleFile(streams: Record<string, Buffer>): Buffer {
  const container = XLSX.CFB.utils.cfb_new();
  for (const [name, data] of Object.entries(streams)) XLSX.CFB.utils.cfb_add(container, name, data);
  return Buffer.from(XLSX.CFB.write(container, { type: 'buffer' }) as Uint8Array);
}

/** A BIFF8 .xls file: the workbook stream in an OLE container. */
export function buildBiff8Workbook(sheets: readonly Biff8Sheet[]): Buffer {
  return buildOleFile({ Workbook: buildBiff8Stream(sheets) });
}

/**
 * A BIFF5 .xls (Excel 5.0 and 95): the "Book" stream in an OLE container, its text 8-bit in `codepage`
 * (named by the CODEPAGE record), as those versions wrote it. LibreOffice 7.4 reads BIFF5 but no longer
 * writes it (its "MS Excel 95" filter is import-only), so the tests build it here.
 */
export function buildBiff5Workbook(
  sheets: readonly Biff8Sheet[],
  { codepage = 1252 }: OldBiffOptions = {},
): Buffer {
  return buildOleFile({ Book: buildBiffWorkbookStream(sheets, { version: 5, codepage }) });
}

/**
 * A small .xls whose Workbook stream starts at a sector past the end of the file, where the allocation
 * table chains that sector to itself. SheetJS's container reader follows a stream's chain without
 * checking for a cycle (only the directory's chains are checked), so it appends to two arrays forever
 * until the heap is gone: the whole process, when it runs on the server's main thread.
 */
export function ballooningOleFile(): Buffer {
  const cells: BiffCell[] = Array.from({ length: 400 }, (_, i) => ({ row: i, col: 0, value: `Item ${i}` }));
  // Above 4,096 bytes a stream lives in the main allocation table, whose chains are the ones followed.
  const file = Buffer.from(buildBiff8Workbook([{ name: 'Stock', cells }]));
  const sectorSize = 1 << file.readUInt16LE(0x1e);
  const sectorOffset = (sector: number) => 512 + sector * sectorSize;
  const loop = file.length / sectorSize + 20; // a sector number the file does not have
  const fatSector = file.readUInt32LE(0x4c); // the first allocation-table sector
  file.writeInt32LE(loop, sectorOffset(fatSector) + loop * 4);
  const directory = sectorOffset(file.readUInt32LE(0x30));
  for (let entry = directory; entry < directory + sectorSize; entry += 128) {
    if (file.toString('utf16le', entry, entry + 16) === 'Workbook') file.writeInt32LE(loop, entry + 116);
  }
  return file;
}

/**
 * Encrypts a BIFF8 workbook stream with RC4 CryptoAPI ([MS-OFFCRYPTO] 2.3.5; what Excel 2002 and later
 * write, also for its default password VelvetSweatshop): the FILEPASS record goes after the globals' BOF,
 * and every record after it is encrypted in place except the few the format leaves plain.
 */
export function encryptBiff8CryptoApi(
  sheets: readonly Biff8Sheet[],
  password: string,
  keyBits = 128,
): Buffer {
  const salt = Buffer.from('0f1e2d3c4b5a69788796a5b4c3d2e1f0', 'hex');
  const verifier = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
  const sha1 = (...parts: Buffer[]) => createHash('sha1').update(Buffer.concat(parts)).digest();
  const base = sha1(salt, Buffer.from(password, 'utf16le'));
  const keyFor = (block: number) => {
    const key = sha1(base, u32(block)).subarray(0, keyBits / 8);
    return keyBits === 40 ? Buffer.concat([key, Buffer.alloc(11)]) : key;
  };
  const cspName = Buffer.from('Microsoft Enhanced Cryptographic Provider v1.0\0', 'utf16le');
  const header = Buffer.concat([
    u32(0x04),
    u32(0),
    u32(0x6801),
    u32(0x8004),
    u32(keyBits),
    u32(1),
    u32(0),
    u32(0),
    cspName,
  ]);
  const encryptedVerifier = new Rc4(keyFor(0));
  const verifierParts = [
    Buffer.from(encryptedVerifier.apply(Buffer.from(verifier))),
    Buffer.from(encryptedVerifier.apply(Buffer.from(sha1(verifier)))),
  ];
  const filePass = biffRecord(
    0x002f,
    u16(1), // RC4
    u16(4),
    u16(2), // CryptoAPI, version 4.2
    u32(0x04), // fCryptoAPI
    u32(header.length),
    header,
    u32(salt.length),
    salt,
    verifierParts[0]!,
    u32(20),
    verifierParts[1]!,
  );
  const stream = buildBiff8Stream(sheets, filePass);
  const keystream = Buffer.alloc(stream.length);
  for (let block = 0; block * 1024 < stream.length; block++) {
    new Rc4(keyFor(block)).apply(
      keystream.subarray(block * 1024, Math.min((block + 1) * 1024, stream.length)),
    );
  }
  const plain = new Set([0x0809, 0x002f, 0x0194, 0x0195, 0x00e1, 0x0196, 0x0138]);
  let p = 0;
  let passed = false;
  while (p + 4 <= stream.length) {
    const type = stream.readUInt16LE(p);
    const size = stream.readUInt16LE(p + 2);
    if (passed && !plain.has(type)) {
      for (let i = p + 4 + (type === 0x0085 ? 4 : 0); i < p + 4 + size; i++) stream[i]! ^= keystream[i]!;
    }
    if (type === 0x002f) passed = true;
    p += 4 + size;
  }
  return buildOleFile({ Workbook: stream });
}

// ---------------------------------------------------------------------------------------------------
// Hand-written .xlsx packages

const TRANSITIONAL = {
  main: 'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
  relationships: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
};
// Strict OOXML (ISO/IEC 29500 Strict): other namespaces, the same element names.
const STRICT = {
  main: 'http://purl.oclc.org/ooxml/spreadsheetml/main',
  relationships: 'http://purl.oclc.org/ooxml/officeDocument/relationships',
};

export interface XlsxSheet {
  name: string;
  /** The sheet's <sheetData> content; ignored for a chart sheet. */
  rows?: string;
  /** A <dimension ref>, as some writers declare far more than they fill. */
  dimension?: string;
  chart?: boolean;
}

/** Cell styles of buildXlsx, by index: the number format each one applies. */
export const XLSX_STYLES = [
  'General',
  'yyyy-mm-dd',
  'yyyy-mm-dd hh:mm',
  '[hh]:mm',
  'hh:mm',
  '000000',
  'h:mm A/P',
] as const;

/**
 * An .xlsx package written by hand: the sheets in order (chart sheets included), shared strings, cell
 * styles for the number formats of XLSX_STYLES (s="1" is yyyy-mm-dd and so on), Strict or Transitional
 * namespaces.
 */
export function buildXlsx(
  sheets: readonly XlsxSheet[],
  options: { sharedStrings?: readonly string[]; strict?: boolean } = {},
): Buffer {
  const ns = options.strict ? STRICT : TRANSITIONAL;
  const relType = (type: string) => `${ns.relationships}/${type}`;
  const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const numFmts = XLSX_STYLES.slice(1)
    .map((format, i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlText(format)}"/>`)
    .join('');
  const xfs = XLSX_STYLES.map((_, i) => `<xf numFmtId="${i === 0 ? 0 : 163 + i}"/>`).join('');
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relType('officeDocument')}" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        `<?xml version="1.0"?><workbook xmlns="${ns.main}" xmlns:r="${ns.relationships}"><sheets>${sheets
          .map((sheet, i) => `<sheet name="${xmlText(sheet.name)}" sheetId="${i + 1}" r:id="rIdS${i + 1}"/>`)
          .join('')}</sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
          .map((sheet, i) =>
            sheet.chart
              ? `<Relationship Id="rIdS${i + 1}" Type="${relType('chartsheet')}" Target="chartsheets/sheet${i + 1}.xml"/>`
              : `<Relationship Id="rIdS${i + 1}" Type="${relType('worksheet')}" Target="worksheets/sheet${i + 1}.xml"/>`,
          )
          .join(
            '',
          )}<Relationship Id="rIdT" Type="${relType('sharedStrings')}" Target="sharedStrings.xml"/><Relationship Id="rIdY" Type="${relType('styles')}" Target="styles.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/sharedStrings.xml',
      data: Buffer.from(
        `<?xml version="1.0"?><sst xmlns="${ns.main}">${(options.sharedStrings ?? [])
          .map((text) => `<si><t xml:space="preserve">${text}</t></si>`)
          .join('')}</sst>`,
      ),
    },
    {
      name: 'xl/styles.xml',
      data: Buffer.from(
        `<?xml version="1.0"?><styleSheet xmlns="${ns.main}"><numFmts count="${XLSX_STYLES.length - 1}">${numFmts}</numFmts><cellXfs count="${XLSX_STYLES.length}">${xfs}</cellXfs></styleSheet>`,
      ),
    },
  ];
  sheets.forEach((sheet, i) => {
    parts.push(
      sheet.chart
        ? {
            name: `xl/chartsheets/sheet${i + 1}.xml`,
            data: Buffer.from(
              `<?xml version="1.0"?><chartsheet xmlns="${ns.main}"><sheetViews/></chartsheet>`,
            ),
          }
        : {
            name: `xl/worksheets/sheet${i + 1}.xml`,
            data: Buffer.from(
              `<?xml version="1.0"?><worksheet xmlns="${ns.main}">${
                sheet.dimension ? `<dimension ref="${sheet.dimension}"/>` : ''
              }<sheetData>${sheet.rows ?? ''}</sheetData></worksheet>`,
            ),
          },
    );
  });
  return buildZip(parts);
}

/** An inline-string cell (text written as is: escape it yourself). */
export const inlineCell = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/**
 * A workbook whose few shared strings expand to billions of characters: one string of Excel's maximum
 * 32,767 characters, referenced by 400,000 cells (13 billion characters in ~100 KB).
 */
export function sharedStringBombXlsx(): Buffer {
  const cells = '<c t="s"><v>0</v></c>'.repeat(20);
  const rows = Array.from({ length: 20_000 }, (_, r) => `<row r="${r + 1}">${cells}</row>`).join('');
  return buildXlsx([{ name: 'Sheet1', rows }], { sharedStrings: ['x'.repeat(32_767)] });
}

/**
 * A legitimate workbook that compresses like the issue's: 9,999 rows × 17 columns of the same long text,
 * a 60 MB sheet compressed about 114:1 (the old rule refused any entry over 10 MB beyond 100:1).
 */
export function repetitiveWorkbook(text: string): Buffer {
  const cells = Array.from(
    { length: 17 },
    (_, c) => `<c t="inlineStr" s="${c % 2}"><is><t>${text}</t></is></c>`,
  );
  const rows = Array.from({ length: 9_999 }, (_, i) => `<row r="${i + 1}">${cells.join('')}</row>`);
  return buildXlsx([{ name: 'Orders', rows: rows.join('') }]);
}

/**
 * An .xlsx encrypted as Excel 2010 and later encrypt it ([MS-OFFCRYPTO] 2.3.4.10–13, Agile: AES-256-CBC,
 * SHA-512, 100,000 spins): an OLE file with the XML EncryptionInfo and the EncryptedPackage in 4,096-byte
 * segments. LibreOffice 7.4 writes only Standard encryption, so this one is built here.
 */
export function encryptXlsxAgile(zip: Buffer, password: string): Buffer {
  const sha512 = (...parts: Buffer[]) => createHash('sha512').update(Buffer.concat(parts)).digest();
  const cbc = (key: Buffer, iv: Buffer, data: Buffer) => {
    const padded = Buffer.concat([data, Buffer.alloc((16 - (data.length % 16)) % 16)]);
    const cipher = createCipheriv('aes-256-cbc', key, iv).setAutoPadding(false);
    return Buffer.concat([cipher.update(padded), cipher.final()]);
  };
  const keySalt = Buffer.from('6b2e9f1d0c4a7e3b5d8f1a2c4e6b8d0f', 'hex');
  const passwordSalt = Buffer.from('a1b2c3d4e5f60718293a4b5c6d7e8f90', 'hex');
  const secretKey = Buffer.from('00112233445566778899aabbccddeeff102132435465768798a9bacbdcedfe0f', 'hex');
  const verifierInput = Buffer.from('f0e1d2c3b4a5968778695a4b3c2d1e0f', 'hex');
  const spinCount = 100_000;
  let h = sha512(passwordSalt, Buffer.from(password, 'utf16le'));
  for (let i = 0; i < spinCount; i++) h = sha512(u32(i), h);
  const keyFor = (blockKey: string) => sha512(h, Buffer.from(blockKey, 'hex')).subarray(0, 32);
  const base64 = (bytes: Buffer) => bytes.toString('base64');
  const encryptedVerifierHashInput = cbc(keyFor('fea7d2763b4b9e79'), passwordSalt, verifierInput);
  const encryptedVerifierHashValue = cbc(keyFor('d7aa0f6d3061344e'), passwordSalt, sha512(verifierInput));
  const encryptedKeyValue = cbc(keyFor('146e0be7abacd0d6'), passwordSalt, secretKey);
  const segments = [u32(zip.length), u32(0)];
  for (let offset = 0, segment = 0; offset < zip.length; offset += 4096, segment++) {
    const iv = sha512(keySalt, u32(segment)).subarray(0, 16);
    segments.push(cbc(secretKey, iv, zip.subarray(offset, offset + 4096)));
  }
  const algorithm =
    'blockSize="16" keyBits="256" hashSize="64" cipherAlgorithm="AES" cipherChaining="ChainingModeCBC" hashAlgorithm="SHA512"';
  const xml =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n' +
    '<encryption xmlns="http://schemas.microsoft.com/office/2006/encryption" xmlns:p="http://schemas.microsoft.com/office/2006/keyEncryptor/password">' +
    `<keyData saltSize="16" ${algorithm} saltValue="${base64(keySalt)}"/>` +
    `<dataIntegrity encryptedHmacKey="${base64(Buffer.alloc(64))}" encryptedHmacValue="${base64(Buffer.alloc(64))}"/>` +
    '<keyEncryptors><keyEncryptor uri="http://schemas.microsoft.com/office/2006/keyEncryptor/password">' +
    `<p:encryptedKey spinCount="${spinCount}" saltSize="16" ${algorithm} saltValue="${base64(passwordSalt)}" ` +
    `encryptedVerifierHashInput="${base64(encryptedVerifierHashInput)}" encryptedVerifierHashValue="${base64(encryptedVerifierHashValue)}" ` +
    `encryptedKeyValue="${base64(encryptedKeyValue)}"/></keyEncryptor></keyEncryptors></encryption>`;
  const info = Buffer.concat([u16(4), u16(4), u32(0x40), Buffer.from(xml)]);
  return buildOleFile({ EncryptionInfo: info, EncryptedPackage: Buffer.concat(segments) });
}
