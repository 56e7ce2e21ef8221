import type { OrderRecord } from '@app/contracts';
import { Copy, Eye, MoreHorizontal, Trash2 } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { copyToClipboard } from '@/shared/order-tracking/components/copy-to-clipboard';
import { joinTrackingNumbers } from '../lib/format';

export const orderDetailPath = (orderId: number) => `/order-tracking/order/${orderId}`;

/** The row menu (docs/behaviour/order-tracking.md#row-menu): Copy PO number, Copy tracking numbers, View Order, Delete Order. */
export const RowActionsMenu = memo(function RowActionsMenu({
  order,
  onDelete,
}: {
  order: OrderRecord;
  onDelete: (order: OrderRecord) => void;
}) {
  const copyPo = () => {
    if (!order.customerPoNumber) toast.info('This order has no PO number.');
    else void copyToClipboard(order.customerPoNumber, 'PO number copied');
  };
  const copyTracking = () => {
    const text = joinTrackingNumbers(order.trackingNumbers);
    if (!text) toast.info('This order has no tracking numbers.');
    else void copyToClipboard(text, 'Tracking numbers copied');
  };

  return (
    // Not modal: the delete dialog opened from an item would otherwise find the page left inert.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label="Row actions" tabIndex={-1}>
          <MoreHorizontal />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={copyPo}>
          <Copy />
          Copy PO number
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={copyTracking}>
          <Copy />
          Copy tracking numbers
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={orderDetailPath(order.id)}>
            <Eye />
            View Order
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(order)}>
          <Trash2 />
          Delete Order
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
});
