import { randomUUID } from 'node:crypto';
import { LOGIN_MESSAGES } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import type { AppConfig } from '../../config/env';
import type { AppContext } from '../../context';
import { MAIL_NOT_CONFIGURED } from '../../integrations/system-mailer';
import { AppError } from '../../lib/app-error';
import { hashToken, randomToken } from '../../lib/crypto';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { recordPasswordChange } from '../audit/record-audit';
import {
  claimLoginAttempt,
  clearAccountAtAddress,
  isKnownAddress,
  releaseLoginAttempt,
  rememberAddress,
} from './login-throttle';
import { PASSWORD_RESET_MAIL_QUEUE, passwordResetSingletonKey } from './password-reset-queue';
import {
  deletePasswordLink,
  discardPasswordLinks,
  findRefreshToken,
  findUser,
  findUserByLoginName,
  insertPasswordLink,
  insertRefreshToken,
  revokeAllSessions,
  revokeFamily,
  rotateRefreshToken,
  setLastLogin,
  setPasswordHash,
  usePasswordLink,
} from './repository';
import { type Allowance, giveBackAllowance, takeAllowance } from './request-allowance';

export const RESET_LINK_MINUTES = 60;
export const SET_PASSWORD_LINK_HOURS = 72;

export interface IssuedSession {
  userId: number;
  username: string;
  familyId: string;
  refreshToken: string;
}

export async function createRefreshToken(db: DbOrTx, config: AppConfig, userId: number, familyId: string) {
  const refreshToken = randomToken();
  await insertRefreshToken(db, {
    userId,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + config.refreshTokenDays * 86_400_000),
  });
  return refreshToken;
}

export async function login(
  db: DbOrTx,
  config: AppConfig,
  input: { username: string; password: string; address: string; now: Date },
): Promise<IssuedSession> {
  const { address, now } = input;
  const user = await findUserByLoginName(db, input.username);
  const knownAddress = user ? await isKnownAddress(db, user.id, address, now) : false;
  const claim = await claimLoginAttempt(db, now, { username: input.username, address, knownAddress });
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  // A wrong password stays counted: the claim counted it before the check.
  if (!user || !passwordOk) throw AppError.unauthorized(LOGIN_MESSAGES.failed);
  await releaseLoginAttempt(db, claim);
  if (!user.activeStatus) throw AppError.forbidden(LOGIN_MESSAGES.inactive);
  await rememberAddress(db, user.id, address, now);
  await setLastLogin(db, user.id, now);
  const familyId = randomUUID();
  const refreshToken = await createRefreshToken(db, config, user.id, familyId);
  return { userId: user.id, username: user.username, familyId, refreshToken };
}

export const NO_VALID_REFRESH_TOKEN = 'User has no valid refresh token';

/** Rotates a refresh token. Presenting an already-rotated token after the grace revokes the whole family. */
export async function refreshSession(
  db: DbOrTx,
  config: AppConfig,
  presented: string | undefined,
): Promise<IssuedSession> {
  if (!presented) throw AppError.unauthorized(NO_VALID_REFRESH_TOKEN);
  const tokenHash = hashToken(presented);
  const now = new Date();
  let token = await rotateRefreshToken(db, tokenHash, now);
  if (!token) {
    const existing = await findRefreshToken(db, tokenHash);
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
  const user = await findUser(db, token.userId);
  if (!user?.activeStatus) {
    await revokeFamily(db, token.familyId);
    throw AppError.unauthorized(NO_VALID_REFRESH_TOKEN);
  }
  const refreshToken = await createRefreshToken(db, config, user.id, token.familyId);
  return { userId: user.id, username: user.username, familyId: token.familyId, refreshToken };
}

export { discardPasswordLinks, revokeAllSessions, revokeFamily } from './repository';

/**
 * A one-time link to choose a password (reset, or a new user's first one). The token travels in the
 * fragment, which browsers never send to a server, so it cannot reach a request log or a Referer. Every
 * older unused link of the user dies with it.
 */
export async function issuePasswordLink(
  db: DbOrTx,
  config: AppConfig,
  userId: number,
  validMinutes: number,
  now = new Date(),
) {
  const token = randomToken();
  const tokenId = await db.transaction(async (tx) => {
    await discardPasswordLinks(tx, userId);
    return insertPasswordLink(tx, {
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + validMinutes * 60_000),
    });
  });
  return { link: `${config.publicUrl}/reset-password#token=${encodeURIComponent(token)}`, tokenId };
}

