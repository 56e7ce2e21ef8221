import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  describePrediction,
  fallsBelowThreshold,
  inferUpdateIntervalDays,
  type PredictiveSettings,
  predictQuantity,
  type SnapshotPoint,
  summariseSeries,
} from './predictive';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const daysAgo = (days: number, quantity: number): SnapshotPoint => ({ at: NOW - days * DAY_MS, quantity });

/** Neutral settings: every case changes only what it tests. */
const BASE: PredictiveSettings = {
  lookbackDays: 30,
  minDataPoints: 2,
  safetyMultiplier: 1,
  safetyPadding: 0,
  largeDropThreshold: 100_000,
  largeDropMultiplier: 1,
};

function predict(points: SnapshotPoint[], settings: Partial<PredictiveSettings> = {}, horizonDays = 1) {
  const s = { ...BASE, ...settings };
  const quantity = points.find((point) => point.at === NOW)!.quantity;
  return predictQuantity(quantity, summariseSeries(points, NOW, s.lookbackDays), s, horizonDays);
}

describe('summariseSeries and predictQuantity', () => {
  it('lookbackDays 1 (the minimum): the snapshot exactly one day old is in, one a millisecond older is out', () => {
    const points = [daysAgo(2, 100), daysAgo(1, 80), daysAgo(0, 70)];
    expect(summariseSeries(points, NOW, 1)).toEqual({ points: 2, spanDays: 1, sumDrops: 10, maxDrop: 10 });
    // rate 10/day (80 → 70 over 1 day); predicted 70 − 10 × 1 × 1 − 0 = 60
    expect(predict(points, { lookbackDays: 1 })).toMatchObject({ rate: 10, predicted: 60, points: 2 });

    const older = [{ at: NOW - DAY_MS - 1, quantity: 80 }, daysAgo(0, 70)];
    expect(summariseSeries(older, NOW, 1).points).toBe(1);
    expect(predict(older, { lookbackDays: 1 })).toBeNull();
  });

  it('lookbackDays 365 (the maximum): only decreases count, divided by the days spanned', () => {
    const points = [
      daysAgo(366, 5000),
      daysAgo(365, 1000),
      daysAgo(200, 900),
      daysAgo(100, 950),
      daysAgo(0, 585),
    ];
    // in the window: 1000 → 900 (drop 100) → 950 (restock, not counted) → 585 (drop 365) over 365 days
    expect(summariseSeries(points, NOW, 365)).toEqual({
      points: 4,
      spanDays: 365,
      sumDrops: 465,
      maxDrop: 365,
    });
    const prediction = predict(points, { lookbackDays: 365 })!;
    expect(prediction.rate).toBeCloseTo(465 / 365, 10); // 1.27397…/day
    expect(prediction.predicted).toBeCloseTo(585 - 465 / 365, 10); // 583.726…
    expect(prediction.largeDrop).toBe(false);
  });

  it('minDataPoints not reached: no prediction at all', () => {
    const points = [daysAgo(2, 30), daysAgo(1, 20), daysAgo(0, 10)];
    expect(predict(points, { minDataPoints: 4 })).toBeNull();
    expect(predict(points, { minDataPoints: 100 })).toBeNull();
    // exactly reached: rate (10 + 10) / 2 days = 10; 10 − 10 = 0
    expect(predict(points, { minDataPoints: 3 })).toMatchObject({ rate: 10, predicted: 0 });
  });

  it('a single snapshot (minDataPoints 1) has no rate: only the padding applies', () => {
    expect(predict([daysAgo(0, 12)], { minDataPoints: 1, safetyPadding: 5 })).toMatchObject({
      baseRate: 0,
      rate: 0,
      predicted: 7,
    });
  });

  it('a drop larger than largeDropThreshold multiplies the rate by largeDropMultiplier', () => {
    const points = [daysAgo(2, 100), daysAgo(1, 90), daysAgo(0, 40)];
    // drops 10 and 50 over 2 days: base rate 30/day; 50 > 30 → × 2 = 60/day; 40 − 60 = −20
    expect(predict(points, { largeDropThreshold: 30, largeDropMultiplier: 2 })).toMatchObject({
      baseRate: 30,
      largeDrop: true,
      rate: 60,
      predicted: -20,
    });
    // "larger than": a drop equal to the threshold is not large
    expect(predict(points, { largeDropThreshold: 50, largeDropMultiplier: 2 })).toMatchObject({
      largeDrop: false,
      rate: 30,
      predicted: 10,
    });
    // the extremes of the ranges: threshold 1, multiplier 5.0
    expect(predict(points, { largeDropThreshold: 1, largeDropMultiplier: 5 })).toMatchObject({
      rate: 150,
      predicted: -110,
    });
  });

  it('safetyMultiplier 1.0 and 5.0', () => {
    const points = [daysAgo(2, 50), daysAgo(1, 45), daysAgo(0, 40)]; // 5/day
    expect(predict(points, { safetyMultiplier: 1 })!.predicted).toBe(35); // 40 − 5 × 1
    expect(predict(points, { safetyMultiplier: 5 })!.predicted).toBe(15); // 40 − 5 × 5
  });

  it('safetyPadding 0 and 10000', () => {
    const points = [daysAgo(2, 50), daysAgo(1, 45), daysAgo(0, 40)];
    expect(predict(points, { safetyPadding: 0 })!.predicted).toBe(35);
    expect(predict(points, { safetyPadding: 10_000 })!.predicted).toBe(-9965);
  });

  it('the horizon scales the expected decrease (files every 12 hours: half a day of sales)', () => {
    const points = [daysAgo(1, 60), daysAgo(0.5, 50), daysAgo(0, 40)]; // 20/day
    expect(predict(points, {}, 0.5)).toMatchObject({ rate: 20, horizonDays: 0.5, predicted: 30 });
  });

  it('the example of the brief: qty 10, rate 2.5/day × 1.5 + padding 3 → 3.25, below 5', () => {
    const points = [daysAgo(2, 15), daysAgo(1, 12.5), daysAgo(0, 10)];
    const settings = { ...BASE, safetyMultiplier: 1.5, safetyPadding: 3 };
    const prediction = predict(points, settings)!;
    expect(prediction.predicted).toBeCloseTo(3.25, 10);
    expect(fallsBelowThreshold(prediction.predicted, 5)).toBe(true);
    expect(describePrediction('000123', prediction, settings, 5)).toBe(
      'Item 000123: predicted 3.25 (qty 10, rate 2.5/day × 1.5 + padding 3) below 5 → Inactive early',
    );
  });

  it('describes a large drop and a horizon other than a day', () => {
    const points = [daysAgo(2, 100), daysAgo(1, 90), daysAgo(0, 40)];
    const settings = { ...BASE, largeDropThreshold: 30, largeDropMultiplier: 2 };
    const prediction = predict(points, settings, 0.5)!;
    expect(describePrediction('A-1', prediction, settings, null)).toBe(
      'Item A-1: predicted 10 (qty 40, rate 30/day × 2 large drop over 0.5 days × 1 + padding 0) at or below 0 → Inactive early',
    );
  });
});

