/**
 * Order submission sources: list, one source, save, delete and the list's active switch (docs/behaviour/order-submission.md#calls, docs/design/differences.md#active-switches-work), plus the parent-source picker the vendor editor uses (GET /api/order-submission/order-submission-list).
 */
import type { OrderSubmissionSource, PickerPair } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { submissionSourceKeys } from '@/lib/query-keys';
import { type RecordKeys, useDeleteRecord, useSaveRecord, useSetRecordActive } from '@/lib/record-mutations';
import { submissionSourcesQueryOptions } from '@/lib/source-lists';

const SUBMISSION_RECORDS: RecordKeys = {
  lists: submissionSourceKeys.list,
  detail: submissionSourceKeys.detail,
  also: [submissionSourceKeys.picker],
};

export const SUBMISSION_SOURCES_PATH = '/order-submission/sources';
export const submissionSourceEditPath = (id: number) => `${SUBMISSION_SOURCES_PATH}/edit/${id}`;

export function useSubmissionSources() {
  return useQuery(submissionSourcesQueryOptions());
}

export const submissionSourceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: submissionSourceKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<OrderSubmissionSource>(`/api/order-submission/sources/get/${id}`, signal),
  });

export function useSubmissionSource(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...submissionSourceQueryOptions(id), enabled: options.enabled ?? true });
}

/** The parent order submission sources offered to a vendor: item1 the name shown, item2 the id sent. */
export function useSubmissionSourceOptions() {
  return useQuery({
    queryKey: submissionSourceKeys.picker,
    queryFn: ({ signal }) => api.get<PickerPair[]>('/api/order-submission/order-submission-list', signal),
  });
}

/** The body is the parsed form with `Id` (0 creates); the answer is the saved source (or nothing, 204). */
export function saveSubmissionSource(body: Record<string, unknown>) {
  return api.post<unknown>('/api/order-submission/sources/save', body);
}

export function useSaveSubmissionSource() {
  return useSaveRecord(SUBMISSION_RECORDS, saveSubmissionSource);
}

export function deleteSubmissionSource(id: number) {
  return api.post<void>(`/api/order-submission/sources/delete/${id}`);
}

export function useDeleteSubmissionSource() {
  return useDeleteRecord(SUBMISSION_RECORDS, deleteSubmissionSource);
}

export function setSubmissionSourceActive({ id, activeStatus }: { id: number; activeStatus: boolean }) {
  return api.post<unknown>(`/api/order-submission/sources/${id}/active`, { activeStatus });
}

/** The list's active switch: shown at once, rolled back if the server refuses. */
export function useSetSubmissionSourceActive() {
  return useSetRecordActive(SUBMISSION_RECORDS, setSubmissionSourceActive);
}
