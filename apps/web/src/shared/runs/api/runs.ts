/** Run history (docs/behaviour/runs-and-history.md#run-history, beyond the spec): one source's runs, their files, and re-processing a run. */
import {
  type ReprocessOutcome,
  type ResendSubmissionOutcome,
  RUN_PAGE_SIZE,
  type RunListResponse,
  type RunSourceType,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  emailSourceKeys,
  inventorySourceKeys,
  orderTrackingSourceKeys,
  runKeys,
  submissionSourceKeys,
  vendorKeys,
} from '@/lib/query-keys';

/** The kinds of source that have a history page. */
export type HistorySourceType = Extract<
  RunSourceType,
  'order-tracking' | 'inventory' | 'email' | 'order-submission' | 'vendor'
>;

const LIST_PATHS: Record<HistorySourceType, string> = {
  'order-tracking': '/order-tracking-sources',
  inventory: '/inventory-sources',
  email: '/email-sources',
  'order-submission': '/order-submission/sources',
  vendor: '/order-submission/vendor',
};

export const sourceListPath = (sourceType: HistorySourceType) => LIST_PATHS[sourceType];
export const runHistoryPath = (sourceType: HistorySourceType, sourceId: number) =>
  `${LIST_PATHS[sourceType]}/history/${sourceId}`;

export const runInputUrl = (runId: number) => `/api/runs/${runId}/input`;
export const runOutputUrl = (runId: number) => `/api/runs/${runId}/output`;

export const runsQueryOptions = (sourceType: RunSourceType, sourceId: number, page: number) =>
  queryOptions({
    queryKey: runKeys.page(sourceType, sourceId, page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        sourceType,
        sourceId: String(sourceId),
        page: String(page),
        pageSize: String(RUN_PAGE_SIZE),
      });
      return api.get<RunListResponse>(`/api/runs?${query}`, signal);
    },
    // Runs change under the page (mail keeps arriving); a short stale time keeps the list honest.
    staleTime: 5_000,
  });

export function useRuns(sourceType: RunSourceType, sourceId: number | null, page: number) {
  return useQuery({
    ...runsQueryOptions(sourceType, sourceId ?? 0, page),
    enabled: sourceId !== null,
    // The previous page stays on screen while the next one loads, so the pager does not flash.
    placeholderData: keepPreviousData,
  });
}

export function reprocessRun(runId: number) {
  return api.post<ReprocessOutcome>(`/api/runs/${runId}/reprocess`);
}

/** Re-processes a run; afterwards the history and the source lists (their last run) are refreshed. */
export function useReprocessRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reprocessRun,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: runKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderTrackingSourceKeys.list }),
        queryClient.invalidateQueries({ queryKey: inventorySourceKeys.list }),
        queryClient.invalidateQueries({ queryKey: emailSourceKeys.list }),
        queryClient.invalidateQueries({ queryKey: submissionSourceKeys.list }),
        queryClient.invalidateQueries({ queryKey: vendorKeys.lists }),
      ]);
    },
  });
}

/** Sends a vendor run's generated file to the vendor again (docs/behaviour/order-submission.md#re-send); a new run is recorded. */
export function resendRun(runId: number) {
  return api.post<ResendSubmissionOutcome>(`/api/order-submission/runs/${runId}/resend`);
}

export function useResendRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendRun,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: runKeys.all }),
        queryClient.invalidateQueries({ queryKey: vendorKeys.lists }),
      ]);
    },
  });
}
