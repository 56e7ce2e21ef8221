export interface OrderTrackingUpdateStat {
  orderTrackingSourceName: string;
  ordersUpdated: number;
  ordersDeleted: number;
}

export const HOME_STATS_WINDOW_HOURS = 24;
