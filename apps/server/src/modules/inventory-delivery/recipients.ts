import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';

/** Active users who asked for notifications by e-mail: everyone the product mails on its own. */
export const receivesNotificationMail = () =>
  and(eq(schema.users.activeStatus, true), eq(schema.users.sendNotificationsToEmail, true));

/**
 * Who receives generated inventory files (docs/behaviour/inventory.md#delivery): active users who want e-mail notifications and may
 * see inventory (the Inventory User flag, or admin). Addresses are de-duplicated case-insensitively.
 */
export async function inventoryRecipients(db: DbOrTx): Promise<string[]> {
  const { users } = schema;
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        receivesNotificationMail(),
        or(eq(users.inventoryUser, true), eq(users.isAdmin, true)),
        ne(sql`trim(${users.email})`, ''),
      ),
    )
    .orderBy(asc(users.id));
  const seen = new Set<string>();
  const recipients: string[] = [];
  for (const { email } of rows) {
    const address = email.trim();
    if (seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    recipients.push(address);
  }
  return recipients;
}
