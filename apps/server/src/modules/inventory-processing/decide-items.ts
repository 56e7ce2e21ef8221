/**
 * Deciding each user-activated item's status from the supplier file (docs/behaviour/inventory.md#availability and
 * #predictive-algorithm): pure functions of the file, the rule and the snapshot summaries the caller loaded, so that
 * they are tested without a database.
 */
import type { InventoryModification, ItemStatus } from '@app/contracts';
import type { ActivatedItem, AvailabilityRule } from './availability';
import {
  describePrediction,
  evaluatePrediction,
  type PredictiveSettings,
  type SeriesSummary,
} from './predictive';
import type { SupplierData } from './supplier-file';

/** Reasons kept for the logs, and modifications for the result; their counts are not capped. */
export const LOG_CAP = 200;
export const MODIFICATIONS_CAP = 500;

export interface Decision {
  item: ActivatedItem;
  status: ItemStatus;
  quantity: number | null;
  missing: boolean;
  /** Inactive early: Active by its quantity, but predicted to fall below the threshold. */
  early: boolean;
}

type Supplier = Pick<SupplierData, 'items'>;

/** The base decision of every user-activated item (missing from the file: Inactive), and how many supplier items the rule makes Active. */
export function decideItems(
  activated: readonly ActivatedItem[],
  supplier: Supplier,
  rule: AvailabilityRule,
): { decisions: Decision[]; activeItemsFound: number } {
  let activeItemsFound = 0;
  for (const item of supplier.items.values()) {
    if (rule.decide(item.quantity, item.status).status === 'Active') activeItemsFound++;
  }
  const decisions: Decision[] = activated.map((item) => {
    const found = supplier.items.get(item.key);
    if (!found) return { item, status: 'Inactive', quantity: null, missing: true, early: false };
    return {
      item,
      status: rule.decide(found.quantity, found.status).status,
      quantity: found.quantity,
      missing: false,
      early: false,
    };
  });
  return { decisions, activeItemsFound };
}

/** The items the predictive algorithm may turn Inactive: Active by their quantity (a supplier's explicit status stands). */
export function predictionCandidates(
  decisions: readonly Decision[],
  supplier: Supplier,
  rule: AvailabilityRule,
): Decision[] {
  return decisions.filter((decision) => {
    if (decision.status !== 'Active' || decision.quantity === null) return false;
    const found = supplier.items.get(decision.item.key)!;
    return rule.decide(found.quantity, found.status).basis === 'quantity';
  });
}

export interface PredictionInput {
  supplier: Supplier;
  summaries: ReadonlyMap<string, SeriesSummary>;
  settings: PredictiveSettings;
  horizonDays: number;
  minItemsToBeActive: number | null;
}

export interface PredictionOutcome {
  earlyCount: number;
  /** Capped at LOG_CAP. */
  reasons: string[];
  /** Capped at MODIFICATIONS_CAP. */
  modifications: InventoryModification[];
}

/** Turns the candidates predicted to fall below the threshold Inactive (`early`), in place. */
export function applyPredictions(candidates: readonly Decision[], input: PredictionInput): PredictionOutcome {
  const outcome: PredictionOutcome = { earlyCount: 0, reasons: [], modifications: [] };
  for (const decision of candidates) {
    const evaluated = evaluatePrediction(decision.quantity!, input.summaries.get(decision.item.key), input);
    if (!evaluated?.belowThreshold) continue;
    const { prediction } = evaluated;
    decision.status = 'Inactive';
    decision.early = true;
    outcome.earlyCount++;
    const reason = describePrediction(
      decision.item.text,
      prediction,
      input.settings,
      input.minItemsToBeActive,
    );
    if (outcome.reasons.length < LOG_CAP) outcome.reasons.push(reason);
    if (outcome.modifications.length < MODIFICATIONS_CAP) {
      outcome.modifications.push({
        rowIndex: input.supplier.items.get(decision.item.key)!.rowIndex,
        itemNumber: decision.item.text,
        originalQuantity: prediction.quantity,
        newQuantity: Math.round(prediction.predicted * 100) / 100,
        reason,
      });
    }
  }
  return outcome;
}
