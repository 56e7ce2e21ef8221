import { z } from 'zod';
import { ORDER_FIELDS_AFTER_NOTES, ORDER_FIELDS_BEFORE_NOTES } from './order-fields';
import { ZCarrierFieldsSchema } from './tracking-numbers/api';

export const ORDER_PAGE_SIZES = [10, 25, 50, 100, 250] as const;
export const DEFAULT_ORDER_PAGE_SIZE = 10;

/** Grid columns a user may sort on (docs/behaviour/order-tracking.md#sorting); tracking numbers are not sortable. */
export const ORDER_SORTABLE_COLUMNS = [
  'sourceName',
  ...ORDER_FIELDS_BEFORE_NOTES,
  'notes',
  ...ORDER_FIELDS_AFTER_NOTES,
  'shippingCompany',
  'wildcard1',
  'wildcard2',
  'lastUpdated',
] as const;
export type OrderSortableColumn = (typeof ORDER_SORTABLE_COLUMNS)[number];

const searchParam = z
  .string()
  .nullish()
  .transform((value) => value?.trim() ?? '')
  .pipe(z.string().max(200, 'Search text is limited to 200 characters'));

/** POST /api/order-tracking/list (docs/behaviour/order-tracking.md#calls). PageIndex counts from 1, like the pager. */
export const ZOrderListRequestSchema = z.object({
  PageSize: z.coerce
    .number()
    .int()
    .refine(
      (size) => (ORDER_PAGE_SIZES as readonly number[]).includes(size),
      'Page size must be 10, 25, 50, 100 or 250',
    )
    .default(DEFAULT_ORDER_PAGE_SIZE),
  PageIndex: z.coerce.number().int().min(1, 'PageIndex starts at 1').max(1_000_000).default(1),
  PoNumberParam: searchParam,
  ItemNumberParam: searchParam,
  ShipToNameParam: searchParam,
  SupplierNameParam: searchParam,
  BrandNameParam: searchParam,
  TrackingNumberParam: searchParam,
  /** Beyond the spec: orders with a tracking number of this carrier (docs/behaviour/order-tracking.md#carriers). */
  CarrierParam: z
    .string()
    .nullish()
    .transform((value) => value?.trim() ?? '')
    .pipe(z.string().regex(/^([a-z_]{2,20}|check-digit-invalid)?$/, 'Unknown carrier')),
  /** true means AND, false (the default) OR. */
  AndOrParam: z.boolean().default(false),
  /** Column name → ascending; applied in the order given. Unknown columns are refused, never interpolated. */
  SortParams: z
    .record(z.string(), z.boolean())
    .nullish()
    .transform((value) => value ?? {})
    .refine(
      (sort) => Object.keys(sort).every((key) => (ORDER_SORTABLE_COLUMNS as readonly string[]).includes(key)),
      'Unknown sort column',
    )
    .refine((sort) => Object.keys(sort).length <= 5, 'At most 5 sort columns'),
});
export type TOrderListRequest = z.input<typeof ZOrderListRequestSchema>;
export type TOrderListQuery = z.output<typeof ZOrderListRequestSchema>;

/** A stored tracking number with its recognised carrier (docs/behaviour/order-tracking.md#carriers). */
/** CarrierParam values beside the carrier codes: no carrier recognised, any UPU S10 post, a bad check digit. */
export const CARRIER_FILTER_NONE = 'none';
export const CARRIER_FILTER_POSTS = 'post';
export const CARRIER_FILTER_INVALID = 'check-digit-invalid';

export const ZTrackingNumberSchema = z
  .object({ id: z.number().int(), trackingNumber: z.string() })
  .extend(ZCarrierFieldsSchema.shape);
export type TrackingNumber = z.infer<typeof ZTrackingNumberSchema>;

const text = z.string().nullable();
const date = z.string().nullable().describe('YYYY-MM-DD');

