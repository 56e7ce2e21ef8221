/**
 * The grid's list state lives in the URL (page, size, sort, operator, applied search), so Back from the order
 * detail page, a reload or a shared link shows the same page. Defaults leave no parameter.
 */
import { DEFAULT_ORDER_PAGE_SIZE, ORDER_PAGE_SIZES, type TOrderListRequest } from '@app/contracts';
import { emptySearchValues, SEARCH_FIELDS, type SearchFieldId, type SearchValues } from './search-fields';
import { parseSort, type SortEntry, serialiseSort, toSortParams } from './sort-state';

export interface GridQueryState {
  page: number;
  pageSize: number;
  sort: SortEntry[];
  /** true means AND; the default operator is OR (docs/behaviour/order-tracking.md#search). */
  matchAll: boolean;
  search: SearchValues;
  /** The carrier filter (CarrierParam): a carrier code, post, none or check-digit-invalid; '' for all. */
  carrier: string;
}

export const DEFAULT_GRID_STATE: GridQueryState = {
  page: 1,
  pageSize: DEFAULT_ORDER_PAGE_SIZE,
  sort: [],
  matchAll: false,
  search: emptySearchValues(),
  carrier: '',
};

const SEARCH_PARAM_NAMES: Record<SearchFieldId, string> = {
  po: 'po',
  item: 'item',
  shipTo: 'shipTo',
  supplier: 'supplier',
  brand: 'brand',
  tracking: 'tracking',
};

export const isPageSize = (value: number) => (ORDER_PAGE_SIZES as readonly number[]).includes(value);

export function parseGridState(params: URLSearchParams): GridQueryState {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('size'));
  const search = emptySearchValues();
  for (const field of SEARCH_FIELDS)
    search[field.id] = (params.get(SEARCH_PARAM_NAMES[field.id]) ?? '').trim();
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    pageSize: isPageSize(pageSize) ? pageSize : DEFAULT_ORDER_PAGE_SIZE,
    sort: parseSort(params.get('sort')),
    matchAll: params.get('op') === 'and',
    search,
    carrier: /^([a-z_]{2,20}|check-digit-invalid)$/.test(params.get('carrier') ?? '')
      ? params.get('carrier')!
      : '',
  };
}

export function writeGridState(state: GridQueryState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_ORDER_PAGE_SIZE) params.set('size', String(state.pageSize));
  if (state.sort.length > 0) params.set('sort', serialiseSort(state.sort));
  if (state.matchAll) params.set('op', 'and');
  if (state.carrier) params.set('carrier', state.carrier);
  for (const field of SEARCH_FIELDS) {
    const text = state.search[field.id].trim();
    if (text) params.set(SEARCH_PARAM_NAMES[field.id], text);
  }
  return params;
}

/** The body of POST /api/order-tracking/list (docs/behaviour/order-tracking.md#calls). */
export function toListRequest(state: GridQueryState): TOrderListRequest {
  const request: TOrderListRequest = {
    PageSize: state.pageSize,
    PageIndex: state.page,
    PoNumberParam: '',
    ItemNumberParam: '',
    ShipToNameParam: '',
    SupplierNameParam: '',
    BrandNameParam: '',
    TrackingNumberParam: '',
    AndOrParam: state.matchAll,
    ...(state.carrier ? { CarrierParam: state.carrier } : {}),
    SortParams: toSortParams(state.sort),
  };
  for (const field of SEARCH_FIELDS) request[field.param] = state.search[field.id].trim();
  return request;
}
