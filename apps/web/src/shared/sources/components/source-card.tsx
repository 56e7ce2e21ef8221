import type { ReactNode } from 'react';
import { ActionsMenu, type ActionsMenuItem } from '@/components/data-view/actions-menu';
import { DetailList } from '@/components/data-view/list-parts';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';

/**
 * A source in the card view of the inventory and order tracking lists: the name as heading, the active switch
 * ('Active status of {name}') and the actions menu, then the source's details.
 */
export function SourceCard({
  source,
  active,
  actions,
  details,
  detailsClassName,
}: {
  source: { sourceName: string; activeStatus: boolean };
  active: { toggle: (next: boolean) => void; pending: boolean };
  actions: ActionsMenuItem[];
  details: [string, ReactNode][];
  detailsClassName?: string;
}) {
  return (
    <Card className="w-full gap-4">
      <CardHeader>
        <CardTitle className="min-w-0">
          <h2 className="truncate text-lg" title={source.sourceName}>
            {source.sourceName}
          </h2>
        </CardTitle>
        <CardAction className="flex items-center gap-1">
          <Switch
            aria-label={`Active status of ${source.sourceName}`}
            checked={source.activeStatus}
            disabled={active.pending}
            onCheckedChange={active.toggle}
          />
          <ActionsMenu items={actions} />
        </CardAction>
      </CardHeader>
      <CardContent className="flex-1">
        <DetailList details={details} className={detailsClassName} />
      </CardContent>
    </Card>
  );
}
