/**
 * Personal API tokens (docs/behaviour/api-tokens.md, docs/decisions/0015-api-tokens.md).
 *
 * A token is `iot_<public id>_<secret>`: the public id (12 hex characters) finds the row, and the SHA-256 of
 * the whole token, compared in constant time, proves it. Only that digest is stored: the secret has 256 bits
 * of entropy, so a slow password hash would add nothing but cost on every request.
 *
 * Creating and revoking are one function each, each in its own transaction, so that an audit record can be
 * written in the same transaction.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_TOKEN_LIMIT_PER_USER,
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenScope,
  type CreatedApiToken,
  type RevokedApiTokens,
  type TCreateApiToken,
} from '@app/contracts';
import type { AppDb, DbOrTx } from '@app/db';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { hashToken, randomToken } from '../../lib/crypto';
import type { SessionUser } from '../../plugins/session-user';
import { findUserById } from '../accounts/accounts-repository';
import { assertCurrentPassword } from '../accounts/current-password';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import {
  type ApiTokenRow,
  countLiveApiTokens,
  findApiTokenWithUser,
  insertApiTokenRow,
  listUnrevokedApiTokens,
  revokeApiTokenRow,
  revokeUserApiTokenRows,
  touchApiToken,
} from './repository';

const DAY_MS = 86_400_000;
/** Last use is recorded at most this often per token, so a busy script does not write on every request. */
export const LAST_USED_INTERVAL_MS = 60_000;

const TOKEN_PATTERN = /^iot_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export interface ApiTokenCaller {
  id: number;
  scope: ApiTokenScope;
}

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as ApiTokenScope,
    prefix: `${API_TOKEN_PREFIX}${row.publicId}`,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * What the audit log keeps of a token (docs/behaviour/audit-log.md): never its digest, nor its last use,
 * which changes on every minute of use and is no one's change.
 */
function auditSnapshot(row: ApiTokenRow) {
  return {
    name: row.name,
    scope: row.scope,
    prefix: `${API_TOKEN_PREFIX}${row.publicId}`,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
  };
}

/**
 * Every user may choose either scope: each right a user holds today (a flag, admin) includes writing, so
 * "read-write" is never wider than the user. What a token reaches is decided per request by the user's
 * current flags (see authenticateApiToken), so a flag taken away later is taken from the token too.
 */
export async function createApiToken(
  db: AppDb,
  clock: Clock,
  caller: SessionUser,
  input: TCreateApiToken,
): Promise<CreatedApiToken> {
  // A stolen 15-minute session must not become a credential of up to a year.
  await assertCurrentPassword(db, caller.id, input.currentPassword, 'currentPassword');
  const now = clock.now();
  const publicId = randomBytes(6).toString('hex');
  const token = `${API_TOKEN_PREFIX}${publicId}_${randomToken(32)}`;
  const row = await db.transaction(async (tx) => {
    if ((await countLiveApiTokens(tx, caller.id, now)) >= API_TOKEN_LIMIT_PER_USER) {
      throw AppError.conflict(
        `You already have ${API_TOKEN_LIMIT_PER_USER} API tokens. Revoke one you no longer use first.`,
      );
    }
    const created = await insertApiTokenRow(tx, {
      userId: caller.id,
      name: input.name,
      scope: input.scope,
      publicId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
    });
    await recordAudit(tx, {
      actor: caller,
      entityType: 'token',
      entityId: created.id,
      action: 'created',
      before: null,
      after: auditSnapshot(created),
    });
    return created;
  });
  return { id: row.id, token };
}

export async function listApiTokens(db: DbOrTx, caller: SessionUser): Promise<ApiToken[]> {
  return (await listUnrevokedApiTokens(db, caller.id)).map(toApiToken);
}

/** Revokes one of the caller's own tokens; another user's token answers 404 like one that does not exist. */
export async function revokeApiToken(db: AppDb, clock: Clock, caller: SessionUser, id: number) {
  const row = await db.transaction(async (tx) => {
    const revoked = await revokeApiTokenRow(tx, caller.id, id, clock.now());
    if (revoked) {
      await recordAudit(tx, {
        actor: caller,
        entityType: 'token',
        entityId: revoked.id,
        action: 'revoked',
        before: auditSnapshot({ ...revoked, revokedAt: null }),
        after: auditSnapshot(revoked),
      });
    }
    return revoked;
  });
  if (!row) throw AppError.notFound('API token not found');
}

/**
 * Revokes every live token of `userId`, each with its own 'revoked' entry by `actor`, in the caller's
 * transaction: an admin's "Revoke all API tokens", and an admin's reset of the user's password. The number
 * revoked.
 */
export async function revokeUserApiTokens(
  tx: DbOrTx,
  actor: AuditActor,
  userId: number,
  now: Date,
): Promise<number> {
  const revoked = await revokeUserApiTokenRows(tx, userId, now);
  for (const row of revoked) {
    await recordAudit(tx, {
      actor,
      entityType: 'token',
      entityId: row.id,
      action: 'revoked',
      before: auditSnapshot({ ...row, revokedAt: null }),
      after: auditSnapshot(row),
    });
  }
  return revoked.length;
}

/** POST /api/accounts/revoke-tokens/{userId} (admins): ends every token of the user; 404 for no such user. */
export async function revokeAllApiTokensOf(
  db: AppDb,
  clock: Clock,
  caller: SessionUser,
  userId: number,
): Promise<RevokedApiTokens> {
  return db.transaction(async (tx) => {
    if (!(await findUserById(tx, userId))) throw AppError.notFound('User not found');
    return { revoked: await revokeUserApiTokens(tx, caller, userId, clock.now()) };
  });
}

/**
 * The user and token behind `Authorization: Bearer <token>`, with the user's rights as they are now; throws
 * 401 for a malformed, unknown, revoked or expired token and for a deactivated user.
 */
export async function authenticateApiToken(
  db: DbOrTx,
  clock: Clock,
  token: string,
): Promise<{ user: SessionUser; apiToken: ApiTokenCaller }> {
  const invalid = () => AppError.unauthorized('This API token is not valid: it is unknown or was revoked.');
  const match = TOKEN_PATTERN.exec(token);
  if (!match) throw invalid();
  const row = await findApiTokenWithUser(db, match[1]!);
  if (!row) throw invalid();
  const given = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(row.token.tokenHash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) throw invalid();
  if (row.token.revokedAt) throw invalid();
  const now = clock.now();
  if (row.token.expiresAt <= now) throw AppError.unauthorized('This API token has expired.');
  const { activeStatus, ...user } = row.user;
  if (!activeStatus) throw AppError.unauthorized('The account of this API token is deactivated.');
  const lastUsed = row.token.lastUsedAt?.getTime() ?? 0;
  if (now.getTime() - lastUsed >= LAST_USED_INTERVAL_MS) {
    await touchApiToken(db, row.token.id, now, LAST_USED_INTERVAL_MS);
  }
  return {
    // A token request belongs to no sign-in, so it has no session family; the routes that use one
    // (/auth/*) refuse API tokens.
    user: { ...user, familyId: '', viaApiToken: { publicId: row.token.publicId, name: row.token.name } },
    apiToken: { id: row.token.id, scope: row.token.scope as ApiTokenScope },
  };
}
