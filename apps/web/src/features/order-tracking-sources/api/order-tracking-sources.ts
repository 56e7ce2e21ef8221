/** Order tracking sources: list, one source, save, delete and the list's active switch (docs/behaviour/sources.md#calls, docs/design/differences.md#active-switches-work). */
import type { OrderTrackingSource } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderTrackingSourceKeys } from '@/lib/query-keys';
import { type RecordKeys, useDeleteRecord, useSaveRecord, useSetRecordActive } from '@/lib/record-mutations';
import { orderTrackingSourcesQueryOptions } from '@/lib/source-lists';

const ORDER_TRACKING_RECORDS: RecordKeys = {
  lists: orderTrackingSourceKeys.list,
  detail: orderTrackingSourceKeys.detail,
};

export const ORDER_TRACKING_SOURCES_PATH = '/order-tracking-sources';
export const orderTrackingSourceEditPath = (id: number) => `${ORDER_TRACKING_SOURCES_PATH}/edit/${id}`;

export function useOrderTrackingSources() {
  return useQuery(orderTrackingSourcesQueryOptions());
}

export const orderTrackingSourceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: orderTrackingSourceKeys.detail(id),
    queryFn: ({ signal }) => api.get<OrderTrackingSource>(`/api/order-tracking-sources/get/${id}`, signal),
  });

export function useOrderTrackingSource(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...orderTrackingSourceQueryOptions(id), enabled: options.enabled ?? true });
}

/** The body is the parsed form with `Id` (0 creates); the answer is the saved source (or nothing, 204). */
export function saveOrderTrackingSource(body: Record<string, unknown>) {
  return api.post<unknown>('/api/order-tracking-sources/save', body);
}

export function useSaveOrderTrackingSource() {
  return useSaveRecord(ORDER_TRACKING_RECORDS, saveOrderTrackingSource);
}

export function deleteOrderTrackingSource(id: number) {
  return api.post<void>(`/api/order-tracking-sources/delete/${id}`);
}

export function useDeleteOrderTrackingSource() {
  return useDeleteRecord(ORDER_TRACKING_RECORDS, deleteOrderTrackingSource);
}

export function setOrderTrackingSourceActive({ id, activeStatus }: { id: number; activeStatus: boolean }) {
  return api.post<unknown>(`/api/order-tracking-sources/${id}/active`, { activeStatus });
}

/** The list's active checkbox and switch: shown at once, rolled back if the server refuses. */
export function useSetOrderTrackingSourceActive() {
  return useSetRecordActive(ORDER_TRACKING_RECORDS, setOrderTrackingSourceActive);
}
