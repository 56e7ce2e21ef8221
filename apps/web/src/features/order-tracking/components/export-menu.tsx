import {
  type OrderExportFormat,
  type OrderGridColumnId,
  orderExportSearch,
  type TOrderListRequest,
} from '@app/contracts';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
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

const EXPORT_REFUSED_FALLBACK = 'The export could not be started. Please try again.';

/** The server's reason in a refusal's JSON body (a 429 when too many exports are under way), if it has one. */
function refusalMessage(frame: HTMLIFrameElement): string {
  try {
    const body = JSON.parse(frame.contentDocument?.body?.textContent ?? '') as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : EXPORT_REFUSED_FALLBACK;
  } catch {
    // Not ours to read (a frame the browser refused to show) or not JSON.
    return EXPORT_REFUSED_FALLBACK;
  }
}

/**
 * Downloads through a hidden frame: the browser streams the file to disk itself (a million orders never pass
 * through this page), and an answer that is not a file (too many exports under way) loads in the frame
 * instead, where its reason is read and shown. A file loads no document, so the frame stays until the page
 * goes: removing it earlier would cancel an export still waiting for its turn.
 */
function downloadInFrame(url: string) {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = 'Order export';
  frame.addEventListener('load', () => {
    toast.error(refusalMessage(frame));
    frame.remove();
  });
  frame.src = url;
  document.body.append(frame);
}

/**
 * Export (docs/behaviour/order-tracking.md#export): every order of the current search and sort, not just
 * the page, with the visible columns.
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
          <DropdownMenuItem
            key={format}
            onSelect={() =>
              downloadInFrame(`/api/order-tracking/export?${orderExportSearch(format, columns, request)}`)
            }
          >
            {label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
