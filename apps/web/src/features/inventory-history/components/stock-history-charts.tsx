/**
 * The inventory source's stock history (docs/behaviour/inventory.md#stock-history): per run, items Active and
 * Inactive, and items switched each way; held runs are striped and labelled, a day without a file is a hatched
 * column labelled "No file" — a gap, never interpolated.
 */
import type { InventoryHistoryResponse } from '@app/contracts';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartFigure, ChartLegend, SERIES, StripePattern } from '@/components/charts/chart-figure';
import { AXIS_TICK, ChartTooltipBox, GRID_STROKE } from '@/components/charts/chart-tooltip';
import { formatCount } from '@/lib/format';
import {
  type HistoryEntry,
  historyEntries,
  STATUS_WORDS,
  statusSummary,
  switchedSummary,
} from '../lib/history-series';

function EntryTooltip({ active, payload }: { active?: boolean; payload?: Array<{ payload: HistoryEntry }> }) {
  const entry = payload?.[0]?.payload;
  if (!active || !entry) return null;
  if (entry.status === 'no-file')
    return (
      <ChartTooltipBox
        title={`${entry.label}: no file`}
        lines={[entry.days === 1 ? 'No file came this day.' : `No file came on these ${entry.days} days.`]}
      />
    );
  return (
    <ChartTooltipBox
      title={`${entry.label} · run ${entry.runId} · ${STATUS_WORDS[entry.status]}`}
      lines={[
        `${formatCount(entry.active ?? 0)} Active, ${formatCount(entry.inactive ?? 0)} Inactive`,
        `Switched: ${formatCount(entry.turnedActive ?? 0)} to Active, ${formatCount(-(entry.turnedInactive ?? 0))} to Inactive`,
        ...(entry.status === 'succeeded' ? [] : ['Not applied: the drift guard held this run.']),
      ]}
    />
  );
}

function Patterns() {
  return (
    <defs>
      <StripePattern id="stock-inactive" color={SERIES.inactive} />
      <pattern
        id="stock-gap"
        width="6"
        height="6"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(-45)"
      >
        <rect width="1.5" height="6" fill={SERIES.neutral} />
      </pattern>
    </defs>
  );
}

/**
 * The props of a run's bar: a held run keeps its series' fill, faded, inside a dashed outline of the held colour —
 * what it would have done, not applied. (Recharts finds its Cell children by type, so this returns props.)
 */
function cellProps(entry: HistoryEntry, fill: string) {
  return entry.status === 'succeeded' || entry.status === 'no-file'
    ? { fill }
    : { fill, fillOpacity: 0.45, stroke: SERIES.held, strokeWidth: 2, strokeDasharray: '4 2' };
}
const statusLabel = (entry: HistoryEntry | undefined) =>
  entry?.status === 'held' || entry?.status === 'discarded'
    ? 'Held'
    : entry?.status === 'no-file'
      ? 'No file'
      : '';

function Legend() {
  return (
    <ChartLegend
      entries={[
        { solid: SERIES.active, label: 'Active / to Active (solid)' },
        {
          striped: SERIES.inactive,
          patternId: 'legend-inactive',
          label: 'Inactive / to Inactive (striped)',
        },
        {
          swatch: (
            <rect
              x="1"
              y="1"
              width="12"
              height="12"
              fill={SERIES.active}
              fillOpacity={0.45}
              stroke={SERIES.held}
              strokeWidth="2"
              strokeDasharray="4 2"
            />
          ),
          label: 'Held run: faded, dashed outline, labelled Held (not applied)',
        },
        {
          swatch: <rect width="14" height="14" fill="none" stroke={SERIES.neutral} strokeDasharray="3 2" />,
          label: 'Hatched column labelled No file: no file that day',
        },
      ]}
      hint="Focus a chart and use the arrow keys to read each run."
    />
  );
}

