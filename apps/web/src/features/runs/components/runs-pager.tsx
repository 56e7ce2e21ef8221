import { PageNav } from '@/components/data-view/page-nav';
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
      <PageNav page={page} last={last} onPageChange={onPageChange} />
    </div>
  );
}
