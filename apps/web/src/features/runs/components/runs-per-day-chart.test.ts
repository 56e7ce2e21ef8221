import { describe, expect, it } from 'vitest';
import { runsSummary, seconds } from './runs-per-day-chart';

const day = (
  date: string,
  succeeded: number,
  failed: number,
  held: number,
  median: number | null,
  max: number | null,
) => ({
  date,
  succeeded,
  failed,
  held,
  medianDurationMs: median,
  maxDurationMs: max,
});

describe('runs per day', () => {
  it('states the totals, the latest median and the longest run of the window', () => {
    expect(
      runsSummary([
        day('2026-11-25', 3, 1, 0, 1_200, 9_000),
        day('2026-11-26', 0, 0, 0, null, null),
        day('2026-11-27', 2, 0, 1, 450, 700),
      ]),
    ).toBe(
      'Last 3 days: 5 succeeded, 1 failed, 1 held; median duration 450 ms on Nov 27, longest 9.0 s on Nov 25.',
    );
    expect(runsSummary([day('2026-11-27', 0, 0, 0, null, null)])).toBe('No runs in the last day.');
  });

  it('writes durations in ms under a second, tenths under ten seconds, whole seconds above', () => {
    expect([seconds(null), seconds(12), seconds(1_234), seconds(65_432)]).toEqual([
      '—',
      '12 ms',
      '1.2 s',
      '65 s',
    ]);
  });
});
