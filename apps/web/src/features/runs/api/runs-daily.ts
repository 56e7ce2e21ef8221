import { RUNS_DAILY_DEFAULT_DAYS, type RunSourceType, type RunsDailyResponse } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { runKeys } from '@/lib/query-keys';

export function useRunsDaily(
  sourceType: RunSourceType,
  sourceId: number | null,
  days = RUNS_DAILY_DEFAULT_DAYS,
) {
  return useQuery({
    // Under the source's key: a re-process, which refreshes the list, refreshes the chart too.
    queryKey: [...runKeys.source(sourceType, sourceId ?? 0), 'daily', days],
    queryFn: ({ signal }) =>
      api.get<RunsDailyResponse>(
        `/api/runs/daily?sourceType=${sourceType}&sourceId=${sourceId}&days=${days}`,
        signal,
      ),
    enabled: sourceId !== null,
  });
}
