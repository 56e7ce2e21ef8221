import { randomBytes } from 'node:crypto';
import type { AppDb } from '@app/db';
import { schema } from '@app/db';
import { sql } from 'drizzle-orm';
import type { AppConfig } from './config/env';
import { hashPassword } from './lib/passwords';

/**
 * On the very first start (no users at all) creates the admin from ADMIN_USERNAME / ADMIN_PASSWORD, or with
 * a generated password that is printed once. Returns the generated password, if any.
 */
export async function ensureInitialAdmin(
  db: AppDb,
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
