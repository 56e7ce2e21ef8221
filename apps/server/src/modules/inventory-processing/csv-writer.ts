/**
 * Writes delimited text in the dialect a file was read in (`Table.delimiter`, `lineBreak`, `encoding`,
 * `bom`), so a generated or modified CSV opens in the retailer's system exactly like the file it copies.
 */
import iconv from 'iconv-lite';
import type { Table, TextEncodingName } from '../../integrations/spreadsheet';
import { decodeAs } from '../../integrations/spreadsheet/decode-text';

export interface CsvDialect {
  delimiter: string;
  lineBreak: string;
  encoding: TextEncodingName;
  bom: boolean;
  /** Excel's `sep=;` first line, when the original had one. */
  sepLine: string | null;
  /** Whether the last row ends with a line break. */
  trailingLineBreak: boolean;
}

/** The dialect of a CSV table and its bytes; defaults are what Excel writes (comma, CRLF, UTF-8). */
export function csvDialectOf(table: Table, content: Buffer): CsvDialect {
  const encoding = table.encoding ?? 'utf-8';
  const head = decodeHead(content, encoding, table.bom ?? false);
  const sep = /^sep=.[ \t]*(?=\r\n|\n|\r)/i.exec(head);
  const end = content.subarray(Math.max(0, content.length - 2));
  const trailingLineBreak =
    encoding === 'utf-16be'
      ? end[1] === 0x0a || end[1] === 0x0d
      : end.includes(0x0a) || end.includes(0x0d) || content.length === 0;
  return {
    delimiter: table.delimiter ?? ',',
    lineBreak: table.lineBreak ?? '\r\n',
    encoding,
    bom: table.bom ?? false,
    sepLine: sep ? sep[0] : null,
    trailingLineBreak,
  };
}

function decodeHead(content: Buffer, encoding: TextEncodingName, bom: boolean): string {
  const skip = bom ? (BOMS[encoding]?.length ?? 0) : 0;
  return decodeAs(encoding, content.subarray(skip, skip + 64));
}

function quoteCell(cell: string, delimiter: string): string {
  if (cell === '') return cell;
  const needsQuotes =
    cell.includes(delimiter) ||
    cell.includes('"') ||
    cell.includes('\n') ||
    cell.includes('\r') ||
    cell.startsWith(' ') ||
    cell.endsWith(' ');
  return needsQuotes ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** The rows as text in the dialect, then encoded (with the byte-order mark when the original had one). */
export function writeCsv(rows: readonly (readonly string[])[], dialect: CsvDialect): Buffer {
  const lines = new Array<string>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    let line = '';
    for (let c = 0; c < row.length; c++) {
      if (c > 0) line += dialect.delimiter;
      line += quoteCell(row[c] ?? '', dialect.delimiter);
    }
    lines[r] = line;
  }
  let text = lines.join(dialect.lineBreak);
  if (dialect.trailingLineBreak && rows.length > 0) text += dialect.lineBreak;
  if (dialect.sepLine) text = `${dialect.sepLine}${dialect.lineBreak}${text}`;
  return encodeText(text, dialect.encoding, dialect.bom);
}

/** Windows-1252 bytes 0x80–0x9F (WHATWG), reversed; other characters up to U+00FF are their own byte. */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
const TO_1252 = new Map<number, number>(
  [...WINDOWS_1252_HIGH].map((char, i) => [char.charCodeAt(0), 0x80 + i]),
);

export function encodeText(text: string, encoding: TextEncodingName, bom: boolean): Buffer {
  switch (encoding) {
    case 'utf-16le': {
      const body = Buffer.from(text, 'utf16le');
      return bom ? Buffer.concat([Buffer.from([0xff, 0xfe]), body]) : body;
    }
    case 'utf-16be': {
      const body = Buffer.from(text, 'utf16le').swap16();
      return bom ? Buffer.concat([Buffer.from([0xfe, 0xff]), body]) : body;
    }
    case 'windows-1252': {
      const bytes = Buffer.alloc(text.length);
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        // Characters Windows-1252 cannot hold become '?', as Excel's "CSV" export does.
        bytes[i] = code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : (TO_1252.get(code) ?? 0x3f);
      }
      return bytes;
    }
    case 'utf-8': {
      const body = Buffer.from(text, 'utf8');
      return bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
    }
    default: {
      // UTF-32 and the legacy encodings (Shift_JIS, Windows-1250, ...); what one cannot hold becomes '?'.
      const body = iconv.encode(text, encoding);
      const mark = bom ? BOMS[encoding] : undefined;
      return mark ? Buffer.concat([mark, body]) : body;
    }
  }
}

/** The byte-order marks a written file may start with, as the file it copies did. */
const BOMS: Partial<Record<TextEncodingName, Buffer>> = {
  'utf-8': Buffer.from([0xef, 0xbb, 0xbf]),
  'utf-16le': Buffer.from([0xff, 0xfe]),
  'utf-16be': Buffer.from([0xfe, 0xff]),
  'utf-32le': Buffer.from([0xff, 0xfe, 0x00, 0x00]),
  'utf-32be': Buffer.from([0x00, 0x00, 0xfe, 0xff]),
};
