import { emailSourceLabel, RUN_PAGE_SIZE, RUN_TRIGGER_LABELS, type RunRecord } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ChartColumn, Download, FileSearch, Inbox, RotateCcw, Send } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useIsMobile } from '@/hooks/use-media-query';
import { describeError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import {
  emailSourcesQueryOptions,
  inventorySourcesQueryOptions,
  orderTrackingSourcesQueryOptions,
  submissionSourcesQueryOptions,
  vendorsQueryOptions,
} from '@/lib/source-lists';
import { cn } from '@/lib/utils';
import { formatDateTime } from '@/shared/format/dates';
import { stockHistoryPath } from '@/shared/inventory-history/api/inventory-history';
import {
  type HistorySourceType,
  runInputUrl,
  runOutputUrl,
  sourceListPath,
  useRuns,
} from '@/shared/runs/api/runs';
import { HeldRunActions } from '@/shared/runs/components/held-run-actions';
import { ReprocessDialog } from '@/shared/runs/components/reprocess-dialog';
import { RunStatusBadge } from '@/shared/runs/components/run-status-badge';
import { newAndChangedText } from '@/shared/runs/lib/run-format';
import { ResendDialog } from '../components/resend-dialog';
import { RunDetailsDialog } from '../components/run-details-dialog';
import { lastPage, RunsPager } from '../components/runs-pager';
import { RunsPerDayChart } from '../components/runs-per-day-chart';

const BACK_LABELS: Record<HistorySourceType, string> = {
  'order-tracking': 'Back to Order Tracking Sources',
  inventory: 'Back to Inventory Sources',
  email: 'Back to Email Sources',
  'order-submission': 'Back to Order Submission Sources',
  vendor: 'Back to Order Vendor Sources',
};

/** Kinds of source whose runs read a file that can be processed again. */
const REPROCESSABLE: ReadonlySet<HistorySourceType> = new Set(['order-tracking', 'inventory']);

const LOAD_FAILED = 'Failed to load the run history';

function parseId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** The source's display name, from the list its own page loads (usually cached already). */
function useSourceName(sourceType: HistorySourceType, sourceId: number | null): string | undefined {
  const orderTracking = useQuery({
    ...orderTrackingSourcesQueryOptions(),
    enabled: sourceType === 'order-tracking' && sourceId !== null,
  });
  const inventory = useQuery({
    ...inventorySourcesQueryOptions(),
    enabled: sourceType === 'inventory' && sourceId !== null,
  });
  const email = useQuery({
    ...emailSourcesQueryOptions(),
    enabled: sourceType === 'email' && sourceId !== null,
  });
  const submission = useQuery({
    ...submissionSourcesQueryOptions(),
    enabled: sourceType === 'order-submission' && sourceId !== null,
  });
  // Switched-off vendors keep their history, so their name is looked up among the inactive ones too.
  const vendors = useQuery({
    ...vendorsQueryOptions(true),
    enabled: sourceType === 'vendor' && sourceId !== null,
  });
  if (sourceType === 'order-tracking') return orderTracking.data?.find((s) => s.id === sourceId)?.sourceName;
  if (sourceType === 'inventory') return inventory.data?.find((s) => s.id === sourceId)?.sourceName;
  if (sourceType === 'order-submission') return submission.data?.find((s) => s.id === sourceId)?.sourceName;
  if (sourceType === 'vendor') return vendors.data?.find((s) => s.id === sourceId)?.vendorNameFromFile;
  const emailSource = email.data?.find((s) => s.id === sourceId);
  return emailSource && emailSourceLabel(emailSource);
}

function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = (next: number) =>
    setParams(
      (current) => {
        if (next <= 1) current.delete('page');
        else current.set('page', String(next));
        return current;
      },
      { replace: true },
    );
  return [page, setPage];
}

interface RowHandlers {
  onDetails: (run: RunRecord) => void;
  onReprocess: (run: RunRecord) => void;
  onResend: (run: RunRecord) => void;
}

/**
 * Run history of one source (docs/behaviour/runs-and-history.md#run-history): /{order-tracking,inventory,email}-sources/history/:id,
 * /order-submission/sources/history/:id and /order-submission/vendor/history/:id.
 */
