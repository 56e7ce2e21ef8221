/**
 * The decisions against the stored item states: what changes, what is written, and whether the drift guard holds
 * the run (docs/behaviour/inventory.md#drift-guard). Pure: the caller loads the states and writes the updates.
 */
import type { InventoryHeldInfo, InventoryStatusChange } from '@app/contracts';
import { plural } from '../../lib/plural';
import type { Decision } from './decide-items';
import { formatAmount } from './predictive';
import type { ItemState, StateUpdate } from './repository';

/** Lists in results and run details are capped; their counts are not. */
export const LIST_CAP = 50;

export interface StateChanges {
  activeCount: number;
  inactiveCount: number;
  /** Missing from the file (capped at LIST_CAP), and how many in all. */
  missing: string[];
  missingCount: number;
  turnedInactive: InventoryStatusChange[];
  turnedActive: InventoryStatusChange[];
  turnedInactiveCount: number;
  turnedActiveCount: number;
  /** User-activated items Active before this run. */
  currentlyActive: number;
  /** Of those, the ones this run would turn Inactive. */
  turningInactive: number;
  /** The rows to write: new items, and items whose status or quantity changed. */
  updates: StateUpdate[];
}

export function compareWithStates(
  decisions: readonly Decision[],
  states: ReadonlyMap<string, ItemState>,
): StateChanges {
  const changes: StateChanges = {
    activeCount: 0,
    inactiveCount: 0,
    missing: [],
    missingCount: 0,
    turnedInactive: [],
    turnedActive: [],
    turnedInactiveCount: 0,
    turnedActiveCount: 0,
    currentlyActive: 0,
    turningInactive: 0,
    updates: [],
  };
  for (const decision of decisions) {
    if (decision.status === 'Active') changes.activeCount++;
    if (decision.missing) {
      changes.missingCount++;
      if (changes.missing.length < LIST_CAP) changes.missing.push(decision.item.text);
    }
    const state = states.get(decision.item.key);
    if (state?.status === 'Active') {
      changes.currentlyActive++;
      if (decision.status === 'Inactive') changes.turningInactive++;
    }
    const from = state?.status ?? null;
    if (from !== decision.status) {
      const change = { itemNumber: decision.item.text, from, to: decision.status };
      if (decision.status === 'Inactive') {
        changes.turnedInactiveCount++;
        if (changes.turnedInactive.length < LIST_CAP) changes.turnedInactive.push(change);
      } else {
        changes.turnedActiveCount++;
        if (changes.turnedActive.length < LIST_CAP) changes.turnedActive.push(change);
      }
    }
    if (!state || state.status !== decision.status || state.lastQuantity !== decision.quantity) {
      changes.updates.push({
        itemNumber: decision.item.key,
        status: decision.status,
        quantity: decision.quantity,
      });
    }
  }
  changes.inactiveCount = decisions.length - changes.activeCount;
  return changes;
}

/**
 * Holds the run when the file has no data rows, or when it would turn more than `limitPercent` of the Active
 * user-activated items Inactive. Undefined: the run goes ahead.
 */
export function driftGuard(
  changes: Pick<StateChanges, 'currentlyActive' | 'turningInactive'>,
  processedRows: number,
  limitPercent: number,
): InventoryHeldInfo | undefined {
  const { currentlyActive, turningInactive } = changes;
  const percent = currentlyActive > 0 ? (turningInactive / currentlyActive) * 100 : 0;
  const held = (kind: InventoryHeldInfo['kind'], reason: string): InventoryHeldInfo => ({
    kind,
    reason,
    currentlyActive,
    turningInactive,
    percent: Math.round(percent * 10) / 10,
    limitPercent,
  });
  if (processedRows === 0) {
    return held(
      'empty-file',
      'The file has no data rows. Nothing was delivered and no item changed: check the file, then approve or discard this run.',
    );
  }
  if (currentlyActive > 0 && percent > limitPercent) {
    return held(
      'drift',
      `This file would turn ${plural(turningInactive, 'item')} of the ${plural(currentlyActive, 'Active item')} Inactive (${formatAmount(percent)}%), more than the drift guard allows (${limitPercent}%). Nothing was delivered and no item changed: check the file, then approve or discard this run.`,
    );
  }
  return undefined;
}
