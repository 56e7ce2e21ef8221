/**
 * The shape every reader returns: rows from the first row of the file/sheet (so that a caller's
 * 0-based header row index means the same row the user sees), blank rows kept in place but dropped
 * at the end, and every row padded to the same width — the last column that holds a value anywhere.
 */
import { SpreadsheetError } from './errors';
import type { Limits } from './limits';

/** A row whose every cell is empty or only spaces. */
export function isBlankRow(row: readonly string[]): boolean {
  for (let c = 0; c < row.length; c++) if (!isBlankCell(row[c]!)) return false;
  return true;
}

function isBlankCell(cell: string): boolean {
  // Usually decided by the first character; trim() only for cells that start with a space.
  return cell === '' || (cell.charCodeAt(0) <= 0x20 && cell.trim() === '');
}

export function finishRows(rows: string[][], limits: Limits, fileName: string): string[][] {
  let end = rows.length;
  while (end > 0 && isBlankRow(rows[end - 1]!)) end--;
  rows.length = end;
  if (end === 0) throw new SpreadsheetError('EMPTY', `${fileName} contains no data.`);
  if (end > limits.maxRows) {
    throw new SpreadsheetError('TOO_MANY_ROWS', `${fileName} has more than ${limits.maxRows} rows.`);
  }

  let width = 0;
  for (let r = 0; r < end; r++) {
    const row = rows[r]!;
    if (isBlankRow(row)) {
      rows[r] = [];
      continue;
    }
    let last = row.length - 1;
    while (last >= width && isBlankCell(row[last]!)) last--;
    if (last + 1 > width) width = last + 1;
  }
  if (width > limits.maxColumns) {
    throw new SpreadsheetError('TOO_MANY_COLUMNS', `${fileName} has more than ${limits.maxColumns} columns.`);
  }
  if (end * width > limits.maxCells) {
    throw new SpreadsheetError(
      'TOO_LARGE',
      `${fileName} is too large: ${end} rows × ${width} columns is more than ${limits.maxCells} cells.`,
    );
  }

  for (const row of rows) {
    if (row.length > width) row.length = width;
    else while (row.length < width) row.push('');
  }
  return rows;
}

/** Every line break in cell text as '\n': CR LF (Windows text, XML written on Windows) and lone CR. */
export function normaliseLineBreaks(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/**
 * Counts the cells and the characters of cell text a reader produces, and refuses the file as soon as
 * either passes its limit: an .xlsx can repeat one long shared string in every cell, which costs the
 * reader nothing but would cost every caller billions of characters.
 */
export class CellBudget {
  private cells = 0;
  private chars = 0;

  constructor(
    private readonly limits: Limits,
    private readonly fileName: string,
  ) {}

  add(text: string): void {
    this.chars += text.length;
    if (this.chars > this.limits.maxTextChars) {
      throw new SpreadsheetError(
        'TOO_MUCH_TEXT',
        `${this.fileName} was refused: its cells hold more than ${this.limits.maxTextChars.toLocaleString('en-US')} characters of text, more than any real sheet of its size.`,
      );
    }
    if (++this.cells > this.limits.maxCells) {
      throw new SpreadsheetError(
        'TOO_LARGE',
        `${this.fileName} is too large: it has more than ${this.limits.maxCells.toLocaleString('en-US')} cells.`,
      );
    }
  }
}
