import { Badge } from '@/components/ui/badge';

/**
 * A setting's included sources in the list: the first `max` as badges and the rest as one '+N' badge whose
 * title names them (docs/behaviour/notifications.md#settings-list: 3 on cards, 2 in the table). None listed means every source of the type.
 */
export function IncludedItems({ names, max }: { names: string[]; max: number }) {
  if (names.length === 0) return <span className="text-muted-foreground">All sources</span>;
  const shown = names.slice(0, max);
  const hidden = names.slice(max);
  return (
    <ul aria-label="Included sources" className="flex min-w-0 flex-wrap items-center gap-1">
      {shown.map((name) => (
        <li key={name} className="min-w-0 max-w-full">
          <Badge variant="outline" className="max-w-40 truncate" title={name}>
            <span className="truncate">{name}</span>
          </Badge>
        </li>
      ))}
      {hidden.length > 0 && (
        <li>
          <Badge variant="secondary" title={hidden.join(', ')}>
            <span>{`+${hidden.length}`}</span>
            <span className="sr-only"> more: {hidden.join(', ')}</span>
          </Badge>
        </li>
      )}
    </ul>
  );
}
