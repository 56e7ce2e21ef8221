import { Settings2 } from 'lucide-react';
import { useId } from 'react';
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
import type { ColumnVisibility } from '../lib/column-visibility';
import { GRID_COLUMNS, type GridColumnId } from '../lib/grid-columns';
import {
  canToggleMobileField,
  DESKTOP_EXTRA_FIELDS,
  MAX_DESKTOP_EXTRAS,
  MOBILE_MAX_FIELDS,
  MOBILE_MIN_FIELDS,
  SEARCH_FIELDS,
  type SearchFieldId,
} from '../lib/search-fields';

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
}: {
  isMobile: boolean;
  desktopExtras: readonly SearchFieldId[];
  onToggleDesktopExtra: (id: SearchFieldId) => void;
  mobileFields: readonly SearchFieldId[];
  onToggleMobileField: (id: SearchFieldId) => void;
  visibility: ColumnVisibility;
  onColumnVisibilityChange: (id: GridColumnId, visible: boolean) => void;
  onResetColumns: () => void;
}) {
  const searchLabelId = useId();
  const columnsLabelId = useId();
  const visibleCount = GRID_COLUMNS.filter((column) => visibility[column.id]).length;

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="outline" size="icon" aria-label="Settings">
          <Settings2 />
        </Button>
      </DropdownMenuTrigger>
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
        <DropdownMenuGroup aria-labelledby={columnsLabelId}>
          <DropdownMenuLabel id={columnsLabelId}>Columns</DropdownMenuLabel>
          {GRID_COLUMNS.map((column) => (
            <DropdownMenuCheckboxItem
              key={column.id}
              checked={visibility[column.id]}
              // The last visible column stays: an empty table would leave nothing to click.
              disabled={visibility[column.id] && visibleCount === 1}
              onSelect={stayOpen}
              onCheckedChange={(checked) => onColumnVisibilityChange(column.id, checked === true)}
            >
              {column.label}
            </DropdownMenuCheckboxItem>
          ))}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onResetColumns}>Reset columns</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
