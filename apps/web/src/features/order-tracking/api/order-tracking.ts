/** Calls of the order tracking grid and order detail page (docs/behaviour/order-tracking.md#calls), with their query options and hooks. */
import type { OrderListResponse, OrderRecord, TOrderEdit, TOrderListRequest } from '@app/contracts';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client';
import { accountKeys, orderTrackingKeys } from '@/lib/query-keys';
import type { ColumnVisibility, SavedViewSettings } from '../lib/column-visibility';
import type { GridColumnId } from '../lib/grid-columns';
import { GRID_COLUMNS, type GridRow, normaliseOrder, toGridRow } from '../lib/grid-columns';

/** One fetched page, with every cell's text computed once (grid-columns.ts). */
export interface OrderGridPage {
  rows: GridRow[];
  totalRecordCount: number;
}

export async function fetchOrderPage(
  request: TOrderListRequest,
  signal?: AbortSignal,
): Promise<OrderGridPage> {
  const answer = await apiRequest<OrderListResponse>('/api/order-tracking/list', {
    method: 'POST',
    body: request,
    ...(signal ? { signal } : {}),
  });
  return {
    rows: (answer?.orders ?? []).map(toGridRow),
    totalRecordCount: Number(answer?.totalRecordCount) || 0,
  };
}

export const orderPageQueryOptions = (request: TOrderListRequest) =>
  queryOptions({
    queryKey: orderTrackingKeys.list(request),
    queryFn: ({ signal }) => fetchOrderPage(request, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useOrderPage(request: TOrderListRequest) {
  return useQuery(orderPageQueryOptions(request));
}

/** GET /api/accounts/order-tracking-settings/username: 200 with the settings or 204 (nothing saved). */
export function useOrderViewSettings(username: string | null | undefined) {
  return useQuery({
    queryKey: orderTrackingKeys.viewSettings(username ?? ''),
    queryFn: ({ signal }) =>
      api
        .get<SavedViewSettings | undefined>(
          `/api/accounts/order-tracking-settings/username?userName=${encodeURIComponent(username ?? '')}`,
          signal,
        )
        .then((settings) => settings ?? null),
    enabled: Boolean(username),
    staleTime: 60_000,
  });
}

/**
 * Saves a dragged column order with the column settings (docs/behaviour/order-tracking.md#column-order). The
 * visible columns go along as the grid shows them from the saved settings, so a user who never saved keeps
 * PO Date hidden; the page's own Hide and settings-menu choices are not saved.
 */
export function useSaveColumnOrder(username: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      visibility,
      columnOrder,
    }: {
      visibility: ColumnVisibility;
      columnOrder: GridColumnId[];
    }) => {
      const enabledColumns = Object.fromEntries(
        GRID_COLUMNS.flatMap((column) =>
          column.settingsKey ? [[column.settingsKey, visibility[column.id]]] : [],
        ),
      );
      return api.post<SavedViewSettings>('/api/accounts/update/order-tracking-settings', {
        enabledColumns,
        columnOrder,
      });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(orderTrackingKeys.viewSettings(username ?? ''), saved);
      return queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}

/** Replaces one order in every cached grid page and in its detail entry. */
function updateCachedOrder(queryClient: QueryClient, order: OrderRecord) {
  const row = toGridRow(order);
  queryClient.setQueriesData<OrderGridPage>({ queryKey: orderTrackingKeys.lists }, (page) =>
    page?.rows.some((item) => item.order.id === order.id)
      ? { ...page, rows: page.rows.map((item) => (item.order.id === order.id ? row : item)) }
      : page,
  );
  queryClient.setQueryData(orderTrackingKeys.order(order.id), row.order);
}

/** The server's copy of the note ('' once cleared); the spec does not read it, the cache does. */
interface NoteAnswer {
  orderId: number;
  note: string;
}

function updateCachedNote(queryClient: QueryClient, orderId: number, note: string) {
  const pages = queryClient.getQueriesData<OrderGridPage>({ queryKey: orderTrackingKeys.lists });
  const inGrid = pages.flatMap(([, page]) => page?.rows ?? []).find((row) => row.order.id === orderId);
  const detail = queryClient.getQueryData<OrderRecord>(orderTrackingKeys.order(orderId));
  const order = inGrid?.order ?? detail;
  if (order) updateCachedOrder(queryClient, { ...order, notes: note });
}

/** The grid's inline note (docs/behaviour/order-tracking.md#calls: OrderId and Note). The cached row takes the note once saved. */
export function useSaveGridNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, note }: { orderId: number; note: string }) =>
      api.post<NoteAnswer | undefined>('/api/order-tracking/notes', { OrderId: orderId, Note: note }),
    onSuccess: (answer, { orderId, note }) => updateCachedNote(queryClient, orderId, answer?.note ?? note),
  });
}

/** The detail page's note (docs/behaviour/order-tracking.md#calls: lower-case orderId and note). */
export function useSaveOrderNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, note }: { orderId: number; note: string }) =>
      api.post<NoteAnswer | undefined>('/api/order-tracking/notes', { orderId, note }),
    onSuccess: (answer, { orderId, note }) => updateCachedNote(queryClient, orderId, answer?.note ?? note),
  });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => api.post<void>(`/api/order-tracking/delete/${orderId}`),
    onSuccess: (_answer, orderId) => {
      queryClient.removeQueries({ queryKey: orderTrackingKeys.order(orderId) });
      return queryClient.invalidateQueries({ queryKey: orderTrackingKeys.lists });
    },
  });
}

export const orderQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: orderTrackingKeys.order(orderId),
    queryFn: async ({ signal }) =>
      normaliseOrder(await api.get<OrderRecord>(`/api/order-tracking/order/${orderId}`, signal)),
    staleTime: 0,
  });

export function useOrder(orderId: number) {
  return useQuery({ ...orderQueryOptions(orderId), enabled: Number.isInteger(orderId) && orderId > 0 });
}

/** Beyond the spec: Edit Order saves the editable fields and answers with the updated record. */
export function useSaveOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: TOrderEdit) => api.post<OrderRecord>(`/api/order-tracking/order/${orderId}`, edit),
    onSuccess: (saved) => {
      updateCachedOrder(queryClient, normaliseOrder(saved));
      return queryClient.invalidateQueries({ queryKey: orderTrackingKeys.lists });
    },
  });
}
