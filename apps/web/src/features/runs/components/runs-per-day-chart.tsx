/**
 * A source's runs per day above its run history (docs/behaviour/runs-and-history.md#runs-per-day): how many
 * succeeded, failed or were held, and the median and longest duration, so a failing or slowing feed shows at a
 * glance.
 */
import { RUNS_DAILY_DEFAULT_DAYS, type RunSourceType, type RunsDailyResponse } from '@app/contracts';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartFigure, ChartLegend, SERIES, StripePattern, shortDay } from '@/components/charts/chart-figure';
import { AXIS_TICK, ChartTooltipBox, GRID_STROKE } from '@/components/charts/chart-tooltip';
import { Skeleton } from '@/components/ui/skeleton';
import { describeError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useRunsDaily } from '../api/runs-daily';

type Day = RunsDailyResponse['days'][number];

export function seconds(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${formatCount(Math.round(ms / 1000))} s`;
}

export function runsSummary(days: readonly Day[]): string {
  const sum = (key: 'succeeded' | 'failed' | 'held') => days.reduce((total, day) => total + day[key], 0);
  const total = sum('succeeded') + sum('failed') + sum('held');
  if (total === 0) return `No runs in the last ${days.length === 1 ? 'day' : `${days.length} days`}.`;
  const longest = days.reduce<Day | null>(
    (best, day) => ((day.maxDurationMs ?? -1) > (best?.maxDurationMs ?? -1) ? day : best),
    null,
  );
  const latest = [...days].reverse().find((day) => day.medianDurationMs !== null);
  return `Last ${days.length} days: ${formatCount(sum('succeeded'))} succeeded, ${formatCount(sum('failed'))} failed, ${formatCount(sum('held'))} held; median duration ${seconds(latest?.medianDurationMs ?? null)} on ${latest ? shortDay(latest.date) : '—'}, longest ${seconds(longest?.maxDurationMs ?? null)} on ${longest ? shortDay(longest.date) : '—'}.`;
}

function DayTooltip({
  active,
  payload,
}: {
  active?: boolean;
  payload?: Array<{ payload: Day & { label: string } }>;
}) {
  const day = payload?.[0]?.payload;
  if (!active || !day) return null;
  const none = day.succeeded + day.failed + day.held === 0;
  return (
    <ChartTooltipBox
      title={day.label}
      lines={
        none
          ? ['No runs']
          : [
              `${day.succeeded} succeeded, ${day.failed} failed, ${day.held} held`,
              `Median ${seconds(day.medianDurationMs)}, longest ${seconds(day.maxDurationMs)}`,
            ]
      }
    />
  );
}

export function RunsPerDayChart({ sourceType, sourceId }: { sourceType: RunSourceType; sourceId: number }) {
  const query = useRunsDaily(sourceType, sourceId);
  const title = `Runs per day, last ${RUNS_DAILY_DEFAULT_DAYS} days`;
  if (query.isPending) return <Skeleton aria-label={`${title}: loading`} className="h-64 w-full" />;
  if (query.isError) {
    return (
      <p role="alert" className="rounded-md border px-4 py-3 text-muted-foreground text-sm">
        The runs per day could not be loaded: {describeError(query.error, 'please try again later')}
      </p>
    );
  }
  const days = query.data.days.map((day) => ({
    ...day,
    label: shortDay(day.date),
    medianSeconds: day.medianDurationMs === null ? null : day.medianDurationMs / 1000,
  }));
  const summary = runsSummary(query.data.days);
  return (
    <ChartFigure
      title={title}
      summary={summary}
      table={{
        columns: ['Day', 'Succeeded', 'Failed', 'Held', 'Median Duration', 'Longest'],
        rows: days.map((day) => [
          day.label,
          day.succeeded,
          day.failed,
          day.held,
          seconds(day.medianDurationMs),
          seconds(day.maxDurationMs),
        ]),
      }}
      legend={
        <ChartLegend
          entries={[
            { solid: SERIES.active, label: 'Succeeded (solid, bottom)' },
            {
              striped: SERIES.inactive,
              patternId: 'legend-failed',
              label: 'Failed (striped, middle)',
            },
            {
              swatch: (
                <rect x="1" y="1" width="12" height="12" fill="none" stroke={SERIES.held} strokeWidth="2" />
              ),
              label: 'Held (outlined, top)',
            },
            {
              lineDot: SERIES.updated,
              label: 'Median duration, seconds (line, right axis)',
            },
          ]}
          hint="Focus the chart and use the arrow keys to read each day."
        />
      }
    >
      <div className="h-60 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            data={days}
            aria-label={`${title}. ${summary}`}
            margin={{ top: 8, right: 0, left: 0, bottom: 0 }}
          >
            <defs>
              <StripePattern id="runs-failed" color={SERIES.inactive} />
            </defs>
            <CartesianGrid stroke={GRID_STROKE} vertical={false} />
            <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={12} />
            <YAxis yAxisId="runs" tick={AXIS_TICK} allowDecimals={false} width={40} />
            <YAxis
              yAxisId="seconds"
              orientation="right"
              tick={AXIS_TICK}
              width={48}
              tickFormatter={(value: number) => `${Number(value.toFixed(2))}s`}
            />
            <Tooltip content={<DayTooltip />} cursor={{ fill: 'var(--muted)', opacity: 0.5 }} />
            <Bar
              yAxisId="runs"
              dataKey="succeeded"
              name="Succeeded"
              stackId="runs"
              fill={SERIES.active}
              isAnimationActive={false}
            />
            <Bar
              yAxisId="runs"
              dataKey="failed"
              name="Failed"
              stackId="runs"
              fill="url(#runs-failed)"
              isAnimationActive={false}
            />
            <Bar
              yAxisId="runs"
              dataKey="held"
              name="Held"
              stackId="runs"
              fill="var(--card)"
              stroke={SERIES.held}
              strokeWidth={2}
              isAnimationActive={false}
            />
            <Line
              yAxisId="seconds"
              dataKey="medianSeconds"
              name="Median duration"
              stroke={SERIES.updated}
              strokeWidth={2}
              dot={{ r: 3, fill: SERIES.updated }}
              connectNulls={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </ChartFigure>
  );
}
