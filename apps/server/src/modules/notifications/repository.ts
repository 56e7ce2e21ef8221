import type { RecipientGroup, SourceTypeId } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { receivesNotificationMail } from '../inventory-delivery/repository';

const {
  notificationSettings,
  inventorySources,
  orderSubmissionSources,
  orderTrackingSources,
  orderVendorSources,
  users,
} = schema;

export type NotificationSettingRow = typeof notificationSettings.$inferSelect;
export type NotificationSettingValues = Omit<
  typeof notificationSettings.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'lastNotificationSent'
>;

/** The settings of the given source types. */
export async function listNotificationSettingRows(
  db: DbOrTx,
  sourceTypeIds: readonly SourceTypeId[],
): Promise<NotificationSettingRow[]> {
  if (sourceTypeIds.length === 0) return [];
  return db
    .select()
    .from(notificationSettings)
    .where(inArray(notificationSettings.sourceTypeId, [...sourceTypeIds]))
    .orderBy(asc(sql`lower(${notificationSettings.name})`), asc(notificationSettings.id));
}

export async function findNotificationSettingRow(
  db: DbOrTx,
  id: number,
): Promise<NotificationSettingRow | undefined> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.id, id));
  return row;
}

/** The row, locked for update until the transaction ends. */
export async function lockNotificationSettingRow(
  db: DbOrTx,
  id: number,
): Promise<NotificationSettingRow | undefined> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.id, id))
    .for('update');
  return row;
}

export async function insertNotificationSetting(
  db: DbOrTx,
  values: NotificationSettingValues,
): Promise<NotificationSettingRow> {
  const [row] = await db.insert(notificationSettings).values(values).returning();
  return row!;
}

/** Replaces the editable fields and the schedule; last_notification_sent belongs to the scheduler. */
export async function updateNotificationSetting(
  db: DbOrTx,
  id: number,
  values: NotificationSettingValues,
): Promise<NotificationSettingRow | undefined> {
  const [row] = await db
    .update(notificationSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(notificationSettings.id, id))
    .returning();
  return row;
}

export async function deleteNotificationSettingRow(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(notificationSettings)
    .where(eq(notificationSettings.id, id))
    .returning({ id: notificationSettings.id });
  return rows.length > 0;
}

/**
 * Up to `limit` enabled settings with a schedule whose next run is due at `now`, earliest first, locked for
 * update until the transaction ends; rows another instance holds are skipped.
 */
export async function lockDueNotificationSettings(
  db: DbOrTx,
  now: Date,
  limit: number,
): Promise<NotificationSettingRow[]> {
  return db
    .select()
    .from(notificationSettings)
    .where(
      and(
        eq(notificationSettings.notificationEnabled, true),
        ne(notificationSettings.notificationInterval, 'None'),
        isNotNull(notificationSettings.nextRunAt),
        lte(notificationSettings.nextRunAt, now),
      ),
    )
    .orderBy(asc(notificationSettings.nextRunAt), asc(notificationSettings.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function setNotificationNextRunAt(
  db: DbOrTx,
  id: number,
  nextRunAt: Date | null,
): Promise<void> {
  await db.update(notificationSettings).set({ nextRunAt }).where(eq(notificationSettings.id, id));
}

/**
 * Moves a claimed setting's next run from `from` (what its claim set) to `to`; nothing when it no longer
 * holds `from` (saved meanwhile, which rescheduled it). True when it moved.
 */
export async function moveNotificationNextRunAt(
  db: DbOrTx,
  id: number,
  from: Date,
  to: Date,
): Promise<boolean> {
  const moved = await db
    .update(notificationSettings)
    .set({ nextRunAt: to })
    .where(and(eq(notificationSettings.id, id), eq(notificationSettings.nextRunAt, from)))
    .returning({ id: notificationSettings.id });
  return moved.length > 0;
}

export async function setLastNotificationSent(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db
    .update(notificationSettings)
    .set({ lastNotificationSent: at })
    .where(eq(notificationSettings.id, id));
}

const GROUP_FLAG = {
  inventory: users.inventoryUser,
  submission: users.submissionUser,
  order: users.orderUser,
} as const satisfies Record<RecipientGroup, unknown>;

/** The addresses, as stored and by address, of the active users who receive notification mail and hold the group's flag. */
export async function listGroupRecipientEmails(db: DbOrTx, group: RecipientGroup): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(receivesNotificationMail(), eq(GROUP_FLAG[group], true)))
    .orderBy(asc(users.email));
  return rows.map((row) => row.email);
}

/** A source a setting can include; deleted ones are still named so that a setting can show what it held. */
export interface SourceRef {
  id: number;
  name: string;
  activeStatus: boolean;
  deleted: boolean;
}

/**
 * The sources of one type: every live one, or the given ids (deleted ones included). Each type keeps its
 * name and its deletion mark in its own columns.
 */
export async function findSources(
  db: DbOrTx,
  sourceTypeId: SourceTypeId,
  ids?: number[],
): Promise<SourceRef[]> {
  if (ids && ids.length === 0) return [];
  switch (sourceTypeId) {
    case 1: {
      const t = inventorySources;
      return db
        .select({
          id: t.id,
          name: t.sourceName,
          activeStatus: t.activeStatus,
          deleted: sql<boolean>`${t.deletedAt} is not null`,
        })
        .from(t)
        .where(ids ? inArray(t.id, ids) : isNull(t.deletedAt))
        .orderBy(asc(sql`lower(${t.sourceName})`), asc(t.id));
    }
    case 2: {
      const t = orderSubmissionSources;
      return db
        .select({ id: t.id, name: t.sourceName, activeStatus: t.activeStatus, deleted: t.deletedStatus })
        .from(t)
        .where(ids ? inArray(t.id, ids) : eq(t.deletedStatus, false))
        .orderBy(asc(sql`lower(${t.sourceName})`), asc(t.id));
    }
    case 3: {
      const t = orderTrackingSources;
      return db
        .select({ id: t.id, name: t.sourceName, activeStatus: t.activeStatus, deleted: t.deletedStatus })
        .from(t)
        .where(ids ? inArray(t.id, ids) : eq(t.deletedStatus, false))
        .orderBy(asc(sql`lower(${t.sourceName})`), asc(t.id));
    }
    case 4: {
      const t = orderVendorSources;
      return db
        .select({
          id: t.id,
          name: t.vendorNameFromFile,
          activeStatus: t.activeStatus,
          deleted: t.deletedStatus,
        })
        .from(t)
        .where(ids ? inArray(t.id, ids) : eq(t.deletedStatus, false))
        .orderBy(asc(sql`lower(${t.vendorNameFromFile})`), asc(t.id));
    }
  }
}
