import { ORDER_FIELDS_AFTER_NOTES, ORDER_FIELDS_BEFORE_NOTES } from './order-fields';
/** The 22 order tracking grid columns a user can switch on or off (docs/behaviour/accounts-and-sign-in.md#column-settings), in the spec's order. */
export const ORDER_TRACKING_COLUMN_KEYS = [
  ...ORDER_FIELDS_BEFORE_NOTES,
  'notes',
  ...ORDER_FIELDS_AFTER_NOTES,
  'trackingNumbers',
  'wildcard1',
  'wildcard2',
] as const;

export type OrderTrackingColumnKey = (typeof ORDER_TRACKING_COLUMN_KEYS)[number];

export const ORDER_TRACKING_COLUMN_LABELS: Record<OrderTrackingColumnKey, string> = {
  accountNumber: 'Account Number',
  brandName: 'Brand',
  customerName: 'Customer',
  customerNumber: 'Customer Number',
  customerPoNumber: 'Customer PO Number',
  documentNumber: 'Doc Number',
  estimatedArrivalDate: 'Estimated Arrival Date',
  itemNumber: 'Item Number',
  itemStatus: 'Item Status',
  lineStatus: 'Line Status',
  notes: 'Notes',
  orderDate: 'Order Date',
  poDate: 'PO Date',
  qty: 'Quantity',
  qtyFulfilled: 'Quantity Fulfilled',
  shipToName: 'Ship To Name',
  shippedDate: 'Shipped Date',
  supplierName: 'Supplier Name',
  supplierOrderStatus: 'Supplier Status',
  trackingNumbers: 'Tracking Numbers',
  wildcard1: 'Wildcard 1',
  wildcard2: 'Wildcard 2',
};

export function defaultEnabledColumns(): Record<OrderTrackingColumnKey, boolean> {
  return Object.fromEntries(ORDER_TRACKING_COLUMN_KEYS.map((key) => [key, true])) as Record<
    OrderTrackingColumnKey,
    boolean
  >;
}