export const RESET_REQUESTED_MESSAGE =
  'If an active account with that username exists, a password reset link has been sent to its e-mail address.';

/** Reset requests one address may make per hour (its answer does not depend on the username). */
export const RESET_REQUESTS_PER_ADDRESS: Allowance = { limit: 10, windowSeconds: 3600 };
/** Reset e-mails one account receives per hour, however many addresses ask for them. */
export const RESET_MAILS_PER_ACCOUNT: Allowance = { limit: 3, windowSeconds: 3600 };

/**
 * Answers at once, and the same for every username: the lookup, the link and the e-mail happen in a job
 * (sendPasswordResetMail), so neither the answer nor its timing tells whether the account exists. When the
 * server cannot send mail at all, the user is told so, whatever the username.
 */
export async function requestPasswordReset(
  context: Pick<AppContext, 'db' | 'mailer' | 'jobQueue'>,
  input: { username: string; address: string; now: Date },
): Promise<string> {
  const { db, mailer, jobQueue } = context;
  if (!mailer.configured) throw AppError.serviceUnavailable(MAIL_NOT_CONFIGURED);
  if (!jobQueue) throw AppError.serviceUnavailable(JOB_QUEUE_NOT_RUNNING);
  const allowance = await takeAllowance(
    db,
    `reset:address:${input.address}`,
    RESET_REQUESTS_PER_ADDRESS,
    input.now,
  );
  if (!allowance.taken) {
    const minutes = Math.ceil(allowance.retryAfterMs / 60_000);
    throw AppError.tooManyRequests(
      `Too many password reset requests from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      Math.ceil(allowance.retryAfterMs / 1000),
    );
  }
  await jobQueue.send(
    PASSWORD_RESET_MAIL_QUEUE,
    { username: input.username },
    { singletonKey: passwordResetSingletonKey(input.username) },
  );
  return RESET_REQUESTED_MESSAGE;
}

const JOB_QUEUE_NOT_RUNNING =
  'E-mail could not be sent: the job queue of this server is not running. Please try again shortly.';

export type PasswordResetMailOutcome = 'sent' | 'no-active-account' | 'account-limit';

/**
 * The job behind a reset request. Past the account's hourly allowance nothing is sent and no link is made,
 * so the last link that went out stays the valid one. A failed send discards its link and throws, and the
 * queue retries.
 */
export async function sendPasswordResetMail(
  context: Pick<AppContext, 'db' | 'config' | 'mailer' | 'clock'>,
  username: string,
): Promise<PasswordResetMailOutcome> {
  const { db, config, mailer } = context;
  const user = await findUserByLoginName(db, username);
  if (!user?.activeStatus) return 'no-active-account';
  const now = context.clock.now();
  const allowanceKey = `reset:mails:${user.id}`;
  const allowance = await takeAllowance(db, allowanceKey, RESET_MAILS_PER_ACCOUNT, now);
  if (!allowance.taken) return 'account-limit';
  const { link, tokenId } = await issuePasswordLink(db, config, user.id, RESET_LINK_MINUTES, now);
  try {
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
  } catch (error) {
    await deletePasswordLink(db, tokenId);
    await giveBackAllowance(db, allowanceKey);
    throw error;
  }
  return 'sent';
}

export const RESET_LINK_INVALID =
  'This password reset link is invalid or has expired. Please request a new one.';

/**
 * Sets the password with a link. The link and every other unused link of the user die; sessions end. The
 * address it was done from becomes one the account has signed in from: the owner proved the mailbox, so
 * failures made by others no longer hold them back there.
 */
export async function confirmPasswordReset(
  db: DbOrTx,
  input: { token: string; newPassword: string; address: string; now: Date },
) {
  const passwordHash = await hashPassword(input.newPassword);
  const user = await db.transaction(async (tx) => {
    const used = await usePasswordLink(tx, hashToken(input.token), input.now);
    if (!used) throw AppError.badRequest(RESET_LINK_INVALID);
    await discardPasswordLinks(tx, used.userId);
    const updated = (await setPasswordHash(tx, used.userId, passwordHash))!;
    // The owner of the mailbox acted: the entry names them.
    await recordPasswordChange(tx, updated, updated.id);
    return updated;
  });
  await revokeAllSessions(db, user.id);
  await rememberAddress(db, user.id, input.address, input.now);
  await clearAccountAtAddress(db, user.username, input.address);
}