describe('fallsBelowThreshold', () => {
  it('uses minItemsToBeActive, or "at or below 0" when it is unset', () => {
    expect(fallsBelowThreshold(0, null)).toBe(true);
    expect(fallsBelowThreshold(0.01, null)).toBe(false);
    expect(fallsBelowThreshold(4.99, 5)).toBe(true);
    expect(fallsBelowThreshold(5, 5)).toBe(false);
    expect(fallsBelowThreshold(-1, 0)).toBe(true);
    expect(fallsBelowThreshold(0, 0)).toBe(false);
  });
});

describe('inferUpdateIntervalDays', () => {
  const at = (days: number) => NOW - days * DAY_MS;
  it('is one day without history', () => {
    expect(inferUpdateIntervalDays([])).toBe(1);
    expect(inferUpdateIntervalDays([NOW])).toBe(1);
  });
  it('is the median interval between runs', () => {
    expect(inferUpdateIntervalDays([at(3), at(2), at(1), at(0)])).toBe(1);
    expect(inferUpdateIntervalDays([at(1.5), at(1), at(0.5), at(0)])).toBe(0.5);
    // one late file does not move the median
    expect(inferUpdateIntervalDays([at(10), at(3), at(2), at(1), at(0)])).toBe(1);
    expect(inferUpdateIntervalDays([at(21), at(14), at(7), at(0)])).toBe(7);
    // even count of gaps: mean of the middle two (1 and 2)
    expect(inferUpdateIntervalDays([at(6), at(3), at(2), at(0)])).toBe(2);
  });
  it('stays between one hour and 31 days', () => {
    expect(inferUpdateIntervalDays([at(0.0001), at(0)])).toBe(1 / 24);
    expect(inferUpdateIntervalDays([at(120), at(60), at(0)])).toBe(31);
  });
});
