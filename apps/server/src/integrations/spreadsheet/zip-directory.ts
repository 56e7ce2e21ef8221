/**
 * A small reader of a zip's central directory, and the zip-bomb checks run on it before any workbook
 * reader (ooxml-sheet.ts, or SheetJS for .xlsb) sees the file.
 *
 * Why: SheetJS inflates every entry of an .xlsx up front, with no cap, trusting the sizes written in
 * the local headers. A 300 KB attachment can hold a 300 MB worksheet, and a crafted one can lie about
 * its sizes. So before parsing we (1) read the directory (refusing truncated or malformed zips),
 * (2) refuse declared sizes that are too big in total, or compressed beyond what any worksheet
 * compresses — the zip-bomb decision, made without inflating anything; a high ratio alone is no
 * alarm, repetitive sheets reach 100–200:1 — and (3) check that no entry lies about its size, by
 * inflating it with Node's native zlib capped at the size it declares (already accepted in step 2):
 * a lying entry stops at its cap instead of filling memory. Step 3 also finds damaged data before
 * SheetJS does. How many cells and how much text the sizes really hold is judged while reading
 * (CellBudget in table-rows.ts).
 */
import { inflateRawSync } from 'node:zlib';
import { SpreadsheetError } from './errors';
import { ZIP_LIMITS } from './limits';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  flags: number;
  compressedSize: number;
  /** The larger of the central directory's and the local header's declared size. */
  uncompressedSize: number;
  localHeaderOffset: number;
  /** Where the entry's (compressed) bytes start. */
  dataOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_EOCD_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const MAX32 = 0xffffffff;
const MAX16 = 0xffff;

export function readZipDirectory(buf: Buffer, fileName = 'The file'): ZipEntry[] {
  const corrupt = (why: string) =>
    new SpreadsheetError(
      'CORRUPT',
      `${fileName} is damaged or incomplete (${why}); ask the sender to send it again.`,
    );

  const eocd = findEndOfCentralDirectory(buf);
  if (eocd < 0) throw corrupt('the end of the zip archive is missing');
  if (buf.readUInt16LE(eocd + 4) !== 0 || buf.readUInt16LE(eocd + 6) !== 0) throw corrupt('multi-part zip');
  let count = buf.readUInt16LE(eocd + 10);
  let directorySize = buf.readUInt32LE(eocd + 12);
  let directoryOffset = buf.readUInt32LE(eocd + 16);
  let directoryLimit = eocd;

  if (count === MAX16 || directorySize === MAX32 || directoryOffset === MAX32) {
    const locator = eocd - 20;
    if (locator < 0 || buf.readUInt32LE(locator) !== ZIP64_EOCD_LOCATOR)
      throw corrupt('zip64 locator missing');
    const record = safeNumber(buf.readBigUInt64LE(locator + 8));
    if (record + 56 > locator || buf.readUInt32LE(record) !== ZIP64_EOCD)
      throw corrupt('zip64 record missing');
    count = safeNumber(buf.readBigUInt64LE(record + 32));
    directorySize = safeNumber(buf.readBigUInt64LE(record + 40));
    directoryOffset = safeNumber(buf.readBigUInt64LE(record + 48));
    directoryLimit = record;
  }
  if (directoryOffset + directorySize > directoryLimit) throw corrupt('the directory points past the end');
  if (count > ZIP_LIMITS.maxEntries) {
    throw new SpreadsheetError(
      'ZIP_BOMB',
      `${fileName} holds ${count} files; a workbook never holds that many.`,
    );
  }

  const entries: ZipEntry[] = [];
  let p = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > directoryLimit || buf.readUInt32LE(p) !== CENTRAL_HEADER)
      throw corrupt('bad directory entry');
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    let compressedSize = buf.readUInt32LE(p + 20);
    let uncompressedSize = buf.readUInt32LE(p + 24);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    let localHeaderOffset = buf.readUInt32LE(p + 42);
    const next = p + 46 + nameLength + extraLength + commentLength;
    if (next > directoryLimit) throw corrupt('bad directory entry');
    const name = buf.toString('utf8', p + 46, p + 46 + nameLength);
    const zip64 = readZip64Extra(buf, p + 46 + nameLength, extraLength, {
      uncompressed: uncompressedSize === MAX32,
      compressed: compressedSize === MAX32,
      offset: localHeaderOffset === MAX32,
    });
    uncompressedSize = zip64.uncompressed ?? uncompressedSize;
    compressedSize = zip64.compressed ?? compressedSize;
    localHeaderOffset = zip64.offset ?? localHeaderOffset;

    const l = localHeaderOffset;
    if (l + 30 > buf.length || buf.readUInt32LE(l) !== LOCAL_HEADER) throw corrupt(`no data for ${name}`);
    const localNameLength = buf.readUInt16LE(l + 26);
    const localExtraLength = buf.readUInt16LE(l + 28);
    const localCompressed = buf.readUInt32LE(l + 18);
    const localUncompressed = buf.readUInt32LE(l + 22);
    const localZip64 = readZip64Extra(buf, l + 30 + localNameLength, localExtraLength, {
      uncompressed: localUncompressed === MAX32,
      compressed: localCompressed === MAX32,
      offset: false,
    });
    const dataOffset = l + 30 + localNameLength + localExtraLength;
    if (dataOffset + compressedSize > buf.length) throw corrupt(`${name} is cut short`);

    if ((flags | buf.readUInt16LE(l + 6)) & 0x2041) {
      throw new SpreadsheetError(
        'ENCRYPTED',
        `${fileName} is a password-protected zip; ask for an unprotected copy.`,
      );
    }
    if (method !== 0 && method !== 8) throw corrupt(`unsupported compression method ${method} in ${name}`);

    entries.push({
      name,
      method,
      flags,
      compressedSize,
      uncompressedSize: Math.max(uncompressedSize, localZip64.uncompressed ?? localUncompressed),
      localHeaderOffset,
      dataOffset,
    });
    p = next;
  }
  return entries;
}

