import { NOTIFICATION_MESSAGES } from '@app/contracts';
import { CheckCircle2, CircleAlert, Info } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { serverMessage } from '@/components/form/editor-save';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useSendTestNotification } from '../api/notification-settings';

const M = NOTIFICATION_MESSAGES;
/** docs/behaviour/notifications.md#test-notification: a sent test resets after 5 s, the "save first" warning clears after 3 s. */
export const TEST_SENT_RESET_MS = 5000;
export const SAVE_FIRST_CLEAR_MS = 3000;

export type TestState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; details: string }
  | { kind: 'error'; message: string }
  | { kind: 'save-first' };

/** docs/behaviour/notifications.md#test-notification: the server's message, else its `error` field, else the fallback. */
function testFailure(error: unknown): string {
  const message = serverMessage(error);
  if (message) return message;
  if (error instanceof ApiError) {
    const body = error.body;
    if (
      body &&
      typeof body === 'object' &&
      'error' in body &&
      typeof body.error === 'string' &&
      body.error.trim()
    )
      return body.error.trim();
  }
  return M.testFailed;
}

/**
 * The Test Notification state: idle, sending, sent (back to idle after 5 s) or error (until dismissed or the
 * next test). A setting that is not saved (new, or with unsaved edits) is refused with the spec's warning,
 * which clears after 3 s: the server sends what is stored, so the edits on screen would not be what is tested.
 */
export function useTestNotification(settingId: number, hasUnsavedChanges: boolean) {
  const send = useSendTestNotification();
  const [state, setState] = useState<TestState>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const settleFor = useCallback((next: TestState, resetMs?: number) => {
    clearTimeout(timer.current);
    setState(next);
    if (resetMs !== undefined) timer.current = setTimeout(() => setState({ kind: 'idle' }), resetMs);
  }, []);

  const run = async () => {
    if (settingId === 0 || hasUnsavedChanges) {
      settleFor({ kind: 'save-first' }, SAVE_FIRST_CLEAR_MS);
      return;
    }
    settleFor({ kind: 'sending' });
    try {
      const result = await send.mutateAsync(settingId);
      settleFor({ kind: 'sent', details: result?.details ?? '' }, TEST_SENT_RESET_MS);
    } catch (error) {
      console.error('Error sending test notification:', error);
      settleFor({ kind: 'error', message: testFailure(error) });
    }
  };

  return { state, run, dismiss: () => settleFor({ kind: 'idle' }) };
}

export const TEST_LABELS: Record<TestState['kind'], string> = {
  idle: 'Test Notification',
  sending: 'Sending...',
  sent: 'Test Sent!',
  error: 'Test Notification',
  'save-first': 'Test Notification',
};

/** What the last test came to: the details of a sent test, the failure with Dismiss, or the save-first warning. */
export function TestNotificationMessage({ state, onDismiss }: { state: TestState; onDismiss: () => void }) {
  if (state.kind === 'save-first') {
    return (
      <Alert role="alert" className="border-amber-500/50 text-amber-800 dark:text-amber-300">
        <Info aria-hidden />
        <AlertDescription className="text-current">{M.saveFirst}</AlertDescription>
      </Alert>
    );
  }
  if (state.kind === 'sent') {
    return (
      <Alert role="status" className="border-emerald-600/40 text-emerald-700 dark:text-emerald-400">
        <CheckCircle2 aria-hidden />
        <AlertDescription className="whitespace-pre-line text-current">
          {state.details || 'Test notification sent.'}
        </AlertDescription>
      </Alert>
    );
  }
  if (state.kind === 'error') {
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden />
        <AlertDescription className="flex flex-wrap items-center gap-x-3">
          <span>{state.message}</span>
          <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={onDismiss}>
            Dismiss
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  return null;
}
