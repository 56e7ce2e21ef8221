/**
 * The user-activated items of an uploaded list (docs/behaviour/inventory.md#activated-items-from-a-file), from
 * the rows the spreadsheet reader made of it: a text file is one column, a CSV or a workbook its own columns.
 * The column is the one whose header (the first non-blank row) reads like Item, SKU, Part or Product, and that
 * row is no item; without such a header, the first column from the first row. Items are trimmed, blanks
 * dropped, and each kept once in the file's order. Pure: the route reads the file, this decides.
 */
import type { ActivatedItemList } from '@app/contracts';

const looksLikeItemHeader = (cell: string) => /item|sku|part|product/i.test(cell);

export function activatedItemsFromRows(rows: readonly (readonly string[])[]): ActivatedItemList {
  const filled = rows.filter((row) => row.some((cell) => cell.trim() !== ''));
  const header = filled[0] ?? [];
  const headerIndex = header.findIndex((cell) => looksLikeItemHeader(cell));
  const columnIndex = Math.max(headerIndex, 0);
  const body = headerIndex >= 0 ? filled.slice(1) : filled;
  const items = new Set<string>();
  for (const row of body) {
    const item = (row[columnIndex] ?? '').trim();
    if (item) items.add(item);
  }
  return { items: [...items], column: headerIndex >= 0 ? header[headerIndex]!.trim() : null };
}
