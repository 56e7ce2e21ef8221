import { NOTIFICATION_MESSAGES } from '@app/contracts';
import { CheckCircle2, CircleAlert, Loader2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { cn } from '@/lib/utils';
import { formatDateTime } from '@/shared/format/dates';
import { useCronValidation } from '../api/notification-settings';

/** docs/behaviour/notifications.md#setting-editor: the expression is checked once typing has paused this long. */
export const CRON_CHECK_PAUSE_MS = 500;

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The server's verdict on the cron expression, asked 500 ms after the last keystroke: its validity message and
 * the next execution time, or "Error validating cron expression" when the check itself fails (docs/behaviour/notifications.md#setting-editor).
 * A blank expression is not checked; the form's own rule asks for one on save.
 */
export function CronExpressionStatus({ id, expression }: { id: string; expression: string }) {
  const trimmed = expression.trim();
  const settled = useDebounced(trimmed, CRON_CHECK_PAUSE_MS);
  const waiting = settled !== trimmed;
  const check = useCronValidation(settled === '' ? null : settled);

  let content: ReactNode = null;
  if (trimmed === '') {
    content = null;
  } else if (waiting || check.isPending) {
    content = (
      <span className="flex items-center gap-1.5 text-muted-foreground">
        <Loader2 className="size-3.5 animate-spin" aria-hidden />
        Checking...
      </span>
    );
  } else if (check.isError) {
    content = (
      <span className="flex items-center gap-1.5 text-destructive">
        <CircleAlert className="size-3.5 shrink-0" aria-hidden />
        {NOTIFICATION_MESSAGES.cronCheckFailed}
      </span>
    );
  } else if (check.data) {
    const { isValid, message, nextExecution } = check.data;
    content = (
      <span
        className={cn(
          'grid gap-0.5',
          isValid ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive',
        )}
      >
        <span className="flex items-center gap-1.5">
          {isValid ? (
            <CheckCircle2 className="size-3.5 shrink-0" aria-hidden />
          ) : (
            <CircleAlert className="size-3.5 shrink-0" aria-hidden />
          )}
          <span>{message}</span>
        </span>
        {isValid && nextExecution && (
          <span className="text-muted-foreground">Next execution: {formatDateTime(nextExecution)}</span>
        )}
      </span>
    );
  }

  return (
    <p id={id} role="status" aria-live="polite" className="text-sm">
      {content}
    </p>
  );
}
