import { describe, expect, it } from 'vitest';
import {
  appliedSearch,
  canToggleMobileField,
  emptySearchValues,
  SEARCH_FIELDS,
  toggleDesktopExtra,
  toggleMobileField,
  visibleSearchFields,
} from './search-fields';

describe('search fields', () => {
  it('are labelled as the spec lists them', () => {
    expect(SEARCH_FIELDS.map((field) => field.label)).toEqual([
      'PO Number',
      'Item Number',
      'Ship To Name',
      'Supplier Name',
      'Brand Name',
      'Tracking Number',
    ]);
  });

  it('show the first four on desktop plus up to two extras', () => {
    expect(visibleSearchFields(false, [], ['po'])).toEqual(['po', 'item', 'shipTo', 'supplier']);
    expect(visibleSearchFields(false, ['tracking'], ['po'])).toEqual([
      'po',
      'item',
      'shipTo',
      'supplier',
      'tracking',
    ]);
    expect(visibleSearchFields(false, ['tracking', 'brand'], [])).toHaveLength(6);
    expect(toggleDesktopExtra([], 'brand')).toEqual(['brand']);
    expect(toggleDesktopExtra(['tracking'], 'brand')).toEqual(['brand', 'tracking']);
    expect(toggleDesktopExtra(['brand', 'tracking'], 'brand')).toEqual(['tracking']);
    expect(toggleDesktopExtra([], 'po')).toEqual([]);
  });

  it('keep 1 to 3 fields on narrow screens', () => {
    expect(visibleSearchFields(true, [], ['po'])).toEqual(['po']);
    expect(canToggleMobileField(['po'], 'po')).toBe(false);
    expect(toggleMobileField(['po'], 'po')).toEqual(['po']);
    expect(toggleMobileField(['po'], 'tracking')).toEqual(['po', 'tracking']);
    expect(toggleMobileField(['tracking', 'po'], 'item')).toEqual(['po', 'item', 'tracking']);
    expect(canToggleMobileField(['po', 'item', 'tracking'], 'brand')).toBe(false);
    expect(toggleMobileField(['po', 'item', 'tracking'], 'brand')).toEqual(['po', 'item', 'tracking']);
    expect(toggleMobileField(['po', 'item', 'tracking'], 'po')).toEqual(['item', 'tracking']);
  });

  it('send the visible fields trimmed and nothing else', () => {
    const values = { ...emptySearchValues(), po: '  PO-1 ', brand: 'Acme', item: '\tI-9\n' };
    expect(appliedSearch(values, ['po', 'item'])).toEqual({
      ...emptySearchValues(),
      po: 'PO-1',
      item: 'I-9',
    });
  });
});
