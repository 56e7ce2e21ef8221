import { describe, expect, it } from 'vitest';
import { applySortChoice, parseSort, type SortEntry, serialiseSort, toSortParams } from './sort-state';

const asc = (column: SortEntry['column']): SortEntry => ({ column, ascending: true });
const desc = (column: SortEntry['column']): SortEntry => ({ column, ascending: false });

describe('applySortChoice', () => {
  it('sorts on one column without Shift', () => {
    expect(applySortChoice([], 'poDate', true, false)).toEqual([asc('poDate')]);
    expect(applySortChoice([asc('poDate'), desc('qty')], 'brandName', false, false)).toEqual([
      desc('brandName'),
    ]);
    expect(applySortChoice([asc('poDate')], 'poDate', false, false)).toEqual([desc('poDate')]);
  });

  it('removes the sort when the current direction is chosen again', () => {
    expect(applySortChoice([asc('poDate')], 'poDate', true, false)).toEqual([]);
    expect(applySortChoice([asc('poDate'), desc('qty')], 'qty', false, true)).toEqual([asc('poDate')]);
  });

  it('adds a further column with Shift and changes a direction in place', () => {
    expect(applySortChoice([asc('poDate')], 'qty', false, true)).toEqual([asc('poDate'), desc('qty')]);
    expect(applySortChoice([asc('poDate'), desc('qty')], 'poDate', false, true)).toEqual([
      desc('poDate'),
      desc('qty'),
    ]);
  });

  it('keeps at most five columns', () => {
    let sort: SortEntry[] = [];
    for (const column of ['poDate', 'qty', 'notes', 'itemNumber', 'brandName', 'wildcard1'] as const)
      sort = applySortChoice(sort, column, true, true);
    expect(sort.map((entry) => entry.column)).toEqual(['poDate', 'qty', 'notes', 'itemNumber', 'wildcard1']);
  });
});

describe('sort serialisation', () => {
  it('builds SortParams in order', () => {
    const params = toSortParams([desc('qty'), asc('poDate')]);
    expect(params).toEqual({ qty: false, poDate: true });
    expect(Object.keys(params)).toEqual(['qty', 'poDate']);
  });

  it('round-trips through the URL text and drops junk', () => {
    const sort = [desc('qty'), asc('sourceName')];
    expect(parseSort(serialiseSort(sort))).toEqual(sort);
    expect(parseSort('qty:up,nope:asc,poDate:desc,poDate:asc,trackingNumbers:asc')).toEqual([desc('poDate')]);
    expect(parseSort('')).toEqual([]);
    expect(parseSort(null)).toEqual([]);
  });
});
