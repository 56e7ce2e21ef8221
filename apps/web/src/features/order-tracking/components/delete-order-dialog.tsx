import type { OrderRecord } from '@app/contracts';
import { Loader2 } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
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
import { useDeleteOrder } from '../api/order-tracking';

/**
 * Delete Order's confirmation. Success closes it and the grid refetches; a failure keeps it open with the
 * server's message (the original only logged it; the product shows it (docs/design/differences.md#errors-are-shown), inline and as a toast).
 */
export function DeleteOrderDialog({ order, onClose }: { order: OrderRecord | null; onClose: () => void }) {
  const deleteOrder = useDeleteOrder();
  const [error, setError] = useState<string | null>(null);
  // Kept while the dialog animates out, so its text does not go blank; each opening starts without an error.
  const [shown, setShown] = useState(order);
  const [wasOpen, setWasOpen] = useState(order !== null);
  const open = order !== null;
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setError(null);
  }
  if (order && order !== shown) setShown(order);

  const confirm = async (event: MouseEvent) => {
    // Radix closes on the action's click; the dialog closes only once the deletion succeeded.
    event.preventDefault();
    if (!order) return;
    setError(null);
    try {
      await deleteOrder.mutateAsync(order.id);
      toast.success('Order deleted');
      onClose();
    } catch (failure) {
      console.error('Error deleting order:', failure);
      const message = describeError(failure, 'The order could not be deleted.');
      setError(message);
      toast.error(message);
    }
  };

  const busy = deleteOrder.isPending;
  const detail = [
    shown?.customerPoNumber && `PO ${shown.customerPoNumber}`,
    shown?.itemNumber && `Item ${shown.itemNumber}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <AlertDialog open={open} onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Order</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete this order?
            {detail && <span className="mt-1 block font-medium text-foreground">{detail}</span>}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {error && (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" disabled={busy} onClick={confirm}>
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