export function RunHistoryPage({ sourceType }: { sourceType: HistorySourceType }) {
  const sourceId = parseId(useParams().id);
  const [page, setPage] = usePageParam();
  const runs = useRuns(sourceType, sourceId, page);
  const sourceName = useSourceName(sourceType, sourceId);
  const isMobile = useIsMobile();
  const [detailsRun, setDetailsRun] = useState<RunRecord | null>(null);
  const [reprocessRun, setReprocessRun] = useState<RunRecord | null>(null);
  const [resendRun, setResendRun] = useState<RunRecord | null>(null);

  const name = sourceName ?? runs.data?.runs[0]?.sourceName ?? (sourceId ? `Source ${sourceId}` : 'Source');
  const title = `${name} — Run History`;

  useEffect(() => {
    if (!runs.error) return;
    console.error('Error fetching runs:', runs.error);
    toast.error(describeError(runs.error, LOAD_FAILED));
  }, [runs.error]);

  // A page beyond the last one (runs were deleted, or a stale link) moves to the last page.
  const total = runs.data?.totalRecordCount;
  useEffect(() => {
    if (total === undefined) return;
    const last = lastPage(total, RUN_PAGE_SIZE);
    if (page > last) setPage(last);
  }, [total, page, setPage]);

  const handlers: RowHandlers = {
    onDetails: setDetailsRun,
    onReprocess: setReprocessRun,
    onResend: setResendRun,
  };
  const showOrders = sourceType === 'order-tracking';
  const canReprocess = REPROCESSABLE.has(sourceType);
  // A vendor run's output is the file that was e-mailed to the vendor; it can be sent again (docs/behaviour/order-submission.md#re-send).
  const canResend = sourceType === 'vendor';

  let body: ReactNode;
  if (sourceId === null || (runs.isError && !runs.data)) {
    const message =
      sourceId === null ? 'This source does not exist.' : describeError(runs.error, LOAD_FAILED);
    body = (
      <Alert variant="destructive">
        <AlertDescription className="flex flex-wrap items-center gap-3">
          <span>{message}</span>
          {sourceId !== null && (
            <Button variant="outline" size="sm" onClick={() => void runs.refetch()}>
              Try again
            </Button>
          )}
        </AlertDescription>
      </Alert>
    );
  } else if (runs.isPending) {
    body = (
      <div className="space-y-2 rounded-md border p-4">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-8 w-full" />
        ))}
      </div>
    );
  } else if (runs.data.runs.length === 0 && runs.data.totalRecordCount === 0) {
    body = <p className="rounded-md border py-10 text-center text-muted-foreground">No runs yet.</p>;
  } else {
    const list = runs.data.runs;
    body = (
      <div className="space-y-4">
        {isMobile ? (
          <ul className="grid gap-4">
            {list.map((run) => (
              <li key={run.id}>
                <RunCard
                  run={run}
                  showOrders={showOrders}
                  canReprocess={canReprocess}
                  canResend={canResend}
                  {...handlers}
                />
              </li>
            ))}
          </ul>
        ) : (
          <RunsTable
            runs={list}
            showOrders={showOrders}
            canReprocess={canReprocess}
            canResend={canResend}
            {...handlers}
          />
        )}
        <RunsPager
          page={page}
          pageSize={RUN_PAGE_SIZE}
          totalRecords={runs.data.totalRecordCount}
          onPageChange={setPage}
        />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="min-w-0 break-words font-semibold text-2xl tracking-tight">{title}</h1>
        <div className="flex flex-wrap gap-2">
          {sourceType === 'inventory' && sourceId !== null && (
            <Button asChild variant="outline">
              <Link to={stockHistoryPath(sourceId)}>
                <ChartColumn aria-hidden />
                Stock History
              </Link>
            </Button>
          )}
          {sourceType === 'email' && sourceId !== null && (
            // The polls' messages one by one, with why each was or was not processed (docs/behaviour/mail-intake.md#the-mailbox-ledger).
            <Button asChild variant="outline">
              <Link to={`/email-sources/messages/${sourceId}`}>
                <Inbox aria-hidden />
                Messages
              </Link>
            </Button>
          )}
          <Button asChild variant="outline">
            <Link to={sourceListPath(sourceType)}>
              <ArrowLeft aria-hidden />
              {BACK_LABELS[sourceType]}
            </Link>
          </Button>
        </div>
      </div>
      {sourceId !== null && runs.data && runs.data.totalRecordCount > 0 && (
        <RunsPerDayChart sourceType={sourceType} sourceId={sourceId} />
      )}
      {runs.isError && runs.data && (
        <Alert variant="destructive">
          <AlertDescription>{describeError(runs.error, LOAD_FAILED)}</AlertDescription>
        </Alert>
      )}
      {body}
      <RunDetailsDialog
        run={detailsRun}
        onClose={() => setDetailsRun(null)}
        actions={
          detailsRun?.sourceType === 'inventory' && detailsRun.status === 'held' ? (
            <HeldRunActions
              sourceId={detailsRun.sourceId ?? 0}
              runId={detailsRun.id}
              onDecided={setDetailsRun}
            />
          ) : undefined
        }
      />
      <ReprocessDialog run={reprocessRun} onClose={() => setReprocessRun(null)} />
      <ResendDialog run={resendRun} onClose={() => setResendRun(null)} />
    </div>
  );
}

