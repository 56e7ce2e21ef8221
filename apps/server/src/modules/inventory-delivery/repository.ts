/**
 * The queries of inventory delivery and of the no-update alerts: who receives mail, the files a source
 * received, the alerts already recorded, and the delivery outcome merged into a run's details.
 */
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { RunRow } from '../runs/repository';

const { inventorySources, runs, users } = schema;

/** Active users who asked for notifications by e-mail: everyone the product mails on its own. */
export const receivesNotificationMail = () =>
  and(eq(users.activeStatus, true), eq(users.sendNotificationsToEmail, true));

/**
 * The addresses of the users who receive generated inventory files (docs/behaviour/inventory.md#delivery), as
 * stored, oldest user first: notification mail on, and the Inventory User flag or admin.
 */
export async function listInventoryRecipientEmails(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        receivesNotificationMail(),
        or(eq(users.inventoryUser, true), eq(users.isAdmin, true)),
        ne(sql`trim(${users.email})`, ''),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((row) => row.email);
}

/** Runs that mean "a file arrived": it was read, whatever an operator later did with a held run. */
export const FILE_RUN_TRIGGERS = ['mail', 'sftp', 'manual'] as const;
export const FILE_RUN_STATUSES = ['succeeded', 'held', 'discarded'] as const;

/** Serialises the no-update check of several instances until the transaction ends. */
export async function lockNoUpdateAlertCheck(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('inventory-no-update-alerts'))`);
}

export interface AlertedSource {
  id: number;
  sourceName: string;
  days: number | null;
  createdAt: Date;
}

/** Live, switched-on inventory sources with a no-update threshold, by id. */
export async function listSourcesWithNoUpdateThreshold(db: DbOrTx): Promise<AlertedSource[]> {
  return db
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
}

/** The source's latest run that received a file, started at or before `now`. */
export async function findLastFileRun(
  db: DbOrTx,
  sourceId: number,
  now: Date,
): Promise<{ id: number; startedAt: Date } | undefined> {
  const [row] = await db
    .select({ id: runs.id, startedAt: runs.startedAt })
    .from(runs)
    .where(
      and(
        eq(runs.sourceType, 'inventory'),
        eq(runs.sourceId, sourceId),
        inArray(runs.trigger, [...FILE_RUN_TRIGGERS]),
        inArray(runs.status, [...FILE_RUN_STATUSES]),
        lte(runs.startedAt, now),
      ),
    )
    .orderBy(desc(runs.startedAt), desc(runs.id))
    .limit(1);
  return row;
}

/** Whether an alert run of the source started at or after `since`. */
export async function hasAlertRunSince(db: DbOrTx, sourceId: number, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: runs.id })
    .from(runs)
    .where(
      and(
        eq(runs.sourceType, 'inventory'),
        eq(runs.sourceId, sourceId),
        eq(runs.trigger, 'alert'),
        gte(runs.startedAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Merges `details.delivery` into the run's details in one statement (other keys are kept). */
export async function mergeRunDeliveryRecord(
  db: DbOrTx,
  runId: number,
  record: object,
): Promise<Pick<RunRow, 'id' | 'sourceId' | 'sourceName' | 'fileName'> | undefined> {
  const [run] = await db
    .update(runs)
    .set({
      details: sql`coalesce(${runs.details}, '{}'::jsonb) || jsonb_build_object('delivery', ${JSON.stringify(record)}::jsonb)`,
    })
    .where(eq(runs.id, runId))
    .returning({
      id: runs.id,
      sourceId: runs.sourceId,
      sourceName: runs.sourceName,
      fileName: runs.fileName,
    });
  return run;
}
