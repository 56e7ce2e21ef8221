/**
 * The order tracking grid's columns (docs/behaviour/order-tracking.md#columns) and the text each cell shows. The text is computed once per
 * fetched page (`toGridRow`), so rendering, the hover tip and Ctrl+C all read the same ready-made strings.
 */
import {
  ORDER_GRID_COLUMNS,
  type OrderGridCellKind,
  type OrderGridColumnId,
  type OrderRecord,
  type OrderSortableColumn,
  type OrderTrackingColumnKey,
  type TrackingNumber,
} from '@app/contracts';
import { formatDate } from '@/shared/format/dates';
import { formatQuantity, joinTrackingNumbers } from './format';
import { recognisedShippingCompany } from './order-fields';

export type CellKind = OrderGridCellKind;
export type GridColumnId = OrderGridColumnId;

export interface GridColumn {
  id: GridColumnId;
  label: string;
  kind: CellKind;
  /** The SortParams key, or null for tracking numbers (not sortable). */
  sortKey: OrderSortableColumn | null;
  /** The user's enabledColumns key; null for the columns outside the 22 (source, shipping company). */
  settingsKey: OrderTrackingColumnKey | null;
}

/** The two columns outside the 22 column settings; every other column is its own settings key. */
const WITHOUT_SETTING: ReadonlySet<GridColumnId> = new Set(['sourceName', 'shippingCompany']);

/** In the spec's order (the list lives in the contracts: the export writes the same columns). */
export const GRID_COLUMNS: readonly GridColumn[] = ORDER_GRID_COLUMNS.map((column) => ({
  ...column,
  sortKey: column.id === 'trackingNumbers' ? null : column.id,
  settingsKey: WITHOUT_SETTING.has(column.id) ? null : (column.id as OrderTrackingColumnKey),
}));

export const GRID_COLUMN_IDS: readonly GridColumnId[] = GRID_COLUMNS.map((column) => column.id);

const byId = new Map(GRID_COLUMNS.map((column) => [column.id, column]));
export const gridColumn = (id: GridColumnId): GridColumn => byId.get(id)!;
export const isGridColumnId = (value: string): value is GridColumnId => byId.has(value as GridColumnId);

export type CellTexts = Record<GridColumnId, string>;

/** One grid row: the order and the text of each of its cells. */
export interface GridRow {
  order: OrderRecord;
  texts: CellTexts;
}

/** docs/behaviour/order-tracking.md#columns: null tracking-number entries are dropped by the client. */
export function normaliseOrder(order: OrderRecord): OrderRecord {
  const list = (order.trackingNumbers ?? []) as (TrackingNumber | null)[];
  const trackingNumbers = list.filter(
    (entry): entry is TrackingNumber =>
      entry !== null && typeof entry === 'object' && typeof entry.trackingNumber === 'string',
  );
  return trackingNumbers.length === list.length && order.trackingNumbers
    ? order
    : { ...order, trackingNumbers };
}

export function cellText(order: OrderRecord, column: GridColumn): string {
  switch (column.kind) {
    case 'date':
      return formatDate(order[column.id as 'orderDate']);
    case 'number':
      return formatQuantity(order[column.id as 'qty']);
    case 'trackingNumbers':
      return joinTrackingNumbers(order.trackingNumbers);
    default:
      if (column.id === 'shippingCompany' && !order.shippingCompany) return recognisedShippingCompany(order);
      return (order[column.id as 'brandName'] as string | null) ?? '';
  }
}

export function toGridRow(raw: OrderRecord): GridRow {
  const order = normaliseOrder(raw);
  const texts = {} as CellTexts;
  for (const column of GRID_COLUMNS) texts[column.id] = cellText(order, column);
  return { order, texts };
}
