import { HOME_STATS_WINDOW_HOURS, type OrderTrackingUpdateStat } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, eq, gte, sql } from 'drizzle-orm';

/**
 * Orders updated and deleted per order tracking source over the past 24 hours, summed from its runs. One line
 * per source, under the name of its latest run: a source renamed within the window is not shown twice.
 */
export async function getUpdateStats(db: DbOrTx): Promise<OrderTrackingUpdateStat[]> {
  const { runs } = schema;
  const rows = await db
    .select({
      name: sql<string>`(array_agg(${runs.sourceName} order by ${runs.finishedAt} desc))[1]`,
      updated: sql<number>`sum(${runs.ordersUpdated})::int`,
      deleted: sql<number>`sum(${runs.ordersDeleted})::int`,
    })
    .from(runs)
    .where(
      and(
        eq(runs.sourceType, 'order-tracking'),
        gte(runs.finishedAt, sql`now() - make_interval(hours => ${HOME_STATS_WINDOW_HOURS})`),
      ),
    )
    .groupBy(runs.sourceId)
    .orderBy(sql`1`);
  return rows.map((row) => ({
    orderTrackingSourceName: row.name,
    ordersUpdated: Number(row.updated),
    ordersDeleted: Number(row.deleted),
  }));
}
