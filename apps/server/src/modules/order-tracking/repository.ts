/**
 * SQL of the order detail: orders read by id as OrderRecords (the grid's page reads its rows through the same
 * columns), and the edits of an order (note, fields, tracking numbers, soft delete). The grid's search and
 * paging are in grid-query-repository.ts, the export in export-repository.ts.
 */

import type { OrderRecord, TOrderEdit } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { queryRows, schema } from '@app/db';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { carrierFieldsOf, storedCarrierOf } from '../tracking-numbers/stored-carrier';

const { orders, orderTrackingNumbers } = schema;

/** The to_char format that reads a date as YYYY-MM-DD text. */
export const ISO_DATE = `'YYYY-MM-DD'`;

/** The OrderRecord columns; dates as YYYY-MM-DD text and lastUpdated as an ISO timestamp, whatever the driver. */
export const RECORD_COLUMNS = sql.raw(`
  o.id::float8 as "id",
  o.account_number as "accountNumber",
  o.brand_name as "brandName",
  o.customer_name as "customerName",
  o.customer_number as "customerNumber",
  o.customer_po_number as "customerPoNumber",
  o.document_number as "documentNumber",
  to_char(o.estimated_arrival_date, ${ISO_DATE}) as "estimatedArrivalDate",
  o.item_number as "itemNumber",
  o.item_status as "itemStatus",
  o.line_status as "lineStatus",
  o.notes as "notes",
  to_char(o.order_date, ${ISO_DATE}) as "orderDate",
  to_char(o.po_date, ${ISO_DATE}) as "poDate",
  o.qty as "qty",
  o.qty_fulfilled as "qtyFulfilled",
  o.ship_to_name as "shipToName",
  to_char(o.shipped_date, ${ISO_DATE}) as "shippedDate",
  o.supplier_name as "supplierName",
  o.supplier_order_status as "supplierOrderStatus",
  o.shipping_company as "shippingCompany",
  coalesce((select json_agg(json_build_object('id', t.id, 'trackingNumber', t.tracking_number, 'carrier', t.carrier,
                'carrierName', t.carrier_name, 'service', t.carrier_service, 'checkDigit', t.check_digit,
                'url', t.tracking_url) order by t.id)
              from order_tracking_numbers t where t.order_id = o.id), '[]'::json) as "trackingNumbers",
  o.wildcard1 as "wildcard1",
  o.wildcard2 as "wildcard2",
  o.order_tracking_source_id as "orderTrackingSourceId",
  s.source_name as "sourceName",
  o.active_status as "activeStatus",
  o.deleted_status as "deletedStatus",
  to_char(o.last_updated at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastUpdated"`);

/**
 * An order as read, with each tracking number's stored carrier (recognised on the spot for a row the backfill
 * has not reached) and, when the file gave no shipping company, the carrier its first number names.
 */
export function withCarriers(order: OrderRecord): OrderRecord {
  const trackingNumbers = order.trackingNumbers.map((row) => ({
    id: Number(row.id),
    trackingNumber: row.trackingNumber,
    ...carrierFieldsOf(row),
  }));
  const recognised = order.shippingCompany
    ? null
    : (trackingNumbers.find((row) => row.carrierName)?.carrierName ?? null);
  return { ...order, trackingNumbers, shippingCompanyRecognised: recognised };
}

/** The orders with these ids, with their tracking numbers and source name, in the order of `ids`. */
export async function loadOrders(db: DbOrTx, ids: number[]): Promise<OrderRecord[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<OrderRecord>(
    db,
    sql`select ${RECORD_COLUMNS}
          from orders o left join order_tracking_sources s on s.id = o.order_tracking_source_id
         where o.id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  const byId = new Map(rows.map((row) => [Number(row.id), withCarriers({ ...row, id: Number(row.id) })]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findOrder(db: DbOrTx, id: number): Promise<OrderRecord | undefined> {
  const [order] = await loadOrders(db, [id]);
  return order;
}

export async function orderExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
  return rows.length > 0;
}

/** Marks a live order deleted; false when there is no live order with this id. */
export async function softDeleteOrder(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ deletedStatus: true })
    .where(and(eq(orders.id, id), eq(orders.deletedStatus, false)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export async function updateOrderNote(db: DbOrTx, id: number, note: string | null): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ notes: note })
    .where(and(eq(orders.id, id), eq(orders.deletedStatus, false)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export type OrderFields = Omit<TOrderEdit, 'trackingNumbers'>;

/** Saves the edited fields of a live order and stamps lastUpdated; false when there is none. */
export async function updateOrderFields(db: DbOrTx, id: number, fields: OrderFields): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ ...fields, lastUpdated: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.deletedStatus, false)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Makes the order's tracking numbers exactly `numbers`: numbers kept keep their ids, new ones are added. */
export async function replaceTrackingNumbers(db: DbOrTx, orderId: number, numbers: string[]): Promise<void> {
  await db
    .delete(orderTrackingNumbers)
    .where(
      numbers.length > 0
        ? and(
            eq(orderTrackingNumbers.orderId, orderId),
            notInArray(orderTrackingNumbers.trackingNumber, numbers),
          )
        : eq(orderTrackingNumbers.orderId, orderId),
    );
  if (numbers.length === 0) return;
  await db
    .insert(orderTrackingNumbers)
    .values(
      numbers.map((trackingNumber) => ({ orderId, trackingNumber, ...storedCarrierOf(trackingNumber) })),
    )
    .onConflictDoNothing();
}
