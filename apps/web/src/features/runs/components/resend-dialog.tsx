import type { RunRecord } from '@app/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatDateTime } from '@/shared/format/dates';
import { useResendRun } from '@/shared/runs/api/runs';
import { toastRunOutcome } from '@/shared/runs/components/reprocess-dialog';

/**
 * 'Re-send' confirmation for a vendor run (docs/behaviour/order-submission.md#re-send): the run's generated file goes to the vendor again, by
 * e-mail, from the vendor's current send-from mailbox to its current recipients. The new run's outcome is
 * toasted and the history refreshes; a refusal keeps the dialog open with the server's reason.
 */
export function ResendDialog({ run, onClose }: { run: RunRecord | null; onClose: () => void }) {
  const resend = useResendRun();
  return (
    <ConfirmDialog
      item={run}
      onClose={onClose}
      title="Re-send Submission"
      description={(shown) =>
        `Send "${shown.fileName ?? 'the generated file'}" of the run started ${formatDateTime(shown.startedAt)} to ${shown.sourceName} again? A new run is recorded.`
      }
      action="Re-send"
      busyAction="Re-sending..."
      onConfirm={async (shown) => toastRunOutcome(await resend.mutateAsync(shown.id))}
      logLabel="Error re-sending run:"
      failureMessage={() => 'The submission could not be re-sent.'}
    />
  );
}
