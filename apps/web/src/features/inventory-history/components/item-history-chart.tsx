/**
 * "Why this item?" (docs/behaviour/inventory.md#why-this-item): the item's quantity at each snapshot of the
 * lookback window, the threshold, and the predicted quantity at the next expected update — the figures the
 * predictive algorithm used, as the server's deciding code returned them.
 */
import type { ItemHistoryResponse } from '@app/contracts';
import {
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartFigure, ChartLegend, SERIES } from '@/components/charts/chart-figure';
import { AXIS_TICK, ChartTooltipBox, GRID_STROKE } from '@/components/charts/chart-tooltip';
import { formatCount } from '@/lib/format';
import { formatDateTime } from '@/shared/format/dates';
import { type ItemPoint, itemPoints } from '../lib/history-series';

function DashedLineSwatch({ color, dash }: { color: string; dash: string }) {
  return <line x1="0" y1="7" x2="14" y2="7" stroke={color} strokeWidth="2" strokeDasharray={dash} />;
}

const amount = (value: number) => formatCount(Math.round(value * 100) / 100);
const dayTick = (t: number) => new Date(t).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

function PointTooltip({ active, payload }: { active?: boolean; payload?: Array<{ payload: ItemPoint }> }) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  const when = formatDateTime(new Date(point.t).toISOString());
  if (point.runId === null) {
    return (
      <ChartTooltipBox
        title={`Predicted for ${when}`}
        lines={[`Predicted quantity ${amount(point.projection ?? 0)}`]}
      />
    );
  }
  const quantity = point.counted ?? point.excluded ?? 0;
  return (
    <ChartTooltipBox
      title={`${when} · run ${point.runId}`}
      lines={[
        `Quantity ${amount(quantity)}`,
        point.excluded !== null
          ? 'Not counted: the run was held or still running then.'
          : 'Counted by the algorithm.',
      ]}
    />
  );
}

function HollowDot(props: { cx?: number; cy?: number }) {
  if (props.cx === undefined || props.cy === undefined) return null;
  return (
    <rect
      x={props.cx - 4}
      y={props.cy - 4}
      width={8}
      height={8}
      fill="var(--card)"
      stroke={SERIES.held}
      strokeWidth={2}
    />
  );
}

export function itemChartSummary(history: ItemHistoryResponse): string {
  const { prediction, threshold, snapshots } = history;
  const last = snapshots.at(-1);
  const quantity = last
    ? `Quantity ${amount(last.quantity)} at the last snapshot`
    : 'No snapshots in the window';
  if (!prediction)
    return `${quantity}; threshold ${threshold.text}; ${history.noPredictionReason ?? 'no prediction'}`;
  return `${quantity}; predicted ${amount(prediction.predicted)} at the next expected update, ${prediction.belowThreshold ? 'below' : 'not below'} the threshold (${threshold.text}): ${prediction.belowThreshold ? 'Inactive early' : 'stays Active'}.`;
}

export function ItemHistoryChart({ history }: { history: ItemHistoryResponse }) {
  const points = itemPoints(history);
  const summary = itemChartSummary(history);
  const thresholdValue = history.threshold.minItemsToBeActive ?? 0;
  return (
    <ChartFigure
      title={`Quantity of ${history.itemNumber} over the last ${history.window.lookbackDays} days`}
      summary={summary}
      table={{
        columns: ['Time', 'Run', 'Quantity', 'Counted'],
        rows: points.map((point) =>
          point.runId === null
            ? [
                formatDateTime(new Date(point.t).toISOString()),
                'prediction',
                amount(point.projection ?? 0),
                '—',
              ]
            : [
                formatDateTime(new Date(point.t).toISOString()),
                String(point.runId),
                amount(point.counted ?? point.excluded ?? 0),
                point.excluded === null ? 'yes' : 'no (held or running run)',
              ],
        ),
      }}
      legend={
        <ChartLegend
          entries={[
            {
              lineDot: SERIES.updated,
              label: 'Quantity at a snapshot (solid line, dots)',
            },
            {
              swatch: (
                <rect x="3" y="3" width="8" height="8" fill="none" stroke={SERIES.held} strokeWidth="2" />
              ),
              label: 'Hollow square: snapshot not counted (held or running run)',
            },
            {
              swatch: <DashedLineSwatch color={SERIES.deleted} dash="4 2" />,
              label: 'Dashed: prediction to the next expected update',
            },
            {
              swatch: <DashedLineSwatch color={SERIES.inactive} dash="1 2" />,
              label: `Dotted: threshold (${history.threshold.text})`,
            },
          ]}
        />
      }
    >
      {points.length === 0 ? (
        <p className="text-muted-foreground text-sm">No snapshots of this item in the window.</p>
      ) : (
        <div className="h-72 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart
              data={points}
              aria-label={`Quantity over time. ${summary}`}
              margin={{ top: 16, right: 16, left: 0, bottom: 0 }}
            >
              <CartesianGrid stroke={GRID_STROKE} vertical={false} />
              <XAxis
                dataKey="t"
                type="number"
                scale="time"
                domain={['dataMin', 'dataMax']}
                tick={AXIS_TICK}
                tickFormatter={dayTick}
                minTickGap={24}
              />
              <YAxis
                tick={AXIS_TICK}
                width={56}
                domain={[(min: number) => Math.min(0, min, thresholdValue), 'auto']}
              />
              <ReferenceLine
                y={thresholdValue}
                stroke={SERIES.inactive}
                strokeDasharray="1 3"
                strokeWidth={2}
                label={{
                  value: `Threshold ${formatCount(thresholdValue)}`,
                  position: 'insideTopLeft',
                  fill: 'var(--foreground)',
                  fontSize: 12,
                }}
              />
              <Tooltip content={<PointTooltip />} />
              <Line
                dataKey="counted"
                name="Quantity"
                stroke={SERIES.updated}
                strokeWidth={2}
                connectNulls
                dot={{ r: 3, fill: SERIES.updated }}
                isAnimationActive={false}
              />
              <Line
                dataKey="excluded"
                name="Not counted"
                stroke="none"
                dot={<HollowDot />}
                activeDot={false}
                isAnimationActive={false}
              />
              <Line
                dataKey="projection"
                name="Prediction"
                stroke={SERIES.deleted}
                strokeWidth={2}
                strokeDasharray="6 3"
                connectNulls
                dot={{ r: 4, fill: SERIES.deleted }}
                isAnimationActive={false}
              />
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      )}
    </ChartFigure>
  );
}