export function StockHistoryCharts({ history, days }: { history: InventoryHistoryResponse; days: number }) {
  const entries = historyEntries(history);
  const table = {
    columns: ['Run', 'Outcome', 'Active', 'Inactive', 'To Active', 'To Inactive'],
    rows: entries.map((entry) =>
      entry.status === 'no-file'
        ? [entry.label, entry.days === 1 ? 'No file' : `No file (${entry.days} days)`, '—', '—', '—', '—']
        : [
            `${entry.label} (run ${entry.runId})`,
            STATUS_WORDS[entry.status],
            formatCount(entry.active ?? 0),
            formatCount(entry.inactive ?? 0),
            formatCount(entry.turnedActive ?? 0),
            formatCount(-(entry.turnedInactive ?? 0)),
          ],
    ),
  };
  const summary = statusSummary(history, days);
  const switched = switchedSummary(history, days);
  return (
    <div className="flex flex-col gap-4">
      <ChartFigure
        title="Items Active and Inactive per run"
        summary={summary}
        table={table}
        legend={<Legend />}
      >
        <div className="h-64 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={entries}
              aria-label={`Items Active and Inactive per run. ${summary}`}
              margin={{ top: 20, right: 8, left: 0, bottom: 0 }}
            >
              <Patterns />
              <CartesianGrid stroke={GRID_STROKE} vertical={false} />
              <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={12} />
              <YAxis tick={AXIS_TICK} allowDecimals={false} width={48} />
              <Tooltip content={<EntryTooltip />} cursor={{ fill: 'var(--muted)', opacity: 0.5 }} />
              <Bar
                dataKey="active"
                name="Active"
                stackId="items"
                fill={SERIES.active}
                isAnimationActive={false}
              >
                {entries.map((entry) => (
                  <Cell key={entry.key} {...cellProps(entry, SERIES.active)} />
                ))}
              </Bar>
              <Bar
                dataKey="inactive"
                name="Inactive"
                stackId="items"
                fill="url(#stock-inactive)"
                isAnimationActive={false}
              >
                {entries.map((entry) => (
                  <Cell key={entry.key} {...cellProps(entry, 'url(#stock-inactive)')} />
                ))}
                <LabelList
                  position="top"
                  fill="var(--foreground)"
                  fontSize={12}
                  valueAccessor={(item: { payload?: HistoryEntry }) => statusLabel(item.payload)}
                />
              </Bar>
              <Bar
                dataKey="gap"
                name="No file"
                stackId="items"
                fill="url(#stock-gap)"
                stroke={SERIES.neutral}
                strokeDasharray="3 2"
                isAnimationActive={false}
              >
                <LabelList
                  position="top"
                  fill="var(--foreground)"
                  fontSize={12}
                  valueAccessor={() => 'No file'}
                />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      </ChartFigure>
      <ChartFigure title="Items switched per run" summary={switched} table={table} legend={<Legend />}>
        <div className="h-56 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={entries}
              stackOffset="sign"
              aria-label={`Items switched per run. ${switched}`}
              margin={{ top: 20, right: 8, left: 0, bottom: 0 }}
            >
              <Patterns />
              <CartesianGrid stroke={GRID_STROKE} vertical={false} />
              <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={12} />
              <YAxis
                tick={AXIS_TICK}
                allowDecimals={false}
                width={48}
                tickFormatter={(value: number) => formatCount(Math.abs(value))}
              />
              <ReferenceLine y={0} stroke={SERIES.neutral} />
              <Tooltip content={<EntryTooltip />} cursor={{ fill: 'var(--muted)', opacity: 0.5 }} />
              <Bar
                dataKey="turnedActive"
                name="To Active"
                stackId="switched"
                fill={SERIES.active}
                isAnimationActive={false}
              >
                {entries.map((entry) => (
                  <Cell key={entry.key} {...cellProps(entry, SERIES.active)} />
                ))}
                <LabelList
                  position="top"
                  fill="var(--foreground)"
                  fontSize={12}
                  valueAccessor={(item: { payload?: HistoryEntry }) =>
                    item.payload?.status === 'succeeded' ? '' : statusLabel(item.payload)
                  }
                />
              </Bar>
              <Bar
                dataKey="turnedInactive"
                name="To Inactive"
                stackId="switched"
                fill="url(#stock-inactive)"
                isAnimationActive={false}
              >
                {entries.map((entry) => (
                  <Cell key={entry.key} {...cellProps(entry, 'url(#stock-inactive)')} />
                ))}
              </Bar>
              <Bar
                dataKey="gapSwitched"
                name="No file"
                stackId="switched"
                fill="url(#stock-gap)"
                stroke={SERIES.neutral}
                strokeDasharray="3 2"
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </ChartFigure>
    </div>
  );
}
