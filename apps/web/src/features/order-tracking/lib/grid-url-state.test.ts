import { describe, expect, it } from 'vitest';
import { DEFAULT_GRID_STATE, parseGridState, toListRequest, writeGridState } from './grid-url-state';
import { emptySearchValues } from './search-fields';

describe('grid URL state', () => {
  it('defaults to page 1 of 10 rows, OR, no sort, no search', () => {
    expect(parseGridState(new URLSearchParams())).toEqual(DEFAULT_GRID_STATE);
    expect(writeGridState(DEFAULT_GRID_STATE).toString()).toBe('');
  });

  it('round-trips every part', () => {
    const state = {
      page: 3,
      pageSize: 50,
      sort: [{ column: 'poDate' as const, ascending: false }],
      matchAll: true,
      search: { ...emptySearchValues(), po: 'PO 1', tracking: '1Z' },
      carrier: 'fedex',
    };
    const params = writeGridState(state);
    expect(params.toString()).toBe(
      'page=3&size=50&sort=poDate%3Adesc&op=and&carrier=fedex&po=PO+1&tracking=1Z',
    );
    expect(parseGridState(params)).toEqual(state);
  });

  it('ignores values the list call would refuse', () => {
    const state = parseGridState(new URLSearchParams('page=-2&size=13&op=xor&sort=bogus:asc&carrier=UPS%27'));
    expect(state).toEqual(DEFAULT_GRID_STATE);
    expect(parseGridState(new URLSearchParams('page=2.5')).page).toBe(1);
  });
});

describe('toListRequest', () => {
  it('builds the list body with a 1-based page, trimmed params, AND flag and SortParams', () => {
    expect(
      toListRequest({
        page: 2,
        pageSize: 25,
        sort: [
          { column: 'qty', ascending: true },
          { column: 'notes', ascending: false },
        ],
        matchAll: false,
        search: { ...emptySearchValues(), supplier: ' Acme ', brand: 'B' },
        carrier: '',
      }),
    ).toEqual({
      PageSize: 25,
      PageIndex: 2,
      PoNumberParam: '',
      ItemNumberParam: '',
      ShipToNameParam: '',
      SupplierNameParam: 'Acme',
      BrandNameParam: 'B',
      TrackingNumberParam: '',
      AndOrParam: false,
      SortParams: { qty: true, notes: false },
    });
    expect(toListRequest({ ...DEFAULT_GRID_STATE, carrier: 'check-digit-invalid' }).CarrierParam).toBe(
      'check-digit-invalid',
    );
  });
});
