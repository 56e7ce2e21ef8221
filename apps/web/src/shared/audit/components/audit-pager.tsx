import { AUDIT_PAGE_SIZE } from '@app/contracts';
import { PageNav } from '@/components/data-view/page-nav';
import { formatCount } from '@/lib/format';

/** "Page x of y", the number of entries, and first / previous / next / last. */
export function AuditPager({
  page,
  total,
  onPageChange,
}: {
  page: number;
  total: number;
  onPageChange: (page: number) => void;
}) {
  const last = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <span aria-live="polite">
        Page {formatCount(Math.min(page, last))} of {formatCount(last)} · {formatCount(total)}{' '}
        {total === 1 ? 'entry' : 'entries'}
      </span>
      {last > 1 && <PageNav page={page} last={last} onPageChange={onPageChange} />}
    </div>
  );
}
