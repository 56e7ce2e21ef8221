/**
 * Single-pass RFC 4180 parser over decoded text. Every field is kept exactly as written (no trimming,
 * no number or date conversion), so item numbers like 000123 survive.
 *
 * - A field that starts with `"` is quoted: it may hold delimiters, line breaks and doubled quotes.
 *   Line breaks inside it come back as '\n' whatever the file used (CR LF, CR), as Excel reads them.
 *   Text between the closing quote and the next delimiter is kept (`"a"b` → `ab`), as Excel does.
 * - A quote inside an unquoted field is an ordinary character (`10" screw`).
 * - Rows end at CRLF, LF or a lone CR.
 * - A quoted field that never closes is refused (CORRUPT): the rest of the file would silently
 *   become one cell.
 * - Columns and rows are counted while parsing, so a hostile file is refused without building it.
 * - Blank rows (every field empty or spaces) come back as a single empty field; trailing ones are dropped.
 */
import { SpreadsheetError } from './errors';
import { isBlankRow, normaliseLineBreaks } from './table-rows';

export interface ParseCsvOptions {
  delimiter: string;
  /** Index in `text` where the data starts (after a `sep=` line). */
  start?: number;
  maxColumns: number;
  maxRows: number;
  /** Stop after this many rows (blank ones included): the rest of the text is not read. */
  firstRows?: number | null;
  /** Named in error messages. */
  fileName?: string;
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

export function parseCsv(text: string, options: ParseCsvOptions): string[][] {
  const { maxColumns, maxRows } = options;
  const firstRows = options.firstRows ?? null;
  const name = options.fileName ?? 'The file';
  const delimiter = options.delimiter.charCodeAt(0);
  const n = text.length;
  const rows: string[][] = [];
  let row: string[] = [];
  let i = options.start ?? 0;
  // Blank lines are only counted: they are materialised when a later row proves they are not
  // trailing, so ten million empty lines cost nothing.
  let pendingBlankRows = 0;

  while (i < n) {
    let field: string;
    let j = i;
    if (text.charCodeAt(i) === QUOTE) {
      let close = text.indexOf('"', i + 1);
      if (close === -1) throw unterminated(text, i, name);
      field = text.slice(i + 1, close);
      // Doubled quotes: keep one and look for the real closing quote.
      while (text.charCodeAt(close + 1) === QUOTE) {
        const from = close + 2;
        close = text.indexOf('"', from);
        if (close === -1) throw unterminated(text, i, name);
        field += `"${text.slice(from, close)}`;
      }
      j = close + 1;
      i = j;
      // Text after the closing quote, up to the delimiter, is kept (Excel does the same).
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === delimiter || c === LF || c === CR) break;
        j++;
      }
      if (j > i) field += text.slice(i, j);
      field = normaliseLineBreaks(field);
    } else {
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === delimiter || c === LF || c === CR) break;
        j++;
      }
      field = text.slice(i, j);
    }
    i = j;

    if (row.push(field) > maxColumns) {
      throw new SpreadsheetError(
        'TOO_MANY_COLUMNS',
        `${name} has more than ${maxColumns} columns on line ${countLines(text, i)}.`,
      );
    }
    if (i >= n) break;

    const c = text.charCodeAt(i);
    if (c === delimiter) {
      i++;
      // A delimiter at the very end opens one last, empty field.
      if (i === n) row.push('');
      continue;
    }
    i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    if (isBlankRow(row)) {
      pendingBlankRows++;
    } else {
      if (rows.length + pendingBlankRows >= maxRows) throw tooManyRows(name, maxRows);
      for (; pendingBlankRows > 0; pendingBlankRows--) rows.push(['']);
      rows.push(row);
    }
    row = [];
    if (firstRows !== null && rows.length + pendingBlankRows >= firstRows) {
      rows.length = Math.min(rows.length, firstRows);
      return rows;
    }
  }
  if (row.length > 0 && !isBlankRow(row)) {
    if (rows.length + pendingBlankRows >= maxRows) throw tooManyRows(name, maxRows);
    for (; pendingBlankRows > 0; pendingBlankRows--) rows.push(['']);
    rows.push(row);
  }
  return rows;
}

function unterminated(text: string, opening: number, name: string): SpreadsheetError {
  return new SpreadsheetError(
    'CORRUPT',
    `${name} has a quoted field on line ${countLines(text, opening)} that is never closed; the file is cut or malformed.`,
  );
}

function tooManyRows(name: string, maxRows: number): SpreadsheetError {
  return new SpreadsheetError('TOO_MANY_ROWS', `${name} has more than ${maxRows} rows.`);
}

/** 1-based line number of a position, for messages. */
function countLines(text: string, position: number): number {
  let line = 1;
  for (let i = 0; i < position && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) line++;
  }
  return line;
}
