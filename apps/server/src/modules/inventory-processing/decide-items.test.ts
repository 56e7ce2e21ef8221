import { describe, expect, it } from 'vitest';
import { availabilityRule } from './availability';
import { applyPredictions, decideItems, predictionCandidates } from './decide-items';
import type { PredictiveSettings } from './predictive';
import type { SupplierItem } from './supplier-file';

function supplier(items: Array<[string, number, string?]>) {
  return {
    items: new Map<string, SupplierItem>(
      items.map(([key, quantity, status = ''], rowIndex) => [
        key,
        { key, text: key, quantity, status, rowIndex },
      ]),
    ),
  };
}
const activated = (...keys: string[]) => keys.map((key) => ({ key, text: key }));
const rule = availabilityRule({
  minItemsToBeActive: 5,
  statusSupersedesQuantity: true,
  statusAvailableList: 'In Stock',
  statusOutOfStockList: 'Discontinued',
});
const settings: PredictiveSettings = {
  lookbackDays: 30,
  minDataPoints: 3,
  safetyMultiplier: 1,
  safetyPadding: 0,
  largeDropThreshold: 100,
  largeDropMultiplier: 2,
};

describe('decideItems', () => {
  it('decides by quantity and status, marks items missing from the file Inactive, and counts the file’s Active items', () => {
    const file = supplier([
      ['A', 10],
      ['B', 2],
      ['C', 0, 'In Stock'],
      ['D', 50, 'Discontinued'],
      ['E', 9],
    ]);
    const { decisions, activeItemsFound } = decideItems(activated('A', 'B', 'C', 'D', 'Z'), file, rule);
    expect(decisions.map((decision) => [decision.item.key, decision.status, decision.missing])).toEqual([
      ['A', 'Active', false],
      ['B', 'Inactive', false],
      ['C', 'Active', false],
      ['D', 'Inactive', false],
      ['Z', 'Inactive', true],
    ]);
    expect(decisions.at(-1)!.quantity).toBeNull();
    // A, C and E; E is not user-activated but is counted as found Active.
    expect(activeItemsFound).toBe(3);
  });
});

describe('predictions', () => {
  it('only items Active by their quantity are candidates: a supplier’s explicit status stands', () => {
    const file = supplier([
      ['A', 10],
      ['C', 0, 'In Stock'],
      ['B', 1],
    ]);
    const { decisions } = decideItems(activated('A', 'C', 'B'), file, rule);
    expect(predictionCandidates(decisions, file, rule).map((decision) => decision.item.key)).toEqual(['A']);
  });

  it('turns an item Inactive early when its predicted quantity falls below the threshold, and says why', () => {
    const file = supplier([
      ['A', 10],
      ['B', 100],
    ]);
    const { decisions } = decideItems(activated('A', 'B'), file, rule);
    const candidates = predictionCandidates(decisions, file, rule);
    // A drops 8 a day: 10 - 8 = 2 < 5 tomorrow. B drops 8 a day too, but has 100.
    const summary = { points: 5, spanDays: 4, sumDrops: 32, maxDrop: 8 };
    const outcome = applyPredictions(candidates, {
      supplier: file,
      summaries: new Map([
        ['A', summary],
        ['B', summary],
      ]),
      settings,
      horizonDays: 1,
      minItemsToBeActive: 5,
    });
    expect(outcome.earlyCount).toBe(1);
    expect(decisions.map((decision) => [decision.item.key, decision.status, decision.early])).toEqual([
      ['A', 'Inactive', true],
      ['B', 'Active', false],
    ]);
    expect(outcome.modifications).toEqual([
      expect.objectContaining({ itemNumber: 'A', rowIndex: 0, originalQuantity: 10, newQuantity: 2 }),
    ]);
    expect(outcome.reasons).toHaveLength(1);
    expect(outcome.reasons[0]).toContain('A');
  });

  it('leaves an item without enough snapshots alone', () => {
    const file = supplier([['A', 10]]);
    const { decisions } = decideItems(activated('A'), file, rule);
    const outcome = applyPredictions(predictionCandidates(decisions, file, rule), {
      supplier: file,
      summaries: new Map([['A', { points: 2, spanDays: 1, sumDrops: 100, maxDrop: 100 }]]),
      settings,
      horizonDays: 1,
      minItemsToBeActive: 5,
    });
    expect(outcome.earlyCount).toBe(0);
    expect(decisions[0]!.status).toBe('Active');
  });
});
