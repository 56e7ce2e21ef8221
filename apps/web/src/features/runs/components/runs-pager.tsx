import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';

export function lastPage(totalRecords: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalRecords / pageSize));
}

/** "Page x of y", the number of runs, and first / previous / next / last. */
export function RunsPager({
  page,
  pageSize,
  totalRecords,
  onPageChange,
}: {
  page: number;
  pageSize: number;
  totalRecords: number;
  onPageChange: (page: number) => void;
}) {
  const last = lastPage(totalRecords, pageSize);
  const canGoBack = page > 1;
  const canGoForward = page < last;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <div className="flex items-center gap-4">
        <span aria-live="polite">
          Page {formatCount(Math.min(page, last))} of {formatCount(last)}
        </span>
        <span className="text-muted-foreground">
          {formatCount(totalRecords)} {totalRecords === 1 ? 'run' : 'runs'}
        </span>
      </div>
      <nav aria-label="Pagination" className="flex items-center gap-1">
        <Button
          variant="outline"
          size="icon-sm"
          aria-label="First page"
          disabled={!canGoBack}
          onClick={() => onPageChange(1)}
        >
          <ChevronsLeft />
        </Button>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label="Previous page"
          disabled={!canGoBack}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft />
        </Button>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label="Next page"
          disabled={!canGoForward}
          onClick={() => onPageChange(page + 1)}
        >
          <ChevronRight />
        </Button>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label="Last page"
          disabled={!canGoForward}
          onClick={() => onPageChange(last)}
        >
          <ChevronsRight />
        </Button>
      </nav>
    </div>
  );
}
