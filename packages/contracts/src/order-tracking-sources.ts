import { z } from 'zod';
import { ZSuggestedMappingSchema } from './mapping-evidence';
import { ORDER_FIELDS_AFTER_NOTES, ORDER_FIELDS_BEFORE_NOTES } from './order-fields';
import { ZSourceListRuleFieldsSchema } from './runs';
import { entityId, MAILED_SOURCE_FIELDS, optionalInt, optionalText, requiredId } from './shared-fields';
import { ZTextEncodingSchema } from './text-encodings';

/** The order fields a file column can be mapped to (docs/behaviour/sources.md#order-tracking-source-editor). */
export const ORDER_MAPPING_FIELDS = [
  ...ORDER_FIELDS_BEFORE_NOTES,
  ...ORDER_FIELDS_AFTER_NOTES,
  'trackingNumbers',
  'shippingCompany',
  'wildcard1',
  'wildcard2',
] as const;
export type OrderMappingField = (typeof ORDER_MAPPING_FIELDS)[number];

export const ORDER_MAPPING_LABELS: Record<OrderMappingField, string> = {
  accountNumber: 'Account Number',
  brandName: 'Brand Name',
  customerName: 'Customer Name',
  customerNumber: 'Customer Number',
  customerPoNumber: 'Customer PO Number',
  documentNumber: 'Document Number',
  estimatedArrivalDate: 'Estimated Arrival Date',
  itemNumber: 'Item Number',
  itemStatus: 'Item Status',
  lineStatus: 'Line Status',
  orderDate: 'Order Date',
  poDate: 'PO Date',
  qty: 'Quantity',
  qtyFulfilled: 'Quantity Fulfilled',
  shipToName: 'Ship To Name',
  shippedDate: 'Shipped Date',
  supplierName: 'Supplier Name',
  supplierOrderStatus: 'Supplier Order Status',
  trackingNumbers: 'Tracking Numbers',
  shippingCompany: 'Shipping Company',
  wildcard1: 'Wildcard 1',
  wildcard2: 'Wildcard 2',
};

/** Unique column choices, value and label (docs/behaviour/sources.md#order-tracking-source-editor). */
export const UNIQUE_COLUMN_OPTIONS = [
  { value: 'AccountNumber', label: 'AccountNumber' },
  { value: 'BrandName', label: 'BrandName' },
  { value: 'CustomerName', label: 'CustomerName' },
  { value: 'CustomerNumber', label: 'CustomerNumber' },
  { value: 'CustomerPoNumber', label: 'CustomerPoNumber' },
  { value: 'DocumentNumber', label: 'DocumentNumber' },
  { value: 'EstimatedArrivalDate', label: 'EstimatedArrivalDate' },
  { value: 'ItemNumber', label: 'ItemNumber' },
  { value: 'ItemStatus', label: 'ItemStatus' },
  { value: 'LineStatus', label: 'LineStatus' },
  { value: 'OrderDate', label: 'OrderDate' },
  { value: 'PoDate', label: 'PoDate' },
  { value: 'QTY', label: 'Quantity' },
  { value: 'QTYFulfilled', label: 'QTYFulfilled' },
  { value: 'ShipToName', label: 'ShipToName' },
  { value: 'ShippedDate', label: 'ShippedDate' },
  { value: 'SupplierName', label: 'SupplierName' },
  { value: 'SupplierOrderStatus', label: 'SupplierOrderStatus' },
  { value: 'Wildcard1', label: 'Wildcard1' },
  { value: 'Wildcard2', label: 'Wildcard2' },
] as const;
export type UniqueColumn = (typeof UNIQUE_COLUMN_OPTIONS)[number]['value'];
export const UNIQUE_COLUMN_VALUES = UNIQUE_COLUMN_OPTIONS.map((option) => option.value) as [
  UniqueColumn,
  ...UniqueColumn[],
];

/** The order field a unique column value keys on. */
export const UNIQUE_COLUMN_FIELD: Record<UniqueColumn, OrderMappingField> = {
  AccountNumber: 'accountNumber',
  BrandName: 'brandName',
  CustomerName: 'customerName',
  CustomerNumber: 'customerNumber',
  CustomerPoNumber: 'customerPoNumber',
  DocumentNumber: 'documentNumber',
  EstimatedArrivalDate: 'estimatedArrivalDate',
  ItemNumber: 'itemNumber',
  ItemStatus: 'itemStatus',
  LineStatus: 'lineStatus',
  OrderDate: 'orderDate',
  PoDate: 'poDate',
  QTY: 'qty',
  QTYFulfilled: 'qtyFulfilled',
  ShipToName: 'shipToName',
  ShippedDate: 'shippedDate',
  SupplierName: 'supplierName',
  SupplierOrderStatus: 'supplierOrderStatus',
  Wildcard1: 'wildcard1',
  Wildcard2: 'wildcard2',
};

