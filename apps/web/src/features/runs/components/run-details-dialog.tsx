import { RUN_TRIGGER_LABELS, type RunRecord } from '@app/contracts';
import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatCount } from '@/lib/format';
import { formatDateTime } from '@/shared/format/dates';
import { HeaderDriftView } from '@/shared/runs/components/header-drift';
import { RunStatusBadge } from '@/shared/runs/components/run-status-badge';
import { humanizeKey } from '@/shared/runs/lib/run-format';
import { InventoryItemChanges } from './inventory-item-changes';

/** The keys of `details` shown in their own sections; anything else a processor records is listed raw. */
const KNOWN_DETAIL_KEYS = new Set(['counts', 'errors', 'warnings', 'headerDrift', 'logs']);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="font-medium text-sm">{title}</h3>
      {children}
    </section>
  );
}

function TextList({ items, tone }: { items: string[]; tone?: 'error' | 'warning' }) {
  const color =
    tone === 'error' ? 'text-destructive' : tone === 'warning' ? 'text-amber-700 dark:text-amber-400' : '';
  return (
    <ul className={`list-disc space-y-1 pl-5 text-sm ${color}`}>
      {items.map((item, index) => (
        <li key={index} className="break-words">
          {item}
        </li>
      ))}
    </ul>
  );
}

/**
 * Everything a run recorded: summary, counts, warnings, errors, header drift, logs; `actions` are what the
 * page offers to do with the run (a held inventory run's decision).
 */
export function RunDetailsDialog({
  run,
  onClose,
  actions,
}: {
  run: RunRecord | null;
  onClose: () => void;
  actions?: ReactNode;
}) {
  return (
    <Dialog open={run !== null} onOpenChange={(open) => !open && onClose()}>
      {run && (
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Run Details</DialogTitle>
            <DialogDescription>
              {run.sourceName} — started {formatDateTime(run.startedAt)}
            </DialogDescription>
          </DialogHeader>
          {/* The dialog's own × button ('Close') and Escape close it. */}
          <RunDetailsBody run={run} />
          {actions}
        </DialogContent>
      )}
    </Dialog>
  );
}

function RunDetailsBody({ run }: { run: RunRecord }) {
  const { details } = run;
  const counts = Object.entries(details.counts ?? {});
  const warnings = details.warnings ?? [];
  const errors = details.errors ?? [];
  const logs = details.logs ?? [];
  const other = Object.entries(details).filter(([key]) => !KNOWN_DETAIL_KEYS.has(key));
  const summary: Array<[string, ReactNode]> = [
    ['Status', <RunStatusBadge key="status" status={run.status} />],
    ['Trigger', RUN_TRIGGER_LABELS[run.trigger] ?? run.trigger],
    ['Started', formatDateTime(run.startedAt)],
    ['Finished', run.finishedAt ? formatDateTime(run.finishedAt) : '—'],
    ['File', run.fileName ?? '—'],
  ];
  if (run.sourceType === 'order-tracking') {
    summary.push(['Orders Updated', String(run.ordersUpdated)]);
    if (run.ordersNew !== null) summary.push(['New Orders', String(run.ordersNew)]);
    if (run.ordersChanged !== null) summary.push(['Changed Orders', String(run.ordersChanged)]);
    summary.push(['Orders Deleted', String(run.ordersDeleted)]);
  }
  if (run.reprocessOfRunId !== null) summary.push(['Re-process of run', `#${run.reprocessOfRunId}`]);

  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-1.5 text-sm">
        {summary.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {run.message && <p className="break-words text-sm">{run.message}</p>}
      {counts.length > 0 && (
        <Section title="Counts">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            {counts.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="text-muted-foreground">{humanizeKey(key)}</dt>
                <dd className="tabular-nums">{formatCount(Number(value))}</dd>
              </div>
            ))}
          </dl>
        </Section>
      )}
      {errors.length > 0 && (
        <Section title="Errors">
          <TextList items={errors} tone="error" />
        </Section>
      )}
      {warnings.length > 0 && (
        <Section title="Warnings">
          <TextList items={warnings} tone="warning" />
        </Section>
      )}
      <HeaderDriftView drift={details.headerDrift} />
      <InventoryItemChanges run={run} />
      {logs.length > 0 && (
        <Section title="Logs">
          <pre className="max-h-64 overflow-auto whitespace-pre-wrap rounded-md bg-muted p-3 text-xs">
            {logs.join('\n')}
          </pre>
        </Section>
      )}
      {other.length > 0 && (
        <Section title="More details">
          <pre className="max-h-64 overflow-auto whitespace-pre-wrap rounded-md bg-muted p-3 text-xs">
            {JSON.stringify(Object.fromEntries(other), null, 2)}
          </pre>
        </Section>
      )}
      {counts.length + errors.length + warnings.length + logs.length === 0 && !details.headerDrift && (
        <p className="text-muted-foreground text-sm">This run recorded no further details.</p>
      )}
    </div>
  );
}
