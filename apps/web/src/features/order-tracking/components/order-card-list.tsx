import type { OrderRecord } from '@app/contracts';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { type GridColumnId, type GridRow, gridColumn } from '../lib/grid-columns';
import { OrderLink, RowActionsMenu } from './row-actions-menu';
import { TrackingNumberLink } from './tracking-numbers';

/** What a card shows under its PO number (docs/behaviour/order-tracking.md#on-a-phone). */
const CARD_FIELDS: readonly GridColumnId[] = ['itemNumber', 'shipToName', 'shippedDate', 'itemStatus'];

/**
 * The grid under 768 px (docs/behaviour/order-tracking.md#on-a-phone): a table squeezed to a phone's width shows
 * one column repeated on every row, so each order becomes a card with what identifies and tracks it and its row
 * menu. The search and the pager around it are the grid's own.
 */
export function OrderCardList({
  rows,
  loading,
  fetching,
  emptyMessage,
  onDeleteOrder,
}: {
  rows: readonly GridRow[];
  loading: boolean;
  fetching: boolean;
  emptyMessage: string;
  onDeleteOrder: (order: OrderRecord) => void;
}) {
  if (loading || rows.length === 0) {
    return (
      <div className="flex h-24 items-center justify-center gap-2 rounded-md border text-muted-foreground">
        {loading ? (
          <>
            <Spinner />
            Loading...
          </>
        ) : (
          emptyMessage
        )}
      </div>
    );
  }
  return (
    <ul
      aria-label="Orders"
      aria-busy={fetching}
      className={cn('space-y-2 transition-opacity', fetching && 'opacity-70')}
    >
      {rows.map((row) => (
        <li key={row.order.id}>
          <OrderCard row={row} onDelete={onDeleteOrder} />
        </li>
      ))}
    </ul>
  );
}

function OrderCard({ row, onDelete }: { row: GridRow; onDelete: (order: OrderRecord) => void }) {
  const { order, texts } = row;
  const po = texts.customerPoNumber;
  return (
    <article
      aria-label={po ? `PO ${po}` : `Order ${order.id}`}
      className="rounded-lg border bg-card p-3 text-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <span className="block text-muted-foreground text-xs">{gridColumn('customerPoNumber').label}</span>
          <span className="block break-all text-base">
            {po ? (
              <OrderLink orderId={order.id}>{po}</OrderLink>
            ) : (
              <OrderLink orderId={order.id}>View order</OrderLink>
            )}
          </span>
        </div>
        <RowActionsMenu order={order} onDelete={onDelete} focusable />
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5">
        {CARD_FIELDS.map((id) => (
          <div key={id} className="min-w-0">
            <dt className="text-muted-foreground text-xs">{gridColumn(id).label}</dt>
            <dd className="break-words">{texts[id] || '—'}</dd>
          </div>
        ))}
        <div className="col-span-2 min-w-0">
          <dt className="text-muted-foreground text-xs">{gridColumn('trackingNumbers').label}</dt>
          <dd>
            {order.trackingNumbers.length === 0 ? (
              '—'
            ) : (
              <ul className="flex flex-wrap gap-x-3 gap-y-1 break-all">
                {order.trackingNumbers.map((entry) => (
                  <li key={entry.id}>
                    <TrackingNumberLink entry={entry} />
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </article>
  );
}