interface RunViewProps extends RowHandlers {
  showOrders: boolean;
  canReprocess: boolean;
  canResend: boolean;
}

function RunActions({
  run,
  canReprocess,
  canResend,
  onDetails,
  onReprocess,
  onResend,
  inTable = false,
}: { run: RunRecord; inTable?: boolean } & RunViewProps) {
  return (
    <div className={cn('flex flex-wrap items-center gap-1.5', inTable && 'min-w-60 2xl:flex-nowrap')}>
      <Button variant="outline" size="sm" onClick={() => onDetails(run)}>
        <FileSearch aria-hidden />
        Details
      </Button>
      {run.hasInputFile && (
        <Button asChild variant="outline" size="sm">
          <a href={runInputUrl(run.id)} download>
            <Download aria-hidden />
            Download input
          </a>
        </Button>
      )}
      {run.hasOutputFile && (
        <Button asChild variant="outline" size="sm">
          <a href={runOutputUrl(run.id)} download>
            <Download aria-hidden />
            Download output
          </a>
        </Button>
      )}
      {canReprocess && run.hasInputFile && (
        <Button variant="outline" size="sm" onClick={() => onReprocess(run)}>
          <RotateCcw aria-hidden />
          Re-process
        </Button>
      )}
      {canResend && run.hasOutputFile && (
        <Button variant="outline" size="sm" onClick={() => onResend(run)}>
          <Send aria-hidden />
          Re-send
        </Button>
      )}
    </div>
  );
}

function StartedAt({ run }: { run: RunRecord }) {
  return (
    <time dateTime={run.startedAt} className="whitespace-nowrap">
      {formatDateTime(run.startedAt)}
    </time>
  );
}

function RunsTable({ runs, ...props }: { runs: RunRecord[] } & RunViewProps) {
  return (
    <div className="rounded-md border">
      <Table stickyLastColumn>
        <TableHeader>
          <TableRow>
            <TableHead>Started</TableHead>
            <TableHead>Trigger</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>File</TableHead>
            {props.showOrders && <TableHead className="text-right">Orders Updated</TableHead>}
            {props.showOrders && <TableHead className="text-right">Orders Deleted</TableHead>}
            <TableHead>Message</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {runs.map((run) => (
            <TableRow key={run.id} data-run-id={run.id}>
              <TableCell>
                <StartedAt run={run} />
              </TableCell>
              <TableCell>{RUN_TRIGGER_LABELS[run.trigger] ?? run.trigger}</TableCell>
              <TableCell>
                <RunStatusBadge status={run.status} />
              </TableCell>
              <TableCell>
                <span className="block max-w-48 truncate" title={run.fileName ?? undefined}>
                  {run.fileName ?? '—'}
                </span>
              </TableCell>
              {props.showOrders && (
                <TableCell className="text-right tabular-nums">
                  {formatCount(run.ordersUpdated)}
                  {newAndChangedText(run) && (
                    <span className="block whitespace-nowrap text-muted-foreground text-xs">
                      {` (${newAndChangedText(run)})`}
                    </span>
                  )}
                </TableCell>
              )}
              {props.showOrders && (
                <TableCell className="text-right tabular-nums">{formatCount(run.ordersDeleted)}</TableCell>
              )}
              <TableCell className="min-w-48 max-w-md whitespace-normal break-words">
                {run.message ?? '—'}
              </TableCell>
              <TableCell>
                <RunActions run={run} inTable {...props} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function RunCard({ run, ...props }: { run: RunRecord } & RunViewProps) {
  const details: Array<[string, ReactNode]> = [
    ['Trigger', RUN_TRIGGER_LABELS[run.trigger] ?? run.trigger],
    ['File', run.fileName ?? '—'],
  ];
  if (props.showOrders) {
    const split = newAndChangedText(run);
    details.push(
      ['Orders Updated', split ? `${run.ordersUpdated} (${split})` : String(run.ordersUpdated)],
      ['Orders Deleted', String(run.ordersDeleted)],
    );
  }
  return (
    <Card className="gap-3" data-run-id={run.id}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="font-medium text-base">
          <h2>
            <StartedAt run={run} />
          </h2>
        </CardTitle>
        <RunStatusBadge status={run.status} />
      </CardHeader>
      <CardContent className="space-y-3">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
          {details.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="truncate">{value}</dd>
            </div>
          ))}
        </dl>
        {run.message && <p className="break-words text-sm">{run.message}</p>}
        <RunActions run={run} {...props} />
      </CardContent>
    </Card>
  );
}
