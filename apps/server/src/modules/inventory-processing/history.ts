/**
 * The inventory charts (docs/behaviour/inventory.md#charts). `getInventoryHistory`: a source's runs over the
 * window with the counts they recorded, and the days no file came. `getItemHistory`: "Why this item?", one
 * item's snapshots and the prediction for a run, computed by the code that decided (prediction-context.ts,
 * predictive.ts `evaluatePrediction` and `describePrediction`) from the context the run recorded — never by a
 * second copy of the rules.
 */
import type {
  InventoryHistoryResponse,
  ItemHistoryResponse,
  ItemStatus,
  ItemStatusChange,
  TInventoryHistoryQuery,
  TItemHistoryQuery,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { AppError } from '../../lib/app-error';
import { dayKey, lastDays, windowStart } from '../../lib/day-window';
import { findLiveInventorySource, type InventorySourceRow } from '../inventory-sources/repository';
import { availabilityRule, normaliseItemNumber, parseActivatedItems } from './availability';
import {
  explainedRun,
  itemSnapshots,
  itemState,
  runsChangingItem,
  sourceRunsSince,
} from './history-repository';
import { type PredictionContext, summariesFor } from './prediction-context';
import { DAY_MS, describePrediction, evaluatePrediction, formatAmount } from './predictive';

async function liveSource(db: DbOrTx, sourceId: number): Promise<InventorySourceRow> {
  const source = await findLiveInventorySource(db, sourceId);
  if (!source) throw AppError.notFound('Inventory source not found');
  return source;
}

export async function getInventoryHistory(
  db: DbOrTx,
  sourceId: number,
  query: TInventoryHistoryQuery,
  clock: { now: Date; timeZone: string },
): Promise<InventoryHistoryResponse> {
  const source = await liveSource(db, sourceId);
  const days = lastDays(clock.now, query.days, clock.timeZone);
  const inWindow = new Set(days);
  const rows = (await sourceRunsSince(db, sourceId, windowStart(clock.now, query.days)))
    .map((row) => ({ ...row, date: dayKey(row.startedAt, clock.timeZone) }))
    .filter((row) => inWindow.has(row.date));
  // Any run, failed ones too, means a file came that day.
  const daysWithFile = new Set(rows.filter((row) => row.status !== 'running').map((row) => row.date));
  return {
    sourceId,
    sourceName: source.sourceName,
    timeZone: clock.timeZone,
    from: days[0]!,
    to: days[days.length - 1]!,
    runs: rows
      .filter((row) => row.status === 'succeeded' || row.status === 'held' || row.status === 'discarded')
      .map((row) => ({
        runId: row.id,
        startedAt: row.startedAt.toISOString(),
        date: row.date,
        status: row.status as 'succeeded' | 'held' | 'discarded',
        active: row.active,
        inactive: row.inactive,
        turnedActive: row.turnedActive,
        turnedInactive: row.turnedInactive,
        inactiveEarly: row.inactiveEarly,
        held: row.status !== 'succeeded',
      })),
    daysWithoutFile: days.filter((date) => !daysWithFile.has(date)),
  };
}

/** The window when a run recorded no prediction context (the algorithm off, or a run from before the record). */
const DEFAULT_LOOKBACK_DAYS = 30;

function isPredictionContext(value: unknown): value is PredictionContext {
  return typeof value === 'object' && value !== null && 'settings' in value && 'horizonDays' in value;
}

export async function getItemHistory(
  db: DbOrTx,
  sourceId: number,
  itemText: string,
  query: TItemHistoryQuery,
): Promise<ItemHistoryResponse> {
  const source = await liveSource(db, sourceId);
  const text = itemText.trim();
  if (text === '') throw AppError.badRequest('itemNumber is required', { itemNumber: 'Required' });
  const key = normaliseItemNumber(text, source.stripLeadingZeroes);
  // The generated file, the logs and the change lists spell the item as the retailer wrote it.
  const activated = parseActivatedItems(source.userActivatedItemNumbers, source.stripLeadingZeroes).items;
  const itemTextOf = activated.find((item) => item.key === key)?.text ?? text;

  const run = await explainedRun(db, sourceId, key, query.runId);
  if (query.runId !== undefined && !run) throw AppError.notFound('Run not found for this inventory source');
  const context = run && isPredictionContext(run.predictive) ? run.predictive : null;
  const to = context ? new Date(context.capturedAt) : (run?.capturedAt ?? run?.startedAt ?? new Date());
  const lookbackDays = context?.settings.lookbackDays ?? source.lookbackDays ?? DEFAULT_LOOKBACK_DAYS;
  const from = new Date(to.getTime() - lookbackDays * DAY_MS);
  const minItemsToBeActive = context ? context.minItemsToBeActive : source.minItemsToBeActive;
  const rule = availabilityRule({ ...source, minItemsToBeActive });

  const [snapshots, state, changeRuns] = await Promise.all([
    itemSnapshots(db, sourceId, key, from, to),
    itemState(db, sourceId, key),
    run ? runsChangingItem(db, sourceId, from, run.id, [...new Set([text, itemTextOf])]) : [],
  ]);
  const excluded = new Set(context?.excludeRunIds ?? []);
  const quantity = run ? (snapshots.find((snapshot) => snapshot.runId === run.id)?.quantity ?? null) : null;

  let prediction: ItemHistoryResponse['prediction'] = null;
  let noPredictionReason: string | null = null;
  let early = false;
  if (!run) {
    noPredictionReason = 'No run of this source has read a file with this item yet.';
  } else if (quantity === null) {
    noPredictionReason = 'The item was not in this run’s supplier file: it was Inactive as missing.';
  } else if (!context) {
    noPredictionReason = source.usesPredictiveAlgorithm
      ? 'This run made no prediction (its predictive settings were incomplete, or it ran before predictions were recorded).'
      : 'The predictive algorithm is off for this source: the quantity alone decides.';
  } else if (!rule.isActiveQuantity(quantity)) {
    noPredictionReason = `The quantity ${formatAmount(quantity)} is not ${rule.thresholdText}: Inactive without a prediction.`;
  } else {
    const summary = (await summariesFor(db, sourceId, context, [key])).get(key);
    const evaluated = evaluatePrediction(quantity, summary, context);
    if (!evaluated) {
      const points = snapshots.filter((snapshot) => !excluded.has(snapshot.runId)).length;
      noPredictionReason = `${points} snapshot${points === 1 ? '' : 's'} in the last ${lookbackDays} days; the algorithm needs ${context.settings.minDataPoints}: no prediction.`;
    } else {
      const logged = run.predictions.find((line) => line.startsWith(`Item ${itemTextOf}:`));
      early = evaluated.belowThreshold;
      prediction = {
        ...evaluated.prediction,
        belowThreshold: evaluated.belowThreshold,
        reason: evaluated.belowThreshold
          ? (logged ??
            describePrediction(itemTextOf, evaluated.prediction, context.settings, minItemsToBeActive))
          : null,
      };
    }
  }

  let decided: ItemStatus | null = null;
  if (run) {
    if (state && state.lastRunId === run.id) decided = state.status as ItemStatus;
    else if (quantity === null || early || !rule.isActiveQuantity(quantity)) decided = 'Inactive';
    else decided = 'Active';
  }

  const quantityAt = new Map(snapshots.map((snapshot) => [snapshot.runId, snapshot.quantity]));
  const statusChanges: ItemStatusChange[] = [];
  for (const changeRun of changeRuns) {
    const change = changeRun.changes.find(
      (entry) => normaliseItemNumber(entry.itemNumber, source.stripLeadingZeroes) === key,
    );
    if (!change) continue;
    const runQuantity = quantityAt.get(changeRun.runId);
    const logged = changeRun.predictions.find((line) => line.startsWith(`Item ${change.itemNumber}:`));
    let reason: string;
    if (runQuantity === undefined) reason = 'Not in the supplier file: Inactive as missing.';
    else if (change.to === 'Inactive' && logged) reason = `Inactive early by prediction. ${logged}`;
    else if (source.statusSupersedesQuantity)
      reason = `Quantity ${formatAmount(runQuantity)}, or the supplier’s status (status supersedes quantity).`;
    else
      reason = `Quantity ${formatAmount(runQuantity)}, ${rule.isActiveQuantity(runQuantity) ? '' : 'not '}${rule.thresholdText}.`;
    statusChanges.push({
      runId: changeRun.runId,
      at: changeRun.startedAt.toISOString(),
      from: change.from,
      to: change.to,
      reason,
    });
  }

  return {
    sourceId,
    sourceName: source.sourceName,
    itemNumber: itemTextOf,
    run: run ? { id: run.id, at: to.toISOString(), status: run.status, decided } : null,
    window: { from: from.toISOString(), to: to.toISOString(), lookbackDays },
    snapshots: snapshots.map((snapshot) => ({
      runId: snapshot.runId,
      at: snapshot.at.toISOString(),
      quantity: snapshot.quantity,
      counted: !excluded.has(snapshot.runId),
    })),
    threshold: { minItemsToBeActive, text: rule.thresholdText },
    settings: context?.settings ?? null,
    prediction,
    noPredictionReason,
    current: {
      status: (state?.status as ItemStatus | undefined) ?? null,
      since: state?.since.toISOString() ?? null,
    },
    statusChanges,
  };
}
