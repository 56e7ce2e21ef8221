import { z } from 'zod';
import { ORDER_TRACKING_COLUMN_LABELS } from './columns';
import { type TOrderListRequest, ZOrderListRequestSchema } from './orders';

/** How a grid cell shows its value; the export writes dates as dates and quantities as numbers. */
export type OrderGridCellKind = 'text' | 'date' | 'number' | 'trackingNumbers' | 'notes';

/**
 * The order tracking grid's columns in the spec's order (docs/behaviour/order-tracking.md#columns). The grid
 * and the export (docs/behaviour/order-tracking.md#export) both read this list, so an exported file has the
 * grid's columns and headers.
 */
export const ORDER_GRID_COLUMNS = [
  { id: 'sourceName', label: 'Source', kind: 'text' },
  { id: 'brandName', label: ORDER_TRACKING_COLUMN_LABELS.brandName, kind: 'text' },
  { id: 'customerName', label: ORDER_TRACKING_COLUMN_LABELS.customerName, kind: 'text' },
  { id: 'customerNumber', label: ORDER_TRACKING_COLUMN_LABELS.customerNumber, kind: 'text' },
  { id: 'customerPoNumber', label: ORDER_TRACKING_COLUMN_LABELS.customerPoNumber, kind: 'text' },
  { id: 'documentNumber', label: ORDER_TRACKING_COLUMN_LABELS.documentNumber, kind: 'text' },
  { id: 'estimatedArrivalDate', label: ORDER_TRACKING_COLUMN_LABELS.estimatedArrivalDate, kind: 'date' },
  { id: 'itemNumber', label: ORDER_TRACKING_COLUMN_LABELS.itemNumber, kind: 'text' },
  { id: 'itemStatus', label: ORDER_TRACKING_COLUMN_LABELS.itemStatus, kind: 'text' },
  { id: 'lineStatus', label: ORDER_TRACKING_COLUMN_LABELS.lineStatus, kind: 'text' },
  { id: 'notes', label: ORDER_TRACKING_COLUMN_LABELS.notes, kind: 'notes' },
  { id: 'orderDate', label: ORDER_TRACKING_COLUMN_LABELS.orderDate, kind: 'date' },
  { id: 'poDate', label: ORDER_TRACKING_COLUMN_LABELS.poDate, kind: 'date' },
  { id: 'qty', label: ORDER_TRACKING_COLUMN_LABELS.qty, kind: 'number' },
  { id: 'qtyFulfilled', label: ORDER_TRACKING_COLUMN_LABELS.qtyFulfilled, kind: 'number' },
  { id: 'shipToName', label: ORDER_TRACKING_COLUMN_LABELS.shipToName, kind: 'text' },
  { id: 'shippedDate', label: ORDER_TRACKING_COLUMN_LABELS.shippedDate, kind: 'date' },
  { id: 'supplierName', label: ORDER_TRACKING_COLUMN_LABELS.supplierName, kind: 'text' },
  { id: 'supplierOrderStatus', label: ORDER_TRACKING_COLUMN_LABELS.supplierOrderStatus, kind: 'text' },
  { id: 'shippingCompany', label: 'Shipping Company', kind: 'text' },
  { id: 'trackingNumbers', label: ORDER_TRACKING_COLUMN_LABELS.trackingNumbers, kind: 'trackingNumbers' },
  { id: 'wildcard1', label: ORDER_TRACKING_COLUMN_LABELS.wildcard1, kind: 'text' },
  { id: 'wildcard2', label: ORDER_TRACKING_COLUMN_LABELS.wildcard2, kind: 'text' },
] as const satisfies readonly { id: string; label: string; kind: OrderGridCellKind }[];

export type OrderGridColumnId = (typeof ORDER_GRID_COLUMNS)[number]['id'];
export const ORDER_GRID_COLUMN_IDS = ORDER_GRID_COLUMNS.map((column) => column.id) as OrderGridColumnId[];

/**
 * Columns only the export writes (docs/behaviour/order-tracking.md#export): when Tracking Numbers is exported,
 * each number's carrier and tracking page follow it, in the numbers' order.
 */
