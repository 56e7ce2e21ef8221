import {
  type OrderExportFormat,
  type OrderGridColumnId,
  orderExportSearch,
  type TOrderListRequest,
} from '@app/contracts';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

const FORMATS: ReadonlyArray<{ format: OrderExportFormat; label: string }> = [
  { format: 'csv', label: 'CSV (.csv)' },
  { format: 'xlsx', label: 'Excel (.xlsx)' },
];

/**
 * Export (docs/behaviour/order-tracking.md#export): every order of the current search and sort, not just
 * the page, with the visible columns. Plain links: the browser streams the download to disk itself.
 */
export function ExportMenu({
  request,
  columns,
}: {
  request: TOrderListRequest;
  columns: readonly OrderGridColumnId[];
}) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="outline" size="sm" disabled={columns.length === 0}>
          <Download aria-hidden />
          Export
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {FORMATS.map(({ format, label }) => (
          <DropdownMenuItem key={format} asChild>
            <a href={`/api/order-tracking/export?${orderExportSearch(format, columns, request)}`} download>
              {label}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
