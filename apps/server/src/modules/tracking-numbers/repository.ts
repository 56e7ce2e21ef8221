import type { DbOrTx } from '@app/db';
import { queryRows, schema } from '@app/db';
import { sql } from 'drizzle-orm';
import { storedCarrierOf } from './stored-carrier';

const { orderTrackingNumbers } = schema;

/**
 * Recognises up to `limit` stored tracking numbers that have no carrier answer yet (rows from before
 * migration 0024, or written by a path that does not recognise, such as the bulk seed script) and stores
 * the answer; returns how many it did. The partial index on check_digit is null finds them.
 */
export async function recogniseStoredBatch(db: DbOrTx, limit: number): Promise<number> {
  const rows = await queryRows<{ id: number | string; tracking_number: string }>(
    db,
    sql`select id, tracking_number from ${orderTrackingNumbers} where check_digit is null order by id limit ${limit}`,
  );
  if (rows.length === 0) return 0;
  const stored = rows.map((row) => storedCarrierOf(row.tracking_number));
  await db.execute(sql`
    update ${orderTrackingNumbers} t
       set carrier = u.carrier, carrier_name = u.carrier_name, carrier_service = u.carrier_service,
           check_digit = u.check_digit, tracking_url = u.tracking_url
      from (
        select * from json_to_recordset(${JSON.stringify(
          rows.map((row, i) => ({
            id: Number(row.id),
            carrier: stored[i]!.carrier,
            carrier_name: stored[i]!.carrierName,
            carrier_service: stored[i]!.carrierService,
            check_digit: stored[i]!.checkDigit,
            tracking_url: stored[i]!.trackingUrl,
          })),
        )}::json)
          as x(id bigint, carrier text, carrier_name text, carrier_service text, check_digit text, tracking_url text)
      ) u
     where t.id = u.id`);
  return rows.length;
}

export interface ShipmentActivity {
  /** Tracking numbers per carrier name ('Not recognised' for none), most first. */
  perCarrier: Array<{ carrier: string; count: number }>;
  /** The newest numbers whose check digit fails, capped, with their order's PO. */
  badCheckDigits: Array<{ trackingNumber: string; customerPoNumber: string | null }>;
  badCheckDigitCount: number;
}

export const NOT_RECOGNISED = 'Not recognised';

/**
 * What the order tracking digest says about carriers (docs/behaviour/notifications.md): the tracking numbers
 * of each source's live orders updated in the window, per carrier, and those whose check digit fails.
 */
export async function shipmentActivity(
  db: DbOrTx,
  sourceIds: number[],
  window: { start: Date; end: Date },
  cap: number,
): Promise<Map<number, ShipmentActivity>> {
  const activity = new Map<number, ShipmentActivity>();
  if (sourceIds.length === 0) return activity;
  const ids = sql`array[${sql.join(
    sourceIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  const inWindow = sql`o.order_tracking_source_id = any(${ids}) and o.deleted_status = false
    and o.last_updated >= ${window.start.toISOString()}::timestamptz and o.last_updated <= ${window.end.toISOString()}::timestamptz`;
  const counts = await queryRows<{ source_id: number; carrier: string | null; n: number }>(
    db,
    sql`select o.order_tracking_source_id as source_id, t.carrier_name as carrier, count(*)::int as n
          from ${orderTrackingNumbers} t join orders o on o.id = t.order_id
         where ${inWindow}
         group by 1, 2 order by 1, 3 desc, 2`,
  );
  const bad = await queryRows<{
    source_id: number;
    tracking_number: string;
    po: string | null;
    total: number;
  }>(
    db,
    sql`select source_id, tracking_number, po, total from (
          select o.order_tracking_source_id as source_id, t.tracking_number, o.customer_po_number as po,
                 count(*) over (partition by o.order_tracking_source_id)::int as total,
                 row_number() over (partition by o.order_tracking_source_id order by o.last_updated desc, t.id desc) as rank
            from ${orderTrackingNumbers} t join orders o on o.id = t.order_id
           where ${inWindow} and t.check_digit = 'invalid'
        ) b where rank <= ${cap} order by source_id, rank`,
  );
  const entry = (sourceId: number) => {
    let found = activity.get(sourceId);
    if (!found) {
      found = { perCarrier: [], badCheckDigits: [], badCheckDigitCount: 0 };
      activity.set(sourceId, found);
    }
    return found;
  };
  for (const row of counts)
    entry(Number(row.source_id)).perCarrier.push({
      carrier: row.carrier ?? NOT_RECOGNISED,
      count: Number(row.n),
    });
  for (const row of bad) {
    const found = entry(Number(row.source_id));
    found.badCheckDigits.push({ trackingNumber: row.tracking_number, customerPoNumber: row.po });
    found.badCheckDigitCount = Number(row.total);
  }
  return activity;
}
