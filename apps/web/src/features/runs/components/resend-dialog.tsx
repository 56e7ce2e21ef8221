import type { RunRecord } from '@app/contracts';
import { Loader2 } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useResendRun } from '../api/runs';
import { toastRunOutcome } from './reprocess-dialog';

/**
 * 'Re-send' confirmation for a vendor run (docs/behaviour/order-submission.md#re-send): the run's generated file goes to the vendor again, by
 * e-mail, from the vendor's current send-from mailbox to its current recipients. The new run's outcome is
 * toasted and the history refreshes; a refusal keeps the dialog open with the server's reason.
 */
export function ResendDialog({ run, onClose }: { run: RunRecord | null; onClose: () => void }) {
  const resend = useResendRun();
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<RunRecord | null>(run);
  if (run && run !== shown) {
    setShown(run);
    setError(null);
  }

  const confirm = async (event: MouseEvent) => {
    // Radix would close the dialog on the action click; it closes only once the server answered.
    event.preventDefault();
    if (!run) return;
    setError(null);
    try {
      toastRunOutcome(await resend.mutateAsync(run.id));
      onClose();
    } catch (failure) {
      console.error('Error re-sending run:', failure);
      const message = describeError(failure, 'The submission could not be re-sent.');
      setError(message);
      toast.error(message);
    }
  };

  const busy = resend.isPending;
  return (
    <AlertDialog open={run !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Re-send Submission</AlertDialogTitle>
          <AlertDialogDescription>
            {shown
              ? `Send "${shown.fileName ?? 'the generated file'}" of the run started ${formatDateTime(shown.startedAt)} to ${shown.sourceName} again? A new run is recorded.`
              : ''}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {error && (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction disabled={busy} onClick={confirm}>
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {busy ? 'Re-sending...' : 'Re-send'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