export const ORDER_TRACKING_SOURCE_MESSAGES = {
  required: 'Required',
  invalidEmail: 'Enter a valid email address',
  saved: 'Order tracking source saved successfully!',
  loadFailed: 'Failed to load order tracking source data',
  emailListFailed: 'Failed to load email sources',
  unexpected: 'Save failed - unexpected response',
  saveFailed: 'Save failed - please try again',
} as const;

const R = ORDER_TRACKING_SOURCE_MESSAGES.required;
/** A missing field reads 'Required' like an empty one. */
const text = () => z.string({ error: R }).trim();

export const ZColumnMappingSchema = z
  .object({
    id: z.coerce.number().int().nonnegative().nullish(),
    ...(Object.fromEntries(ORDER_MAPPING_FIELDS.map((field) => [field, optionalText])) as Record<
      OrderMappingField,
      typeof optionalText
    >),
  })
  .default({} as never);

/**
 * The order tracking source editor's form and the body of POST /api/order-tracking-sources/save
 * (docs/behaviour/sources.md#order-tracking-source-editor). The spec's client sends `Id`; both casings are accepted.
 */
export const ZOrderTrackingSourceSchema = z.preprocess(
  (value) => {
    if (value && typeof value === 'object' && 'Id' in value && !('id' in value)) {
      const { Id, ...rest } = value as Record<string, unknown>;
      return { ...rest, id: Id };
    }
    return value;
  },
  z.object({
    id: entityId,
    sourceName: text().min(1, R),
    emailSourceId: requiredId(R),
    fileType: text().min(3, R),
    textEncoding: ZTextEncodingSchema,
    fromEmail: text().min(1, R).pipe(z.email(ORDER_TRACKING_SOURCE_MESSAGES.invalidEmail)),
    subjectValue: text().min(3, R),
    containsNotExact: z.boolean().default(false),
    expectedAttachmentCount: optionalInt(0, 100),
    attachmentName: text().min(1, R),
    columnsToIgnore: optionalText,
    secondaryDelimiter: z
      .string()
      .nullish()
      .transform((value) => value ?? '')
      .pipe(z.string().max(1, 'At most 1 character')),
    uniqueColumn: z.enum(UNIQUE_COLUMN_VALUES, { error: R }),
    deleteAfterDays: optionalInt(1, 3650),
    headerRowIndex: optionalInt(0, 1000),
    fileHasHeader: z.boolean().default(true),
    activeStatus: z.boolean().default(true),
    deletedStatus: z.boolean().default(false),
    columnNormalizationValues: ZColumnMappingSchema,
    /** Beyond the spec (docs/behaviour/sources.md#suggest-from-a-sample-file): the suggestion the form applied. */
    suggestedMapping: ZSuggestedMappingSchema,
  }),
);
export type TOrderTrackingSourceForm = z.input<typeof ZOrderTrackingSourceSchema>;
export type TOrderTrackingSource = z.output<typeof ZOrderTrackingSourceSchema>;

const ZColumnMappingResponseSchema = z.object({
  id: z.number().int(),
  ...Object.fromEntries(ORDER_MAPPING_FIELDS.map((field) => [field, z.string()])),
}) as z.ZodObject<{ id: z.ZodNumber } & Record<OrderMappingField, z.ZodString>>;
export type ColumnMapping = z.infer<typeof ZColumnMappingResponseSchema>;

export const ZOrderTrackingSourceResponseSchema = z.object({
  ...MAILED_SOURCE_FIELDS,
  expectedAttachmentCount: z.number().int().nullable(),
  columnsToIgnore: z.string(),
  secondaryDelimiter: z.string(),
  uniqueColumn: z.enum(UNIQUE_COLUMN_VALUES),
  deleteAfterDays: z.number().int().nullable(),
  headerRowIndex: z.number().int().nullable(),
  fileHasHeader: z.boolean(),
  deletedStatus: z.boolean(),
  columnNormalizationValues: ZColumnMappingResponseSchema,
});
export type OrderTrackingSource = z.infer<typeof ZOrderTrackingSourceResponseSchema>;

/** A row of GET /api/order-tracking-sources/active (docs/behaviour/sources.md#order-tracking-source-list). */
export const ZOrderTrackingSourceListItemSchema = ZSourceListRuleFieldsSchema.extend({
  shippingCompany: z.string().nullable(),
});
export type OrderTrackingSourceListItem = z.infer<typeof ZOrderTrackingSourceListItemSchema>;
