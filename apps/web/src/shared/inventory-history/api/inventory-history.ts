import type { InventoryHistoryResponse, ItemHistoryResponse } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const stockHistoryPath = (sourceId: number) => `/inventory-sources/stock-history/${sourceId}`;
export const itemHistoryPath = (sourceId: number, itemNumber: string, runId?: number) =>
  `/inventory-sources/stock-history/${sourceId}/items/${encodeURIComponent(itemNumber)}${runId ? `?runId=${runId}` : ''}`;

export function useInventoryHistory(sourceId: number | null, days: number) {
  return useQuery({
    queryKey: ['inventory-sources', 'history', sourceId, days],
    queryFn: ({ signal }) =>
      api.get<InventoryHistoryResponse>(`/api/inventory-sources/${sourceId}/history?days=${days}`, signal),
    enabled: sourceId !== null,
  });
}

export function useItemHistory(sourceId: number | null, itemNumber: string, runId: number | null) {
  return useQuery({
    queryKey: ['inventory-sources', 'item-history', sourceId, itemNumber, runId],
    queryFn: ({ signal }) =>
      api.get<ItemHistoryResponse>(
        `/api/inventory-sources/${sourceId}/items/${encodeURIComponent(itemNumber)}/history${runId ? `?runId=${runId}` : ''}`,
        signal,
      ),
    enabled: sourceId !== null && itemNumber.trim() !== '',
  });
}
