/**
 * What a file is, from its first bytes and its name.
 *
 * Magic bytes decide first: a zip is an .xlsx (OOXML), an OLE compound file is an .xls (BIFF) — or an
 * encrypted .xlsx, which Office also stores as an OLE file, so an OLE file named .xlsx stays .xlsx.
 * Excel 2.x–4.0 files are a bare BIFF stream, no container: they start with a BOF record.
 * Known non-spreadsheet formats (PDF, images, archives) are never a spreadsheet. Anything else is
 * judged by its extension: .csv, .txt and .tsv are delimited text.
 */
import type { SpreadsheetFileType } from '@app/contracts';

export type SpreadsheetType = SpreadsheetFileType;

export type ContentKind =
  | { kind: 'zip' }
  | { kind: 'ole' }
  /** A BIFF record stream outside any container: Excel 2.x, 3.0 and 4.0 worksheets. */
  | { kind: 'biff' }
  /** A known format that is not a spreadsheet; `what` names it for messages ("a PDF document"). */
  | { kind: 'foreign'; what: string }
  /** No known signature: text, or an unknown binary (told apart once decoded). */
  | { kind: 'other' };

const SIGNATURES: readonly { bytes: readonly number[]; kind: ContentKind }[] = [
  { bytes: [0x50, 0x4b, 0x03, 0x04], kind: { kind: 'zip' } },
  { bytes: [0x50, 0x4b, 0x05, 0x06], kind: { kind: 'zip' } }, // empty archive
  { bytes: [0x50, 0x4b, 0x07, 0x08], kind: { kind: 'zip' } }, // spanned archive marker
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], kind: { kind: 'ole' } },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], kind: { kind: 'foreign', what: 'a PDF document' } },
  { bytes: [0x89, 0x50, 0x4e, 0x47], kind: { kind: 'foreign', what: 'a PNG image' } },
  { bytes: [0xff, 0xd8, 0xff], kind: { kind: 'foreign', what: 'a JPEG image' } },
  { bytes: [0x47, 0x49, 0x46, 0x38], kind: { kind: 'foreign', what: 'a GIF image' } },
  { bytes: [0x49, 0x49, 0x2a, 0x00], kind: { kind: 'foreign', what: 'a TIFF image' } },
  { bytes: [0x4d, 0x4d, 0x00, 0x2a], kind: { kind: 'foreign', what: 'a TIFF image' } },
  { bytes: [0x1f, 0x8b], kind: { kind: 'foreign', what: 'a gzip archive' } },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], kind: { kind: 'foreign', what: 'a 7-Zip archive' } },
  { bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], kind: { kind: 'foreign', what: 'a RAR archive' } },
  { bytes: [0x7b, 0x5c, 0x72, 0x74, 0x66], kind: { kind: 'foreign', what: 'an RTF document' } },
];

export function sniffContent(content: Uint8Array): ContentKind {
  for (const signature of SIGNATURES) {
    if (signature.bytes.every((byte, i) => content[i] === byte)) return signature.kind;
  }
  if (isBiffStream(content)) return { kind: 'biff' };
  return { kind: 'other' };
}

/** BOF record types of BIFF2, 3, 4 and 5/8, and the sub-stream types a BOF announces. */
const BOF_TYPES = new Set([0x0009, 0x0209, 0x0409, 0x0809]);
const SUBSTREAM_TYPES = new Set([0x0005, 0x0010, 0x0020, 0x0040, 0x0100]);

/**
 * A bare BIFF stream: a BOF record (4 to 20 bytes) that announces a workbook, worksheet, chart or macro
 * sheet. Text never starts like this: its second byte would be a zero, its length field absurd.
 */
function isBiffStream(content: Uint8Array): boolean {
  if (content.length < 8) return false;
  const type = content[0]! | (content[1]! << 8);
  const length = content[2]! | (content[3]! << 8);
  if (!BOF_TYPES.has(type) || length < 4 || length > 20 || content.length < 4 + length) return false;
  return SUBSTREAM_TYPES.has(content[6]! | (content[7]! << 8));
}

/** The spreadsheet type an extension names, or null. `.txt`/`.tsv` are delimited text. */
export function typeFromFileName(fileName: string): SpreadsheetType | null {
  const match = /\.([a-z0-9]+)$/i.exec(fileName.trim());
  switch (match?.[1]?.toLowerCase()) {
    case 'csv':
    case 'txt':
    case 'tsv':
      return '.csv';
    case 'xls':
      return '.xls';
    case 'xlsx':
      return '.xlsx';
    default:
      return null;
  }
}

/**
 * The spreadsheet type of a file: by magic bytes first (zip → .xlsx, OLE → .xls), then by extension;
 * null for a known non-spreadsheet (PDF, image, archive) or an unknown extension. A cheap hint for
 * choosing an attachment: `readTable` still checks the whole file.
 */
export function detectType(content: Uint8Array, fileName: string): SpreadsheetType | null {
  const sniffed = sniffContent(content);
  const byName = typeFromFileName(fileName);
  switch (sniffed.kind) {
    case 'zip':
      return '.xlsx';
    case 'ole':
      return byName === '.xlsx' ? '.xlsx' : '.xls';
    case 'biff':
      return '.xls';
    case 'foreign':
      return null;
    default:
      return byName;
  }
}
