import {
  defaultEnabledColumns,
  ORDER_GRID_COLUMN_IDS,
  ORDER_TRACKING_COLUMN_KEYS,
  type OrderGridColumnId,
  type OrderTrackingSettings,
  type SaveUserResponse,
  type TOrderTrackingSettings,
  type TUpdatePassword,
  type TUpdateUserInfo,
  type TUpdateUsername,
  type TUserFormParsed,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { z } from 'zod';
import type { AppConfig } from '../../config/env';
import type { Clock } from '../../context';
import type { SystemMailer } from '../../integrations/system-mailer';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { plural } from '../../lib/plural';
import type { SessionUser } from '../../plugins/session';
import { revokeUserApiTokens } from '../api-tokens/service';
import { recordAudit, recordPasswordChange } from '../audit/record-audit';
import {
  discardPasswordLinks,
  issuePasswordLink,
  revokeAllSessions,
  SET_PASSWORD_LINK_HOURS,
} from '../auth/auth-service';
import {
  deleteUserRow,
  findColumnSettings,
  findUserById,
  findUserByUsername,
  insertUserRow,
  isUsernameConflict,
  lockUser,
  saveColumnSettings,
  toUser,
  toUserInfo,
  updateUserRow,
} from './accounts-repository';
import { assertCurrentPassword } from './current-password';

/** Account calls act on the caller's own account only, whatever id or name the request carries. */
export function assertOwnAccount(caller: SessionUser, target: { userId?: number | null; username?: string }) {
  const idMismatch = target.userId != null && target.userId !== caller.id;
  const nameMismatch =
    target.username != null && target.username.toLowerCase() !== caller.username.toLowerCase();
  if (idMismatch || nameMismatch) throw AppError.forbidden('You can only view or change your own account');
}

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** A user's audit entry (docs/behaviour/audit-log.md): the hash is a secret, recorded as "password: changed". */
async function auditUser(
  tx: DbOrTx,
  actor: SessionUser,
  action: 'created' | 'updated' | 'deleted',
  before: UserRow | null | undefined,
  after: UserRow | null,
) {
  const entityId = (after ?? before)!.id;
  await recordAudit(tx, {
    actor,
    entityType: 'user',
    entityId,
    action,
    before: before ?? null,
    after,
    secretFields: ['passwordHash'],
  });
}

function usernameTaken(username: string) {
  return AppError.conflict(`The username "${username}" is already taken. Please choose another.`, {
    username: 'Username is already taken',
  });
}

export async function getUserInfo(db: DbOrTx, caller: SessionUser, username: string) {
  assertOwnAccount(caller, { username });
  const row = await findUserById(db, caller.id);
  if (!row) throw AppError.notFound('User not found');
  return toUserInfo(row);
}

export async function updateUserInfo(db: DbOrTx, caller: SessionUser, input: TUpdateUserInfo) {
  assertOwnAccount(caller, { userId: input.UserID });
  const email = z.email().safeParse(input.Email);
  if (!email.success)
    throw AppError.badRequest('Enter a valid email address', { Email: 'Enter a valid email address' });
  const row = await db.transaction(async (tx) => {
    const before = await lockUser(tx, caller.id);
    const after = await updateUserRow(tx, caller.id, {
      email: email.data,
      firstName: input.FirstName || null,
      lastName: input.LastName || null,
    });
    if (after) await auditUser(tx, caller, 'updated', before, after);
    return after;
  });
  if (!row) throw AppError.notFound('User not found');
  return { email: row.email, firstName: row.firstName, lastName: row.lastName };
}

export async function updateUsername(db: DbOrTx, caller: SessionUser, input: TUpdateUsername) {
  assertOwnAccount(caller, { userId: input.UserID, username: input.OldUsername });
  const other = await findUserByUsername(db, input.NewUsername);
  if (other && other.id !== caller.id) throw usernameTaken(input.NewUsername);
  try {
    await db.transaction(async (tx) => {
      const before = await lockUser(tx, caller.id);
      const after = await updateUserRow(tx, caller.id, { username: input.NewUsername });
      if (after) await auditUser(tx, caller, 'updated', before, after);
    });
  } catch (error) {
    if (isUsernameConflict(error)) throw usernameTaken(input.NewUsername);
    throw error;
  }
  await revokeAllSessions(db, caller.id);
}

export async function updatePassword(db: DbOrTx, caller: SessionUser, input: TUpdatePassword) {
  assertOwnAccount(caller, { userId: input.UserID, username: input.Username });
  await assertCurrentPassword(db, caller.id, input.OldPassword, 'OldPassword');
  const passwordHash = await hashPassword(input.NewPassword);
  await db.transaction(async (tx) => {
    await updateUserRow(tx, caller.id, { passwordHash });
    await recordPasswordChange(tx, caller, caller.id);
  });
  await revokeAllSessions(db, caller.id);
  await discardPasswordLinks(db, caller.id);
}

function normaliseColumns(stored: Record<string, boolean | undefined> | undefined) {
  const columns = defaultEnabledColumns();
  if (!stored) return columns;
  for (const key of ORDER_TRACKING_COLUMN_KEYS) {
    if (typeof stored[key] === 'boolean') columns[key] = stored[key];
  }
  return columns;
}

/** A stored order keeps only the ids the grid still has (a column could be dropped in a later version). */
function knownColumnOrder(stored: readonly string[] | null | undefined): OrderGridColumnId[] {
  const known = new Set<string>(ORDER_GRID_COLUMN_IDS);
  return (stored ?? []).filter((id): id is OrderGridColumnId => known.has(id));
}

export async function getOrderTrackingSettings(db: DbOrTx, userId: number): Promise<OrderTrackingSettings> {
  const row = await findColumnSettings(db, userId);
  // Not saved yet: all columns on, as the spec's defaults say; id 0 tells the client nothing is stored.
  if (!row) return { id: 0, userId, enabledColumns: defaultEnabledColumns(), columnOrder: [] };
  return {
    id: row.id,
    userId,
    enabledColumns: normaliseColumns(row.enabledColumns),
    columnOrder: knownColumnOrder(row.columnOrder),
  };
}

export async function saveOrderTrackingSettings(
  db: DbOrTx,
  caller: SessionUser,
  input: TOrderTrackingSettings,
): Promise<OrderTrackingSettings> {
  assertOwnAccount(caller, { userId: input.userId ?? null });
  const enabledColumns = normaliseColumns(input.enabledColumns);
  const row = await saveColumnSettings(db, caller.id, enabledColumns, input.columnOrder);
  return {
    id: row.id,
    userId: caller.id,
    enabledColumns,
    columnOrder: knownColumnOrder(row.columnOrder),
  };
}

export async function deleteUser(db: DbOrTx, caller: SessionUser, userId: number) {
  if (userId === caller.id) throw AppError.badRequest('You cannot delete your own account');
  await db.transaction(async (tx) => {
    const before = await lockUser(tx, userId);
    if (!before || !(await deleteUserRow(tx, userId))) throw AppError.notFound('User not found');
    await auditUser(tx, caller, 'deleted', before, null);
  });
}

export async function saveUser(
  { db, config, mailer, clock }: { db: DbOrTx; config: AppConfig; mailer: SystemMailer; clock: Clock },
  caller: SessionUser,
  input: TUserFormParsed,
): Promise<SaveUserResponse> {
  const values = {
    username: input.username,
    email: input.email,
    firstName: input.firstName || null,
    lastName: input.lastName || null,
    isAdmin: input.isAdmin,
    inventoryUser: input.inventoryUser,
    orderUser: input.orderUser,
    submissionUser: input.submissionUser,
    sendNotificationsToEmail: input.sendNotificationsToEmail,
    activeStatus: input.activeStatus,
    debugMode: input.debugMode,
  };
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;

  if (input.userId === caller.id && (!input.isAdmin || !input.activeStatus)) {
    // An admin locking themselves out would leave nobody able to undo it.
    throw AppError.badRequest('You cannot remove your own admin rights or deactivate your own account');
  }
  const existingByName = await findUserByUsername(db, input.username);
  if (existingByName && existingByName.id !== input.userId) throw usernameTaken(input.username);

  try {
    if (input.userId === 0) {
      const user = toUser(
        await db.transaction(async (tx) => {
          const row = await insertUserRow(tx, { ...values, passwordHash: passwordHash ?? null });
          await auditUser(tx, caller, 'created', null, row);
          return row;
        }),
      );
      if (passwordHash) return { user };
      return {
        user,
        notice: await sendSetPasswordLink(db, config, mailer, user.userId, user.email, user.username),
      };
    }
    let revokedTokens = 0;
    const row = await db.transaction(async (tx) => {
      const before = await lockUser(tx, input.userId);
      if (!before) throw AppError.notFound('User not found');
      const after = await updateUserRow(
        tx,
        input.userId,
        passwordHash ? { ...values, passwordHash } : values,
      );
      await auditUser(tx, caller, 'updated', before, after!);
      // An admin's reset of another user's password ends that user's API tokens too: whoever had the old
      // password may have minted them (docs/decisions/0015-api-tokens.md). One's own change keeps them.
      if (passwordHash && input.userId !== caller.id) {
        revokedTokens = await revokeUserApiTokens(tx, caller, input.userId, clock.now());
      }
      return after!;
    });
    if (passwordHash || !row.activeStatus) await revokeAllSessions(db, row.id);
    if (passwordHash) await discardPasswordLinks(db, row.id);
    if (revokedTokens === 0) return { user: toUser(row) };
    return {
      user: toUser(row),
      notice: `The password was reset, and ${plural(revokedTokens, 'API token')} of ${row.username} ${revokedTokens === 1 ? 'was' : 'were'} revoked.`,
    };
  } catch (error) {
    if (isUsernameConflict(error)) throw usernameTaken(input.username);
    throw error;
  }
}

async function sendSetPasswordLink(
  db: DbOrTx,
  config: AppConfig,
  mailer: SystemMailer,
  userId: number,
  email: string,
  username: string,
): Promise<string> {
  if (!mailer.configured) {
    return 'The user has no password yet and no e-mail could be sent (SMTP is not configured). Set a password for them, or ask them to use Forgot Password once e-mail is set up.';
  }
  const { link } = await issuePasswordLink(db, config, userId, SET_PASSWORD_LINK_HOURS * 60);
  try {
    await mailer.send({
      to: email,
      subject: 'Your new account',
      text: [
        `Hello ${username},`,
        '',
        `An account was created for you with the username "${username}". Open this link to choose your password:`,
        link,
        '',
        `The link works once and expires in ${SET_PASSWORD_LINK_HOURS} hours.`,
      ].join('\n'),
    });
    return `A link to choose a password was e-mailed to ${email}.`;
  } catch (error) {
    return `The user was created, but the e-mail with the password link could not be sent: ${(error as Error).message}`;
  }
}
