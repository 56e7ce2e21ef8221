import { RotateCcw, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { cn } from '@/lib/utils';
import { SEARCH_FIELDS, type SearchFieldId, type SearchValues } from '../lib/search-fields';

const operatorItemClass =
  'px-3 font-semibold data-[state=on]:bg-primary data-[state=on]:text-primary-foreground data-[state=on]:hover:bg-primary/90';

/**
 * The grid's search bar (docs/behaviour/order-tracking.md#search): the AND/OR operator, the visible search inputs, Clear, Search and the
 * settings menu. It is a form, so Enter in any input runs the search.
 */
export function SearchBar({
  values,
  onValueChange,
  matchAll,
  onMatchAllChange,
  visibleFields,
  onSearch,
  onClear,
  settingsMenu,
  filters,
  isMobile,
}: {
  values: SearchValues;
  onValueChange: (id: SearchFieldId, value: string) => void;
  matchAll: boolean;
  onMatchAllChange: (matchAll: boolean) => void;
  visibleFields: readonly SearchFieldId[];
  onSearch: () => void;
  onClear: () => void;
  settingsMenu: ReactNode;
  /** Filters beside the operator (the carrier filter), applied as they change. */
  filters?: ReactNode;
  isMobile: boolean;
}) {
  const fields = SEARCH_FIELDS.filter((field) => visibleFields.includes(field.id));
  return (
    <search aria-label="Search orders" className="block rounded-lg border bg-card p-3 sm:p-4">
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch();
        }}
      >
        <div
          className={cn(
            'grid gap-3',
            isMobile ? 'grid-cols-1' : 'grid-cols-2 lg:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))]',
          )}
        >
          {fields.map((field) => (
            <div key={field.id} className="grid gap-1.5">
              <Label htmlFor={`order-search-${field.id}`}>{field.label}</Label>
              <Input
                id={`order-search-${field.id}`}
                value={values[field.id]}
                maxLength={200}
                autoComplete="off"
                enterKeyHint="search"
                onChange={(event) => onValueChange(field.id, event.target.value)}
              />
            </div>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ToggleGroup
            type="single"
            variant="outline"
            size="sm"
            aria-label="Search operator"
            value={matchAll ? 'and' : 'or'}
            // Radix sends '' when the pressed item is pressed again; the operator never goes unset.
            onValueChange={(next) => {
              if (next === 'and' || next === 'or') onMatchAllChange(next === 'and');
            }}
          >
            <ToggleGroupItem value="and" className={operatorItemClass}>
              AND
            </ToggleGroupItem>
            <ToggleGroupItem value="or" className={operatorItemClass}>
              OR
            </ToggleGroupItem>
          </ToggleGroup>
          <span className="text-muted-foreground text-xs">
            {matchAll ? 'Every filled field must match' : 'Any filled field may match'}
          </span>
          {filters}
          <div className="ml-auto flex items-center gap-2">
            <Button type="button" variant="outline" onClick={onClear}>
              <RotateCcw />
              Clear
            </Button>
            <Button type="submit">
              <Search />
              Search
            </Button>
            {settingsMenu}
          </div>
        </div>
      </form>
    </search>
  );
}
