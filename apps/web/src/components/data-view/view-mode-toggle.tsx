import { LayoutGrid, Table2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { cn } from '@/lib/utils';

export type ViewMode = 'table' | 'cards';

/**
 * The list view kept in the URL (?view=cards; table is the default and leaves no parameter), so a reload or a
 * shared link keeps it. With `forceCards` (narrow screens) the mode is always 'cards' but the URL is left as is,
 * so widening the window brings the chosen view back.
 */
export function useViewMode(forceCards: boolean): [ViewMode, (next: ViewMode) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen: ViewMode = searchParams.get('view') === 'cards' ? 'cards' : 'table';
  const setMode = (next: ViewMode) => {
    setSearchParams(
      (params) => {
        if (next === 'cards') params.set('view', 'cards');
        else params.delete('view');
        return params;
      },
      { replace: true },
    );
  };
  return [forceCards ? 'cards' : chosen, setMode];
}

/** Table / cards switch: a single-choice toggle group whose items are named 'Table view' and 'Card view'. */
export function ViewModeToggle({
  value,
  onChange,
  className,
}: {
  value: ViewMode;
  onChange: (next: ViewMode) => void;
  className?: string;
}) {
  return (
    <ToggleGroup
      type="single"
      variant="outline"
      value={value}
      // Radix sends '' when the pressed item is pressed again; the view never goes unset.
      onValueChange={(next) => {
        if (next === 'table' || next === 'cards') onChange(next);
      }}
      aria-label="View"
      className={cn(className)}
    >
      <ToggleGroupItem value="table" aria-label="Table view">
        <Table2 />
      </ToggleGroupItem>
      <ToggleGroupItem value="cards" aria-label="Card view">
        <LayoutGrid />
      </ToggleGroupItem>
    </ToggleGroup>
  );
}
