import { describe, expect, it } from 'vitest';
import { EXACT_EVIDENCE, evidenceLookup, GENERIC_EVIDENCE, SAME_WORDS_EVIDENCE } from './learned-evidence';

const fields = ['trackingNumbers', 'customerPoNumber', 'wildcard1', 'orderDate', 'shippedDate'];

describe('learned evidence (docs/design/mapping-suggestions.md#learned-evidence)', () => {
  it('matches the same header text exactly, and the same words in another spelling a little less', () => {
    const lookup = evidenceLookup(
      [{ kind: 'order-tracking', header: 'Trk No.', field: 'trackingNumbers', weight: 2 }],
      'order-tracking',
      fields,
    );
    expect(lookup('  trk no. ').get('trackingNumbers')).toEqual({
      score: EXACT_EVIDENCE,
      weight: 2,
      exact: true,
    });
    expect(lookup('TRK #').get('trackingNumbers')).toEqual({
      score: SAME_WORDS_EVIDENCE,
      weight: 2,
      exact: false,
    });
    expect(lookup('Tracking').size).toBe(0);
  });

  it('shares a header mapped to two fields in proportion to their weights', () => {
    const lookup = evidenceLookup(
      [
        { kind: 'order-tracking', header: 'Ref', field: 'customerPoNumber', weight: 3 },
        { kind: 'order-tracking', header: 'Ref', field: 'wildcard1', weight: 1 },
      ],
      'order-tracking',
      fields,
    );
    expect(lookup('Ref').get('customerPoNumber')?.score).toBeCloseTo(EXACT_EVIDENCE * 0.75);
    expect(lookup('Ref').get('wildcard1')?.score).toBeCloseTo(EXACT_EVIDENCE * 0.25);
  });

  it('leaves out pairs of another kind, of an unknown field, or without a positive weight', () => {
    const lookup = evidenceLookup(
      [
        { kind: 'inventory', header: 'Trk', field: 'trackingNumbers', weight: 1 },
        { kind: 'order-tracking', header: 'Trk', field: 'qtyColumnName', weight: 1 },
        { kind: 'order-tracking', header: 'Trk', field: 'trackingNumbers', weight: 0 },
        { kind: 'order-tracking', header: 'Trk', field: 'trackingNumbers', weight: Number.NaN },
      ],
      'order-tracking',
      fields,
    );
    expect(lookup('Trk').size).toBe(0);
  });

  it('counts a header of only value words (Date, Name, Status) for less: it says what, not which field', () => {
    const lookup = evidenceLookup(
      [
        { kind: 'order-tracking', header: 'Date', field: 'orderDate', weight: 1 },
        { kind: 'order-tracking', header: 'Ship Date', field: 'shippedDate', weight: 1 },
      ],
      'order-tracking',
      fields,
    );
    expect(lookup('Date').get('orderDate')?.score).toBeCloseTo(EXACT_EVIDENCE * GENERIC_EVIDENCE);
    expect(lookup('Ship Date').get('shippedDate')?.score).toBeCloseTo(EXACT_EVIDENCE);
  });
});
