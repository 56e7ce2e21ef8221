/**
 * Excel 2.x worksheets (BIFF2) whose cells are written in the records of BIFF3–5: LABEL (0x0204), NUMBER
 * (0x0203), BOOLERR (0x0205), BLANK (0x0201), RK (0x027E), as some generators of Excel 2.1 files write them.
 * Excel and LibreOffice read them; SheetJS reads every record of a BIFF2 stream by BIFF2's layouts, so such
 * a sheet's text came out empty (a sheet of labels was refused as empty) and a NUMBER made it unreadable.
 *
 * The later records differ from BIFF2's own (0x0004, 0x0003, 0x0005, 0x0001) only in their cell header and
 * text length: a 16-bit XF index where BIFF2 has three attribute bytes, a 16-bit length where BIFF2 has
 * one byte. Each is rewritten into BIFF2's form before SheetJS reads the stream; an RK number becomes
 * BIFF2's 8-byte NUMBER. A FORMULA (0x0206, whose tokens BIFF2 would read differently) becomes the value
 * record of its cached result, a text result taken from the STRING record (0x0207) after it: the reader
 * keeps only results anyway. Text stays in the file's code page, which SheetJS then decodes.
 */

const BIFF2_BOF = 0x0009;
const EOF = 0x000a;
/** BIFF2 has 6 bits for a cell's XF index; 63 means "an IXFE record gives it", which is not written here. */
const MAX_BIFF2_XF = 62;
/** The longest cell text of BIFF2–5 (Excel's limit before Excel 97), all a BIFF2 length byte can say. */
const MAX_TEXT = 255;

/** A bare BIFF2 stream with its BIFF3–5 cell records in BIFF2's form; any other stream as it is. */
export function withBiff2CellRecords(stream: Buffer): Buffer {
  if (stream.length < 4 || stream.readUInt16LE(0) !== BIFF2_BOF) return stream;
  const parts: Buffer[] = [];
  let copiedTo = 0;
  let p = 0;
  while (p + 4 <= stream.length) {
    const type = stream.readUInt16LE(p);
    const size = stream.readUInt16LE(p + 2);
    const end = Math.min(stream.length, p + 4 + size);
    let rewritten = biff2Record(type, stream.subarray(p + 4, end));
    let next = end;
    if (type === FORMULA) {
      const result = formulaResult(stream, p + 4, end);
      rewritten = result.record;
      next = result.end;
    }
    if (rewritten) {
      parts.push(stream.subarray(copiedTo, p), rewritten);
      copiedTo = next;
    }
    p = next;
    if (type === EOF) break;
  }
  if (parts.length === 0) return stream;
  parts.push(stream.subarray(copiedTo));
  return Buffer.concat(parts);
}

const FORMULA = 0x0206;
const STRING_RECORDS = new Set([0x0207, 0x0007]);

/**
 * A FORMULA record's cached result as a BIFF2 value record, and where the stream goes on (after the
 * STRING record that holds a text result). Null: a record too short to read, kept as it is.
 */
function formulaResult(stream: Buffer, start: number, end: number): { record: Buffer | null; end: number } {
  const data = stream.subarray(start, end);
  if (data.length < 14) return { record: null, end };
  const header = cellHeader(data);
  if (data.readUInt16LE(12) !== 0xffff)
    return { record: record(0x0003, ...header, data.subarray(6, 14)), end };
  switch (data[6]) {
    case 1: // boolean
    case 2: // error code
      return { record: record(0x0005, ...header, Buffer.from([data[8]!, data[6] === 2 ? 1 : 0])), end };
    case 0: {
      // text: in the STRING record that follows (BIFF3–5: a 16-bit length; BIFF2: 8-bit)
      if (end + 4 > stream.length || !STRING_RECORDS.has(stream.readUInt16LE(end))) break;
      const stringType = stream.readUInt16LE(end);
      const stringEnd = Math.min(stream.length, end + 4 + stream.readUInt16LE(end + 2));
      const lengthBytes = stringType === 0x0007 ? 1 : 2;
      if (stringEnd < end + 4 + lengthBytes) break;
      const length = lengthBytes === 1 ? stream[end + 4]! : stream.readUInt16LE(end + 4);
      const textStart = end + 4 + lengthBytes;
      const text = stream.subarray(textStart, Math.min(stringEnd, textStart + length, textStart + MAX_TEXT));
      return { record: record(0x0004, ...header, Buffer.from([text.length]), text), end: stringEnd };
    }
    default:
      break;
  }
  // An empty text result, or one whose STRING record is missing: an empty cell, as Excel shows it.
  return { record: record(0x0001, ...header), end };
}

/** A BIFF3–5 cell's row and column, and BIFF2's three attribute bytes for its XF index. */
function cellHeader(data: Buffer): [Buffer, Buffer] {
  const xf = data.readUInt16LE(4);
  return [data.subarray(0, 4), Buffer.from([xf <= MAX_BIFF2_XF ? xf : 0, 0, 0])];
}

/** BIFF2's form of a BIFF3–5 cell record, or null for any other record (kept as it is). */
function biff2Record(type: number, data: Buffer): Buffer | null {
  if (data.length < 6) return null;
  const [where, attributes] = cellHeader(data);
  switch (type) {
    case 0x0201: // BLANK
      return record(0x0001, where, attributes);
    case 0x0203: // NUMBER
      return data.length < 14 ? null : record(0x0003, where, attributes, data.subarray(6, 14));
    case 0x0205: // BOOLERR: value, is-error
      return data.length < 8 ? null : record(0x0005, where, attributes, data.subarray(6, 8));
    case 0x027e: {
      // RK: a 30-bit integer or the high 30 bits of a double, optionally divided by 100
      if (data.length < 10) return null;
      const number = Buffer.alloc(8);
      number.writeDoubleLE(rkNumber(data.readUInt32LE(6)));
      return record(0x0003, where, attributes, number);
    }
    case 0x0204: {
      if (data.length < 8) return null;
      const text = data.subarray(8, 8 + Math.min(data.readUInt16LE(6), MAX_TEXT));
      return record(0x0004, where, attributes, Buffer.from([text.length]), text);
    }
    default:
      return null;
  }
}

function rkNumber(rk: number): number {
  let value: number;
  if (rk & 0x02) value = rk >> 2;
  else {
    const bytes = Buffer.alloc(8);
    bytes.writeUInt32LE((rk & 0xfffffffc) >>> 0, 4);
    value = bytes.readDoubleLE(0);
  }
  return rk & 0x01 ? value / 100 : value;
}

function record(type: number, ...parts: Buffer[]): Buffer {
  const data = Buffer.concat(parts);
  const header = Buffer.alloc(4);
  header.writeUInt16LE(type, 0);
  header.writeUInt16LE(data.length, 2);
  return Buffer.concat([header, data]);
}
