/**
 * Sorting from the column header menu (docs/behaviour/order-tracking.md#sorting): Asc or Desc sorts on that column alone; holding Shift while
 * choosing adds the column as a further sort key (or changes its direction in place). Choosing the direction a
 * column already has removes that column from the sort. SortParams keeps the order: first key first.
 */
import { ORDER_SORTABLE_COLUMNS, type OrderSortableColumn } from '@app/contracts';

export interface SortEntry {
  column: OrderSortableColumn;
  ascending: boolean;
}

/** The list call refuses more than 5 sort columns. */
export const MAX_SORT_COLUMNS = 5;

export function applySortChoice(
  current: readonly SortEntry[],
  column: OrderSortableColumn,
  ascending: boolean,
  additive: boolean,
): SortEntry[] {
  const existing = current.find((entry) => entry.column === column);
  if (!additive) {
    if (current.length === 1 && existing && existing.ascending === ascending) return [];
    return [{ column, ascending }];
  }
  if (existing) {
    if (existing.ascending === ascending) return current.filter((entry) => entry.column !== column);
    return current.map((entry) => (entry.column === column ? { column, ascending } : entry));
  }
  const kept = current.length >= MAX_SORT_COLUMNS ? current.slice(0, MAX_SORT_COLUMNS - 1) : current;
  return [...kept, { column, ascending }];
}

export function toSortParams(entries: readonly SortEntry[]): Record<string, boolean> {
  return Object.fromEntries(entries.map((entry) => [entry.column, entry.ascending]));
}

/** 'poDate:asc,qty:desc' ↔ entries; unknown columns and repeats are dropped. */
export function serialiseSort(entries: readonly SortEntry[]): string {
  return entries.map((entry) => `${entry.column}:${entry.ascending ? 'asc' : 'desc'}`).join(',');
}

export function parseSort(text: string | null | undefined): SortEntry[] {
  if (!text) return [];
  const entries: SortEntry[] = [];
  for (const part of text.split(',')) {
    const [column, direction] = part.split(':');
    if (!column || !(ORDER_SORTABLE_COLUMNS as readonly string[]).includes(column)) continue;
    if (direction !== 'asc' && direction !== 'desc') continue;
    if (entries.some((entry) => entry.column === column)) continue;
    entries.push({ column: column as OrderSortableColumn, ascending: direction === 'asc' });
  }
  return entries.slice(0, MAX_SORT_COLUMNS);
}
