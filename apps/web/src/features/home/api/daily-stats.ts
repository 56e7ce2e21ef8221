import { DAILY_STATS_DEFAULT_DAYS, type DailyStatsResponse } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function useDailyOrderTrackingStats(days = DAILY_STATS_DEFAULT_DAYS) {
  return useQuery({
    queryKey: ['order-tracking', 'daily-stats', days],
    queryFn: ({ signal }) =>
      api.get<DailyStatsResponse>(`/api/stats/order-tracking/daily?days=${days}`, signal),
  });
}
