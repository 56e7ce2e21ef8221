import { randomUUID } from 'node:crypto';
import { LOGIN_MESSAGES } from '@app/contracts';
import type { AppDb } from '@app/db';
import { schema } from '@app/db';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config/env';
import { MAIL_NOT_CONFIGURED, type SystemMailer } from '../../integrations/system-mailer';
import { AppError } from '../../lib/app-error';
import { hashToken, randomToken } from '../../lib/crypto';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { assertNotLocked, clearFailures, recordFailure } from './login-throttle';

const { users, refreshTokens, passwordResetTokens } = schema;

export const RESET_LINK_MINUTES = 60;
export const SET_PASSWORD_LINK_HOURS = 72;

export interface IssuedSession {
  userId: number;
  username: string;
  familyId: string;
  refreshToken: string;
}

export async function createRefreshToken(db: AppDb, config: AppConfig, userId: number, familyId: string) {
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + config.refreshTokenDays * 86_400_000),
  });
  return refreshToken;
}

export async function login(
  db: AppDb,
  config: AppConfig,
  input: { username: string; password: string; address: string },
): Promise<IssuedSession> {
  await assertNotLocked(db, input.username, input.address);
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()))
    .limit(1);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) {
    await recordFailure(db, input.username, input.address);
    throw AppError.unauthorized(LOGIN_MESSAGES.failed);
  }
  if (!user.activeStatus) throw AppError.forbidden(LOGIN_MESSAGES.inactive);
  await clearFailures(db, input.username);
  await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, user.id));
  const familyId = randomUUID();
  const refreshToken = await createRefreshToken(db, config, user.id, familyId);
  return { userId: user.id, username: user.username, familyId, refreshToken };
}

export const NO_VALID_REFRESH_TOKEN = 'User has no valid refresh token';

/** Rotates a refresh token. Presenting an already-rotated token after the grace revokes the whole family. */
export async function refreshSession(
  db: AppDb,
  config: AppConfig,
  presented: string | undefined,
): Promise<IssuedSession> {
  if (!presented) throw AppError.unauthorized(NO_VALID_REFRESH_TOKEN);
  const tokenHash = hashToken(presented);
  const now = new Date();
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
  let token = rotated;
  if (!token) {
    const [existing] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    if (!existing || existing.revokedAt || existing.expiresAt <= now) {
      throw AppError.unauthorized(NO_VALID_REFRESH_TOKEN);
    }
    const rotatedAgo = now.getTime() - (existing.rotatedAt?.getTime() ?? 0);
    if (rotatedAgo > config.refreshReuseGraceMs) {
      await revokeFamily(db, existing.familyId);
      throw AppError.unauthorized(NO_VALID_REFRESH_TOKEN);
    }
    token = existing;
  }
  const [user] = await db.select().from(users).where(eq(users.id, token.userId));
  if (!user?.activeStatus) {
    await revokeFamily(db, token.familyId);
    throw AppError.unauthorized(NO_VALID_REFRESH_TOKEN);
  }
  const refreshToken = await createRefreshToken(db, config, user.id, token.familyId);
  return { userId: user.id, username: user.username, familyId: token.familyId, refreshToken };
}

export async function revokeFamily(db: AppDb, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllSessions(db: AppDb, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function createPasswordLink(db: AppDb, config: AppConfig, userId: number, validMinutes: number) {
  const token = randomToken();
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + validMinutes * 60_000),
  });
  return `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export const RESET_REQUESTED_MESSAGE =
  'If an active account with that username exists, a password reset link has been sent to its e-mail address.';

/**
 * The answer never says whether the username exists. When the server cannot send mail at all, the user
 * is told so, whatever the username.
 */
export async function requestPasswordReset(
  db: AppDb,
  config: AppConfig,
  mailer: SystemMailer,
  username: string,
): Promise<string> {
  if (!mailer.configured) throw AppError.serviceUnavailable(MAIL_NOT_CONFIGURED);
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  if (!user?.activeStatus) return RESET_REQUESTED_MESSAGE;
  const link = await createPasswordLink(db, config, user.id, RESET_LINK_MINUTES);
  await mailer.send({
    to: user.email,
    subject: 'Reset your password',
    text: [
      `Hello ${user.firstName ?? user.username},`,
      '',
      'Someone asked to reset the password of your account. Open this link to choose a new password:',
      link,
      '',
      `The link works once and expires in ${RESET_LINK_MINUTES} minutes. If you did not ask for this, ignore this e-mail.`,
    ].join('\n'),
  });
  return RESET_REQUESTED_MESSAGE;
}

export const RESET_LINK_INVALID =
  'This password reset link is invalid or has expired. Please request a new one.';

export async function confirmPasswordReset(db: AppDb, token: string, newPassword: string) {
  const passwordHash = await hashPassword(newPassword);
  const userId = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!used) throw AppError.badRequest(RESET_LINK_INVALID);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
    return used.userId;
  });
  await revokeAllSessions(db, userId);
}
