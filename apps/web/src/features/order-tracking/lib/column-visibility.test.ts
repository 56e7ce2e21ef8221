import { defaultEnabledColumns } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { applyOverrides, baseVisibility, defaultVisibility, visibleColumnIds } from './column-visibility';
import { GRID_COLUMN_IDS } from './grid-columns';

const hidden = (visibility: Record<string, boolean>) =>
  Object.entries(visibility)
    .filter(([, visible]) => !visible)
    .map(([id]) => id);

describe('baseVisibility', () => {
  it('hides only poDate when nothing is saved (id 0, no answer)', () => {
    expect(hidden(baseVisibility(undefined))).toEqual(['poDate']);
    expect(hidden(baseVisibility(null))).toEqual(['poDate']);
    expect(hidden(baseVisibility({ id: 0, enabledColumns: defaultEnabledColumns() }))).toEqual(['poDate']);
  });

  it('shows every column when every saved value is falsy', () => {
    const allOff = Object.fromEntries(Object.keys(defaultEnabledColumns()).map((key) => [key, false]));
    expect(hidden(baseVisibility({ id: 3, enabledColumns: allOff }))).toEqual([]);
    expect(hidden(baseVisibility({ id: 3, enabledColumns: {} }))).toEqual([]);
  });

  it('applies a saved map, keeping source and shipping company and treating missing keys as on', () => {
    const saved = { ...defaultEnabledColumns(), qty: false, notes: false, poDate: true };
    expect(hidden(baseVisibility({ id: 7, enabledColumns: saved }))).toEqual(['notes', 'qty']);
    expect(hidden(baseVisibility({ id: 7, enabledColumns: { brandName: false, itemNumber: true } }))).toEqual(
      ['brandName'],
    );
  });

  it('shows poDate when the saved settings switch every column on', () => {
    expect(hidden(baseVisibility({ id: 1, enabledColumns: defaultEnabledColumns() }))).toEqual([]);
  });
});

describe('overrides', () => {
  it('lets the header menu and settings menu hide or show a column', () => {
    const visibility = applyOverrides(defaultVisibility(), { poDate: true, sourceName: false });
    expect(hidden(visibility)).toEqual(['sourceName']);
    expect(visibleColumnIds(visibility)).toEqual(GRID_COLUMN_IDS.filter((id) => id !== 'sourceName'));
  });
});
