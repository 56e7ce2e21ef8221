/**
 * The manual processing screen's calls (docs/behaviour/inventory.md#calls): Process File and Debug: Modify File, both multipart with
 * the file in the field `file`. A held run's decision is the run history's (shared/runs/api/held-runs.ts).
 */
import type { InventoryDebugModifyResult, InventoryProcessingResult } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshInventoryRuns } from '@/shared/runs/api/held-runs';
import { progressHeaders } from '@/shared/runs/api/work-progress';

export const MANUAL_PROCESS_PATH = '/api/inventory-sources/manually-process';
export const DEBUG_MODIFY_PATH = '/api/inventory-sources/debug-modify-file';

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

export function useManualProcess(sourceId: number) {
  const refresh = useRefreshInventoryRuns(sourceId);
  return useMutation({ mutationFn: manuallyProcessFile, onSettled: refresh });
}

/** Nothing is stored by the debug modification, so nothing is refreshed. */
export function useDebugModify() {
  return useMutation({ mutationFn: debugModifyFile });
}
