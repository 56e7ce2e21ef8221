/**
 * The order detail page's fields (docs/behaviour/order-tracking.md#order-detail): every field but id, orderTrackingSourceId, activeStatus,
 * deletedStatus and notes, as labelled tiles; and the fields Edit Order may change (ZOrderEditSchema).
 */
import {
  ORDER_TRACKING_COLUMN_LABELS,
  type OrderRecord,
  type TOrderEditForm,
  ZOrderEditSchema,
} from '@app/contracts';
import { z } from 'zod';
import { formatDate, formatDateTime } from '@/shared/format/dates';
import { formatQuantity, orNotAvailable } from './format';

type TextKey =
  | 'accountNumber'
  | 'brandName'
  | 'customerName'
  | 'customerNumber'
  | 'customerPoNumber'
  | 'documentNumber'
  | 'itemNumber'
  | 'itemStatus'
  | 'lineStatus'
  | 'shipToName'
  | 'supplierName'
  | 'supplierOrderStatus'
  | 'shippingCompany'
  | 'wildcard1'
  | 'wildcard2';
type DateKey = 'estimatedArrivalDate' | 'orderDate' | 'poDate' | 'shippedDate';
type QuantityKey = 'qty' | 'qtyFulfilled';

export type EditableField =
  | { key: TextKey; label: string; kind: 'text' }
  | { key: DateKey; label: string; kind: 'date' }
  | { key: QuantityKey; label: string; kind: 'number' };

const LABELS: Record<TextKey | DateKey | QuantityKey, string> = {
  ...ORDER_TRACKING_COLUMN_LABELS,
  shippingCompany: 'Shipping Company',
};

const text = (key: TextKey): EditableField => ({ key, label: LABELS[key], kind: 'text' });
const date = (key: DateKey): EditableField => ({ key, label: LABELS[key], kind: 'date' });
const quantity = (key: QuantityKey): EditableField => ({
  key,
  label: LABELS[key],
  kind: 'number',
});

/** In the record's order (docs/behaviour/order-tracking.md#calls). */
export const EDITABLE_FIELDS: readonly EditableField[] = [
  text('accountNumber'),
  text('brandName'),
  text('customerName'),
  text('customerNumber'),
  text('customerPoNumber'),
  text('documentNumber'),
  date('estimatedArrivalDate'),
  text('itemNumber'),
  text('itemStatus'),
  text('lineStatus'),
  date('orderDate'),
  date('poDate'),
  quantity('qty'),
  quantity('qtyFulfilled'),
  text('shipToName'),
  date('shippedDate'),
  text('supplierName'),
  text('supplierOrderStatus'),
  text('shippingCompany'),
  text('wildcard1'),
  text('wildcard2'),
];

export interface DetailTile {
  key: string;
  label: string;
  value: string;
}

/** The tiles, each value already formatted; an empty value reads N/A. */
export function detailTiles(order: OrderRecord): DetailTile[] {
  const tiles: DetailTile[] = [
    { key: 'sourceName', label: 'Source', value: orNotAvailable(order.sourceName) },
  ];
  for (const field of EDITABLE_FIELDS) {
    let value: string;
    if (field.kind === 'date') value = formatDate(order[field.key]);
    else if (field.kind === 'number') value = formatQuantity(order[field.key]);
    else value = order[field.key] ?? '';
    if (field.key === 'shippingCompany' && !value) value = recognisedShippingCompany(order);
    tiles.push({ key: field.key, label: field.label, value: orNotAvailable(value) });
  }
  tiles.push({
    key: 'lastUpdated',
    label: 'Last Updated',
    value: orNotAvailable(formatDateTime(order.lastUpdated)),
  });
  return tiles;
}

/** Edit Order's form: ZOrderEditSchema, with the tracking numbers typed one per line. */
export const ZEditOrderFormSchema = ZOrderEditSchema.extend({
  trackingNumbers: z
    .string()
    .transform((value) => [
      ...new Set(
        value
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().max(100, 'A tracking number is limited to 100 characters'))
        .max(100, 'At most 100 tracking numbers'),
    ),
});
export type TEditOrderFormInput = Omit<TOrderEditForm, 'trackingNumbers'> & { trackingNumbers: string };
export type TEditOrderFormOutput = z.output<typeof ZEditOrderFormSchema>;

export function editFormDefaults(order: OrderRecord): TEditOrderFormInput {
  const values: Record<string, string> = {};
  for (const field of EDITABLE_FIELDS) {
    const value = order[field.key];
    values[field.key] = value === null || value === undefined ? '' : String(value);
  }
  return {
    ...(values as Omit<TEditOrderFormInput, 'trackingNumbers'>),
    trackingNumbers: order.trackingNumbers.map((entry) => entry.trackingNumber).join('\n'),
  };
}

/**
 * The carrier recognised from the tracking numbers, marked as such, when the file gave no shipping company
 * (docs/behaviour/order-tracking.md#carriers); '' otherwise.
 */
export function recognisedShippingCompany(order: OrderRecord): string {
  return !order.shippingCompany && order.shippingCompanyRecognised
    ? `${order.shippingCompanyRecognised} (recognised)`
    : '';
}
