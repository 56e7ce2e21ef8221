/**
 * The check of a user's current password before a change that must not rest on the session alone: the
 * user's own password change, and minting an API token (docs/design/security.md#api-tokens).
 */
import type { DbOrTx } from '@app/db';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';
import { findUserById } from './accounts-repository';

/** Throws 400 with `field` marked unless `password` is the user's current password. */
export async function assertCurrentPassword(db: DbOrTx, userId: number, password: string, field: string) {
  const row = await findUserById(db, userId);
  if (!row || !(await verifyPassword(row.passwordHash, password))) {
    throw AppError.badRequest('The current password is not correct', {
      [field]: 'Current password is not correct',
    });
  }
}
