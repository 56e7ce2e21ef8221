/** Order tracking sources: list, one source, save, delete and the list's active switch (docs/behaviour/sources.md#calls, docs/design/differences.md#active-switches-work). */
import type { OrderTrackingSource, OrderTrackingSourceListItem } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderTrackingSourceKeys } from '@/lib/query-keys';
import { orderTrackingSourcesQueryOptions } from '@/lib/source-lists';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrderTrackingSource,
    onSuccess: async (saved) => {
      if (saved && typeof saved === 'object' && 'id' in saved && typeof saved.id === 'number') {
        queryClient.setQueryData(orderTrackingSourceKeys.detail(saved.id), saved as OrderTrackingSource);
      }
      await queryClient.invalidateQueries({ queryKey: orderTrackingSourceKeys.list });
    },
  });
}

export function deleteOrderTrackingSource(id: number) {
  return api.post<void>(`/api/order-tracking-sources/delete/${id}`);
}

export function useDeleteOrderTrackingSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrderTrackingSource,
    onSuccess: async (_result, id) => {
      // docs/behaviour/screens.md#delete-confirmation: on success the source leaves the local list at once.
      queryClient.setQueryData<OrderTrackingSourceListItem[]>(orderTrackingSourceKeys.list, (list) =>
        list?.filter((source) => source.id !== id),
      );
      queryClient.removeQueries({ queryKey: orderTrackingSourceKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: orderTrackingSourceKeys.list });
    },
  });
}

export function setOrderTrackingSourceActive({ id, activeStatus }: { id: number; activeStatus: boolean }) {
  return api.post<unknown>(`/api/order-tracking-sources/${id}/active`, { activeStatus });
}

/** The list's active checkbox and switch: shown at once, rolled back if the server refuses. */
export function useSetOrderTrackingSourceActive() {
  const queryClient = useQueryClient();
  const key = orderTrackingSourceKeys.list;
  return useMutation({
    mutationFn: setOrderTrackingSourceActive,
    onMutate: async ({ id, activeStatus }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<OrderTrackingSourceListItem[]>(key);
      queryClient.setQueryData<OrderTrackingSourceListItem[]>(key, (list) =>
        list?.map((source) => (source.id === id ? { ...source, activeStatus } : source)),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: async (_data, _error, { id }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: orderTrackingSourceKeys.detail(id) }),
      ]);
    },
  });
}
