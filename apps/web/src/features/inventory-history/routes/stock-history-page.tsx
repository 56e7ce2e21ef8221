/** /inventory-sources/stock-history/:id (docs/behaviour/inventory.md#stock-history), beyond the spec. */
import { INVENTORY_HISTORY_DEFAULT_DAYS } from '@app/contracts';
import { useParams } from 'react-router';
import { useInventoryHistory } from '@/shared/inventory-history/api/inventory-history';
import { InventorySourcePageActions } from '@/shared/inventory-sources/components/inventory-source-page-actions';
import { HistoryBody } from '../components/history-body';
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
      <HistoryBody
        sourceId={sourceId}
        history={history}
        failure="The stock history could not be loaded."
        skeletonClassName="h-72 w-full"
      >
        {(data) => <StockHistoryCharts history={data} days={days} />}
      </HistoryBody>
    </div>
  );
}
