import { Loader2 } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/api-client';
import { type HeldRunAction, type InventoryRunRecord, useDecideHeldRun } from '../api/held-runs';

const DECISION_FAILED: Record<HeldRunAction, string> = {
  approve: 'Failed to approve the run',
  discard: 'Failed to discard the run',
};

/**
 * The drift guard's two choices for a held inventory run (docs/behaviour/inventory.md#drift-guard), on the processing
 * screen right after Process File and in a run's Run Details (a run held during mail or SFTP intake). The server
 * records who decided; approving delivers the file as the run's request asked.
 */
export function HeldRunActions({
  sourceId,
  runId,
  onDecided,
}: {
  sourceId: number;
  /** Null while the run is not known: the buttons stay disabled. */
  runId: number | null;
  onDecided: (run: InventoryRunRecord) => void;
}) {
  const decide = useDecideHeldRun(sourceId);
  const pending = decide.isPending ? decide.variables.action : null;
  const act = (action: HeldRunAction) => {
    if (runId === null) return;
    decide.mutate(
      { runId, action },
      {
        onSuccess: onDecided,
        onError: (error) => console.error(`Error on ${action} of run ${runId}:`, error),
      },
    );
  };

  return (
    <div className="space-y-3">
      {decide.isError && (
        <Alert variant="destructive">
          <AlertDescription>
            {describeError(decide.error, DECISION_FAILED[decide.variables?.action ?? 'approve'])}
          </AlertDescription>
        </Alert>
      )}
      <div className="flex flex-wrap gap-2 [&>button]:flex-1 sm:[&>button]:flex-none">
        <Button type="button" onClick={() => act('approve')} disabled={pending !== null || runId === null}>
          {pending === 'approve' && <Loader2 aria-hidden className="animate-spin" />}
          Approve and Deliver
        </Button>
        <Button
          type="button"
          variant="outline"
          className="border-destructive/50 text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={() => act('discard')}
          disabled={pending !== null || runId === null}
        >
          {pending === 'discard' && <Loader2 aria-hidden className="animate-spin" />}
          Discard
        </Button>
      </div>
    </div>
  );
}