/**
 * Refuses zip bombs: too much declared data, a big entry compressed beyond any real worksheet, or
 * (verified with a capped inflate) an entry whose data inflates to more than it declares. Refuses as
 * CORRUPT an entry whose data cannot be inflated.
 *
 * `verify: false` skips the capped inflate of every entry, for a reader that inflates the parts it
 * reads with the same cap itself (ooxml-sheet.ts) and never touches the others; SheetJS inflates
 * everything without a cap, so the check must run before it.
 */
export function assertZipIsSafe(
  buf: Buffer,
  entries: readonly ZipEntry[],
  fileName = 'The file',
  { verify = true } = {},
): void {
  const bomb = (why: string) =>
    new SpreadsheetError(
      'ZIP_BOMB',
      `${fileName} was refused: ${why}. It looks like a zip bomb, not a workbook.`,
    );
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (total > ZIP_LIMITS.maxTotalUncompressedBytes) {
      throw bomb(`it would unpack to more than ${mb(ZIP_LIMITS.maxTotalUncompressedBytes)}`);
    }
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (entry.uncompressedSize >= ZIP_LIMITS.ratioCheckFromBytes && ratio > ZIP_LIMITS.maxRatio) {
      throw bomb(`${entry.name} is compressed ${Math.round(ratio)}:1 (${mb(entry.uncompressedSize)})`);
    }
  }

  if (!verify) return;
  for (const entry of entries) {
    if (entry.method !== 8) continue;
    const data = buf.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
    try {
      inflateRawSync(data, { maxOutputLength: Math.max(entry.uncompressedSize, 1) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        throw bomb(`${entry.name} inflates to more than the ${entry.uncompressedSize} bytes it declares`);
      }
      throw new SpreadsheetError('CORRUPT', `${fileName} is damaged (${entry.name} cannot be unpacked).`, {
        cause: error,
      });
    }
  }
}

function findEndOfCentralDirectory(buf: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const lowest = Math.max(0, buf.length - 22 - MAX16);
  for (let i = buf.length - 22; i >= lowest; i--) {
    if (buf.readUInt32LE(i) === EOCD && i + 22 + buf.readUInt16LE(i + 20) <= buf.length) return i;
  }
  return -1;
}

/** Zip64 extended information (header 0x0001): 8-byte values, present only for fields set to 0xFFFFFFFF. */
function readZip64Extra(
  buf: Buffer,
  start: number,
  length: number,
  wanted: { uncompressed: boolean; compressed: boolean; offset: boolean },
): { uncompressed?: number; compressed?: number; offset?: number } {
  const out: { uncompressed?: number; compressed?: number; offset?: number } = {};
  const end = Math.min(start + length, buf.length);
  let p = start;
  while (p + 4 <= end) {
    const id = buf.readUInt16LE(p);
    const size = buf.readUInt16LE(p + 2);
    if (id === 0x0001) {
      let q = p + 4;
      const take = () => {
        if (q + 8 > p + 4 + size || q + 8 > end) return undefined;
        const value = safeNumber(buf.readBigUInt64LE(q));
        q += 8;
        return value;
      };
      if (wanted.uncompressed) out.uncompressed = take();
      if (wanted.compressed) out.compressed = take();
      if (wanted.offset) out.offset = take();
      break;
    }
    p += 4 + size;
  }
  return out;
}

function safeNumber(value: bigint): number {
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

function mb(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}
