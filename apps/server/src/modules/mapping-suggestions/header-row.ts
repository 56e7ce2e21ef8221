/**
 * Which row holds the headers, if any. Files often open with a title, a blank row, or a "Generated on …" line;
 * some have no header at all. A row is the header when its cells read as labels (words, not dates, numbers or
 * tracking numbers), it is about as wide as the rows under it, and the values under it differ in kind from
 * the labels; words a field catalogue knows make it surer. docs/design/mapping-suggestions.md#header-row
 */
import { recogniseTrackingNumber } from '@app/contracts';
import { parseDateCell } from '../../integrations/spreadsheet';

/**
 * An X12 element id: a segment id of two or three characters and a two-digit position (`W0606`, `MAN02`),
 * maybe with its qualifier (`REF02_CN`, `DTM02-011`).
 */
export const X12_ELEMENT_ID = /^[A-Z][A-Z0-9]{1,2}\d{2}(?:[_-][A-Z0-9]{2,3})?$/;

/** How many rows from the top a header may be found in. */
export const HEADER_SEARCH_ROWS = 30;
/** Below this a row is not taken for a header: the file is read as having none. */
const HEADER_THRESHOLD = 0.5;

export interface HeaderRowChoice {
  fileHasHeader: boolean;
  headerRowIndex: number | null;
  /** The first row of data: after the header, or the first non-blank row. */
  firstDataRow: number;
}

function filled(row: readonly string[] | undefined): string[] {
  return (row ?? []).map((cell) => cell.trim()).filter((cell) => cell !== '');
}

/** A cell that reads like a column's label. */
export function isLabelLike(cell: string): boolean {
  if (cell.length > 60 || !/\p{L}/u.test(cell)) return false;
  if (parseDateCell(cell) !== null) return false;
  if (cell.length >= 10 && recogniseTrackingNumber(cell).confidence === 'high') return false;
  const digits = cell.replace(/\D/g, '').length;
  return digits / cell.length < 0.3;
}

/** A cell that reads like data: a number, a date, a code with digits. */
function isDataLike(cell: string): boolean {
  return /\d/.test(cell) && !isLabelLike(cell);
}

/**
 * `knownHeader(cell)`: whether a field's synonyms recognise the cell (0–1), given by the caller so that this
 * module needs no catalogue.
 */
export function chooseHeaderRow(
  rows: readonly (readonly string[])[],
  knownHeader: (cell: string) => number,
): HeaderRowChoice {
  const firstFilled = rows.findIndex((row) => filled(row).length > 0);
  if (firstFilled < 0) return { fileHasHeader: false, headerRowIndex: null, firstDataRow: 0 };
  let best = { index: -1, score: 0 };
  const last = Math.min(rows.length, firstFilled + HEADER_SEARCH_ROWS);
  for (let r = firstFilled; r < last; r++) {
    const cells = filled(rows[r]);
    if (cells.length < 2 && !(cells.length === 1 && rowsAreOneColumn(rows, r))) continue;
    const below: (readonly string[])[] = [];
    for (let k = r + 1; k < rows.length && below.length < 20; k++)
      if (filled(rows[k]).length > 0) below.push(rows[k]!);
    if (below.length === 0) continue;
    const widths = below.map((row) => filled(row).length).sort((a, b) => a - b);
    const typicalWidth = widths[Math.floor(widths.length / 2)]!;
    if (cells.length < Math.max(1, Math.ceil(typicalWidth * 0.6))) continue;
    if (new Set(cells.map((cell) => cell.toLowerCase())).size < cells.length * 0.8) continue;
    // EDI flat files name columns by X12 element id (`W0606`, `MAN02`): labels too, when enough of them are
    // ids the catalogue knows (a row of short codes in data would not be).
    // The catalogue is asked only about rows that may be the header: data rows are many and cost.
    const knownShare = () => cells.reduce((sum, cell) => sum + knownHeader(cell), 0) / cells.length;
    const ids = cells.filter((cell) => X12_ELEMENT_ID.test(cell)).length;
    let known = ids >= cells.length * 0.5 ? knownShare() : null;
    const idsAreLabels = known !== null && known >= 0.4;
    const labelLike = (cell: string) => isLabelLike(cell) || (idsAreLabels && X12_ELEMENT_ID.test(cell));
    const labels = cells.filter(labelLike).length / cells.length;
    if (labels < 0.7) continue;
    known ??= knownShare();
    // Columns where the label is words but the values under it are data.
    const row = rows[r]!;
    let contrasted = 0;
    let columns = 0;
    for (let c = 0; c < row.length; c++) {
      const label = row[c]!.trim();
      if (label === '') continue;
      const values = below.map((other) => (other[c] ?? '').trim()).filter((value) => value !== '');
      if (values.length === 0) continue;
      columns++;
      const data = values.filter(isDataLike).length / values.length;
      if (labelLike(label) && data >= 0.5) contrasted++;
    }
    const contrast = columns === 0 ? 0 : contrasted / columns;
    const score = 0.35 * labels + 0.4 * known + 0.25 * contrast + (known > 0 || contrast > 0 ? 0.1 : 0);
    if (score > best.score + 0.05) best = { index: r, score };
  }
  if (best.index < 0 || best.score < HEADER_THRESHOLD) {
    return { fileHasHeader: false, headerRowIndex: null, firstDataRow: firstFilled };
  }
  return { fileHasHeader: true, headerRowIndex: best.index, firstDataRow: best.index + 1 };
}

/** A file of one column (a plain list of tracking numbers) may have a one-cell header. */
function rowsAreOneColumn(rows: readonly (readonly string[])[], from: number): boolean {
  for (let r = from + 1; r < Math.min(rows.length, from + 10); r++)
    if (filled(rows[r]).length > 1) return false;
  return true;
}
