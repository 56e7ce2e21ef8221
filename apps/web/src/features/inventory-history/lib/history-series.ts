/** The stock history chart's entries (docs/behaviour/inventory.md#stock-history): pure, tested without a browser. */
import type { InventoryHistoryResponse, ItemHistoryResponse } from '@app/contracts';
import { shortDay } from '@/components/charts/chart-figure';
import { formatCount } from '@/lib/format';

export interface HistoryEntry {
  key: string;
  label: string;
  date: string;
  runId: number | null;
  status: 'succeeded' | 'held' | 'discarded' | 'no-file';
  active: number | null;
  inactive: number | null;
  turnedActive: number | null;
  /** Negative: drawn below the axis. */
  turnedInactive: number | null;
  /** The height of a no-file column (the tallest run's total), null on a run. */
  gap: number | null;
  gapSwitched: number | null;
  /** Days without a file this entry stands for (0 for a run). */
  days: number;
}

const DAY_MS = 86_400_000;

/** Sorted YYYY-MM-DD keys grouped into runs of consecutive days. */
export function daysRuns(dates: readonly string[]): string[][] {
  const groups: string[][] = [];
  for (const date of [...dates].sort()) {
    const group = groups[groups.length - 1];
    const previous = group?.[group.length - 1];
    if (
      group &&
      previous &&
      Date.parse(`${date}T00:00:00Z`) - Date.parse(`${previous}T00:00:00Z`) === DAY_MS
    ) {
      group.push(date);
    } else {
      groups.push([date]);
    }
  }
  return groups;
}

/** Runs and days without a file in time order; each day without a file is one entry of its own (a gap). */
export function historyEntries(history: InventoryHistoryResponse): HistoryEntry[] {
  const tallest = Math.max(1, ...history.runs.map((run) => run.active + run.inactive));
  const widest = Math.max(1, ...history.runs.map((run) => Math.max(run.turnedActive, run.turnedInactive)));
  const perDay = new Map<string, number>();
  const entries: HistoryEntry[] = history.runs.map((run) => {
    const nth = (perDay.get(run.date) ?? 0) + 1;
    perDay.set(run.date, nth);
    return {
      key: `run-${run.runId}`,
      label: `${shortDay(run.date)}${nth > 1 ? ` (${nth})` : ''}`,
      date: run.date,
      runId: run.runId,
      status: run.status,
      active: run.active,
      inactive: run.inactive,
      turnedActive: run.turnedActive,
      turnedInactive: -run.turnedInactive,
      gap: null,
      gapSwitched: null,
      days: 0,
    };
  });
  // Consecutive days without a file are one gap, labelled once with its first and last day.
  for (const run of daysRuns(history.daysWithoutFile)) {
    const first = run[0]!;
    const last = run[run.length - 1]!;
    entries.push({
      key: `gap-${first}`,
      label: run.length === 1 ? shortDay(first) : `${shortDay(first)}–${shortDay(last)}`,
      date: first,
      runId: null,
      status: 'no-file',
      active: null,
      inactive: null,
      turnedActive: null,
      turnedInactive: null,
      gap: tallest,
      gapSwitched: widest,
      days: run.length,
    });
  }
  return entries.sort((a, b) => a.date.localeCompare(b.date) || (a.runId ?? 0) - (b.runId ?? 0));
}

const plural = (count: number, word: string) => `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`;

export function statusSummary(history: InventoryHistoryResponse, days: number): string {
  const last = history.runs.filter((run) => run.status === 'succeeded').at(-1);
  const held = history.runs.filter((run) => run.held).length;
  const latest = last
    ? `Latest delivered run (${shortDay(last.date)}): ${formatCount(last.active)} Active, ${formatCount(last.inactive)} Inactive.`
    : 'No delivered run in this window.';
  return `${latest} ${plural(history.runs.length, 'run')} in ${days} days, ${held} held; ${plural(history.daysWithoutFile.length, 'day')} without a file.`;
}

export function switchedSummary(history: InventoryHistoryResponse, days: number): string {
  const applied = history.runs.filter((run) => !run.held);
  const toActive = applied.reduce((sum, run) => sum + run.turnedActive, 0);
  const toInactive = applied.reduce((sum, run) => sum + run.turnedInactive, 0);
  const early = applied.reduce((sum, run) => sum + run.inactiveEarly, 0);
  const heldInactive = history.runs
    .filter((run) => run.held)
    .reduce((sum, run) => sum + run.turnedInactive, 0);
  return `Over ${days} days: ${formatCount(toActive)} switched to Active, ${formatCount(toInactive)} to Inactive (${formatCount(early)} early by prediction)${heldInactive > 0 ? `; held runs would have switched ${formatCount(heldInactive)} more to Inactive` : ''}.`;
}

export const STATUS_WORDS: Record<HistoryEntry['status'], string> = {
  succeeded: 'Delivered',
  held: 'Held (drift guard)',
  discarded: 'Held, then discarded',
  'no-file': 'No file',
};

/** One point per snapshot, plus the predicted point at the next expected update. */
export interface ItemPoint {
  t: number;
  counted: number | null;
  excluded: number | null;
  projection: number | null;
  runId: number | null;
}

export function itemPoints(history: ItemHistoryResponse): ItemPoint[] {
  const points: ItemPoint[] = history.snapshots.map((snapshot) => ({
    t: Date.parse(snapshot.at),
    counted: snapshot.counted ? snapshot.quantity : null,
    excluded: snapshot.counted ? null : snapshot.quantity,
    projection: null,
    runId: snapshot.runId,
  }));
  const prediction = history.prediction;
  if (prediction && history.run) {
    const now = Date.parse(history.run.at);
    const current = points.find((point) => point.runId === history.run!.id);
    if (current) current.projection = prediction.quantity;
    points.push({
      t: now + prediction.horizonDays * 86_400_000,
      counted: null,
      excluded: null,
      projection: prediction.predicted,
      runId: null,
    });
  }
  return points;
}

/** '7 − 2.5 × 1 × 1.5 − 3 = 0.25': the prediction's arithmetic, with the figures it used. */
export function predictionFormula(history: ItemHistoryResponse): string | null {
  const { prediction, settings } = history;
  if (!prediction || !settings) return null;
  const n = (value: number) => String(Math.round(value * 100) / 100);
  return `${n(prediction.quantity)} − ${n(prediction.rate)} × ${n(prediction.horizonDays)} × ${n(settings.safetyMultiplier)} − ${n(settings.safetyPadding)} = ${n(prediction.predicted)}`;
}
