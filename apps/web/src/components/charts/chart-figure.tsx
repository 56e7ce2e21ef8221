/**
 * The frame every chart is drawn in (docs/decisions/0024-charts.md): a heading, one sentence with the main
 * figure that is also the figure's accessible name, a legend in words, and the chart's data as a table on
 * demand. Holds no chart library, so Home can use it without loading one.
 */
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

export const SERIES = {
  updated: 'var(--series-updated)',
  deleted: 'var(--series-deleted)',
  active: 'var(--series-active)',
  inactive: 'var(--series-inactive)',
  held: 'var(--series-held)',
  neutral: 'var(--series-neutral)',
} as const;

export interface ChartTable {
  columns: string[];
  rows: Array<Array<string | number>>;
}

export function ChartFigure({
  title,
  summary,
  legend,
  table,
  children,
}: {
  title: string;
  /** The main figure in one sentence: read out as the chart's name. */
  summary: string;
  legend?: ReactNode;
  table: ChartTable;
  children: ReactNode;
}) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  return (
    <figure
      aria-label={`${title}. ${summary}`}
      className="flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-4 text-card-foreground"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <h2 className="font-semibold text-base">{title}</h2>
          <p className="text-muted-foreground text-sm">{summary}</p>
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={showTable}
          aria-controls={`${id}-table`}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? 'Hide data table' : 'Show data table'}
        </Button>
      </div>
      {children}
      {legend && <div className="text-muted-foreground text-xs">{legend}</div>}
      <div id={`${id}-table`} hidden={!showTable}>
        {showTable && <DataTable caption={`${title}: data`} table={table} />}
      </div>
    </figure>
  );
}

function DataTable({ caption, table }: { caption: string; table: ChartTable }) {
  return (
    <div className="max-h-96 overflow-auto rounded-md border">
      <Table>
        <caption className="sr-only">{caption}</caption>
        <TableHeader>
          <TableRow>
            {table.columns.map((column, index) => (
              <TableHead key={column} className={index === 0 ? 'px-3' : 'px-3 text-right'}>
                {column}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {table.rows.map((row) => (
            <TableRow key={row.join('|')}>
              {row.map((cell, index) => (
                <TableCell key={index} className={index === 0 ? 'px-3' : 'px-3 text-right tabular-nums'}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/**
 * A legend entry: the series' name in words and its swatch (drawn in a 14×14 box), either drawn by the chart or
 * one of the shared ones: a solid series, a striped one (`patternId` unique on the page), a line with dots.
 */
export type LegendEntry = { label: string } & (
  | { swatch: ReactNode }
  | { solid: string }
  | { striped: string; patternId: string }
  | { lineDot: string }
);

function swatchOf(entry: LegendEntry): ReactNode {
  if ('swatch' in entry) return entry.swatch;
  if ('solid' in entry) return <rect width="14" height="14" fill={entry.solid} />;
  if ('striped' in entry) {
    return (
      <>
        <defs>
          <StripePattern id={entry.patternId} color={entry.striped} />
        </defs>
        <rect width="14" height="14" fill={`url(#${entry.patternId})`} />
      </>
    );
  }
  return (
    <>
      <line x1="0" y1="7" x2="14" y2="7" stroke={entry.lineDot} strokeWidth="2" />
      <circle cx="7" cy="7" r="3" fill={entry.lineDot} />
    </>
  );
}

/** A chart's legend: each series' swatch and name, then (where given) how to read the chart from the keyboard. */
export function ChartLegend({ entries, hint }: { entries: LegendEntry[]; hint?: string }) {
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1">
      {entries.map((entry) => (
        <span key={entry.label} className="inline-flex items-center gap-1.5">
          <svg aria-hidden width="14" height="14" viewBox="0 0 14 14" className="shrink-0">
            {swatchOf(entry)}
          </svg>
          {entry.label}
        </span>
      ))}
      {hint && <span>{hint}</span>}
    </div>
  );
}

/** Diagonal stripes: the second series of a stack, and held runs, are told apart by more than colour. */
export function StripePattern({ id, color }: { id: string; color: string }) {
  return (
    <pattern id={id} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="6" height="6" fill={color} opacity="0.35" />
      <rect width="3" height="6" fill={color} />
    </pattern>
  );
}

/** Short day label in the user's locale ('Nov 27') for a YYYY-MM-DD key. */
export function shortDay(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
