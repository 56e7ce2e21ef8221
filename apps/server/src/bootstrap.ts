import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '@app/db';
import type { AppConfig } from './config/env';
import { hashPassword } from './lib/passwords';
import type { SecretBox } from './lib/secrets';
import { countUsers, insertUserIfAbsent } from './modules/accounts/accounts-repository';
import {
  listEmailSourcesWithLegacySecret,
  replaceEmailSourceSecret,
} from './modules/email-sources/repository';
import { sealMailboxSecret } from './modules/email-sources/source-connection';
import {
  listInventorySourcesWithLegacySftpSecret,
  replaceSftpSecret,
} from './modules/inventory-sources/repository';
import { sealSftpSecret } from './modules/inventory-sources/sftp-connection';

/**
 * On the very first start (no users at all) creates the admin from ADMIN_USERNAME / ADMIN_PASSWORD, or with
 * a generated password that is printed once. Returns the generated password, if any.
 */
export async function ensureInitialAdmin(
  db: DbOrTx,
  config: AppConfig,
): Promise<{ created: boolean; generatedPassword?: string }> {
  if ((await countUsers(db)) > 0) return { created: false };
  const generatedPassword = config.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const password = config.adminPassword ?? generatedPassword!;
  // Two instances starting on an empty database: the second one's insert simply loses.
  await insertUserIfAbsent(db, {
    username: config.adminUsername,
    email: config.adminEmail,
    passwordHash: await hashPassword(password),
    isAdmin: true,
    inventoryUser: true,
    orderUser: true,
    submissionUser: true,
    activeStatus: true,
  });
  return generatedPassword ? { created: true, generatedPassword } : { created: true };
}

/**
 * Secrets stored before they were sealed to their connection settings (v1) are sealed to the settings
 * their row has now, once, at start-up; from then on they open only with those settings. One that cannot
 * be read (another APP_SECRET_KEY) is left as it is: the editor asks for it again. Returns how many were
 * sealed. Each row is written only if its secret is still the one read, so two instances starting together
 * do not undo each other.
 */
export async function upgradeLegacySecrets(db: DbOrTx, secrets: SecretBox): Promise<number> {
  let upgraded = 0;
  for (const row of await listEmailSourcesWithLegacySecret(db)) {
    const sealed = reseal(secrets, row.passwordEncrypted!, (plain) => sealMailboxSecret(secrets, row, plain));
    if (!sealed) continue;
    upgraded += await replaceEmailSourceSecret(db, row.id, row.passwordEncrypted!, sealed);
  }
  for (const row of await listInventorySourcesWithLegacySftpSecret(db)) {
    const sealed = reseal(secrets, row.sftpPasswordEncrypted!, (plain) =>
      sealSftpSecret(secrets, row, plain),
    );
    if (!sealed) continue;
    upgraded += await replaceSftpSecret(db, row.id, row.sftpPasswordEncrypted!, sealed);
  }
  return upgraded;
}

function reseal(secrets: SecretBox, legacy: string, seal: (plain: string) => string): string | undefined {
  try {
    return seal(secrets.openLegacy(legacy));
  } catch {
    return undefined;
  }
}
