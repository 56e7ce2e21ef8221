/**
 * Orders updated and deleted per order tracking source and day (docs/behaviour/home.md#orders-per-day): the runs
 * that finished since `from`, summed per source and calendar day in the time zone. Reads the runs table only
 * (runs_finished_idx), never the orders.
 */
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';

export interface DailySourceRow {
  sourceId: number;
  date: string;
  ordersUpdated: number;
  ordersDeleted: number;
  runs: number;
}

export async function dailyOrderTrackingTotals(
  db: DbOrTx,
  from: Date,
  timeZone: string,
): Promise<DailySourceRow[]> {
  const { runs } = schema;
  const day = sql<string>`to_char(${runs.finishedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      sourceId: runs.sourceId,
      date: day,
      updated: sql<number>`sum(${runs.ordersUpdated})::int`,
      deleted: sql<number>`sum(${runs.ordersDeleted})::int`,
      runs: sql<number>`count(*)::int`,
    })
    .from(runs)
    .where(
      and(
        eq(runs.sourceType, 'order-tracking'),
        sql`${runs.finishedAt} >= ${from.toISOString()}::timestamptz`,
        sql`${runs.sourceId} is not null`,
      ),
    )
    // By position: the day expression carries the time zone as a parameter, and a repeated one would not match.
    .groupBy(sql`1`, sql`2`);
  return rows.map((row) => ({
    sourceId: Number(row.sourceId),
    date: row.date,
    ordersUpdated: Number(row.updated),
    ordersDeleted: Number(row.deleted),
    runs: Number(row.runs),
  }));
}

/**
 * The sources the chart shows: every live, active order tracking source (one that sent nothing shows as such),
 * and any other source with runs since `from`, under its current name or, when deleted, its latest run's.
 */
export async function chartedOrderTrackingSources(
  db: DbOrTx,
  from: Date,
): Promise<Array<{ sourceId: number; sourceName: string }>> {
  const { runs, orderTrackingSources } = schema;
  const result = await db.execute(sql`
    select s.id as source_id, s.source_name
    from ${orderTrackingSources} s
    where s.active_status and not s.deleted_status
    union
    select r.source_id, coalesce(
      (select source_name from ${orderTrackingSources} where id = r.source_id),
      (array_agg(r.source_name order by r.finished_at desc))[1]
    )
    from ${runs} r
    where r.source_type = 'order-tracking' and r.source_id is not null
      and r.finished_at >= ${from.toISOString()}::timestamptz
    group by r.source_id
  `);
  const rows = ((result as { rows?: unknown[] }).rows ?? result) as Array<{
    source_id: number;
    source_name: string;
  }>;
  const byId = new Map<number, string>();
  for (const row of rows) byId.set(Number(row.source_id), row.source_name);
  return [...byId]
    .map(([sourceId, sourceName]) => ({ sourceId, sourceName }))
    .sort((a, b) => a.sourceName.localeCompare(b.sourceName) || a.sourceId - b.sourceId);
}
