import type { InventoryProcessingResult, InventoryStatusChange, RunRecord } from '@app/contracts';
import { Loader2, TriangleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { describeError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { itemHistoryPath } from '@/shared/inventory-history/api/inventory-history';
import { WhyThisItemLink } from '@/shared/inventory-history/components/why-this-item-link';
import { type InventoryRunRecord, useHeldRun } from '@/shared/runs/api/held-runs';
import { HeldRunActions } from '@/shared/runs/components/held-run-actions';
import { DeliveryOutcomeList, readDelivery } from './delivery-outcome';
import { DetailList } from './detail-list';

const count = formatCount;

/**
 * docs/behaviour/inventory.md#drift-guard: a held run shows why, what approving it would change, and the operator's two
 * choices. After the decision it shows the run as the server answered (and the delivery outcome).
 */
export function HeldRunPanel({
  sourceId,
  result,
  decision,
  onDecided,
}: {
  sourceId: number;
  result: InventoryProcessingResult;
  decision: InventoryRunRecord | null;
  onDecided: (run: InventoryRunRecord) => void;
}) {
  const runId = result.runId;
  const run = useHeldRun(runId !== null && !decision ? runId : null);

  if (decision) return <DecisionOutcome run={decision} />;

  const details = run.data?.details;
  const held = details?.held;
  const changes = details?.changes;
  const turningInactive: InventoryStatusChange[] = changes?.turnedInactive ?? [];
  const more = (changes?.turnedInactiveCount ?? 0) - turningInactive.length;

  return (
    <div className="space-y-4">
      <Alert className="border-amber-500/60 bg-amber-50 text-amber-950 dark:bg-amber-950/30 dark:text-amber-100">
        <TriangleAlert aria-hidden />
        <AlertTitle>Drift guard</AlertTitle>
        <AlertDescription className="text-current">
          <p>Held for approval: {result.heldReason}</p>
        </AlertDescription>
      </Alert>

      <section aria-label="Changes if approved" className="space-y-3">
        <h3 className="font-semibold text-sm">Changes if approved</h3>
        <DetailList
          items={[
            { term: 'Items in the Generated File', value: count(result.processedCount) },
            { term: 'Would Be Active', value: count(result.activeCount) },
            { term: 'Would Be Inactive', value: count(result.inactiveCount) },
            ...(held
              ? [
                  { term: 'Currently Active', value: count(held.currentlyActive) },
                  {
                    term: 'Active Items Turning Inactive',
                    value: `${count(held.turningInactive)} (${held.percent}%, the guard allows ${held.limitPercent}%)`,
                  },
                ]
              : []),
          ]}
        />
        {run.isPending && runId !== null && (
          <p className="flex items-center gap-2 text-muted-foreground text-sm">
            <Loader2 aria-hidden className="size-4 animate-spin" /> Loading the items that would change...
          </p>
        )}
        {run.isError && (
          <p className="text-muted-foreground text-sm">
            The list of changing items could not be loaded: {describeError(run.error, 'unknown error')}
          </p>
        )}
        {turningInactive.length > 0 && (
          <div className="space-y-1.5">
            <h4 className="font-medium text-sm">Items turning Inactive</h4>
            <ul aria-label="Items turning Inactive" className="flex flex-wrap gap-1.5">
              {turningInactive.map((change) => (
                <li
                  key={change.itemNumber}
                  className="rounded-md border bg-muted/40 px-2 py-0.5 font-mono text-xs"
                  title={change.from === 'Active' ? 'Active now' : 'New item'}
                >
                  <WhyThisItemLink
                    to={itemHistoryPath(sourceId, change.itemNumber, runId ?? undefined)}
                    item={change.itemNumber}
                  />
                </li>
              ))}
            </ul>
            {more > 0 && <p className="text-muted-foreground text-xs">…and {count(more)} more.</p>}
          </div>
        )}
      </section>

      <HeldRunActions sourceId={sourceId} runId={runId} onDecided={onDecided} />
    </div>
  );
}

function DecisionOutcome({ run }: { run: Pick<RunRecord, 'status' | 'message' | 'details'> }) {
  const approved = run.status === 'succeeded';
  return (
    <Alert
      role="status"
      className={
        approved
          ? 'border-emerald-600/40 text-emerald-800 dark:text-emerald-300'
          : 'border-muted-foreground/30'
      }
    >
      <AlertTitle>{approved ? 'Approved' : 'Discarded'}</AlertTitle>
      <AlertDescription className="space-y-2 text-current">
        {run.message && <p>{run.message}</p>}
        <DeliveryOutcomeList delivery={readDelivery(run.details?.delivery)} />
      </AlertDescription>
    </Alert>
  );
}
