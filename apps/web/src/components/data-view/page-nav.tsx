import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** A pager's first / previous / next / last buttons; pages count from 1 to `last`. */
export function PageNav({
  page,
  last,
  onPageChange,
}: {
  page: number;
  last: number;
  onPageChange: (page: number) => void;
}) {
  const canGoBack = page > 1;
  const canGoForward = page < last;
  const buttons = [
    { label: 'First page', icon: ChevronsLeft, to: 1, enabled: canGoBack },
    { label: 'Previous page', icon: ChevronLeft, to: page - 1, enabled: canGoBack },
    { label: 'Next page', icon: ChevronRight, to: page + 1, enabled: canGoForward },
    { label: 'Last page', icon: ChevronsRight, to: last, enabled: canGoForward },
  ];
  return (
    <nav aria-label="Pagination" className="flex items-center gap-1">
      {buttons.map(({ label, icon: Icon, to, enabled }) => (
        <Button
          key={label}
          variant="outline"
          size="icon-sm"
          aria-label={label}
          disabled={!enabled}
          onClick={() => onPageChange(to)}
        >
          <Icon />
        </Button>
      ))}
    </nav>
  );
}
