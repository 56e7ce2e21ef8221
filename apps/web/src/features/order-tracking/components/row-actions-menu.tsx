import type { OrderRecord } from '@app/contracts';
import { Copy, Eye, MoreHorizontal, Trash2 } from 'lucide-react';
import { memo, type ReactNode } from 'react';
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

/**
 * The PO number as a real link to the order's page (docs/behaviour/order-tracking.md#row-menu): a middle-click or
 * Ctrl-click opens a new tab, as the row menu's View Order cannot.
 */
export function OrderLink({
  orderId,
  tabIndex,
  children,
}: {
  orderId: number;
  tabIndex?: number;
  children: ReactNode;
}) {
  return (
    <Link
      to={orderDetailPath(orderId)}
      tabIndex={tabIndex}
      data-order-link=""
      className="font-medium text-primary underline decoration-primary/30 underline-offset-2 hover:decoration-primary"
    >
      {children}
    </Link>
  );
}

/** The row menu (docs/behaviour/order-tracking.md#row-menu): Copy PO number, Copy tracking numbers, View Order, Delete Order. */
export const RowActionsMenu = memo(function RowActionsMenu({
  order,
  onDelete,
  focusable = false,
}: {
  order: OrderRecord;
  onDelete: (order: OrderRecord) => void;
  /** In the grid the cell holds the tab stop; on a phone's card the button is its own. */
  focusable?: boolean;
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
        <Button variant="ghost" size="icon-sm" aria-label="Row actions" tabIndex={focusable ? 0 : -1}>
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
