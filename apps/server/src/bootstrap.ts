import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, eq, like, sql } from 'drizzle-orm';
import type { AppConfig } from './config/env';
import { hashPassword } from './lib/passwords';
import type { SecretBox } from './lib/secrets';
import { sealMailboxSecret } from './modules/email-sources/source-connection';
import { sealSftpSecret } from './modules/inventory-sources/sftp-connection';

/**
 * On the very first start (no users at all) creates the admin from ADMIN_USERNAME / ADMIN_PASSWORD, or with
 * a generated password that is printed once. Returns the generated password, if any.
 */
export async function ensureInitialAdmin(
  db: DbOrTx,
  config: AppConfig,
): Promise<{ created: boolean; generatedPassword?: string }> {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(schema.users);
  if (count > 0) return { created: false };
  const generatedPassword = config.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const password = config.adminPassword ?? generatedPassword!;
  await db
    .insert(schema.users)
    .values({
      username: config.adminUsername,
      email: config.adminEmail,
      passwordHash: await hashPassword(password),
      isAdmin: true,
      inventoryUser: true,
      orderUser: true,
      submissionUser: true,
      activeStatus: true,
    })
    // Two instances starting on an empty database: the second one's insert simply loses.
    .onConflictDoNothing();
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
  const { emailSources, inventorySources } = schema;
  const mailRows = await db.select().from(emailSources).where(like(emailSources.passwordEncrypted, 'v1:%'));
  for (const row of mailRows) {
    const sealed = reseal(secrets, row.passwordEncrypted!, (plain) => sealMailboxSecret(secrets, row, plain));
    if (!sealed) continue;
    const done = await db
      .update(emailSources)
      .set({ passwordEncrypted: sealed })
      .where(and(eq(emailSources.id, row.id), eq(emailSources.passwordEncrypted, row.passwordEncrypted!)))
      .returning({ id: emailSources.id });
    upgraded += done.length;
  }
  const sftpRows = await db
    .select()
    .from(inventorySources)
    .where(like(inventorySources.sftpPasswordEncrypted, 'v1:%'));
  for (const row of sftpRows) {
    const sealed = reseal(secrets, row.sftpPasswordEncrypted!, (plain) =>
      sealSftpSecret(secrets, row, plain),
    );
    if (!sealed) continue;
    const done = await db
      .update(inventorySources)
      .set({ sftpPasswordEncrypted: sealed })
      .where(
        and(
          eq(inventorySources.id, row.id),
          eq(inventorySources.sftpPasswordEncrypted, row.sftpPasswordEncrypted!),
        ),
      )
      .returning({ id: inventorySources.id });
    upgraded += done.length;
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
