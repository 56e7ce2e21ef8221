/**
 * The events other modules report (docs/behaviour/webhooks.md#events), each with the payload's `data`.
 * Callers pass their transaction, so the event commits or rolls back with what it reports.
 */
import type { DbOrTx } from '@app/db';
import { emitWebhookEvent } from './outbox-repository';

/** The columns of a run that its events report (a row of `runs`, as the runs repository reads it). */
export interface ReportedRun {
  id: number;
  sourceType: string;
  sourceId: number | null;
  sourceName: string;
  trigger: string;
  status: string;
  fileName: string | null;
  message: string | null;
  ordersUpdated: number;
  ordersDeleted: number;
  startedAt: Date;
  finishedAt: Date | null;
}

const RUN_EVENTS = { succeeded: 'run.succeeded', failed: 'run.failed', held: 'run.held' } as const;

export function runEventData(run: ReportedRun): Record<string, unknown> {
  return {
    runId: run.id,
    sourceType: run.sourceType,
    sourceId: run.sourceId,
    sourceName: run.sourceName,
    trigger: run.trigger,
    status: run.status,
    fileName: run.fileName,
    message: run.message,
    ordersUpdated: run.ordersUpdated,
    ordersDeleted: run.ordersDeleted,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

/** run.succeeded, run.failed or run.held for a run that just reached that status; others report nothing. */
export async function emitRunFinished(db: DbOrTx, run: ReportedRun): Promise<void> {
  const type = RUN_EVENTS[run.status as keyof typeof RUN_EVENTS];
  if (type) await emitWebhookEvent(db, type, runEventData(run));
}

export async function emitInventoryFileDelivered(
  db: DbOrTx,
  run: Pick<ReportedRun, 'id' | 'sourceId' | 'sourceName' | 'fileName'>,
  delivery: {
    email?: { ok: boolean; recipients: string[] };
    sftp?: { ok: boolean; remotePath: string | null };
  },
): Promise<void> {
  await emitWebhookEvent(db, 'inventory.file-delivered', {
    runId: run.id,
    sourceId: run.sourceId,
    sourceName: run.sourceName,
    fileName: run.fileName,
    email: delivery.email
      ? { ok: delivery.email.ok, recipientCount: delivery.email.recipients.length }
      : null,
    sftp: delivery.sftp ? { ok: delivery.sftp.ok, remotePath: delivery.sftp.remotePath } : null,
  });
}

export async function emitOrderSubmissionSent(
  db: DbOrTx,
  data: { runId: number; vendorId: number; vendorName: string; fileName: string; lineCount: number },
): Promise<void> {
  await emitWebhookEvent(db, 'order-submission.sent', data);
}

export async function emitDigestSent(
  db: DbOrTx,
  data: { runId: number; settingId: number; settingName: string; emailCount: number; recipientCount: number },
): Promise<void> {
  await emitWebhookEvent(db, 'notification.digest-sent', data);
}
