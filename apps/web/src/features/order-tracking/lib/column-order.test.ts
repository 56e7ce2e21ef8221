import { describe, expect, it } from 'vitest';
import { emptyColumnIds, moveColumn, orderedColumns, orderToSave } from './column-order';
import { GRID_COLUMN_IDS, type GridRow, toGridRow } from './grid-columns';

describe('column order (docs/behaviour/order-tracking.md#column-order)', () => {
  it('puts the saved ids first and the rest in the spec order; unknown and repeated ids are dropped', () => {
    const ids = orderedColumns(['itemNumber', 'nope', 'customerPoNumber', 'itemNumber']).map(
      (column) => column.id,
    );
    expect(ids.slice(0, 2)).toEqual(['itemNumber', 'customerPoNumber']);
    expect(ids).toHaveLength(GRID_COLUMN_IDS.length);
    expect(ids.slice(2)).toEqual(
      GRID_COLUMN_IDS.filter((id) => id !== 'itemNumber' && id !== 'customerPoNumber'),
    );
    expect(orderedColumns([]).map((column) => column.id)).toEqual(GRID_COLUMN_IDS);
  });

  it('moves a column to an index, clamped, and saves the spec order as []', () => {
    const moved = moveColumn(GRID_COLUMN_IDS, 'customerPoNumber', 0);
    expect(moved[0]).toBe('customerPoNumber');
    expect(moveColumn(moved, 'customerPoNumber', 99).at(-1)).toBe('customerPoNumber');
    expect(orderToSave(moved)).toEqual(moved);
    expect(
      orderToSave(moveColumn(moved, 'customerPoNumber', GRID_COLUMN_IDS.indexOf('customerPoNumber'))),
    ).toEqual([]);
  });
});

describe('empty columns on a page', () => {
  const row = (fields: Record<string, unknown>): GridRow =>
    toGridRow({ id: 1, trackingNumbers: [], ...fields } as unknown as Parameters<typeof toGridRow>[0]);

  it('names the columns whose every cell is empty, never Notes, and none for an empty page', () => {
    const empty = emptyColumnIds([row({ customerPoNumber: 'PO-1' }), row({ itemNumber: 'I-2' })]);
    expect(empty.has('customerPoNumber')).toBe(false);
    expect(empty.has('itemNumber')).toBe(false);
    expect(empty.has('wildcard1')).toBe(true);
    expect(empty.has('notes')).toBe(false);
    expect(emptyColumnIds([]).size).toBe(0);
  });
});
