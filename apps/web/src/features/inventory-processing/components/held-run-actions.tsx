import type { RunRecord } from '@app/contracts';
import { Loader2 } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/api-client';
import { type HeldRunAction, type InventoryRunRecord, useDecideHeldRun } from '../api/inventory-processing';

const DECISION_FAILED: Record<HeldRunAction, string> = {
  approve: 'Failed to approve the run',
  discard: 'Failed to discard the run',
};

/**
 * The drift guard's two choices for a held inventory run in its Run Details (docs/behaviour/inventory.md#drift-guard):
 * a run held during mail or SFTP intake is decided here, as one held by Process File is on the processing screen.
 * The server records who decided; approving delivers the file as the run's request asked.
 */
export function HeldRunActions({
  run,
  onDecided,
}: {
  run: RunRecord;
  onDecided: (run: InventoryRunRecord) => void;
}) {
  const decide = useDecideHeldRun(run.sourceId ?? 0);
  const pending = decide.isPending ? decide.variables.action : null;
  const act = (action: HeldRunAction) => decide.mutate({ runId: run.id, action }, { onSuccess: onDecided });

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
        <Button type="button" onClick={() => act('approve')} disabled={pending !== null}>
          {pending === 'approve' && <Loader2 aria-hidden className="animate-spin" />}
          Approve and Deliver
        </Button>
        <Button
          type="button"
          variant="outline"
          className="border-destructive/50 text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={() => act('discard')}
          disabled={pending !== null}
        >
          {pending === 'discard' && <Loader2 aria-hidden className="animate-spin" />}
          Discard
        </Button>
      </div>
    </div>
  );
}
