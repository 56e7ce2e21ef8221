import type { DbOrTx } from '@app/db';
import { listInventoryRecipientEmails } from './repository';

/**
 * Who receives generated inventory files (docs/behaviour/inventory.md#delivery): active users who want e-mail notifications and may
 * see inventory (the Inventory User flag, or admin). Addresses are de-duplicated case-insensitively.
 */
export async function inventoryRecipients(db: DbOrTx): Promise<string[]> {
  const seen = new Set<string>();
  const recipients: string[] = [];
  for (const email of await listInventoryRecipientEmails(db)) {
    const address = email.trim();
    if (seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    recipients.push(address);
  }
  return recipients;
}
