/**
 * The grid's six search inputs (docs/behaviour/order-tracking.md#search). On desktop the first four always show and the last two can be
 * added as extras. Under 768 px the user picks which fields show: at least 1, at most 3, PO Number by default.
 * Only the fields on screen take part in a search, so a field that was hidden never filters unseen.
 */
import type { TOrderListRequest } from '@app/contracts';

export type SearchFieldId = 'po' | 'item' | 'shipTo' | 'supplier' | 'brand' | 'tracking';
type SearchParamName = Exclude<Extract<keyof TOrderListRequest, `${string}Param`>, 'AndOrParam'>;

export interface SearchField {
  id: SearchFieldId;
  label: string;
  param: SearchParamName;
}

export const SEARCH_FIELDS: readonly SearchField[] = [
  { id: 'po', label: 'PO Number', param: 'PoNumberParam' },
  { id: 'item', label: 'Item Number', param: 'ItemNumberParam' },
  { id: 'shipTo', label: 'Ship To Name', param: 'ShipToNameParam' },
  { id: 'supplier', label: 'Supplier Name', param: 'SupplierNameParam' },
  { id: 'brand', label: 'Brand Name', param: 'BrandNameParam' },
  { id: 'tracking', label: 'Tracking Number', param: 'TrackingNumberParam' },
];

export const SEARCH_FIELD_IDS: readonly SearchFieldId[] = SEARCH_FIELDS.map((field) => field.id);
export const DESKTOP_BASE_FIELDS: readonly SearchFieldId[] = ['po', 'item', 'shipTo', 'supplier'];
export const DESKTOP_EXTRA_FIELDS: readonly SearchFieldId[] = ['brand', 'tracking'];
export const MAX_DESKTOP_EXTRAS = 2;
export const MOBILE_MIN_FIELDS = 1;
export const MOBILE_MAX_FIELDS = 3;
export const DEFAULT_MOBILE_FIELDS: readonly SearchFieldId[] = ['po'];

export type SearchValues = Record<SearchFieldId, string>;

export const emptySearchValues = (): SearchValues =>
  Object.fromEntries(SEARCH_FIELD_IDS.map((id) => [id, ''])) as SearchValues;

const inFieldOrder = (ids: Iterable<SearchFieldId>): SearchFieldId[] => {
  const set = new Set(ids);
  return SEARCH_FIELD_IDS.filter((id) => set.has(id));
};

export function visibleSearchFields(
  isMobile: boolean,
  desktopExtras: readonly SearchFieldId[],
  mobileFields: readonly SearchFieldId[],
): SearchFieldId[] {
  if (isMobile) return inFieldOrder(mobileFields);
  return inFieldOrder([
    ...DESKTOP_BASE_FIELDS,
    ...desktopExtras.filter((id) => DESKTOP_EXTRA_FIELDS.includes(id)).slice(0, MAX_DESKTOP_EXTRAS),
  ]);
}

export function toggleDesktopExtra(extras: readonly SearchFieldId[], id: SearchFieldId): SearchFieldId[] {
  if (!DESKTOP_EXTRA_FIELDS.includes(id)) return [...extras];
  if (extras.includes(id)) return extras.filter((extra) => extra !== id);
  if (extras.length >= MAX_DESKTOP_EXTRAS) return [...extras];
  return inFieldOrder([...extras, id]);
}

/** Whether the narrow-screen choice may change: never below 1 or above 3 fields. */
export function canToggleMobileField(selected: readonly SearchFieldId[], id: SearchFieldId): boolean {
  return selected.includes(id) ? selected.length > MOBILE_MIN_FIELDS : selected.length < MOBILE_MAX_FIELDS;
}

export function toggleMobileField(selected: readonly SearchFieldId[], id: SearchFieldId): SearchFieldId[] {
  if (!canToggleMobileField(selected, id)) return [...selected];
  return selected.includes(id) ? selected.filter((field) => field !== id) : inFieldOrder([...selected, id]);
}

/** What a search sends: the visible fields' text, trimmed; every other field empty. */
export function appliedSearch(values: SearchValues, visible: readonly SearchFieldId[]): SearchValues {
  const applied = emptySearchValues();
  for (const id of visible) applied[id] = values[id].trim();
  return applied;
}

/** Fields that carry text, e.g. from the URL, so they can be put on screen. */
export const fieldsWithText = (values: SearchValues): SearchFieldId[] =>
  SEARCH_FIELD_IDS.filter((id) => values[id] !== '');
