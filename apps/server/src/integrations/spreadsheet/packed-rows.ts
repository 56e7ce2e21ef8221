/**
 * A table's rows as they cross from the reader process to the server's event loop.
 *
 * Why not send `string[][]`: the server would deserialise millions of small strings in one go, and that
 * is the very event-loop stall the reader process exists to avoid (a 400,000-row file: about a second).
 * Packed, a part of the rows is one string and a table of where each cell ends, both copied as blocks; the
 * reader sends a table in parts of 50,000 cells (table-worker.ts), and the server cuts the cells out row by
 * row, giving the event loop a turn every few milliseconds.
 */

export interface PackedRows {
  /** Every cell's text, one after the other, row by row. */
  text: string;
  /** Where each cell ends in `text` (rows × width entries). */
  ends: Uint32Array;
  rowCount: number;
  width: number;
}

/** Rows of equal width (finishRows' shape) → one string and the cells' end offsets. */
export function packRows(rows: readonly (readonly string[])[]): PackedRows {
  const rowCount = rows.length;
  const width = rowCount === 0 ? 0 : rows[0]!.length;
  const cells = new Array<string>(rowCount * width);
  const ends = new Uint32Array(rowCount * width);
  let offset = 0;
  let i = 0;
  for (const row of rows) {
    for (let c = 0; c < width; c++) {
      const cell = row[c] ?? '';
      cells[i] = cell;
      offset += cell.length;
      ends[i++] = offset;
    }
  }
  return { text: cells.join(''), ends, rowCount, width };
}

/** How long the main thread may cut cells before it lets other work run. */
const SLICE_MS = 4;

/** The rows back, built in slices of a few milliseconds so that requests keep being answered meanwhile. */
export async function unpackRows(packed: PackedRows): Promise<string[][]> {
  const { text, ends, rowCount, width } = packed;
  const rows = new Array<string[]>(rowCount);
  let start = 0;
  let i = 0;
  let sliceStarted = performance.now();
  for (let r = 0; r < rowCount; r++) {
    const row = new Array<string>(width);
    for (let c = 0; c < width; c++) {
      const end = ends[i++]!;
      row[c] = end === start ? '' : text.slice(start, end);
      start = end;
    }
    rows[r] = row;
    if ((r & 255) === 255 && performance.now() - sliceStarted > SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStarted = performance.now();
    }
  }
  return rows;
}
