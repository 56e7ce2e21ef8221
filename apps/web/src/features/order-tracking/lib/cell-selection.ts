/**
 * Range cell selection in the grid (docs/behaviour/order-tracking.md#cell-selection). Cells are addressed by row index on the current page and
 * column id. Double-click selects one cell and makes it the anchor. Shift-click on a cell in the anchor's
 * column selects that whole column (every row on the page); shift-click anywhere else selects the rectangle
 * between the anchor and the clicked cell. Shift-click on a column header removes that column from the
 * selection. Ctrl/Cmd+C copies the selection as tab-separated columns and newline-separated rows.
 */

import { guardFormulaField } from '@app/contracts';

export interface CellRef {
  row: number;
  col: string;
}

export interface CellSelection {
  anchor: CellRef | null;
  cells: ReadonlySet<string>;
}

export const EMPTY_SELECTION: CellSelection = { anchor: null, cells: new Set() };

const SEPARATOR = '|';
export const cellKey = (row: number, col: string) => `${row}${SEPARATOR}${col}`;

function parseKey(key: string): CellRef {
  const at = key.indexOf(SEPARATOR);
  return { row: Number(key.slice(0, at)), col: key.slice(at + 1) };
}

export function selectCell(cell: CellRef): CellSelection {
  return { anchor: cell, cells: new Set([cellKey(cell.row, cell.col)]) };
}

export function extendSelection(
  selection: CellSelection,
  target: CellRef,
  columns: readonly string[],
  rowCount: number,
): CellSelection {
  const { anchor } = selection;
  const anchorColumn = anchor ? columns.indexOf(anchor.col) : -1;
  const targetColumn = columns.indexOf(target.col);
  if (!anchor || anchorColumn < 0 || anchor.row >= rowCount || targetColumn < 0) return selectCell(target);
  const cells = new Set<string>();
  if (anchorColumn === targetColumn) {
    for (let row = 0; row < rowCount; row += 1) cells.add(cellKey(row, target.col));
    return { anchor, cells };
  }
  const [top, bottom] = [Math.min(anchor.row, target.row), Math.max(anchor.row, target.row)];
  const [left, right] = [Math.min(anchorColumn, targetColumn), Math.max(anchorColumn, targetColumn)];
  for (let row = top; row <= bottom; row += 1)
    for (let col = left; col <= right; col += 1) cells.add(cellKey(row, columns[col]!));
  return { anchor, cells };
}

export function deselectColumn(selection: CellSelection, col: string): CellSelection {
  const cells = new Set([...selection.cells].filter((key) => parseKey(key).col !== col));
  if (cells.size === selection.cells.size) return selection;
  return { anchor: cells.size > 0 ? selection.anchor : null, cells };
}

export const isCellSelected = (selection: CellSelection, row: number, col: string) =>
  selection.cells.has(cellKey(row, col));

/**
 * Per row, the selected column ids as one string ('' when none). Rows compare it to skip re-rendering, so a
 * change of selection re-renders only the rows it touches.
 */
export function selectedColumnsByRow(selection: CellSelection): Map<number, string> {
  const byRow = new Map<number, string[]>();
  for (const key of selection.cells) {
    const { row, col } = parseKey(key);
    const list = byRow.get(row);
    if (list) list.push(col);
    else byRow.set(row, [col]);
  }
  return new Map([...byRow].map(([row, cols]) => [row, cols.sort().join(SEPARATOR)]));
}

export const splitSelectedColumns = (signature: string): ReadonlySet<string> =>
  new Set(signature ? signature.split(SEPARATOR) : []);

/**
 * A cell's text on one line (tabs and line breaks would split the copied table), with the export's formula
 * guard: a pasted `=HYPERLINK(…)`, or `x;=cmd…` in a locale that splits on `;`, must stay text
 * (docs/design/security.md#spreadsheet-formulas).
 */
const copiedCell = (text: string) => guardFormulaField(text.replace(/[\t\r\n]+/g, ' ')).text;

/**
 * The copied text: the selected rows top to bottom, the selected columns in their on-screen order. A cell inside
 * that frame but not selected is left empty. Columns no longer on screen are ignored.
 */
export function buildTsv(
  selection: CellSelection,
  columns: readonly string[],
  rowCount: number,
  textOf: (row: number, col: string) => string,
): string {
  const refs = [...selection.cells].map(parseKey).filter((ref) => ref.row < rowCount);
  const selectedColumns = new Set(refs.map((ref) => ref.col));
  const cols = columns.filter((col) => selectedColumns.has(col));
  if (cols.length === 0) return '';
  const rows = [...new Set(refs.filter((ref) => selectedColumns.has(ref.col)).map((ref) => ref.row))].sort(
    (a, b) => a - b,
  );
  return rows
    .map((row) =>
      cols
        .map((col) => (selection.cells.has(cellKey(row, col)) ? copiedCell(textOf(row, col)) : ''))
        .join('\t'),
    )
    .join('\n');
}

export function countSelectedCells(selection: CellSelection, columns: readonly string[], rowCount: number) {
  const shown = new Set(columns);
  return [...selection.cells].map(parseKey).filter((ref) => ref.row < rowCount && shown.has(ref.col)).length;
}

export type FocusKey =
  | 'ArrowUp'
  | 'ArrowDown'
  | 'ArrowLeft'
  | 'ArrowRight'
  | 'Home'
  | 'End'
  | 'PageUp'
  | 'PageDown';

export const isFocusKey = (key: string): key is FocusKey =>
  ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'].includes(key);

/** Keyboard movement between cells (a roving tab stop): arrows, Home/End in the row, PageUp/PageDown by 10. */
export function moveFocus(
  cell: CellRef,
  key: FocusKey,
  columns: readonly string[],
  rowCount: number,
): CellRef {
  if (columns.length === 0 || rowCount === 0) return cell;
  const col = Math.max(0, columns.indexOf(cell.col));
  const clampRow = (row: number) => Math.min(Math.max(row, 0), rowCount - 1);
  const clampCol = (index: number) => columns[Math.min(Math.max(index, 0), columns.length - 1)]!;
  switch (key) {
    case 'ArrowUp':
      return { row: clampRow(cell.row - 1), col: clampCol(col) };
    case 'ArrowDown':
      return { row: clampRow(cell.row + 1), col: clampCol(col) };
    case 'ArrowLeft':
      return { row: clampRow(cell.row), col: clampCol(col - 1) };
    case 'ArrowRight':
      return { row: clampRow(cell.row), col: clampCol(col + 1) };
    case 'Home':
      return { row: clampRow(cell.row), col: clampCol(0) };
    case 'End':
      return { row: clampRow(cell.row), col: clampCol(columns.length - 1) };
    case 'PageUp':
      return { row: clampRow(cell.row - 10), col: clampCol(col) };
    case 'PageDown':
      return { row: clampRow(cell.row + 10), col: clampCol(col) };
  }
}
