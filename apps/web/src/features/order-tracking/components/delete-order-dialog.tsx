import type { OrderRecord } from '@app/contracts';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteOrder } from '../api/order-tracking';

/**
 * Delete Order's confirmation. Success closes it and the grid refetches; a failure keeps it open with the
 * server's message (the original only logged it; the product shows it (docs/design/differences.md#errors-are-shown), inline and as a toast).
 */
export function DeleteOrderDialog({ order, onClose }: { order: OrderRecord | null; onClose: () => void }) {
  const deleteOrder = useDeleteOrder();
  return (
    <ConfirmDialog
      item={order}
      onClose={onClose}
      title="Delete Order"
      description={(shown) => {
        const detail = [
          shown.customerPoNumber && `PO ${shown.customerPoNumber}`,
          shown.itemNumber && `Item ${shown.itemNumber}`,
        ]
          .filter(Boolean)
          .join(' · ');
        return (
          <>
            Are you sure you want to delete this order?
            {detail && <span className="mt-1 block font-medium text-foreground">{detail}</span>}
          </>
        );
      }}
      action="Delete"
      destructive
      onConfirm={async (shown) => {
        await deleteOrder.mutateAsync(shown.id);
        toast.success('Order deleted');
      }}
      logLabel="Error deleting order:"
      failureMessage={() => 'The order could not be deleted.'}
    />
  );
}
