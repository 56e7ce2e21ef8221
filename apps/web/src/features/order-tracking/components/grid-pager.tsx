import { ORDER_PAGE_SIZES } from '@app/contracts';
import { PageNav } from '@/components/data-view/page-nav';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatCount } from '@/lib/format';
import { displayedPageCount } from '../lib/pager';

/** docs/behaviour/order-tracking.md#pager: Page x of y, Records n, first/previous/next/last, and the page size (10 to 250). */
export function GridPager({
  page,
  pageSize,
  totalRecords,
  onPageChange,
  onPageSizeChange,
}: {
  page: number;
  pageSize: number;
  totalRecords: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}) {
  const last = displayedPageCount(totalRecords, pageSize);
  return (
    <div className="flex flex-col gap-3 text-sm sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
      <div className="flex items-center gap-4">
        <span aria-live="polite">
          Page {formatCount(page)} of {formatCount(last)}
        </span>
        <span>Records {formatCount(totalRecords)}</span>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-2">
          <Label htmlFor="order-page-size" className="font-normal whitespace-nowrap">
            Rows per page
          </Label>
          <Select value={String(pageSize)} onValueChange={(value) => onPageSizeChange(Number(value))}>
            <SelectTrigger id="order-page-size" size="sm" className="w-20">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ORDER_PAGE_SIZES.map((size) => (
                <SelectItem key={size} value={String(size)}>
                  {size}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <PageNav page={page} last={last} onPageChange={onPageChange} />
      </div>
    </div>
  );
}
