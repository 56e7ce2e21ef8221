import type { AppDb } from '@app/db';
import { schema } from '@app/db';
import { and, isNotNull, isNull, lt, or } from 'drizzle-orm';

const DAY = 86_400_000;

/** Removes sign-in and reset tokens that can no longer be used, and stale login throttle rows. */
export async function runHousekeeping(db: AppDb, now = new Date()) {
  const { refreshTokens, passwordResetTokens, loginThrottle } = schema;
  const dayAgo = new Date(now.getTime() - DAY);
  const tokens = await db
    .delete(refreshTokens)
    .where(
      or(
        lt(refreshTokens.expiresAt, now),
        and(isNotNull(refreshTokens.revokedAt), lt(refreshTokens.revokedAt, dayAgo)),
      ),
    )
    .returning({ id: refreshTokens.id });
  const resets = await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  const throttles = await db
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.windowStartedAt, dayAgo),
        or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, now)),
      ),
    )
    .returning({ key: loginThrottle.key });
  return { refreshTokens: tokens.length, resetTokens: resets.length, throttleRows: throttles.length };
}
