import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, count, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { SESSION_USER_COLUMNS } from '../auth/repository';

const { apiTokens, users } = schema;

export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type ApiTokenValues = Pick<
  typeof apiTokens.$inferInsert,
  'userId' | 'name' | 'scope' | 'publicId' | 'tokenHash' | 'createdAt' | 'expiresAt'
>;

export async function insertApiTokenRow(db: DbOrTx, values: ApiTokenValues): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row!;
}

/** The user's tokens that were not revoked, newest first; expired ones stay listed until revoked. */
export async function listUnrevokedApiTokens(db: DbOrTx, userId: number): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

export async function countLiveApiTokens(db: DbOrTx, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)));
  return row?.n ?? 0;
}

/** Marks the user's own unrevoked token revoked; undefined when there is no such token. */
export async function revokeApiTokenRow(
  db: DbOrTx,
  userId: number,
  id: number,
  now: Date,
): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning();
  return row;
}

/** Marks every unrevoked token of the user revoked (an admin's "Revoke all", a password reset); the rows. */
export async function revokeUserApiTokenRows(db: DbOrTx, userId: number, now: Date): Promise<ApiTokenRow[]> {
  return db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning();
}

/** The token named by its public id with its user's current rights, in one query (every bearer request). */
export async function findApiTokenWithUser(db: DbOrTx, publicId: string) {
  const [row] = await db
    .select({
      token: {
        id: apiTokens.id,
        publicId: apiTokens.publicId,
        name: apiTokens.name,
        scope: apiTokens.scope,
        tokenHash: apiTokens.tokenHash,
        expiresAt: apiTokens.expiresAt,
        lastUsedAt: apiTokens.lastUsedAt,
        revokedAt: apiTokens.revokedAt,
      },
      user: { ...SESSION_USER_COLUMNS, activeStatus: users.activeStatus },
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.publicId, publicId))
    .limit(1);
  return row;
}

/**
 * Records a use, at most once per `interval` ms per token: the condition makes a second request within the
 * interval (here or on another instance) a no-op instead of a write.
 */
export async function touchApiToken(db: DbOrTx, id: number, now: Date, intervalMs: number) {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiTokens.id, id),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - intervalMs))),
      ),
    );
}
