import type { User, UserInfo } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { asc, eq, sql } from 'drizzle-orm';

const { users } = schema;
type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    userId: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    lastLogin: row.lastLogin?.toISOString() ?? null,
    createdOn: row.createdOn.toISOString(),
    isAdmin: row.isAdmin,
    inventoryUser: row.inventoryUser,
    orderUser: row.orderUser,
    submissionUser: row.submissionUser,
    sendNotificationsToEmail: row.sendNotificationsToEmail,
    activeStatus: row.activeStatus,
    debugMode: row.debugMode,
  };
}

export function toUserInfo(row: UserRow): UserInfo {
  const { userId, username, email, firstName, lastName, lastLogin, createdOn } = toUser(row);
  return { userId, username, email, firstName, lastName, lastLogin, createdOn };
}

export async function findUserById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The row, locked until the transaction ends: the audit entry's "before" is then the row the change replaced. */
export async function lockUser(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function findUserByUsername(db: DbOrTx, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return row;
}

export async function listUsers(db: DbOrTx) {
  return db.select().from(users).orderBy(asc(users.id));
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

/** Postgres reports a duplicate on the case-insensitive username index with this constraint name. */
export function isUsernameConflict(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } })?.cause ?? error;
  const { code, constraint } = cause as { code?: string; constraint?: string };
  return code === '23505' && (constraint === undefined || constraint === 'users_username_lower_key');
}

type UserInsert = typeof schema.users.$inferInsert;

export async function insertUserRow(db: DbOrTx, values: UserInsert): Promise<UserRow> {
  const [row] = await db.insert(schema.users).values(values).returning();
  return row!;
}

/** Inserts the user unless its username is taken (nothing happens then). */
export async function insertUserIfAbsent(db: DbOrTx, values: UserInsert): Promise<void> {
  await db.insert(schema.users).values(values).onConflictDoNothing();
}

/** The updated row, or undefined when there is no such user. */
export async function updateUserRow(
  db: DbOrTx,
  id: number,
  values: Partial<UserInsert>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(schema.users).set(values).where(eq(schema.users.id, id)).returning();
  return row;
}

/** Whether a user was deleted. */
export async function deleteUserRow(db: DbOrTx, id: number): Promise<boolean> {
  const deleted = await db
    .delete(schema.users)
    .where(eq(schema.users.id, id))
    .returning({ id: schema.users.id });
  return deleted.length > 0;
}

/** The user's saved grid columns, if any. */
export async function findColumnSettings(db: DbOrTx, userId: number) {
  const { orderTrackingViewSettings } = schema;
  const [row] = await db
    .select()
    .from(orderTrackingViewSettings)
    .where(eq(orderTrackingViewSettings.userId, userId));
  return row;
}

export async function saveColumnSettings(
  db: DbOrTx,
  userId: number,
  enabledColumns: Record<string, boolean>,
  /** Left undefined, a saved order stays as it is. */
  columnOrder?: string[],
) {
  const { orderTrackingViewSettings } = schema;
  const [row] = await db
    .insert(orderTrackingViewSettings)
    .values({ userId, enabledColumns, columnOrder: columnOrder ?? [] })
    .onConflictDoUpdate({
      target: orderTrackingViewSettings.userId,
      set: { enabledColumns, ...(columnOrder ? { columnOrder } : {}), updatedAt: new Date() },
    })
    .returning();
  return row!;
}
