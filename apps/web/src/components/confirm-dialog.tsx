import { Loader2 } from 'lucide-react';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { describeError } from '@/lib/api-client';

/**
 * A confirmation about one item (a record, a run): open while `item` is set, Cancel and the action.
 * `onConfirm` does the work: when it resolves the dialog closes; when it throws the dialog stays open and
 * shows the server's message inline (role="alert") and as a toast (docs/design/differences.md#errors-are-shown).
 * The item is kept while the dialog animates out, so its text does not go blank; each opening starts without
 * an error.
 */
export function ConfirmDialog<T>({
  item,
  onClose,
  title,
  description,
  action,
  busyAction = action,
  destructive = false,
  onConfirm,
  logLabel,
  failureMessage,
}: {
  item: T | null;
  onClose: () => void;
  title: string;
  description: (item: T) => ReactNode;
  action: string;
  busyAction?: string;
  destructive?: boolean;
  onConfirm: (item: T) => Promise<void>;
  /** The console line a failure is logged under. */
  logLabel: string;
  /** The message when the failure carries none of its own. */
  failureMessage: (item: T) => string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<T | null>(item);
  const open = item !== null;
  const [wasOpen, setWasOpen] = useState(open);
  if (item !== null && item !== shown) setShown(item);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setError(null);
  }

  const confirm = async (event: MouseEvent) => {
    // Radix would close the dialog on the action's click; it closes only once the work succeeded.
    event.preventDefault();
    if (item === null) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(item);
      onClose();
    } catch (failure) {
      console.error(logLabel, failure);
      const message = describeError(failure, failureMessage(item));
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{shown === null ? '' : description(shown)}</AlertDialogDescription>
        </AlertDialogHeader>
        {error && (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant={destructive ? 'destructive' : 'default'}
            disabled={busy}
            onClick={confirm}
          >
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {busy ? busyAction : action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
