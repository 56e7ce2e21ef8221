import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { sql } from 'drizzle-orm';
import { storedCarrierOf } from './stored-carrier';

const { orderTrackingNumbers } = schema;

async function rowsOf<T>(db: DbOrTx, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Recognises up to `limit` stored tracking numbers that have no carrier answer yet (rows from before
 * migration 0022, or written by a path that does not recognise, such as the bulk seed script) and stores
 * the answer; returns how many it did. The partial index on check_digit is null finds them.
 */
export async function recogniseStoredBatch(db: DbOrTx, limit: number): Promise<number> {
  const rows = await rowsOf<{ id: number | string; tracking_number: string }>(
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
