/** How a save's mapping becomes recorded pairs (docs/behaviour/sources.md#suggest-from-a-sample-file). */
import { describe, expect, it } from 'vitest';
import { pairsToRecord, type SavedMapping } from './evidence';

const saved = (overrides: Partial<SavedMapping>): SavedMapping => ({
  kind: 'order-tracking',
  sourceId: 1,
  fileHasHeader: true,
  mapping: {},
  suggested: null,
  ...overrides,
});

describe('pairsToRecord', () => {
  it('without a suggestion every mapped field is typed; empty fields record nothing', () => {
    expect(
      pairsToRecord(saved({ mapping: { trackingNumbers: ' Trk No. ', qty: '', wildcard1: null } }), []),
    ).toEqual([{ field: 'trackingNumbers', header: 'Trk No.', origin: 'typed' }]);
  });

  it('tells accepted (any case) from corrected, and typed where the suggestion proposed nothing', () => {
    const pairs = pairsToRecord(
      saved({
        mapping: { trackingNumbers: 'tracking #', shippedDate: 'Ship Date', qty: 'Qty Shpd' },
        suggested: { trackingNumbers: 'Tracking #', shippedDate: 'Order Date', qty: null },
      }),
      [],
    );
    expect(pairs).toEqual([
      { field: 'trackingNumbers', header: 'tracking #', origin: 'accepted' },
      { field: 'shippedDate', header: 'Ship Date', origin: 'corrected' },
      { field: 'qty', header: 'Qty Shpd', origin: 'typed' },
    ]);
  });

  it('an unchanged pair keeps the origin it was recorded with; a changed one is judged again', () => {
    const pairs = pairsToRecord(
      saved({
        mapping: { qty: 'Qty Shpd', shippedDate: 'Shipped On' },
        suggested: { qty: 'Qty Shpd', shippedDate: null },
      }),
      [
        { field: 'qty', header: 'Qty Shpd', origin: 'typed' },
        { field: 'shippedDate', header: 'Ship Date', origin: 'corrected' },
      ],
    );
    expect(pairs).toEqual([
      { field: 'qty', header: 'Qty Shpd', origin: 'typed' },
      { field: 'shippedDate', header: 'Shipped On', origin: 'typed' },
    ]);
  });

  it('a file without a header row records nothing: its mapping holds indexes', () => {
    expect(pairsToRecord(saved({ fileHasHeader: false, mapping: { qty: '2' } }), [])).toEqual([]);
  });
});
