import { describe, expect, it } from 'vitest';
import { readItemList } from './item-list-file';

describe('readItemList (docs/behaviour/inventory.md#activated-items-from-a-file)', () => {
  it('reads one item a line, trimmed, blanks dropped, each once', () => {
    expect(readItemList('\uFEFFA-100\r\n  B-200 \n\nA-100\nC-300')).toEqual({
      items: ['A-100', 'B-200', 'C-300'],
      column: null,
    });
  });

  it('takes the item column of a CSV with a header, quoted cells included', () => {
    const csv = 'Description,Item Number,Qty\n"Widget, large",W-1,4\nBolt,"B-""2""",9\n';
    expect(readItemList(csv)).toEqual({ items: ['W-1', 'B-"2"'], column: 'Item Number' });
  });

  it('takes the first column of a CSV without a header, and reads semicolons and tabs', () => {
    expect(readItemList('X1;10\nX2;0\n').items).toEqual(['X1', 'X2']);
    expect(readItemList('T1\tred\nT2\tblue').items).toEqual(['T1', 'T2']);
  });

  it('an empty file gives no items', () => {
    expect(readItemList('\n \n').items).toEqual([]);
  });
});
