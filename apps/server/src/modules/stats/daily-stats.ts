/** Home's chart (docs/behaviour/home.md#orders-per-day): every day of the window with every charted source. */
import type { DailyStatsResponse } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { lastDays, windowStart } from '../../lib/day-window';
import { chartedOrderTrackingSources, dailyOrderTrackingTotals } from './daily-repository';

export async function getDailyOrderTrackingStats(
  db: DbOrTx,
  input: { now: Date; days: number; timeZone: string },
): Promise<DailyStatsResponse> {
  const from = windowStart(input.now, input.days);
  const [totals, sources] = await Promise.all([
    dailyOrderTrackingTotals(db, from, input.timeZone),
    chartedOrderTrackingSources(db, from),
  ]);
  const byKey = new Map(totals.map((row) => [`${row.date}|${row.sourceId}`, row]));
  return {
    timeZone: input.timeZone,
    days: lastDays(input.now, input.days, input.timeZone).map((date) => ({
      date,
      sources: sources.map(({ sourceId, sourceName }) => {
        const row = byKey.get(`${date}|${sourceId}`);
        return {
          sourceId,
          sourceName,
          ordersUpdated: row?.ordersUpdated ?? 0,
          ordersDeleted: row?.ordersDeleted ?? 0,
          runs: row?.runs ?? 0,
        };
      }),
    })),
  };
}
