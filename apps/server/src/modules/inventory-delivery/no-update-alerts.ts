/**
 * "No file for N days" alerts (docs/behaviour/inventory.md#no-update-alerts, `daysUntilNoUpdateNotification`). A source is silent when its last
 * received file — a succeeded, held or (later) discarded run from mail, SFTP or a manual upload — or, with
 * none, its creation is older than N days. A silent source gets one alert run (trigger 'alert', status
 * 'failed') per silent period: an alert started after the last file means that period was reported, so the
 * next alert waits for a new file and a new silence. Notifications read these runs.
 *
 * Several instances may run the check at once: it runs in one transaction under an advisory lock.
 */
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, desc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { emitRunFinished } from '../webhooks/events';

const DAY_MS = 86_400_000;
const ALERT_LOCK = sql`select pg_advisory_xact_lock(hashtext('inventory-no-update-alerts'))`;

/** Runs that mean "a file arrived": it was read, whatever an operator later did with a held run. */
export const FILE_RUN_TRIGGERS = ['mail', 'sftp', 'manual'] as const;
export const FILE_RUN_STATUSES = ['succeeded', 'held', 'discarded'] as const;

export interface NoUpdateAlert {
  sourceId: number;
  sourceName: string;
  runId: number;
  message: string;
}

export interface NoUpdateCheck {
  checked: number;
  alerts: NoUpdateAlert[];
}

/** 'No inventory file received for 8 days (last: 2025-05-24)'. */
export function noUpdateMessage(silentDays: number, lastFileAt: Date | null, createdAt: Date): string {
  const last = lastFileAt
    ? isoDate(lastFileAt)
    : `none since the source was created on ${isoDate(createdAt)}`;
  return `No inventory file received for ${silentDays} ${silentDays === 1 ? 'day' : 'days'} (last: ${last})`;
}

function isoDate(value: Date): string {
  return value.toISOString().slice(0, 10);
}

/** Records an alert run for every inventory source that became silent since its last file; `now` for tests. */
export async function checkNoUpdateAlerts(db: DbOrTx, now: Date = new Date()): Promise<NoUpdateCheck> {
  const { inventorySources, runs } = schema;
  return db.transaction(async (tx) => {
    await tx.execute(ALERT_LOCK);
    const sources = await tx
      .select({
        id: inventorySources.id,
        sourceName: inventorySources.sourceName,
        days: inventorySources.daysUntilNoUpdateNotification,
        createdAt: inventorySources.createdAt,
      })
      .from(inventorySources)
      .where(
        and(
          isNull(inventorySources.deletedAt),
          eq(inventorySources.activeStatus, true),
          gt(inventorySources.daysUntilNoUpdateNotification, 0),
        ),
      )
      .orderBy(inventorySources.id);

    const alerts: NoUpdateAlert[] = [];
    for (const source of sources) {
      const thresholdDays = source.days!;
      const [lastFile] = await tx
        .select({ id: runs.id, startedAt: runs.startedAt })
        .from(runs)
        .where(
          and(
            eq(runs.sourceType, 'inventory'),
            eq(runs.sourceId, source.id),
            inArray(runs.trigger, [...FILE_RUN_TRIGGERS]),
            inArray(runs.status, [...FILE_RUN_STATUSES]),
            lte(runs.startedAt, now),
          ),
        )
        .orderBy(desc(runs.startedAt), desc(runs.id))
        .limit(1);
      const since = lastFile?.startedAt ?? source.createdAt;
      const silentMs = now.getTime() - since.getTime();
      if (silentMs < thresholdDays * DAY_MS) continue;

      const [alreadyAlerted] = await tx
        .select({ id: runs.id })
        .from(runs)
        .where(
          and(
            eq(runs.sourceType, 'inventory'),
            eq(runs.sourceId, source.id),
            eq(runs.trigger, 'alert'),
            gte(runs.startedAt, since),
          ),
        )
        .limit(1);
      if (alreadyAlerted) continue;

      const silentDays = Math.floor(silentMs / DAY_MS);
      const message = noUpdateMessage(silentDays, lastFile?.startedAt ?? null, source.createdAt);
      // Written directly rather than through recordRun so that the run carries the check's own clock.
      const [row] = await tx
        .insert(runs)
        .values({
          sourceType: 'inventory',
          sourceId: source.id,
          sourceName: source.sourceName,
          trigger: 'alert',
          status: 'failed',
          startedAt: now,
          finishedAt: now,
          message,
          details: {
            alert: 'no-update',
            thresholdDays,
            silentDays,
            lastFileAt: lastFile?.startedAt.toISOString() ?? null,
            lastFileRunId: lastFile?.id ?? null,
          },
        })
        .returning();
      // The alert is a failed run: subscribers hear of it in the same transaction (run.failed).
      await emitRunFinished(tx, row!);
      alerts.push({ sourceId: source.id, sourceName: source.sourceName, runId: row!.id, message });
    }
    return { checked: sources.length, alerts };
  });
}