export const ORDER_EXPORT_CARRIER_COLUMNS = [
  { id: 'trackingCarriers', label: 'Carrier', kind: 'text' },
  { id: 'trackingUrls', label: 'Tracking URL', kind: 'text' },
] as const satisfies readonly { id: string; label: string; kind: OrderGridCellKind }[];
export type OrderExportColumnId = OrderGridColumnId | (typeof ORDER_EXPORT_CARRIER_COLUMNS)[number]['id'];

/** The grid hides PO Date until the user shows it (docs/behaviour/order-tracking.md#column-visibility). */
export const DEFAULT_HIDDEN_GRID_COLUMNS: readonly OrderGridColumnId[] = ['poDate'];

export const ORDER_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type OrderExportFormat = (typeof ORDER_EXPORT_FORMATS)[number];

const SORT_DIRECTIONS: Record<string, boolean> = { asc: true, desc: false };

/** `column:asc,column:desc` → { column: true, column: false }, in the order given; a bad entry stays visible to the check. */
function parseSortText(text: string): Record<string, boolean> | string {
  const sort: Record<string, boolean> = {};
  for (const entry of text.split(',').filter(Boolean)) {
    const [column = '', direction = 'asc'] = entry.split(':');
    const ascending = SORT_DIRECTIONS[direction];
    if (ascending === undefined) return `Unknown sort direction "${direction}"`;
    sort[column] = ascending;
  }
  return sort;
}

const listFields = ZOrderListRequestSchema.omit({ PageSize: true, PageIndex: true });

/**
 * GET /api/order-tracking/export (docs/behaviour/order-tracking.md#export): the list call's search and sort
 * as query parameters (AndOrParam=true|false, SortParams=column:asc,column:desc), no paging, plus the file
 * format and the grid's visible columns (comma-separated ids; the grid's default columns when absent).
 */
export const ZOrderExportQuerySchema = listFields.extend({
  AndOrParam: z
    .string()
    .optional()
    .transform((text) => (text === undefined ? undefined : text === 'true'))
    .pipe(listFields.shape.AndOrParam),
  SortParams: z
    .string()
    .optional()
    .transform((text) => (text === undefined ? undefined : parseSortText(text)))
    // A bad entry is passed on as its message text, which the list's check refuses (not a record).
    .pipe(
      listFields.shape.SortParams as unknown as z.ZodType<
        Record<string, boolean>,
        Record<string, boolean> | string | undefined
      >,
    ),
  format: z.enum(ORDER_EXPORT_FORMATS, { error: 'format must be csv or xlsx' }),
  columns: z
    .string()
    .optional()
    .transform((text) =>
      text === undefined
        ? ORDER_GRID_COLUMN_IDS.filter((id) => !DEFAULT_HIDDEN_GRID_COLUMNS.includes(id))
        : text.split(',').filter(Boolean),
    )
    .pipe(
      z
        .array(z.enum(ORDER_GRID_COLUMN_IDS as [OrderGridColumnId, ...OrderGridColumnId[]]), {
          error: 'Unknown column',
        })
        .min(1, 'At least one column'),
    ),
});
export type TOrderExportQuery = z.output<typeof ZOrderExportQuerySchema>;

const SEARCH_PARAMS = [
  'PoNumberParam',
  'ItemNumberParam',
  'ShipToNameParam',
  'SupplierNameParam',
  'BrandNameParam',
  'TrackingNumberParam',
] as const;

/** The query string exporting what a list request shows (its search and sort, not its page). */
export function orderExportSearch(
  format: OrderExportFormat,
  columns: readonly OrderGridColumnId[],
  request: TOrderListRequest,
): string {
  const params = new URLSearchParams({ format, columns: columns.join(',') });
  for (const name of SEARCH_PARAMS) {
    const text = request[name]?.trim();
    if (text) params.set(name, text);
  }
  if (request.AndOrParam) params.set('AndOrParam', 'true');
  if (request.CarrierParam?.trim()) params.set('CarrierParam', request.CarrierParam.trim());
  const sort = Object.entries(request.SortParams ?? {}).map(
    ([column, ascending]) => `${column}:${ascending ? 'asc' : 'desc'}`,
  );
  if (sort.length > 0) params.set('SortParams', sort.join(','));
  return params.toString();
}