/** An order tracking record (docs/behaviour/order-tracking.md#calls), plus the source's name for the grid's source column. Dates are YYYY-MM-DD. */
export const ZOrderRecordSchema = z.object({
  id: z.number().int(),
  accountNumber: text,
  brandName: text,
  customerName: text,
  customerNumber: text,
  customerPoNumber: text,
  documentNumber: text,
  estimatedArrivalDate: date,
  itemNumber: text,
  itemStatus: text,
  lineStatus: text,
  notes: text,
  orderDate: date,
  poDate: date,
  qty: z.number().nullable(),
  qtyFulfilled: z.number().nullable(),
  shipToName: text,
  shippedDate: date,
  supplierName: text,
  supplierOrderStatus: text,
  shippingCompany: text,
  /** When the file gave no shipping company: the carrier recognised from the first tracking number. */
  shippingCompanyRecognised: text.describe(
    'The carrier recognised from the tracking numbers, when shippingCompany is empty',
  ),
  trackingNumbers: z.array(ZTrackingNumberSchema),
  wildcard1: text,
  wildcard2: text,
  orderTrackingSourceId: z.number().int().nullable(),
  sourceName: text,
  activeStatus: z.boolean(),
  deletedStatus: z.boolean(),
  lastUpdated: z.string(),
});
export type OrderRecord = z.infer<typeof ZOrderRecordSchema>;

export const ZOrderListResponseSchema = z.object({
  orders: z.array(ZOrderRecordSchema),
  totalRecordCount: z.number().int(),
});
export type OrderListResponse = z.infer<typeof ZOrderListResponseSchema>;

/** POST /api/order-tracking/notes: the grid sends OrderId/Note, the detail page orderId/note (docs/behaviour/order-tracking.md#calls). */
export const ZOrderNoteSchema = z.preprocess(
  (value) => {
    if (value && typeof value === 'object') {
      const body = value as Record<string, unknown>;
      return { orderId: body.orderId ?? body.OrderId, note: body.note ?? body.Note };
    }
    return value;
  },
  z.object({
    orderId: z.coerce.number().int().positive('orderId is required'),
    note: z
      .string()
      .nullish()
      .transform((note) => note ?? '')
      .pipe(z.string().max(4000, 'Notes are limited to 4000 characters')),
  }),
);
export type TOrderNote = z.output<typeof ZOrderNoteSchema>;
export const ZSavedOrderNoteSchema = z.object({ orderId: z.number().int(), note: z.string() });

const optionalDate = z
  .string()
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : null))
  .refine((value) => value === null || /^\d{4}-\d{2}-\d{2}$/.test(value), 'Use the date format YYYY-MM-DD');
const optionalOrderText = z
  .string()
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : null))
  .pipe(z.string().max(500).nullable());
const optionalQuantity = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.coerce.number().min(0, 'Must be 0 or more').nullable(),
);

/** Beyond the spec: the order detail's Edit Order saves these fields (POST /api/order-tracking/order/{id}). */
export const ZOrderEditSchema = z.object({
  accountNumber: optionalOrderText,
  brandName: optionalOrderText,
  customerName: optionalOrderText,
  customerNumber: optionalOrderText,
  customerPoNumber: optionalOrderText,
  documentNumber: optionalOrderText,
  estimatedArrivalDate: optionalDate,
  itemNumber: optionalOrderText,
  itemStatus: optionalOrderText,
  lineStatus: optionalOrderText,
  orderDate: optionalDate,
  poDate: optionalDate,
  qty: optionalQuantity,
  qtyFulfilled: optionalQuantity,
  shipToName: optionalOrderText,
  shippedDate: optionalDate,
  supplierName: optionalOrderText,
  supplierOrderStatus: optionalOrderText,
  shippingCompany: optionalOrderText,
  wildcard1: optionalOrderText,
  wildcard2: optionalOrderText,
  /** The full list after editing; numbers are trimmed, blanks dropped, duplicates merged. */
  trackingNumbers: z.array(z.string()).max(100).default([]),
});
export type TOrderEditForm = z.input<typeof ZOrderEditSchema>;
export type TOrderEdit = z.output<typeof ZOrderEditSchema>;
