/**
 * "Use the new headers" on a refused file (docs/behaviour/order-tracking.md#header-drift): reads the saved source,
 * works out the mapping the rename list gives, and, once the operator confirms, saves the source with it through
 * the editor's own call (POST /api/order-tracking-sources/save), so the server checks it as any save.
 */
import type { OrderTrackingSource } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderTrackingSourceKeys } from '@/lib/query-keys';
import { applyHeaderRenames, type HeaderRename, type MappingChange } from '../lib/header-renames';

export interface RenamePlan {
  source: OrderTrackingSource;
  mapping: OrderTrackingSource['columnNormalizationValues'];
  changes: MappingChange[];
}

export async function planHeaderRenames(
  sourceId: number,
  renames: readonly HeaderRename[],
): Promise<RenamePlan> {
  const source = await api.get<OrderTrackingSource>(`/api/order-tracking-sources/get/${sourceId}`);
  const { mapping, changes } = applyHeaderRenames(source.columnNormalizationValues, renames);
  return { source, mapping, changes };
}

export function usePlanHeaderRenames() {
  return useMutation({
    mutationFn: ({ sourceId, renames }: { sourceId: number; renames: readonly HeaderRename[] }) =>
      planHeaderRenames(sourceId, renames),
  });
}

export function useSaveHeaderRenames() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ source, mapping }: RenamePlan) =>
      api.post<unknown>('/api/order-tracking-sources/save', {
        ...source,
        columnNormalizationValues: mapping,
      }),
    onSuccess: (_answer, { source }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderTrackingSourceKeys.detail(source.id) }),
        queryClient.invalidateQueries({ queryKey: orderTrackingSourceKeys.list }),
      ]),
  });
}
