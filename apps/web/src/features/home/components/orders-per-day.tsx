/**
 * Home's chart below the 24-hour table (docs/behaviour/home.md#orders-per-day): orders updated and deleted per
 * day over the last 14 days, one small multiple per order tracking source; a day the source sent no file is a
 * dashed, hatched column marked ×. Phones get a compact card per source with a sparkline. Plain SVG: Home's
 * JavaScript budget has no room for a chart library (docs/decisions/0024-charts.md).
 */
import { DAILY_STATS_DEFAULT_DAYS } from '@app/contracts';
import { ChartFigure, ChartLegend, SERIES, StripePattern, shortDay } from '@/components/charts/chart-figure';
import { usePointFocus } from '@/components/charts/use-point-focus';
import { Skeleton } from '@/components/ui/skeleton';
import { useIsMobile } from '@/hooks/use-media-query';
import { describeError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useDailyOrderTrackingStats } from '../api/daily-stats';
import {
  type DayPoint,
  dailySummary,
  pointText,
  type SourceSeries,
  seriesBySource,
  sourceSummary,
} from '../lib/daily-series';

const DAY_WIDTH = 24;
const BAR_HEIGHT = 60;

export function OrdersPerDay() {
  const isMobile = useIsMobile();
  const query = useDailyOrderTrackingStats();
  const title = `Orders per day, last ${DAILY_STATS_DEFAULT_DAYS} days`;
  if (query.isPending) return <Skeleton aria-label={`${title}: loading`} className="h-48 w-full" />;
  if (query.isError) {
    return (
      <p role="alert" className="rounded-lg border px-4 py-6 text-muted-foreground text-sm">
        The orders per day could not be loaded: {describeError(query.error, 'please try again later')}
      </p>
    );
  }
  const series = seriesBySource(query.data);
  const days = query.data.days.map((day) => day.date);
  return (
    <ChartFigure
      title={title}
      summary={dailySummary(series, days.length)}
      table={{
        columns: ['Day', 'Source', 'Orders Updated', 'Orders Deleted', 'Files'],
        rows: series.flatMap((one) =>
          one.points.map((point) => [
            shortDay(point.date),
            one.sourceName,
            formatCount(point.updated),
            formatCount(point.deleted),
            point.files === 0 ? 'none' : formatCount(point.files),
          ]),
        ),
      }}
      legend={isMobile ? <SparklineLegend /> : <BarsLegend />}
    >
      {series.length === 0 ? (
        <p className="text-muted-foreground text-sm">No order tracking sources to chart.</p>
      ) : isMobile ? (
        <ul className="flex flex-col gap-3">
          {series.map((one) => (
            <li key={one.sourceId}>
              <SparklineCard series={one} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="flex flex-col gap-3">
          {series.map((one) => (
            <SourceBars key={one.sourceId} series={one} />
          ))}
          <DayAxis days={days} />
        </div>
      )}
    </ChartFigure>
  );
}

function NoFileMark({ x, width, height }: { x: number; width: number; height: number }) {
  return (
    <g>
      <rect
        x={x + 1}
        y={1}
        width={width - 2}
        height={height - 2}
        fill="none"
        stroke={SERIES.neutral}
        strokeDasharray="3 2"
        vectorEffect="non-scaling-stroke"
      />
      <path
        d={`M${x + width * 0.3} ${height * 0.4}L${x + width * 0.7} ${height * 0.6}M${x + width * 0.7} ${height * 0.4}L${x + width * 0.3} ${height * 0.6}`}
        stroke={SERIES.neutral}
        strokeWidth={2}
        vectorEffect="non-scaling-stroke"
      />
    </g>
  );
}

function Tooltip({ text }: { text: string | null }) {
  // Read out as the focus moves between days.
  return (
    <p aria-live="polite" className="min-h-5 text-sm tabular-nums">
      {text ?? ''}
    </p>
  );
}

function SourceBars({ series }: { series: SourceSeries }) {
  const { active, containerProps } = usePointFocus(series.points.length);
  const max = Math.max(1, ...series.points.map((point) => point.updated + point.deleted));
  const scale = (value: number) => (value / max) * (BAR_HEIGHT - 4);
  const patternId = `deleted-${series.sourceId}`;
  const activePoint = active === null ? null : series.points[active]!;
  return (
    <div className="grid grid-cols-[minmax(8rem,14rem)_1fr] items-start gap-4">
      <div className="min-w-0">
        <h3 className="break-words font-medium text-sm">{series.sourceName}</h3>
        <p className="text-muted-foreground text-xs tabular-nums">
          {formatCount(series.updated)} updated · {formatCount(series.deleted)} deleted · max{' '}
          {formatCount(max)}/day
        </p>
      </div>
      <div className="min-w-0">
        {/* biome-ignore lint/a11y/useSemanticElements: a focusable chart, not a group of form controls */}
        <div
          role="group"
          aria-label={`${sourceSummary(series)}. Use the arrow keys to read each day.`}
          className="rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          {...containerProps}
        >
          <svg
            aria-hidden
            viewBox={`0 0 ${series.points.length * DAY_WIDTH} ${BAR_HEIGHT}`}
            preserveAspectRatio="none"
            className="block h-16 w-full"
          >
            <defs>
              <StripePattern id={patternId} color={SERIES.deleted} />
            </defs>
            <line
              x1={0}
              x2={series.points.length * DAY_WIDTH}
              y1={BAR_HEIGHT - 0.5}
              y2={BAR_HEIGHT - 0.5}
              stroke={SERIES.neutral}
              vectorEffect="non-scaling-stroke"
            />
            {series.points.map((point, index) => (
              <DayBar
                key={point.date}
                point={point}
                x={index * DAY_WIDTH}
                scale={scale}
                patternId={patternId}
                active={index === active}
              />
            ))}
          </svg>
        </div>
        <Tooltip text={activePoint ? pointText(activePoint, shortDay(activePoint.date)) : null} />
      </div>
    </div>
  );
}

function DayBar({
  point,
  x,
  scale,
  patternId,
  active,
}: {
  point: DayPoint;
  x: number;
  scale: (value: number) => number;
  patternId: string;
  active: boolean;
}) {
  const updated = scale(point.updated);
  const deleted = scale(point.deleted);
  return (
    <g>
      {point.files === 0 ? (
        <NoFileMark x={x + 2} width={DAY_WIDTH - 4} height={BAR_HEIGHT} />
      ) : (
        <>
          <rect
            x={x + 3}
            y={BAR_HEIGHT - updated}
            width={DAY_WIDTH - 6}
            height={updated}
            fill={SERIES.updated}
          />
          <rect
            x={x + 3}
            y={BAR_HEIGHT - updated - deleted}
            width={DAY_WIDTH - 6}
            height={deleted}
            fill={`url(#${patternId})`}
          />
        </>
      )}
      {active && (
        <rect
          x={x + 0.5}
          y={0.5}
          width={DAY_WIDTH - 1}
          height={BAR_HEIGHT - 1}
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
      )}
    </g>
  );
}

function DayAxis({ days }: { days: string[] }) {
  return (
    <div aria-hidden className="grid grid-cols-[minmax(8rem,14rem)_1fr] gap-4">
      <span />
      <div
        className="grid text-muted-foreground text-xs"
        style={{ gridTemplateColumns: `repeat(${days.length}, 1fr)` }}
      >
        {days.map((day, index) => (
          <span key={day} className="text-center">
            {index % 2 === days.length % 2 ? shortDay(day) : ''}
          </span>
        ))}
      </div>
    </div>
  );
}

const SPARK_WIDTH = 140;
const SPARK_HEIGHT = 32;

function SparklineCard({ series }: { series: SourceSeries }) {
  const { active, containerProps } = usePointFocus(series.points.length);
  const step = SPARK_WIDTH / Math.max(1, series.points.length - 1);
  const max = Math.max(1, ...series.points.map((point) => point.updated));
  const y = (value: number) => SPARK_HEIGHT - 3 - (value / max) * (SPARK_HEIGHT - 6);
  // Broken at days without a file: a gap is drawn as a gap, never bridged.
  const segments: string[] = [];
  let current = '';
  series.points.forEach((point, index) => {
    if (point.files === 0) {
      if (current) segments.push(current);
      current = '';
      return;
    }
    current += `${current ? 'L' : 'M'}${index * step} ${y(point.updated)}`;
  });
  if (current) segments.push(current);
  const activePoint = active === null ? null : series.points[active]!;
  return (
    <div className="rounded-lg border p-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="break-words font-medium text-sm">{series.sourceName}</h3>
          <p className="text-muted-foreground text-xs tabular-nums">
            {formatCount(series.updated)} updated · {formatCount(series.deleted)} deleted
            {series.daysWithoutFile > 0 &&
              ` · no file on ${series.daysWithoutFile} day${series.daysWithoutFile === 1 ? '' : 's'}`}
          </p>
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a focusable chart, not a group of form controls */}
        <div
          role="group"
          aria-label={`${sourceSummary(series)}. Use the arrow keys to read each day.`}
          className="shrink-0 rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          {...containerProps}
        >
          <svg
            aria-hidden
            width={SPARK_WIDTH + 8}
            height={SPARK_HEIGHT + 8}
            viewBox={`-4 -4 ${SPARK_WIDTH + 8} ${SPARK_HEIGHT + 8}`}
          >
            {segments.map((d) => (
              <path key={d} d={d} fill="none" stroke={SERIES.updated} strokeWidth={2} />
            ))}
            {series.points.map((point, index) =>
              point.files === 0 ? (
                <g key={point.date} stroke={SERIES.neutral} strokeWidth={1.5}>
                  <path d={`M${index * step - 3} ${SPARK_HEIGHT - 6}l6 6m0 -6l-6 6`} />
                </g>
              ) : (
                <circle
                  key={point.date}
                  cx={index * step}
                  cy={y(point.updated)}
                  r={index === active ? 4 : 2}
                  fill={SERIES.updated}
                />
              ),
            )}
          </svg>
        </div>
      </div>
      <Tooltip text={activePoint ? pointText(activePoint, shortDay(activePoint.date)) : null} />
    </div>
  );
}

function BarsLegend() {
  return (
    <ChartLegend
      entries={[
        { solid: SERIES.updated, label: 'Orders updated (solid, bottom)' },
        {
          striped: SERIES.deleted,
          patternId: 'legend-deleted',
          label: 'Orders deleted (striped, top)',
        },
        { swatch: <NoFileMark x={0} width={14} height={14} />, label: '× No file that day' },
      ]}
      hint="Each source has its own scale. Focus a chart and use the arrow keys to read each day."
    />
  );
}

function SparklineLegend() {
  return (
    <ChartLegend
      entries={[
        {
          swatch: <path d="M0 10L5 6L9 8L14 3" fill="none" stroke={SERIES.updated} strokeWidth="2" />,
          label: 'Line: orders updated per day',
        },
        {
          swatch: <path d="M4 4l6 6m0 -6l-6 6" stroke={SERIES.neutral} strokeWidth="1.5" />,
          label: '× and a break in the line: no file that day',
        },
      ]}
      hint="Each card has its own scale. Focus a line and use the arrow keys to read each day."
    />
  );
}
