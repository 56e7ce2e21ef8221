/** /inventory-sources/stock-history/:id (docs/behaviour/inventory.md#stock-history), beyond the spec. */
import { INVENTORY_HISTORY_DEFAULT_DAYS } from '@app/contracts';
import { useParams } from 'react-router';
import { LoadFailedAlert } from '@/components/data-view/list-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { describeError } from '@/lib/api-client';
import { useInventoryHistory } from '@/shared/inventory-history/api/inventory-history';
import { InventorySourcePageActions } from '@/shared/inventory-sources/components/inventory-source-page-actions';
import { ItemSearch } from '../components/item-search';
import { StockHistoryCharts } from '../components/stock-history-charts';

export function parseSourceId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export function StockHistoryPage() {
  const sourceId = parseSourceId(useParams().id);
  const days = INVENTORY_HISTORY_DEFAULT_DAYS;
  const history = useInventoryHistory(sourceId, days);
  const name = history.data?.sourceName ?? (sourceId ? `Source ${sourceId}` : 'Source');
  return (
    <div className="space-y-6" aria-busy={history.isPending}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="break-words font-semibold text-2xl tracking-tight">{name} — Stock History</h1>
          <p className="text-muted-foreground text-sm">
            Every run of the last {days} days, and why an item is Active or Inactive.
          </p>
        </div>
        <InventorySourcePageActions sourceId={sourceId} />
      </div>
      {sourceId !== null && <ItemSearch sourceId={sourceId} />}
      {sourceId === null ? (
        <p role="alert" className="rounded-md border px-4 py-6 text-muted-foreground">
          This source does not exist.
        </p>
      ) : history.isError ? (
        <LoadFailedAlert
          message={describeError(history.error, 'The stock history could not be loaded.')}
          onRetry={() => void history.refetch()}
        />
      ) : history.isPending ? (
        <Skeleton className="h-72 w-full" />
      ) : (
        <StockHistoryCharts history={history.data} days={days} />
      )}
    </div>
  );
}
