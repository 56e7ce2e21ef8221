import {
  type EmailSourceListItem,
  type EmailSourcePollResult,
  emailSourceLabel,
  progressText,
  RUN_STATUS_LABELS,
  type RunStatus,
  type WorkProgress,
} from '@app/contracts';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { describeError } from '@/lib/api-client';
import { formatDateTime, formatRelativeTime } from '@/shared/format/dates';
import { useCheckEmailSourceNow } from '../api/check-email-source';
import { runHistoryPath } from '../api/runs';
import { useWorkProgress } from '../api/work-progress';
import { pollErrorIsCurrent } from '../lib/run-format';
import { RunStatusBadge } from './run-status-badge';

type PollState = Pick<
  EmailSourceListItem,
  'id' | 'lastPollAt' | 'lastPollSucceededAt' | 'lastPollError' | 'lastRun'
>;

/** The outcome of the latest attempt: its error is current, it is still running, or it came to an end. */
function lastAttemptStatus(source: PollState): RunStatus {
  if (pollErrorIsCurrent(source)) return 'failed';
  if (source.lastRun?.status === 'running') return 'running';
  return 'succeeded';
}

function When({ value }: { value: string }) {
  return (
    <time dateTime={value} title={formatDateTime(value)} className="whitespace-nowrap">
      {formatRelativeTime(value)}
    </time>
  );
}

/**
 * A mailbox's one status (docs/behaviour/sources.md#mailbox-status): its last successful poll, then its last
 * attempt with the outcome (linking to the poll history), then — while the latest attempt failed — what failed, in
 * red. A failing mailbox retries into the same failed run, so the run's own start would say less than the attempt.
 */
export function MailboxStatus({
  source,
  checking = false,
  progress = null,
}: {
  source: PollState;
  checking?: boolean;
  /** Messages done / listed while Check now runs (docs/behaviour/runs-and-history.md#progress). */
  progress?: WorkProgress | null;
}) {
  if (checking) {
    return (
      <span
        className="inline-flex items-center gap-1.5 whitespace-nowrap text-muted-foreground"
        role="status"
      >
        <Loader2 className="size-3.5 animate-spin" aria-hidden />
        {progress?.total != null ? `Checking... ${progressText(progress)}` : 'Checking...'}
      </span>
    );
  }
  if (!source.lastPollAt) return <span className="text-muted-foreground">Never polled</span>;
  const status = lastAttemptStatus(source);
  return (
    <div className="min-w-0 space-y-1 text-sm" data-testid="mailbox-status">
      <p>
        <span className="text-muted-foreground">Last success: </span>
        {source.lastPollSucceededAt ? <When value={source.lastPollSucceededAt} /> : 'never'}
      </p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span>
          <span className="text-muted-foreground">Last attempt: </span>
          <When value={source.lastPollAt} />
        </span>
        <Link
          to={runHistoryPath('email', source.id)}
          aria-label={`${RUN_STATUS_LABELS[status]}: open the poll history`}
          className="rounded-md"
        >
          <RunStatusBadge status={status} />
        </Link>
      </p>
      {status === 'failed' && (
        <p
          className="line-clamp-3 max-w-72 whitespace-normal break-words text-destructive text-xs"
          title={source.lastPollError ?? undefined}
        >
          {source.lastPollError}
        </p>
      )}
    </div>
  );
}

const count = (value: number, one: string, many: string) => `${value} ${value === 1 ? one : many}`;

export function pollResultText(name: string, result: EmailSourcePollResult): string {
  return `Checked "${name}": ${count(result.messagesSeen, 'message', 'messages')} seen, ${result.processed} processed, ${result.ignored} ignored, ${result.failed} failed.`;
}

/**
 * 'Check now' for one e-mail source: polls the mailbox and waits for the poll to finish. A loading toast is
 * the busy state (replaced by the counts, or by the reason it failed); the list refreshes afterwards.
 */
export function useCheckNow(
  source: Pick<EmailSourceListItem, 'id' | 'username' | 'email' | 'incomingServer'>,
) {
  const check = useCheckEmailSourceNow();
  const work = useWorkProgress();
  const toastId = useRef<string | number | null>(null);
  const name = emailSourceLabel(source);
  const counted = work.progress?.total != null ? ` ${progressText(work.progress)}` : '';
  useEffect(() => {
    if (toastId.current !== null && counted)
      toast.loading(`Checking "${name}"...${counted}`, { id: toastId.current });
  }, [name, counted]);
  const run = () => {
    const id = toast.loading(`Checking "${name}"...`);
    toastId.current = id;
    const progressKey = work.begin();
    check.mutate(
      { id: source.id, progressKey },
      {
        onSettled: () => {
          toastId.current = null;
          work.end();
        },
        onSuccess: (result) => {
          if (result.status === 'failed') {
            toast.error(`Checking "${name}" failed: ${result.message}`, { id });
          } else {
            toast.success(pollResultText(name, result), { id });
          }
        },
        onError: (error) => {
          console.error('Error checking email source:', error);
          toast.error(describeError(error, `"${name}" could not be checked.`), { id });
        },
      },
    );
  };
  return { run, pending: check.isPending, progress: work.progress };
}
