import type { InventoryHistoryResponse, ItemHistoryResponse } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  daysRuns,
  historyEntries,
  itemPoints,
  predictionFormula,
  statusSummary,
  switchedSummary,
} from './history-series';

const run = (runId: number, date: string, status: 'succeeded' | 'held' = 'succeeded') => ({
  runId,
  startedAt: `${date}T08:00:00.000Z`,
  date,
  status,
  active: 8,
  inactive: 2,
  turnedActive: 1,
  turnedInactive: status === 'held' ? 6 : 2,
  inactiveEarly: 1,
  held: status === 'held',
});

const history: InventoryHistoryResponse = {
  sourceId: 1,
  sourceName: 'Acme',
  timeZone: 'UTC',
  from: '2026-11-20',
  to: '2026-11-27',
  runs: [run(1, '2026-11-20'), run(2, '2026-11-20'), run(3, '2026-11-24', 'held'), run(4, '2026-11-27')],
  daysWithoutFile: ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-25', '2026-11-26'],
};

describe('historyEntries', () => {
  it('puts runs and gaps in time order, one gap per stretch of days without a file, never a zero', () => {
    const entries = historyEntries(history);
    expect(entries.map((entry) => [entry.label, entry.status, entry.days])).toEqual([
      ['Nov 20', 'succeeded', 0],
      ['Nov 20 (2)', 'succeeded', 0],
      ['Nov 21–Nov 23', 'no-file', 3],
      ['Nov 24', 'held', 0],
      ['Nov 25–Nov 26', 'no-file', 2],
      ['Nov 27', 'succeeded', 0],
    ]);
    const gap = entries[2]!;
    expect([gap.active, gap.inactive, gap.turnedActive, gap.gap]).toEqual([null, null, null, 10]);
    expect(entries[0]!.turnedInactive).toBe(-2);
  });

  it('groups consecutive days across a month end', () => {
    expect(daysRuns(['2026-12-01', '2026-11-30', '2026-11-28'])).toEqual([
      ['2026-11-28'],
      ['2026-11-30', '2026-12-01'],
    ]);
  });
});

describe('summaries', () => {
  it('state the latest delivered run, the held ones and the days without a file', () => {
    expect(statusSummary(history, 8)).toBe(
      'Latest delivered run (Nov 27): 8 Active, 2 Inactive. 4 runs in 8 days, 1 held; 5 days without a file.',
    );
    expect(switchedSummary(history, 8)).toBe(
      'Over 8 days: 3 switched to Active, 6 to Inactive (3 early by prediction); held runs would have switched 6 more to Inactive.',
    );
  });
});

describe('itemPoints and predictionFormula', () => {
  const item: ItemHistoryResponse = {
    sourceId: 1,
    sourceName: 'Acme',
    itemNumber: 'C-300',
    run: { id: 9, at: '2026-11-27T08:00:00.000Z', status: 'succeeded', decided: 'Inactive' },
    window: { from: '2026-10-28T08:00:00.000Z', to: '2026-11-27T08:00:00.000Z', lookbackDays: 30 },
    snapshots: [
      { runId: 7, at: '2026-11-25T08:00:00.000Z', quantity: 12, counted: true },
      { runId: 8, at: '2026-11-26T08:00:00.000Z', quantity: 0, counted: false },
      { runId: 9, at: '2026-11-27T08:00:00.000Z', quantity: 7, counted: true },
    ],
    threshold: { minItemsToBeActive: 5, text: 'at least 5' },
    settings: {
      lookbackDays: 30,
      minDataPoints: 2,
      safetyMultiplier: 1.5,
      safetyPadding: 3,
      largeDropThreshold: 100,
      largeDropMultiplier: 2,
    },
    prediction: {
      quantity: 7,
      points: 2,
      baseRate: 2.5,
      largeDrop: false,
      rate: 2.5,
      horizonDays: 1,
      predicted: 0.25,
      belowThreshold: true,
      reason: 'r',
    },
    noPredictionReason: null,
    current: { status: 'Inactive', since: null },
    statusChanges: [],
  };

  it('splits counted and left-out snapshots and adds the predicted point one horizon later', () => {
    expect(itemPoints(item)).toEqual([
      { t: Date.parse('2026-11-25T08:00:00Z'), counted: 12, excluded: null, projection: null, runId: 7 },
      { t: Date.parse('2026-11-26T08:00:00Z'), counted: null, excluded: 0, projection: null, runId: 8 },
      { t: Date.parse('2026-11-27T08:00:00Z'), counted: 7, excluded: null, projection: 7, runId: 9 },
      { t: Date.parse('2026-11-28T08:00:00Z'), counted: null, excluded: null, projection: 0.25, runId: null },
    ]);
    expect(predictionFormula(item)).toBe('7 − 2.5 × 1 × 1.5 − 3 = 0.25');
    expect(predictionFormula({ ...item, prediction: null })).toBeNull();
  });
});
