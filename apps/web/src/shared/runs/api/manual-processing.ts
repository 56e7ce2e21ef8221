/**
 * Manual processing of an order tracking file (beyond the spec): preview how the source reads a file, then
 * import it through the same processor mail intake uses. Both calls send the file as multipart field `file`.
 */
import type { HeaderDrift, OrderMappingField } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderTrackingSourceKeys, runKeys } from '@/lib/query-keys';
import { progressHeaders } from './work-progress';

export type PreviewValue = string | number | null | string[];

/** POST /api/order-tracking-sources/:id/preview: nothing is written. */
export interface OrderTrackingPreview {
  fileName: string;
  headers: string[];
  /** The first mapped rows: rowNumber, uniqueKey and every order field (trackingNumbers as a list). */
  rows: Array<Partial<Record<OrderMappingField | 'rowNumber' | 'uniqueKey', PreviewValue>>>;
  totalRows: number;
  warnings: string[];
  headerDrift: HeaderDrift | null;
  /** Why the import would fail. */
  error?: string;
}

/** POST /api/order-tracking-sources/:id/process. */
export interface OrderTrackingProcessOutcome {
  runId: number;
  status: 'succeeded' | 'failed' | 'held' | 'discarded';
  message: string;
  ordersUpdated: number;
  /** Of ordersUpdated, the orders new to the source and the ones that changed. */
  ordersNew: number;
  ordersChanged: number;
  ordersDeleted: number;
}

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

export function previewOrderTrackingFile({ sourceId, file }: { sourceId: number; file: File }) {
  return api.post<OrderTrackingPreview>(`/api/order-tracking-sources/${sourceId}/preview`, fileForm(file));
}

export function processOrderTrackingFile({
  sourceId,
  file,
  progressKey,
}: {
  sourceId: number;
  file: File;
  /** useWorkProgress's key: the server counts the rows as it imports them. */
  progressKey?: string;
}) {
  return api.post<OrderTrackingProcessOutcome>(
    `/api/order-tracking-sources/${sourceId}/process`,
    fileForm(file),
    progressKey ? progressHeaders(progressKey) : undefined,
  );
}

export function usePreviewOrderTrackingFile() {
  return useMutation({ mutationFn: previewOrderTrackingFile });
}

/** After an import the source's history and its list row (last run) are refreshed. */
export function useProcessOrderTrackingFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: processOrderTrackingFile,
    onSettled: async (_outcome, _error, { sourceId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: runKeys.source('order-tracking', sourceId) }),
        queryClient.invalidateQueries({ queryKey: orderTrackingSourceKeys.list }),
      ]);
    },
  });
}
