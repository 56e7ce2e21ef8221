import type { ReprocessOutcome, RunRecord } from '@app/contracts';
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
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<RunRecord | null>(run);
  if (run && run !== shown) {
    setShown(run);
    setError(null);
  }

  const confirm = async (event: MouseEvent) => {
    event.preventDefault();
    if (!run) return;
    setError(null);
    try {
      const outcome = await reprocess.mutateAsync(run.id);
      toastRunOutcome(outcome);
      onClose();
    } catch (failure) {
      console.error('Error re-processing run:', failure);
      const message = describeError(failure, 'The run could not be re-processed.');
      setError(message);
      toast.error(message);
    }
  };

  const busy = reprocess.isPending;
  return (
    <AlertDialog open={run !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Re-process File</AlertDialogTitle>
          <AlertDialogDescription>
            {shown
              ? `Process "${shown.fileName ?? 'the input file'}" of the run started ${formatDateTime(shown.startedAt)} again with the source's current settings? A new run is recorded.`
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
            {busy ? 'Re-processing...' : 'Re-process'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
