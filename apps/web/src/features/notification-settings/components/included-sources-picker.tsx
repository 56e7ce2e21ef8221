import type { NotificationSourceOption } from '@app/contracts';
import { ChevronDown, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/** Keeps the menu open so several sources can be picked in one go. */
const stayOpen = (event: Event) => event.preventDefault();

/**
 * The included sources: a menu of the chosen type's sources with a check per source, and the chosen ones as
 * removable badges. Nothing chosen means every source of the type (docs/behaviour/notifications.md#setting-editor). The trigger carries `id`, so the
 * field's Label names it.
 */
export function IncludedSourcesPicker({
  id,
  value,
  onChange,
  options,
  knownNames,
  loading,
  disabled,
  describedBy,
}: {
  id: string;
  value: number[];
  onChange: (ids: number[]) => void;
  options: NotificationSourceOption[] | undefined;
  /** Names of chosen sources the options may not list (a loaded setting's own names, by id). */
  knownNames: ReadonlyMap<number, string>;
  loading: boolean;
  disabled: boolean;
  describedBy: string | undefined;
}) {
  const nameOf = (sourceId: number) =>
    options?.find((option) => option.id === sourceId)?.name ??
    knownNames.get(sourceId) ??
    `Source ${sourceId}`;
  const toggle = (sourceId: number, checked: boolean) =>
    onChange(checked ? [...value, sourceId] : value.filter((chosen) => chosen !== sourceId));

  let summary = 'All sources';
  if (value.length === 1) summary = nameOf(value[0]!);
  else if (value.length > 1) summary = `${value.length} sources selected`;

  return (
    <div className="grid gap-2">
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild disabled={disabled}>
          <Button
            id={id}
            type="button"
            variant="outline"
            className="w-full justify-between font-normal"
            aria-describedby={describedBy}
          >
            <span className="truncate">{summary}</span>
            <ChevronDown className="opacity-50" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="start"
          className="max-h-72 w-(--radix-dropdown-menu-trigger-width) min-w-56"
        >
          <DropdownMenuLabel>Sources</DropdownMenuLabel>
          {loading && <DropdownMenuItem disabled>Loading...</DropdownMenuItem>}
          {!loading && options?.length === 0 && (
            <DropdownMenuItem disabled>No sources of this type yet</DropdownMenuItem>
          )}
          {options?.map((option) => (
            <DropdownMenuCheckboxItem
              key={option.id}
              checked={value.includes(option.id)}
              onSelect={stayOpen}
              onCheckedChange={(checked) => toggle(option.id, checked === true)}
            >
              <span className="truncate">{option.name}</span>
              {!option.activeStatus && (
                <span className="ml-auto text-muted-foreground text-xs">inactive</span>
              )}
            </DropdownMenuCheckboxItem>
          ))}
          {value.length > 0 && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => onChange([])}>Include all sources</DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {value.length > 0 && (
        <ul aria-label="Included sources" className="flex flex-wrap gap-1.5">
          {value.map((sourceId) => (
            <li key={sourceId}>
              <Badge variant="secondary" className="max-w-full gap-1 pr-1">
                <span className="truncate">{nameOf(sourceId)}</span>
                <button
                  type="button"
                  className="rounded-full p-0.5 hover:bg-background/60 focus-visible:outline-2"
                  onClick={() => toggle(sourceId, false)}
                  disabled={disabled}
                >
                  <X className="size-3" aria-hidden />
                  <span className="sr-only">Remove {nameOf(sourceId)}</span>
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
