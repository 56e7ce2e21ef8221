import { ArrowDown, ArrowUp, Check, ChevronsUpDown, EyeOff } from 'lucide-react';
import { type KeyboardEvent, type MouseEvent, memo, type PointerEvent, useRef } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import type { GridColumn, GridColumnId } from '../lib/grid-columns';

export interface HeaderSort {
  ascending: boolean;
  /** 1 for the first sort key; shown only when several columns sort. */
  position: number;
  multiple: boolean;
}

export interface ColumnHeaderHandlers {
  onSortChoice: (column: GridColumn, ascending: boolean, additive: boolean) => void;
  onHide: (id: GridColumnId) => void;
  /** Shift-click on the header: the column leaves the cell selection. */
  onDeselect: (id: GridColumnId) => void;
}

/**
 * A column header (docs/behaviour/order-tracking.md#sorting): clicking it opens Asc, Desc and Hide. Holding Shift while choosing Asc or Desc
 * adds the column to the sort instead of replacing it. Shift-click on the header itself opens no menu: it
 * removes the column from the cell selection.
 */
export const ColumnHeaderMenu = memo(function ColumnHeaderMenu({
  column,
  sort,
  handlers,
}: {
  column: GridColumn;
  sort: HeaderSort | null;
  handlers: ColumnHeaderHandlers;
}) {
  // Radix turns Enter on an item into a click without modifier keys; the key event tells us about Shift.
  const shiftRef = useRef(false);
  const rememberShift = (event: KeyboardEvent) => {
    shiftRef.current = event.shiftKey;
  };

  const onTriggerPointerDown = (event: PointerEvent) => {
    if (!event.shiftKey) return;
    // A prevented pointerdown keeps Radix from opening the menu.
    event.preventDefault();
    handlers.onDeselect(column.id);
  };
  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.shiftKey && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      handlers.onDeselect(column.id);
    }
  };

  const SortIcon = sort ? (sort.ascending ? ArrowUp : ArrowDown) : ChevronsUpDown;
  const choose = (ascending: boolean) => (event: MouseEvent) => {
    handlers.onSortChoice(column, ascending, event.shiftKey || shiftRef.current);
    shiftRef.current = false;
  };

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className="-mx-1 flex h-8 w-full items-center gap-1 rounded-md px-1 text-left font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=open]:bg-accent"
        onPointerDown={onTriggerPointerDown}
        onKeyDown={onTriggerKeyDown}
      >
        <span>{column.label}</span>
        <SortIcon
          aria-hidden
          className={cn('size-3.5 shrink-0', sort ? 'text-foreground' : 'text-muted-foreground/60')}
        />
        {sort?.multiple && (
          <span aria-hidden className="text-[10px] text-muted-foreground tabular-nums">
            {sort.position}
          </span>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="min-w-36">
        <DropdownMenuItem
          disabled={!column.sortKey}
          onKeyDown={rememberShift}
          onClick={choose(true)}
          className={cn(sort?.ascending === true && 'font-medium')}
        >
          <ArrowUp />
          Asc
          {sort?.ascending === true && <Check aria-hidden className="ml-auto" />}
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={!column.sortKey}
          onKeyDown={rememberShift}
          onClick={choose(false)}
          className={cn(sort?.ascending === false && 'font-medium')}
        >
          <ArrowDown />
          Desc
          {sort?.ascending === false && <Check aria-hidden className="ml-auto" />}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => handlers.onHide(column.id)}>
          <EyeOff />
          Hide
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
});
