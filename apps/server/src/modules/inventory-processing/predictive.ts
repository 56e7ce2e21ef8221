/**
 * The predictive algorithm (docs/behaviour/inventory.md#predictive-algorithm), pure. For one item:
 *
 * - the window is the snapshots captured within `lookbackDays` before now (inclusive), the current one
 *   included; with fewer than `minDataPoints` of them there is no prediction;
 * - depletion rate = the sum of the decreases between consecutive snapshots (increases — restocks — do not
 *   count) divided by the days from the first to the last snapshot of the window (0 when they coincide);
 * - when any one decrease is larger than `largeDropThreshold`, the rate is multiplied by `largeDropMultiplier`;
 * - predicted = quantity − rate × horizon × `safetyMultiplier` − `safetyPadding`, where the horizon is the
 *   time until the next file is expected: the median interval between the source's recent successful runs
 *   (see `inferUpdateIntervalDays`), one day when there is no such history;
 * - an item Active by the rule whose predicted quantity is not Active by the same rule (below
 *   `minItemsToBeActive`, or at or below 0 when that is unset) is marked Inactive early.
 *
 * The database computes the same window summary in SQL for many items at once (repository.ts); the
 * processing tests check that both agree.
 */

export const DAY_MS = 86_400_000;

export interface PredictiveSettings {
  lookbackDays: number;
  minDataPoints: number;
  safetyMultiplier: number;
  safetyPadding: number;
  largeDropThreshold: number;
  largeDropMultiplier: number;
}

export interface SnapshotPoint {
  /** Epoch milliseconds. */
  at: number;
  quantity: number;
}

/** What the algorithm needs from an item's snapshots within the window. */
export interface SeriesSummary {
  points: number;
  /** Days from the first to the last snapshot of the window. */
  spanDays: number;
  /** Sum of the decreases between consecutive snapshots. */
  sumDrops: number;
  /** The largest decrease between two consecutive snapshots, 0 when there is none. */
  maxDrop: number;
}

export interface Prediction {
  quantity: number;
  points: number;
  /** Decrease per day before the large-drop multiplier. */
  baseRate: number;
  largeDrop: boolean;
  /** Decrease per day used, after the large-drop multiplier. */
  rate: number;
  horizonDays: number;
  predicted: number;
}

/** The snapshots within [now − lookbackDays, now], summarised. Points need not be sorted. */
export function summariseSeries(
  points: readonly SnapshotPoint[],
  now: number,
  lookbackDays: number,
): SeriesSummary {
  const from = now - lookbackDays * DAY_MS;
  const window = points.filter((point) => point.at >= from && point.at <= now).sort((a, b) => a.at - b.at);
  let sumDrops = 0;
  let maxDrop = 0;
  for (let i = 1; i < window.length; i++) {
    const drop = window[i - 1]!.quantity - window[i]!.quantity;
    if (drop > 0) sumDrops += drop;
    if (drop > maxDrop) maxDrop = drop;
  }
  const spanDays = window.length > 1 ? (window[window.length - 1]!.at - window[0]!.at) / DAY_MS : 0;
  return { points: window.length, spanDays, sumDrops, maxDrop };
}

/** The prediction for an item with `quantity` now, or null when the window holds too few snapshots. */
export function predictQuantity(
  quantity: number,
  summary: SeriesSummary,
  settings: PredictiveSettings,
  horizonDays = 1,
): Prediction | null {
  if (summary.points < settings.minDataPoints) return null;
  const baseRate = summary.spanDays > 0 ? summary.sumDrops / summary.spanDays : 0;
  const largeDrop = summary.maxDrop > settings.largeDropThreshold;
  const rate = largeDrop ? baseRate * settings.largeDropMultiplier : baseRate;
  const predicted = quantity - rate * horizonDays * settings.safetyMultiplier - settings.safetyPadding;
  return { quantity, points: summary.points, baseRate, largeDrop, rate, horizonDays, predicted };
}

/** Whether a predicted quantity is no longer Active by the rule's threshold. */
export function fallsBelowThreshold(predicted: number, minItemsToBeActive: number | null): boolean {
  return minItemsToBeActive === null ? predicted <= 0 : predicted < minItemsToBeActive;
}

/**
 * The whole decision for one item: its prediction and whether it falls below the threshold. Processing
 * (decide-items.ts) and the item history chart (history.ts) both call this, so the chart shows the numbers
 * that decided.
 */
export function evaluatePrediction(
  quantity: number,
  summary: SeriesSummary | undefined,
  input: { settings: PredictiveSettings; horizonDays: number; minItemsToBeActive: number | null },
): { prediction: Prediction; belowThreshold: boolean } | null {
  if (!summary) return null;
  const prediction = predictQuantity(quantity, summary, input.settings, input.horizonDays);
  if (!prediction) return null;
  return { prediction, belowThreshold: fallsBelowThreshold(prediction.predicted, input.minItemsToBeActive) };
}

const MIN_HORIZON_DAYS = 1 / 24;
const MAX_HORIZON_DAYS = 31;

/**
 * The expected time to the next file: the median interval between consecutive successful runs of the source
 * (epoch ms, the current run included), between one hour and 31 days; one day with fewer than two runs.
 */
export function inferUpdateIntervalDays(runTimes: readonly number[]): number {
  const times = [...runTimes].sort((a, b) => a - b);
  const gaps: number[] = [];
  for (let i = 1; i < times.length; i++) gaps.push((times[i]! - times[i - 1]!) / DAY_MS);
  if (gaps.length === 0) return 1;
  gaps.sort((a, b) => a - b);
  const middle = Math.floor(gaps.length / 2);
  const median = gaps.length % 2 === 1 ? gaps[middle]! : (gaps[middle - 1]! + gaps[middle]!) / 2;
  return Math.min(MAX_HORIZON_DAYS, Math.max(MIN_HORIZON_DAYS, median));
}

/** A number for people: at most two decimals, no trailing zeros ('3.25', '2.5', '10'). */
export function formatAmount(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/**
 * 'Item 000123: predicted 3.25 (qty 10, rate 2.5/day × 1.5 + padding 3) below 5 → Inactive early'; a large
 * drop and a horizon other than one day are spelt out.
 */
export function describePrediction(
  itemText: string,
  prediction: Prediction,
  settings: PredictiveSettings,
  minItemsToBeActive: number | null,
): string {
  let rate = `rate ${formatAmount(prediction.rate)}/day`;
  if (prediction.largeDrop) {
    rate = `rate ${formatAmount(prediction.baseRate)}/day × ${formatAmount(settings.largeDropMultiplier)} large drop`;
  }
  const horizon = prediction.horizonDays === 1 ? '' : ` over ${formatAmount(prediction.horizonDays)} days`;
  const threshold = minItemsToBeActive === null ? 'at or below 0' : `below ${minItemsToBeActive}`;
  return `Item ${itemText}: predicted ${formatAmount(prediction.predicted)} (qty ${formatAmount(prediction.quantity)}, ${rate}${horizon} × ${formatAmount(settings.safetyMultiplier)} + padding ${formatAmount(settings.safetyPadding)}) ${threshold} → Inactive early`;
}
