/** Home's chart data (docs/behaviour/home.md#orders-per-day), per source: pure, tested without a browser. */
import type { DailyStatsResponse } from '@app/contracts';
import { formatCount } from '@/lib/format';

export interface DayPoint {
  date: string;
  updated: number;
  deleted: number;
  files: number;
}

export interface SourceSeries {
  sourceId: number;
  sourceName: string;
  points: DayPoint[];
  updated: number;
  deleted: number;
  daysWithoutFile: number;
}

export function seriesBySource(response: DailyStatsResponse): SourceSeries[] {
  const bySource = new Map<number, SourceSeries>();
  for (const day of response.days) {
    for (const stat of day.sources) {
      let series = bySource.get(stat.sourceId);
      if (!series) {
        series = {
          sourceId: stat.sourceId,
          sourceName: stat.sourceName,
          points: [],
          updated: 0,
          deleted: 0,
          daysWithoutFile: 0,
        };
        bySource.set(stat.sourceId, series);
      }
      series.points.push({
        date: day.date,
        updated: stat.ordersUpdated,
        deleted: stat.ordersDeleted,
        files: stat.runs,
      });
      series.updated += stat.ordersUpdated;
      series.deleted += stat.ordersDeleted;
      if (stat.runs === 0) series.daysWithoutFile++;
    }
  }
  return [...bySource.values()];
}

const plural = (count: number, word: string) => `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`;

/** The chart's name: the totals, and which sources missed days. */
export function dailySummary(series: readonly SourceSeries[], days: number): string {
  if (series.length === 0) return `No order tracking sources in the last ${days} days.`;
  const updated = series.reduce((sum, one) => sum + one.updated, 0);
  const deleted = series.reduce((sum, one) => sum + one.deleted, 0);
  const missing = series.filter((one) => one.daysWithoutFile > 0);
  const gaps =
    missing.length === 0
      ? 'every source sent a file every day'
      : missing
          .map((one) => `${one.sourceName} sent nothing on ${plural(one.daysWithoutFile, 'day')}`)
          .join('; ');
  return `${formatCount(updated)} orders updated and ${formatCount(deleted)} deleted over ${days} days by ${plural(series.length, 'source')}; ${gaps}.`;
}

export function sourceSummary(series: SourceSeries): string {
  const gaps =
    series.daysWithoutFile === 0 ? 'a file every day' : `no file on ${plural(series.daysWithoutFile, 'day')}`;
  return `${series.sourceName}: ${formatCount(series.updated)} updated, ${formatCount(series.deleted)} deleted, ${gaps}`;
}

export function pointText(point: DayPoint, day: string): string {
  if (point.files === 0) return `${day}: no file`;
  return `${day}: ${formatCount(point.updated)} updated, ${formatCount(point.deleted)} deleted (${plural(point.files, 'file')})`;
}
