import { GripVertical, Settings2 } from 'lucide-react';
import { type DragEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import type { ColumnVisibility } from '../lib/column-visibility';
import type { GridColumn, GridColumnId } from '../lib/grid-columns';
import {
  canToggleMobileField,
  DESKTOP_EXTRA_FIELDS,
  MAX_DESKTOP_EXTRAS,
  MOBILE_MAX_FIELDS,
  MOBILE_MIN_FIELDS,
  SEARCH_FIELDS,
  type SearchFieldId,
} from '../lib/search-fields';

const fieldLabels = (ids: readonly SearchFieldId[]) =>
  SEARCH_FIELDS.filter((field) => ids.includes(field.id)).map((field) => field.label);

/** What the button adds (docs/behaviour/order-tracking.md#search): named, since its icon alone said nothing. */
export function moreFieldsTip(isMobile: boolean): string {
  return isMobile
    ? `Choose which search fields show (${fieldLabels(SEARCH_FIELDS.map((field) => field.id)).join(', ')}) and which columns show`
    : `Adds the ${fieldLabels(DESKTOP_EXTRA_FIELDS).join(' and ')} search fields, and chooses which columns show`;
}

/** Keeps the menu open so several choices can be made in one go. */
const stayOpen = (event: Event) => event.preventDefault();

/**
 * The search bar's settings menu (docs/behaviour/order-tracking.md#search): which search fields show (desktop: the two extras; under 768 px:
 * 1 to 3 of the six) and which columns show.
 */
export function GridSettingsMenu({
  isMobile,
  desktopExtras,
  onToggleDesktopExtra,
  mobileFields,
  onToggleMobileField,
  visibility,
  onColumnVisibilityChange,
  onResetColumns,
  columns,
  onMoveColumn,
  hideEmpty,
  onHideEmptyChange,
}: {
  isMobile: boolean;
  desktopExtras: readonly SearchFieldId[];
  onToggleDesktopExtra: (id: SearchFieldId) => void;
  mobileFields: readonly SearchFieldId[];
  onToggleMobileField: (id: SearchFieldId) => void;
  visibility: ColumnVisibility;
  onColumnVisibilityChange: (id: GridColumnId, visible: boolean) => void;
  onResetColumns: () => void;
  /** Every column, in the grid's order. */
  columns: readonly GridColumn[];
  onMoveColumn: (id: GridColumnId, toIndex: number) => void;
  hideEmpty: boolean;
  onHideEmptyChange: (hide: boolean) => void;
}) {
  const searchLabelId = useId();
  const columnsLabelId = useId();
  const columnsHintId = useId();
  const visibleCount = columns.filter((column) => visibility[column.id]).length;
  const [dragged, setDragged] = useState<GridColumnId | null>(null);
  const [tipOpen, setTipOpen] = useState(false);
  const tipQuietUntil = useRef(0);
  const [dropAt, setDropAt] = useState<number | null>(null);

  // Drag a column onto another to put it there; Alt+Arrow does the same from the keyboard.
  const dragProps = (column: GridColumn, index: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', column.id);
      setDragged(column.id);
    },
    onDragOver: (event: DragEvent) => {
      if (!dragged) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setDropAt(index);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      if (dragged && dragged !== column.id) onMoveColumn(dragged, index);
      setDragged(null);
      setDropAt(null);
    },
    onDragEnd: () => {
      setDragged(null);
      setDropAt(null);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
      event.preventDefault();
      event.stopPropagation();
      onMoveColumn(column.id, index + (event.key === 'ArrowUp' ? -1 : 1));
    },
  });

  return (
    <DropdownMenu
      modal={false}
      onOpenChange={(open) => {
        // The focus coming back to the button as the menu closes is no request for its tooltip.
        if (!open) tipQuietUntil.current = Date.now() + 500;
        setTipOpen(false);
      }}
    >
      <Tooltip
        open={tipOpen}
        onOpenChange={(open) => setTipOpen(open && Date.now() >= tipQuietUntil.current)}
      >
        <TooltipTrigger asChild>
          <DropdownMenuTrigger asChild>
            <Button type="button" variant="outline">
              <Settings2 aria-hidden />
              More fields
            </Button>
          </DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>{moreFieldsTip(isMobile)}</TooltipContent>
      </Tooltip>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuGroup aria-labelledby={searchLabelId}>
          <DropdownMenuLabel id={searchLabelId}>
            {isMobile ? 'Search fields' : 'Extra search fields'}
            <span className="block font-normal text-muted-foreground text-xs">
              {isMobile
                ? `Choose ${MOBILE_MIN_FIELDS} to ${MOBILE_MAX_FIELDS} fields`
                : `Add up to ${MAX_DESKTOP_EXTRAS} more fields`}
            </span>
          </DropdownMenuLabel>
          {isMobile
            ? SEARCH_FIELDS.map((field) => (
                <DropdownMenuCheckboxItem
                  key={field.id}
                  checked={mobileFields.includes(field.id)}
                  disabled={!canToggleMobileField(mobileFields, field.id)}
                  onSelect={stayOpen}
                  onCheckedChange={() => onToggleMobileField(field.id)}
                >
                  {field.label}
                </DropdownMenuCheckboxItem>
              ))
            : SEARCH_FIELDS.filter((field) => DESKTOP_EXTRA_FIELDS.includes(field.id)).map((field) => (
                <DropdownMenuCheckboxItem
                  key={field.id}
                  checked={desktopExtras.includes(field.id)}
                  onSelect={stayOpen}
                  onCheckedChange={() => onToggleDesktopExtra(field.id)}
                >
                  {field.label}
                </DropdownMenuCheckboxItem>
              ))}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuGroup aria-labelledby={columnsLabelId} aria-describedby={columnsHintId}>
          <DropdownMenuLabel>
            <span id={columnsLabelId}>Columns</span>
            <span id={columnsHintId} className="block font-normal text-muted-foreground text-xs">
              Drag to reorder (or Alt+Up/Down)
            </span>
          </DropdownMenuLabel>
          {columns.map((column, index) => (
            <DropdownMenuCheckboxItem
              key={column.id}
              {...dragProps(column, index)}
              data-column={column.id}
              className={cn(
                dragged === column.id && 'opacity-50',
                dropAt === index && dragged !== column.id && 'shadow-[inset_0_2px_0_0_var(--color-primary)]',
              )}
              checked={visibility[column.id]}
              // The last visible column stays: an empty table would leave nothing to click.
              disabled={visibility[column.id] && visibleCount === 1}
              onSelect={stayOpen}
              onCheckedChange={(checked) => onColumnVisibilityChange(column.id, checked === true)}
            >
              {column.label}
              <GripVertical aria-hidden className="ml-auto cursor-grab text-muted-foreground" />
            </DropdownMenuCheckboxItem>
          ))}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuCheckboxItem
          checked={hideEmpty}
          onSelect={stayOpen}
          onCheckedChange={(checked) => onHideEmptyChange(checked === true)}
        >
          Hide columns with no data on this page
        </DropdownMenuCheckboxItem>
        <DropdownMenuItem onSelect={onResetColumns}>Reset columns</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
