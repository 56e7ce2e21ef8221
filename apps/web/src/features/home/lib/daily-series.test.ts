import { describe, expect, it } from 'vitest';
import { dailySummary, pointText, seriesBySource, sourceSummary } from './daily-series';

const response = {
  timeZone: 'UTC',
  days: ['2026-11-26', '2026-11-27'].map((date, index) => ({
    date,
    sources: [
      { sourceId: 1, sourceName: 'Acme', ordersUpdated: 1000 + index, ordersDeleted: 2, runs: 2 },
      {
        sourceId: 2,
        sourceName: 'Bolt',
        ordersUpdated: index === 0 ? 0 : 5,
        ordersDeleted: 0,
        runs: index === 0 ? 0 : 1,
      },
    ],
  })),
};

describe('daily series', () => {
  it('gathers each source’s days and totals, counting the days without a file', () => {
    const series = seriesBySource(response);
    expect(series.map((one) => [one.sourceName, one.updated, one.deleted, one.daysWithoutFile])).toEqual([
      ['Acme', 2001, 4, 0],
      ['Bolt', 5, 0, 1],
    ]);
    expect(dailySummary(series, 2)).toBe(
      '2,006 orders updated and 4 deleted over 2 days by 2 sources; Bolt sent nothing on 1 day.',
    );
    expect(sourceSummary(series[0]!)).toBe('Acme: 2,001 updated, 4 deleted, a file every day');
    expect(pointText(series[1]!.points[0]!, 'Nov 26')).toBe('Nov 26: no file');
    expect(pointText(series[0]!.points[1]!, 'Nov 27')).toBe('Nov 27: 1,001 updated, 2 deleted (2 files)');
  });

  it('says so when there is nothing to chart', () => {
    expect(dailySummary([], 14)).toBe('No order tracking sources in the last 14 days.');
  });
});
