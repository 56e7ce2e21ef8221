/**
 * The operator's decision on an inventory run the drift guard held (docs/behaviour/inventory.md#drift-guard,
 * beyond the spec), the held run's record for what approving it would change, and the refresh after any
 * inventory processing.
 */
import type { InventoryRunDetails, RunRecord } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventorySourceKeys, runKeys } from '@/lib/query-keys';

export const heldRunActionPath = (runId: number, action: HeldRunAction) =>
  `/api/inventory-sources/runs/${runId}/${action}`;

export type HeldRunAction = 'approve' | 'discard';

/** A run record whose details are an inventory run's. */
export type InventoryRunRecord = Omit<RunRecord, 'details'> & { details: Partial<InventoryRunDetails> };

export function decideHeldRun(input: { runId: number; action: HeldRunAction }) {
  return api.post<InventoryRunRecord>(heldRunActionPath(input.runId, input.action));
}

/** An inventory processing records a run: the source's history and its list row (last run) are refreshed. */
export function useRefreshInventoryRuns(sourceId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: runKeys.source('inventory', sourceId) }),
      queryClient.invalidateQueries({ queryKey: inventorySourceKeys.list }),
    ]);
}

export function useDecideHeldRun(sourceId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshInventoryRuns(sourceId);
  return useMutation({
    mutationFn: decideHeldRun,
    onSuccess: (run) => queryClient.setQueryData(runDetailKey(run.id), run),
    onSettled: refresh,
  });
}

const runDetailKey = (runId: number) => [...runKeys.all, 'detail', runId] as const;

export const heldRunQueryOptions = (runId: number) =>
  queryOptions({
    queryKey: runDetailKey(runId),
    queryFn: ({ signal }) => api.get<InventoryRunRecord>(`/api/runs/${runId}`, signal),
    staleTime: 0,
  });

/** The held run's record (its details say which items would turn Inactive); only while it is held. */
export function useHeldRun(runId: number | null) {
  return useQuery({ ...heldRunQueryOptions(runId ?? 0), enabled: runId !== null });
}
