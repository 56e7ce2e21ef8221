import { progressText, type WorkProgress } from '@app/contracts';
import {
  Bug,
  CheckCircle2,
  CircleAlert,
  CircleDashed,
  FileUp,
  Loader2,
  RotateCcw,
  TriangleAlert,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { InventoryRunRecord } from '@/shared/runs/api/held-runs';
import { runHistoryPath } from '@/shared/runs/api/runs';
import { RunStatusBadge } from '@/shared/runs/components/run-status-badge';
import { type ManualResult, RESULT_TITLES, resultTitle } from '../lib/summary';
import { DeliveryOutcomeList, readDelivery } from './delivery-outcome';
import { HeldRunPanel } from './held-run-panel';
import { MissingItems } from './missing-items';

const TITLE_ICONS: Record<string, ReactNode> = {
  // A file waiting to be chosen, not a dashed circle: that one reads as a spinner.
  [RESULT_TITLES.ready]: <FileUp aria-hidden className="size-5 text-muted-foreground" />,
  [RESULT_TITLES.processing]: <Loader2 aria-hidden className="size-5 animate-spin text-primary" />,
  [RESULT_TITLES.complete]: <CheckCircle2 aria-hidden className="size-5 text-emerald-600" />,
  [RESULT_TITLES.failed]: <CircleAlert aria-hidden className="size-5 text-destructive" />,
  [RESULT_TITLES.debug]: <Bug aria-hidden className="size-5 text-amber-600" />,
  [RESULT_TITLES.held]: <TriangleAlert aria-hidden className="size-5 text-amber-600" />,
  [RESULT_TITLES.discarded]: <CircleDashed aria-hidden className="size-5 text-muted-foreground" />,
};

/**
 * The results card (docs/behaviour/inventory.md#manual-processing): 'Ready to Process', 'Processing File' (spinner, a 60% pulse bar, 'Analyzing file
 * structure...'), then 'Processing Complete', 'Processing Failed' or 'Debug File Modified'; with the drift guard's (docs/behaviour/inventory.md#drift-guard)
 * held run and the operator's decision on it.
 */
export function ResultsCard({
  sourceId,
  processing,
  progress = null,
  result,
  decision,
  onDecided,
  onProcessAnother,
}: {
  sourceId: number;
  processing: boolean;
  progress?: WorkProgress | null;
  result: ManualResult | null;
  decision: InventoryRunRecord | null;
  onDecided: (run: InventoryRunRecord) => void;
  onProcessAnother: () => void;
}) {
  const title = resultTitle(processing, result, decision);
  const shown = processing ? null : result;
  const held = shown?.kind === 'process' && shown.result.status === 'held';

  return (
    <Card aria-busy={processing}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          {TITLE_ICONS[title]}
          {title}
        </CardTitle>
        <CardDescription>
          {processing
            ? 'The file is read with the source configuration.'
            : shown
              ? shown.kind === 'debug'
                ? 'Quantities were changed to simulate stock drops. Nothing was stored.'
                : 'The outcome of processing the file.'
              : 'Choose a file, then click Process File.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {processing && <ProcessingIndicator progress={progress} />}
        {!processing && !shown && (
          <p className="text-muted-foreground text-sm">
            Results, the generated file and any errors appear here after processing.
          </p>
        )}
        {shown && !held && <ResultMessage result={shown} />}
        {shown?.kind === 'process' && (
          <MissingItems items={shown.result.missingItems ?? []} sourceName={`source-${sourceId}`} />
        )}
        {shown?.kind === 'process' && shown.result.runId !== null && (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Link
              to={runHistoryPath('inventory', sourceId)}
              className="font-medium underline underline-offset-4 hover:text-primary"
            >
              Run #{shown.result.runId}
            </Link>
            <RunStatusBadge status={decision?.status ?? shown.result.status} />
          </p>
        )}
        {shown?.kind === 'process' && !held && (
          <DeliveryOutcomeList delivery={readDelivery(shown.result.delivery)} />
        )}
        {shown?.kind === 'process' && held && (
          <HeldRunPanel sourceId={sourceId} result={shown.result} decision={decision} onDecided={onDecided} />
        )}
        {shown && (
          <div className="flex justify-end border-t pt-4">
            <Button type="button" variant="outline" className="w-full sm:w-auto" onClick={onProcessAnother}>
              <RotateCcw aria-hidden />
              Process Another
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Beyond the spec (docs/behaviour/runs-and-history.md#progress): rows done / total once the server counts them. */
function ProcessingIndicator({ progress }: { progress: WorkProgress | null }) {
  const fraction = progress?.total ? Math.min(progress.done / progress.total, 1) : null;
  return (
    <div role="status" className="space-y-3 py-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Loader2 aria-hidden className="size-6 animate-spin text-primary" />
        <p className="font-medium text-sm">Analyzing file structure...</p>
        {progress && <p className="text-muted-foreground text-sm tabular-nums">{progressText(progress)}</p>}
      </div>
      <div aria-hidden className="h-2 w-full overflow-hidden rounded-full bg-muted">
        <div
          data-testid="processing-bar"
          className={
            fraction === null
              ? 'h-full w-3/5 animate-pulse rounded-full bg-primary'
              : 'h-full rounded-full bg-primary transition-[width]'
          }
          style={fraction === null ? undefined : { width: `${Math.round(fraction * 100)}%` }}
        />
      </div>
    </div>
  );
}

function ResultMessage({ result }: { result: ManualResult }) {
  const { success, message } = result.result;
  if (!message) return null;
  if (!success) {
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden />
        <AlertDescription className="break-words">{message}</AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert role="status" className="border-emerald-600/40 text-emerald-800 dark:text-emerald-300">
      <CheckCircle2 aria-hidden />
      <AlertDescription className="break-words text-current">{message}</AlertDescription>
    </Alert>
  );
}
