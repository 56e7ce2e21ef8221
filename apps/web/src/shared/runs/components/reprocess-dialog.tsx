import type { ReprocessOutcome, RunRecord } from '@app/contracts';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatDateTime } from '@/shared/format/dates';
import { useReprocessRun } from '../api/runs';

/** Shows a run's outcome as a toast of the matching kind. */
export function toastRunOutcome(outcome: Pick<ReprocessOutcome, 'status' | 'message'>) {
  if (outcome.status === 'succeeded') toast.success(outcome.message);
  else if (outcome.status === 'held') toast.warning(outcome.message);
  else toast.error(outcome.message);
}

/**
 * 'Re-process' confirmation. On confirm the run's stored input is processed again with the source's current
 * settings; the new run's outcome is toasted and the history refreshes. A refusal (no input, source deleted)
 * keeps the dialog open with the server's reason.
 */
export function ReprocessDialog({ run, onClose }: { run: RunRecord | null; onClose: () => void }) {
  const reprocess = useReprocessRun();
  return (
    <ConfirmDialog
      item={run}
      onClose={onClose}
      title="Re-process File"
      description={(shown) =>
        `Process "${shown.fileName ?? 'the input file'}" of the run started ${formatDateTime(shown.startedAt)} again with the source's current settings? A new run is recorded.`
      }
      action="Re-process"
      busyAction="Re-processing..."
      onConfirm={async (shown) => toastRunOutcome(await reprocess.mutateAsync(shown.id))}
      logLabel="Error re-processing run:"
      failureMessage={() => 'The run could not be re-processed.'}
    />
  );
}
