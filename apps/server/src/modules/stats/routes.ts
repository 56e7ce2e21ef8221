import { HOME_STATS_WINDOW_HOURS, type OrderTrackingUpdateStat } from '@app/contracts';
import type { AppDb } from '@app/db';
import { schema } from '@app/db';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Orders updated and deleted per order tracking source over the past 24 hours, summed from its runs. */
export async function getUpdateStats(db: AppDb): Promise<OrderTrackingUpdateStat[]> {
  const { runs } = schema;
  const rows = await db
    .select({
      name: runs.sourceName,
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
    .groupBy(runs.sourceId, runs.sourceName)
    .orderBy(runs.sourceName);
  return rows.map((row) => ({
    orderTrackingSourceName: row.name,
    ordersUpdated: Number(row.updated),
    ordersDeleted: Number(row.deleted),
  }));
}

export async function statsRoutes(app: FastifyInstance, { db }: AppContext) {
  // Home is open to every signed-in user (docs/behaviour/home.md#statistics), so the stats it shows are too.
  app.get('/api/order-tracking/list/update-stats', { config: { access: 'user' } }, async () =>
    getUpdateStats(db),
  );
}
