import { ArrowLeft, History } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { runHistoryPath } from '@/shared/runs/api/runs';
import { INVENTORY_SOURCES_PATH } from '../api/inventory-sources';

/** The header buttons of a page about one inventory source: its Run History (when the source is known) and the way back. */
export function InventorySourcePageActions({
  sourceId,
  className = 'flex flex-wrap gap-2',
}: {
  sourceId: number | null;
  className?: string;
}) {
  return (
    <div className={className}>
      {sourceId !== null && (
        <Button asChild variant="outline">
          <Link to={runHistoryPath('inventory', sourceId)}>
            <History aria-hidden />
            Run History
          </Link>
        </Button>
      )}
      <Button asChild variant="outline">
        <Link to={INVENTORY_SOURCES_PATH}>
          <ArrowLeft aria-hidden />
          Back to Inventory Sources
        </Link>
      </Button>
    </div>
  );
}
