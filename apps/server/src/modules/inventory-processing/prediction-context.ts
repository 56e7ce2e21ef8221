/**
 * What the predictive algorithm reads besides an item's own quantity, loaded the same way for a run being
 * processed and for the item history that explains it later (docs/behaviour/inventory.md#why-this-item): the
 * window, the horizon from the earlier successful runs, and the runs whose snapshots are not history. A run
 * records this context in its details (`predictive`), so the explanation uses what the run used even after the
 * source's settings or its later runs changed.
 */
import type { DbOrTx } from '@app/db';
import { DAY_MS, inferUpdateIntervalDays, type PredictiveSettings, type SeriesSummary } from './predictive';
import { snapshotSummaries, successfulRunsSince, untrustedRunIds } from './repository';

export interface PredictionContext {
  /** The run's processing time (ISO): the end of the window and the snapshots' captured_at. */
  capturedAt: string;
  settings: PredictiveSettings;
  minItemsToBeActive: number | null;
  horizonDays: number;
  /** Successful runs before this one within the window, which gave the horizon. */
  earlierRuns: number;
  /** Held or running runs whose snapshots were left out. */
  excludeRunIds: number[];
}

export async function loadPredictionContext(
  db: DbOrTx,
  input: {
    sourceId: number;
    runId: number;
    now: Date;
    settings: PredictiveSettings;
    minItemsToBeActive: number | null;
  },
): Promise<PredictionContext> {
  const from = new Date(input.now.getTime() - input.settings.lookbackDays * DAY_MS);
  const history = await successfulRunsSince(db, input.sourceId, from, input.runId);
  const horizonDays = inferUpdateIntervalDays([
    ...history.map((run) => run.startedAt.getTime()),
    input.now.getTime(),
  ]);
  return {
    capturedAt: input.now.toISOString(),
    settings: input.settings,
    minItemsToBeActive: input.minItemsToBeActive,
    horizonDays,
    earlierRuns: history.length,
    excludeRunIds: await untrustedRunIds(db, input.sourceId, input.runId),
  };
}

/** The window summaries of `itemNumbers` (keys) the context's run saw. */
export function summariesFor(
  db: DbOrTx,
  sourceId: number,
  context: PredictionContext,
  itemNumbers: string[],
): Promise<Map<string, SeriesSummary>> {
  const to = new Date(context.capturedAt);
  return snapshotSummaries(db, {
    sourceId,
    excludeRunIds: context.excludeRunIds,
    from: new Date(to.getTime() - context.settings.lookbackDays * DAY_MS),
    to,
    itemNumbers,
    minPoints: context.settings.minDataPoints,
  });
}
