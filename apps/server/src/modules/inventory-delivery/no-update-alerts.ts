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
import { insertRun } from '../runs/repository';
import { emitRunFinished } from '../webhooks/events';
import {
  findLastFileRun,
  hasAlertRunSince,
  listSourcesWithNoUpdateThreshold,
  lockNoUpdateAlertCheck,
} from './repository';

const DAY_MS = 86_400_000;

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
  return db.transaction(async (tx) => {
    await lockNoUpdateAlertCheck(tx);
    const sources = await listSourcesWithNoUpdateThreshold(tx);

    const alerts: NoUpdateAlert[] = [];
    for (const source of sources) {
      const thresholdDays = source.days!;
      const lastFile = await findLastFileRun(tx, source.id, now);
      const since = lastFile?.startedAt ?? source.createdAt;
      const silentMs = now.getTime() - since.getTime();
      if (silentMs < thresholdDays * DAY_MS) continue;
      if (await hasAlertRunSince(tx, source.id, since)) continue;

      const silentDays = Math.floor(silentMs / DAY_MS);
      const message = noUpdateMessage(silentDays, lastFile?.startedAt ?? null, source.createdAt);
      // Written directly rather than through recordRun so that the run carries the check's own clock.
      const row = await insertRun(tx, {
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
      });
      // The alert is a failed run: subscribers hear of it in the same transaction (run.failed).
      await emitRunFinished(tx, row);
      alerts.push({ sourceId: source.id, sourceName: source.sourceName, runId: row.id, message });
    }
    return { checked: sources.length, alerts };
  });
}
