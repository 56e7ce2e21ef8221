/**
 * The grid's column order and the page's empty columns (docs/behaviour/order-tracking.md#column-order). Beyond
 * the spec: the user drags columns in the settings menu and the order is saved with the column settings; the
 * spec's order applies to every column the saved order does not name, so a saved [] is the spec's grid.
 */
import {
  GRID_COLUMN_IDS,
  GRID_COLUMNS,
  type GridColumn,
  type GridColumnId,
  type GridRow,
  isGridColumnId,
} from './grid-columns';

/** Every column once: those of `order` first, in its order, then the rest in the spec's order. */
export function orderedColumns(order: readonly string[] | null | undefined): GridColumn[] {
  const first = (order ?? []).filter(isGridColumnId);
  const seen = new Set<GridColumnId>(first);
  const ids = [...seen, ...GRID_COLUMN_IDS.filter((id) => !seen.has(id))];
  const byId = new Map(GRID_COLUMNS.map((column) => [column.id, column]));
  return ids.map((id) => byId.get(id)!);
}

/** `order` with `id` moved to `toIndex` (clamped); the ids are a full list from `orderedColumns`. */
export function moveColumn(
  order: readonly GridColumnId[],
  id: GridColumnId,
  toIndex: number,
): GridColumnId[] {
  const from = order.indexOf(id);
  if (from < 0) return [...order];
  const next = order.filter((candidate) => candidate !== id);
  next.splice(Math.max(0, Math.min(toIndex, next.length)), 0, id);
  return next;
}

/** The order to save: [] when it is the spec's own, so the saved settings stay as the spec has them. */
export function orderToSave(order: readonly GridColumnId[]): GridColumnId[] {
  return order.every((id, index) => GRID_COLUMN_IDS[index] === id) ? [] : [...order];
}

/**
 * The columns whose every cell on this page is empty. Notes is never counted: its cell is where a note is typed.
 * A page without rows has none, so an empty result never hides the headers.
 */
export function emptyColumnIds(rows: readonly GridRow[]): Set<GridColumnId> {
  const empty = new Set<GridColumnId>();
  if (rows.length === 0) return empty;
  for (const id of GRID_COLUMN_IDS) {
    if (id === 'notes') continue;
    if (rows.every((row) => !row.texts[id])) empty.add(id);
  }
  return empty;
}
