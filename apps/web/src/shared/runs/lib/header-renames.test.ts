import { describe, expect, it } from 'vitest';
import { applyHeaderRenames } from './header-renames';

describe('applyHeaderRenames (docs/behaviour/order-tracking.md#header-drift)', () => {
  it('maps each field of a renamed header to the new name, matching without regard to case or spaces', () => {
    const { mapping, changes } = applyHeaderRenames(
      { customerPoNumber: 'PO #', itemNumber: 'Item', shipToName: 'Ship To', notes: '' },
      [
        { from: 'po #', to: 'Purchase Order' },
        { from: ' Item ', to: 'SKU' },
      ],
    );
    expect(mapping).toEqual({
      customerPoNumber: 'Purchase Order',
      itemNumber: 'SKU',
      shipToName: 'Ship To',
      notes: '',
    });
    expect(changes).toEqual([
      { field: 'customerPoNumber', from: 'PO #', to: 'Purchase Order' },
      { field: 'itemNumber', from: 'Item', to: 'SKU' },
    ]);
  });

  it('changes nothing when no mapped header was renamed', () => {
    const { mapping, changes } = applyHeaderRenames({ itemNumber: 'Item' }, [
      { from: 'Colour', to: 'Color' },
    ]);
    expect(mapping).toEqual({ itemNumber: 'Item' });
    expect(changes).toEqual([]);
  });
});
