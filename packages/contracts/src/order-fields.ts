/**
 * The order's own data fields, in the spec's (alphabetical) order, split where the grid puts Notes between
 * them. The grid's columns, its sort keys and a tracking source's mapping targets are each these plus a few
 * of their own (columns.ts, orders.ts, order-tracking-sources.ts), so the list lives here once.
 */
export const ORDER_FIELDS_BEFORE_NOTES = [
  'accountNumber',
  'brandName',
  'customerName',
  'customerNumber',
  'customerPoNumber',
  'documentNumber',
  'estimatedArrivalDate',
  'itemNumber',
  'itemStatus',
  'lineStatus',
] as const;

export const ORDER_FIELDS_AFTER_NOTES = [
  'orderDate',
  'poDate',
  'qty',
  'qtyFulfilled',
  'shipToName',
  'shippedDate',
  'supplierName',
  'supplierOrderStatus',
] as const;
