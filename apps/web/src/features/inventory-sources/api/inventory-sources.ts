/**
 * Inventory sources: list, one source, save, delete, the list's active switch (DESIGN §10) and the SFTP
 * connection test of the editor (DESIGN §5).
 */
import type {
  InventorySource,
  InventorySourceListItem,
  SftpConnectionTestResult,
  TSftpConnectionTest,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const INVENTORY_SOURCES_PATH = '/inventory-sources';
export const inventorySourceEditPath = (id: number) => `${INVENTORY_SOURCES_PATH}/edit/${id}`;
export const inventoryManualProcessPath = (id: number) => `${INVENTORY_SOURCES_PATH}/manually-process/${id}`;
/** The stored sample inventory file, served as an attachment. */
export const inventorySampleFileUrl = (id: number) => `/api/inventory-sources/inventory/${id}/sample-file`;

export const inventorySourceKeys = {
  all: ['inventory-sources'] as const,
  list: ['inventory-sources', 'list'] as const,
  detail: (id: number) => ['inventory-sources', 'detail', id] as const,
};

export const inventorySourcesQueryOptions = () =>
  queryOptions({
    queryKey: inventorySourceKeys.list,
    queryFn: ({ signal }) => api.get<InventorySourceListItem[]>('/api/inventory-sources/inventories', signal),
  });

export function useInventorySources() {
  return useQuery(inventorySourcesQueryOptions());
}

export const inventorySourceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: inventorySourceKeys.detail(id),
    queryFn: ({ signal }) => api.get<InventorySource>(`/api/inventory-sources/inventory/${id}`, signal),
  });

export function useInventorySource(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...inventorySourceQueryOptions(id), enabled: options.enabled ?? true });
}

/** The answer is the saved source (or nothing, 204); the editor checks its shape. */
export function saveInventorySource(body: Record<string, unknown>) {
  return api.post<unknown>('/api/inventory-sources/inventory/save', body);
}

export function useSaveInventorySource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInventorySource,
    onSuccess: async (saved) => {
      if (saved && typeof saved === 'object' && 'id' in saved && typeof saved.id === 'number') {
        queryClient.setQueryData(inventorySourceKeys.detail(saved.id), saved as InventorySource);
      }
      await queryClient.invalidateQueries({ queryKey: inventorySourceKeys.list });
    },
  });
}

/** Spec 2 §7: a POST without a body to the source's own path deletes it. */
export function deleteInventorySource(id: number) {
  return api.post<void>(`/api/inventory-sources/inventory/${id}`);
}

export function useDeleteInventorySource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInventorySource,
    onSuccess: async (_result, id) => {
      queryClient.setQueryData<InventorySourceListItem[]>(inventorySourceKeys.list, (list) =>
        list?.filter((source) => source.id !== id),
      );
      queryClient.removeQueries({ queryKey: inventorySourceKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: inventorySourceKeys.list });
    },
  });
}

export function setInventorySourceActive({ id, activeStatus }: { id: number; activeStatus: boolean }) {
  return api.post<unknown>(`/api/inventory-sources/${id}/active`, { activeStatus });
}

/** The list's active switch: shown at once, rolled back if the server refuses. */
export function useSetInventorySourceActive() {
  const queryClient = useQueryClient();
  const key = inventorySourceKeys.list;
  return useMutation({
    mutationFn: setInventorySourceActive,
    onMutate: async ({ id, activeStatus }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<InventorySourceListItem[]>(key);
      queryClient.setQueryData<InventorySourceListItem[]>(key, (list) =>
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
        queryClient.invalidateQueries({ queryKey: inventorySourceKeys.detail(id) }),
      ]);
    },
  });
}

/** Connects with the SFTP card's current values (a blank password uses the stored one) and lists the folder. */
export function testSftpConnection(body: TSftpConnectionTest) {
  return api.post<SftpConnectionTestResult>('/api/inventory-sources/test-sftp', body);
}

export function useTestSftpConnection() {
  return useMutation({ mutationFn: testSftpConnection });
}
