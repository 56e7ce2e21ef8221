/**
 * The sign-in tables: refresh tokens (one family per sign-in, rotated on every refresh) and password links
 * (stored as digests, used once). The rules that use them are in auth-service.ts.
 */
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, eq, exists, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';

const { users, refreshTokens, passwordResetTokens } = schema;

/** The columns of `users` a SessionUser (plugins/session-user.ts) is made of: the session and API token lookups select the same. */
export const SESSION_USER_COLUMNS = {
  id: users.id,
  username: users.username,
  email: users.email,
  isAdmin: users.isAdmin,
  inventoryUser: users.inventoryUser,
  orderUser: users.orderUser,
  submissionUser: users.submissionUser,
  debugMode: users.debugMode,
};

/**
 * The active user of an access token, read on every request; undefined when the user is inactive or the
 * sign-in (the token family) was revoked.
 */
export async function findSessionUserOfFamily(db: DbOrTx, userId: number, familyId: string) {
  const [row] = await db
    .select(SESSION_USER_COLUMNS)
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.activeStatus, true),
        // A revoked sign-in (logout, password change, reuse detected) ends its access tokens too.
        exists(
          db
            .select({ one: refreshTokens.id })
            .from(refreshTokens)
            .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt))),
        ),
      ),
    )
    .limit(1);
  return row;
}

/** The user a login or reset request names: usernames are matched without regard to case. */
export async function findUserByLoginName(db: DbOrTx, username: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return user;
}

export async function findUser(db: DbOrTx, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function setLastLogin(db: DbOrTx, userId: number, at: Date) {
  await db.update(users).set({ lastLogin: at }).where(eq(users.id, userId));
}

export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string) {
  const [row] = await db
    .update(users)
    .set({ passwordHash })
    .where(eq(users.id, userId))
    .returning({ id: users.id, username: users.username });
  return row;
}

export async function insertRefreshToken(
  db: DbOrTx,
  values: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(refreshTokens).values(values);
}

/**
 * Marks a live refresh token rotated and returns it; undefined when the token is unknown, already rotated,
 * revoked or expired. One statement, so two refreshes with the same token cannot both rotate it.
 */
export async function rotateRefreshToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [rotated] = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .returning();
  return rotated;
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string) {
  const [token] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return token;
}

export async function revokeFamily(db: DbOrTx, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllSessions(db: DbOrTx, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function insertPasswordLink(
  db: DbOrTx,
  values: { userId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(passwordResetTokens).values(values).returning({ id: passwordResetTokens.id });
  return row!.id;
}

export async function deletePasswordLink(db: DbOrTx, id: number) {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.id, id));
}

/** Kills the user's unused password links: a newer link, or a password set by any other way, replaces them. */
export async function discardPasswordLinks(db: DbOrTx, userId: number) {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Marks an unused, unexpired link used and returns it; undefined for any other token. */
export async function usePasswordLink(db: DbOrTx, tokenHash: string, now: Date) {
  const [used] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning();
  return used;
}

/** Deletes refresh tokens that expired, or were revoked before `revokedBefore`; returns how many. */
export async function deleteSpentRefreshTokens(db: DbOrTx, now: Date, revokedBefore: Date): Promise<number> {
  const deleted = await db
    .delete(refreshTokens)
    .where(
      or(
        lt(refreshTokens.expiresAt, now),
        and(isNotNull(refreshTokens.revokedAt), lt(refreshTokens.revokedAt, revokedBefore)),
      ),
    )
    .returning({ id: refreshTokens.id });
  return deleted.length;
}

/** Deletes password links that expired or were used; returns how many. */
export async function deleteSpentPasswordLinks(db: DbOrTx, now: Date): Promise<number> {
  const deleted = await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return deleted.length;
}
