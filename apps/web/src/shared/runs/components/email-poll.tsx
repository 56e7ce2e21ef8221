import {
  type EmailSourceListItem,
  type EmailSourcePollResult,
  emailSourceLabel,
  progressText,
  type WorkProgress,
} from '@app/contracts';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { describeError } from '@/lib/api-client';
import { useCheckEmailSourceNow } from '../api/check-email-source';
import { useWorkProgress } from '../api/work-progress';
import { formatRelativeTime, formatShortDateTime, pollErrorIsCurrent } from '../lib/run-format';

type PollState = Pick<EmailSourceListItem, 'lastPollAt' | 'lastPollSucceededAt' | 'lastPollError'>;

/**
 * When the mailbox was last polled, and — when the latest poll failed after the last success — why, in red,
 * so a silently dead mailbox is visible (docs/behaviour/mail-intake.md#failures-and-visibility).
 */
export function LastPoll({
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
  const failing = pollErrorIsCurrent(source);
  return (
    <div className="min-w-0 space-y-0.5">
      {source.lastPollAt ? (
        <time
          dateTime={source.lastPollAt}
          title={formatShortDateTime(source.lastPollAt)}
          className="whitespace-nowrap"
        >
          {formatRelativeTime(source.lastPollAt)}
        </time>
      ) : (
        <span className="text-muted-foreground">Never</span>
      )}
      {failing && (
        <p
          className="line-clamp-2 max-w-64 whitespace-normal break-words text-destructive text-xs"
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
