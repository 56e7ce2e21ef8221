import type { LastRunSummary } from '@app/contracts';
import { Link } from 'react-router';
import { formatDateTime, formatRelativeTime } from '@/shared/format/dates';
import { type HistorySourceType, runHistoryPath } from '../api/runs';
import { RunStatusBadge } from './run-status-badge';

/**
 * A source's last run in its list row or card: when (relative; the exact time in the tooltip) and the
 * status badge, linking to the source's run history. 'Never' when the source has not run.
 */
export function LastRun({
  lastRun,
  sourceType,
  sourceId,
}: {
  lastRun: LastRunSummary | null | undefined;
  sourceType: HistorySourceType;
  sourceId: number;
}) {
  if (!lastRun) return <span className="text-muted-foreground">Never</span>;
  return (
    <Link
      to={runHistoryPath(sourceType, sourceId)}
      className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 underline-offset-4 hover:underline"
      title={[formatDateTime(lastRun.startedAt), lastRun.message].filter(Boolean).join(' — ')}
    >
      <time dateTime={lastRun.startedAt} className="whitespace-nowrap">
        {formatRelativeTime(lastRun.startedAt)}
      </time>
      <RunStatusBadge status={lastRun.status} />
    </Link>
  );
}
