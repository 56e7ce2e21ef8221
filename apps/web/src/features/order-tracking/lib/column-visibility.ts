/**
 * Which grid columns show (docs/behaviour/order-tracking.md#column-visibility): the user's saved enabledColumns, loaded per username. With nothing
 * saved (id 0 or no answer) the default applies, which hides poDate. With saved settings whose every value is
 * falsy all columns show; otherwise the map is applied. Columns outside the 22 keys (source, shipping company)
 * always start visible. The header menu's Hide and the settings menu then override the result for the page.
 */
import { DEFAULT_HIDDEN_GRID_COLUMNS } from '@app/contracts';
import { GRID_COLUMNS, type GridColumnId } from './grid-columns';

export type ColumnVisibility = Record<GridColumnId, boolean>;

export interface SavedViewSettings {
  id?: number | null;
  enabledColumns?: Record<string, unknown> | null;
  /** The saved column order (column-order.ts); absent or [] for the spec's order. */
  columnOrder?: string[] | null;
}

/** docs/behaviour/order-tracking.md#column-visibility: the default hidden column. */
export const DEFAULT_HIDDEN_COLUMNS: readonly GridColumnId[] = DEFAULT_HIDDEN_GRID_COLUMNS;

const allVisible = (): ColumnVisibility =>
  Object.fromEntries(GRID_COLUMNS.map((column) => [column.id, true])) as ColumnVisibility;

export function defaultVisibility(): ColumnVisibility {
  const visibility = allVisible();
  for (const id of DEFAULT_HIDDEN_COLUMNS) visibility[id] = false;
  return visibility;
}

export function hasSavedSettings(settings: SavedViewSettings | null | undefined): boolean {
  return Boolean(settings?.id && settings.id > 0 && settings.enabledColumns);
}

export function baseVisibility(settings: SavedViewSettings | null | undefined): ColumnVisibility {
  if (!hasSavedSettings(settings)) return defaultVisibility();
  const map = settings!.enabledColumns!;
  if (Object.values(map).every((value) => !value)) return allVisible();
  const visibility = allVisible();
  for (const column of GRID_COLUMNS) {
    // A key the saved map lacks counts as on: every column is on by default (docs/behaviour/accounts-and-sign-in.md#column-settings).
    if (column.settingsKey && column.settingsKey in map)
      visibility[column.id] = Boolean(map[column.settingsKey]);
  }
  return visibility;
}

export type VisibilityOverrides = Partial<Record<GridColumnId, boolean>>;

export function applyOverrides(base: ColumnVisibility, overrides: VisibilityOverrides): ColumnVisibility {
  const visibility = { ...base };
  for (const [id, visible] of Object.entries(overrides) as [GridColumnId, boolean][])
    visibility[id] = visible;
  return visibility;
}

export function visibleColumnIds(visibility: ColumnVisibility): GridColumnId[] {
  return GRID_COLUMNS.filter((column) => visibility[column.id]).map((column) => column.id);
}
