import { z } from 'zod';

export const ZOrderTrackingUpdateStatSchema = z.object({
  orderTrackingSourceName: z.string(),
  ordersUpdated: z.number().int(),
  ordersDeleted: z.number().int(),
});
export type OrderTrackingUpdateStat = z.infer<typeof ZOrderTrackingUpdateStatSchema>;

export const HOME_STATS_WINDOW_HOURS = 24;
