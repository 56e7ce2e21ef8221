/**
 * /inventory-sources/stock-history/:id/items/:itemNumber (docs/behaviour/inventory.md#why-this-item): the item's
 * snapshots, the prediction with every figure it used, and its status changes with their reasons.
 */
import type { ItemHistoryResponse } from '@app/contracts';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount } from '@/lib/format';
import { formatDateTime } from '@/shared/format/dates';
import { stockHistoryPath, useItemHistory } from '@/shared/inventory-history/api/inventory-history';
import { HistoryBody } from '../components/history-body';
import { ItemHistoryChart } from '../components/item-history-chart';
import { ItemSearch } from '../components/item-search';
import { predictionFormula } from '../lib/history-series';
import { parseSourceId } from './stock-history-page';

const amount = (value: number) => formatCount(Math.round(value * 100) / 100);

export function ItemHistoryPage() {
  const params = useParams();
  const sourceId = parseSourceId(params.id);
  const itemNumber = params.itemNumber ?? '';
  const [search] = useSearchParams();
  const runId = parseSourceId(search.get('runId') ?? undefined);
  const history = useItemHistory(sourceId, itemNumber, runId);
  return (
    <div className="space-y-6" aria-busy={history.isPending}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h1 className="break-words font-semibold text-2xl tracking-tight">Why this item? {itemNumber}</h1>
          {history.data && <p className="text-muted-foreground text-sm">{history.data.sourceName}</p>}
        </div>
        {sourceId !== null && (
          <Button asChild variant="outline">
            <Link to={stockHistoryPath(sourceId)}>
              <ArrowLeft aria-hidden />
              Back to Stock History
            </Link>
          </Button>
        )}
      </div>
      {sourceId !== null && <ItemSearch key={itemNumber} sourceId={sourceId} initial={itemNumber} />}
      <HistoryBody
        sourceId={sourceId}
        history={history}
        failure="The item history could not be loaded."
        skeletonClassName="h-96 w-full"
      >
        {(data) => <ItemHistory history={data} />}
      </HistoryBody>
    </div>
  );
}

function ItemHistory({ history }: { history: ItemHistoryResponse }) {
  return (
    <div className="flex flex-col gap-4">
      <Verdict history={history} />
      <ItemHistoryChart history={history} />
      <div className="grid gap-4 lg:grid-cols-2">
        <PredictionFigures history={history} />
        <StatusChanges history={history} />
      </div>
    </div>
  );
}

function Verdict({ history }: { history: ItemHistoryResponse }) {
  const { run, current } = history;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Decision</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-1 text-sm">
        {run ? (
          <p>
            Run {run.id} of {formatDateTime(run.at)} ({run.status === 'succeeded' ? 'delivered' : run.status})
            decided <strong>{run.decided ?? 'nothing'}</strong>
            {history.prediction?.belowThreshold ? ' — early, by prediction.' : '.'}
          </p>
        ) : (
          <p>No run has read a file with this item yet.</p>
        )}
        <p className="text-muted-foreground">
          Now: {current.status ?? 'no status yet'}
          {current.since ? ` since ${formatDateTime(current.since)}` : ''}.
        </p>
      </CardContent>
    </Card>
  );
}

function PredictionFigures({ history }: { history: ItemHistoryResponse }) {
  const { prediction, settings, threshold } = history;
  const rows: Array<[string, string]> = [
    [
      'Threshold (minItemsToBeActive)',
      `${threshold.minItemsToBeActive ?? 'not set'}: Active when ${threshold.text}`,
    ],
  ];
  if (settings) {
    rows.push(
      ['Lookback', `${settings.lookbackDays} days, at least ${settings.minDataPoints} snapshots`],
      ['Safety multiplier', amount(settings.safetyMultiplier)],
      ['Safety padding', amount(settings.safetyPadding)],
      [
        'Large-drop rule',
        `a drop above ${amount(settings.largeDropThreshold)} multiplies the rate by ${amount(settings.largeDropMultiplier)}`,
      ],
    );
  }
  if (prediction) {
    rows.push(
      ['Snapshots used', formatCount(prediction.points)],
      ['Depletion rate', `${amount(prediction.baseRate)} per day`],
      ['Large drop', prediction.largeDrop ? `yes: rate used ${amount(prediction.rate)} per day` : 'no'],
      [
        'Next expected update',
        `in ${amount(prediction.horizonDays)} day${prediction.horizonDays === 1 ? '' : 's'}`,
      ],
      ['Predicted quantity', predictionFormula(history) ?? amount(prediction.predicted)],
      [
        'Verdict',
        prediction.belowThreshold
          ? `below the threshold: Inactive early`
          : 'not below the threshold: no early switch',
      ],
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>The prediction</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {!prediction && <p>{history.noPredictionReason}</p>}
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr] sm:gap-y-2">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {prediction?.reason && (
          <p className="rounded-md bg-muted px-3 py-2 font-mono text-xs">{prediction.reason}</p>
        )}
      </CardContent>
    </Card>
  );
}

function StatusChanges({ history }: { history: ItemHistoryResponse }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Status changes</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {history.statusChanges.length === 0 ? (
          <p className="text-muted-foreground text-sm">No status change in the window.</p>
        ) : (
          // A list, not a table: a reason is a sentence, and a half-width table would scroll sideways.
          <ol className="flex flex-col gap-3 text-sm">
            {history.statusChanges.map((change) => (
              <li key={change.runId} className="rounded-md border p-3">
                <p className="font-medium">
                  {change.from ?? 'New'} → {change.to}{' '}
                  <span className="font-normal text-muted-foreground">
                    · {formatDateTime(change.at)} · run {change.runId}
                  </span>
                </p>
                <p className="mt-1 break-words text-muted-foreground">{change.reason}</p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
