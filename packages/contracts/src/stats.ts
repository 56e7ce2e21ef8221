import { z } from 'zod';

export const ZOrderTrackingUpdateStatSchema = z.object({
  orderTrackingSourceName: z.string(),
  ordersUpdated: z.number().int(),
  ordersDeleted: z.number().int(),
});
export type OrderTrackingUpdateStat = z.infer<typeof ZOrderTrackingUpdateStatSchema>;

export const HOME_STATS_WINDOW_HOURS = 24;

/** GET /api/stats/order-tracking/daily: how many days Home's chart covers, and the most a caller may ask. */
export const DAILY_STATS_DEFAULT_DAYS = 14;
export const DAILY_STATS_MAX_DAYS = 90;

export const ZDailyStatsQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a whole number' })
    .int('days must be a whole number')
    .min(1, 'days is at least 1')
    .max(DAILY_STATS_MAX_DAYS, `days is at most ${DAILY_STATS_MAX_DAYS}`)
    .default(DAILY_STATS_DEFAULT_DAYS),
});
export type TDailyStatsQuery = z.output<typeof ZDailyStatsQuerySchema>;

/** One order tracking source on one day (NOTIFICATIONS_TIME_ZONE); `runs` 0 is a day it sent nothing. */
export const ZDailySourceStatSchema = z.object({
  sourceId: z.number().int(),
  sourceName: z.string(),
  ordersUpdated: z.number().int(),
  ordersDeleted: z.number().int(),
  /** Files (finished runs) of the source that day: 0 means no file arrived. */
  runs: z.number().int(),
});
export type DailySourceStat = z.infer<typeof ZDailySourceStatSchema>;

/** Every day of the window, oldest first, each with every source (zeros on a day it sent nothing). */
export const ZDailyStatsResponseSchema = z.object({
  timeZone: z.string(),
  days: z.array(z.object({ date: z.string(), sources: z.array(ZDailySourceStatSchema) })),
});
export type DailyStatsResponse = z.infer<typeof ZDailyStatsResponseSchema>;
