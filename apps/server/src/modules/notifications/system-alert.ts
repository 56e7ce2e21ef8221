/**
 * An error alert by system mail (`SMTP_*`) to the active order, inventory and submission users who receive
 * notifications by e-mail: for what needs a person now rather than in the next digest (a mailbox's sign-in
 * expired, its server down). Each caller decides when an alert is due, so it goes out once per problem.
 */
import type { DbOrTx } from '@app/db';
import type { SystemMailer } from '../../integrations/system-mailer';
import { groupRecipients } from './send-digest';

/** A mail problem is not the caller's: it is left to the mailer's log. */
export async function sendSystemAlert(
  context: { db: DbOrTx; mailer?: SystemMailer | undefined },
  subject: string,
  lines: string[],
): Promise<void> {
  const mailer = context.mailer;
  if (!mailer?.configured) return;
  const groups = await Promise.all(
    (['order', 'inventory', 'submission'] as const).map((group) => groupRecipients(context.db, group)),
  );
  const seen = new Set<string>();
  const to = groups.flat().filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (to.length === 0) return;
  await mailer.send({ to, subject, text: lines.join('\n') }).catch(() => {});
}
