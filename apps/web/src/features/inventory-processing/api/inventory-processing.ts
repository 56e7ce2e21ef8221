/**
 * The manual processing screen's calls (docs/behaviour/inventory.md#calls): Process File and Debug: Modify File, both multipart with
 * the file in the field `file`; and (docs/behaviour/inventory.md#drift-guard, beyond the spec) the operator's decision on a run the drift
 * guard held, plus the held run's record for what approving it would change.
 */
import type {
  InventoryDebugModifyResult,
  InventoryProcessingResult,
  InventoryRunDetails,
  RunRecord,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inventorySourceKeys } from '@/features/inventory-sources/api/inventory-sources';
import { runKeys } from '@/features/runs/api/runs';
import { progressHeaders } from '@/features/runs/api/work-progress';
import { api } from '@/lib/api-client';

export const MANUAL_PROCESS_PATH = '/api/inventory-sources/manually-process';
export const DEBUG_MODIFY_PATH = '/api/inventory-sources/debug-modify-file';
export const heldRunActionPath = (runId: number, action: HeldRunAction) =>
  `/api/inventory-sources/runs/${runId}/${action}`;

export type HeldRunAction = 'approve' | 'discard';

/** A run record whose details are an inventory run's. */
export type InventoryRunRecord = Omit<RunRecord, 'details'> & { details: Partial<InventoryRunDetails> };

export interface ManualProcessInput {
  sourceId: number;
  file: File;
  sendEmailNotification: boolean;
  submitViaSftp: boolean;
  /** useWorkProgress's key: the server counts the rows as it processes them. */
  progressKey?: string;
}

export function manuallyProcessFile(input: ManualProcessInput) {
  const form = new FormData();
  form.append('sourceId', String(input.sourceId));
  // Text booleans (docs/behaviour/inventory.md#calls).
  form.append('sendEmailNotification', input.sendEmailNotification ? 'true' : 'false');
  form.append('submitViaSftp', input.submitViaSftp ? 'true' : 'false');
  form.append('file', input.file, input.file.name);
  return api.post<InventoryProcessingResult>(
    MANUAL_PROCESS_PATH,
    form,
    input.progressKey ? progressHeaders(input.progressKey) : undefined,
  );
}

export function debugModifyFile(input: { sourceId: number; file: File }) {
  const form = new FormData();
  form.append('sourceId', String(input.sourceId));
  form.append('file', input.file, input.file.name);
  return api.post<InventoryDebugModifyResult>(DEBUG_MODIFY_PATH, form);
}

export function decideHeldRun(input: { runId: number; action: HeldRunAction }) {
  return api.post<InventoryRunRecord>(heldRunActionPath(input.runId, input.action));
}

/** A processing records a run: the source's history and its list row (last run) are refreshed. */
function useRefreshSourceRuns(sourceId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: runKeys.source('inventory', sourceId) }),
      queryClient.invalidateQueries({ queryKey: inventorySourceKeys.list }),
    ]);
}

export function useManualProcess(sourceId: number) {
  const refresh = useRefreshSourceRuns(sourceId);
  return useMutation({ mutationFn: manuallyProcessFile, onSettled: refresh });
}

/** Nothing is stored by the debug modification, so nothing is refreshed. */
export function useDebugModify() {
  return useMutation({ mutationFn: debugModifyFile });
}

export function useDecideHeldRun(sourceId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshSourceRuns(sourceId);
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
