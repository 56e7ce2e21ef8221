import { describe, expect, it } from 'vitest';
import { activatedItemsFromRows } from './activated-item-list';

describe('activatedItemsFromRows (docs/behaviour/inventory.md#activated-items-from-a-file)', () => {
  it('reads one item a row, trimmed, blanks dropped, each once, in the file’s order', () => {
    expect(activatedItemsFromRows([['A-100'], ['  B-200 '], [''], ['A-100'], ['C-300']])).toEqual({
      items: ['A-100', 'B-200', 'C-300'],
      column: null,
    });
  });

  it('takes the column headed like Item, SKU, Part or Product, and skips its header', () => {
    const rows = [
      ['Description', 'Item Number', 'Qty'],
      ['Widget, large', 'W-1', '4'],
      ['Bolt', 'B-"2"', '9'],
    ];
    expect(activatedItemsFromRows(rows)).toEqual({ items: ['W-1', 'B-"2"'], column: 'Item Number' });
    expect(
      activatedItemsFromRows([
        ['Name', 'sku'],
        ['x', 'S1'],
      ]).column,
    ).toBe('sku');
    expect(activatedItemsFromRows([['Part #'], ['P1']]).items).toEqual(['P1']);
    expect(activatedItemsFromRows([['Product'], ['Q1']]).items).toEqual(['Q1']);
  });

  it('looks for the header in the first row that holds a value', () => {
    expect(
      activatedItemsFromRows([
        ['', ''],
        ['Qty', 'SKU'],
        ['1', 'S-9'],
      ]),
    ).toEqual({
      items: ['S-9'],
      column: 'SKU',
    });
  });

  it('takes the first column from the first row when no header reads like an item', () => {
    expect(
      activatedItemsFromRows([
        ['X1', '10'],
        ['X2', '0'],
      ]),
    ).toEqual({ items: ['X1', 'X2'], column: null });
  });

  it('gives no items for rows without values, or a header alone', () => {
    expect(activatedItemsFromRows([]).items).toEqual([]);
    expect(activatedItemsFromRows([[' ', ''], ['']]).items).toEqual([]);
    expect(activatedItemsFromRows([['Item']]).items).toEqual([]);
  });
});
