/**
 * A run's item list: the items an inventory run switched, each opening "Why this item?" for that run
 * (docs/behaviour/inventory.md#why-this-item).
 */
import type { InventoryStatusChange, RunRecord } from '@app/contracts';
import { formatCount } from '@/lib/format';
import { itemHistoryPath } from '@/shared/inventory-history/api/inventory-history';
import { WhyThisItemLink } from '@/shared/inventory-history/components/why-this-item-link';

interface Changes {
  turnedInactive?: InventoryStatusChange[];
  turnedInactiveCount?: number;
  turnedActive?: InventoryStatusChange[];
  turnedActiveCount?: number;
}

export function InventoryItemChanges({ run }: { run: RunRecord }) {
  const changes = run.details.changes as Changes | undefined;
  if (run.sourceType !== 'inventory' || run.sourceId === null || !changes) return null;
  const sourceId = run.sourceId;
  const groups = [
    {
      title: 'Items switched to Inactive',
      items: changes.turnedInactive ?? [],
      total: changes.turnedInactiveCount ?? 0,
    },
    {
      title: 'Items switched to Active',
      items: changes.turnedActive ?? [],
      total: changes.turnedActiveCount ?? 0,
    },
  ].filter((group) => group.items.length > 0);
  return groups.map((group) => (
    <section key={group.title} aria-label={group.title} className="space-y-2">
      <h3 className="font-medium text-sm">{group.title}</h3>
      <ul className="flex flex-wrap gap-1.5">
        {group.items.map((change) => (
          <li key={change.itemNumber} className="rounded-md border bg-muted/40 px-2 py-0.5 font-mono text-xs">
            <WhyThisItemLink
              to={itemHistoryPath(sourceId, change.itemNumber, run.id)}
              item={change.itemNumber}
            />
          </li>
        ))}
      </ul>
      {group.total > group.items.length && (
        <p className="text-muted-foreground text-xs">
          …and {formatCount(group.total - group.items.length)} more.
        </p>
      )}
    </section>
  ));
}
