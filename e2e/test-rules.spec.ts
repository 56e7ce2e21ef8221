import type { DovecotServer } from '../test-servers/dovecot';
import { expect } from './fixtures';
import { dovecotSourceFields, mimeMessage, onDovecot } from './fixtures/dovecot-mail';
import { test, unique } from './fixtures/sources';
import { checkBothThemes } from './fixtures/themes';

/**
 * "Test rules against the mailbox" in the order tracking editor (docs/behaviour/mail-intake.md#testing-rules): the
 * rules in the form, changed and not saved, tried on a loopback Dovecot's INBOX; the mailbox, the saved source
 * and the ledger stay as they were.
 */
const USER = { user: 'rules-e2e@shop.example', password: 'rules-e2e-secret' };
const mailServer = onDovecot(test, USER);

function mime(from: string, subject: string, attachment?: { name: string; body: string }): string {
  return mimeMessage({
    from,
    to: USER.user,
    subject,
    ...(attachment ? { attachment: { ...attachment, type: 'text/csv' } } : {}),
  });
}

async function seenFlags(dovecot: DovecotServer): Promise<boolean[]> {
  const client = await dovecot.connect(USER.user);
  try {
    await client.mailboxOpen('INBOX', { readOnly: true });
    const messages = await client.fetchAll('1:*', { uid: true, flags: true });
    return messages.map((message) => message.flags?.has('\\Seen') ?? false);
  } finally {
    await client.logout();
  }
}

test('the editor tests its unsaved rules against the mailbox and changes nothing', async ({
  page,
  sources,
  signIn,
  createUser,
}) => {
  const dovecot = mailServer();
  // A mailbox read four times and two themes checked, on a machine shared with other work.
  test.setTimeout(150_000);
  // Inactive: no poll reads the mailbox meanwhile, and rules can be tried before intake is switched on.
  const mailbox = await sources.emailSource({
    ...dovecotSourceFields(dovecot, USER),
    activeStatus: false,
  });
  const tracking = await sources.orderTrackingSource(mailbox.id, {
    sourceName: unique('Acme tracking'),
    fromEmail: 'tracking@acme.example',
    subjectValue: 'Shipment report',
    attachmentName: 'tracking_*',
  });
  const csv = (name: string) => ({ name, body: 'Item,Qty,Tracking\r\nA-1,1,1Z999AA10123456784\r\n' });
  await dovecot.appendMessage(
    USER.user,
    mime('tracking@acme.example', 'Shipment report', csv('tracking_1127.csv')),
  );
  await dovecot.appendMessage(
    USER.user,
    mime('tracking@acme.example', 'Shipment report 27/11', csv('tracking_1128.csv')),
  );
  await dovecot.appendMessage(USER.user, mime('orders@acme.example', 'Order confirmation'));

  const user = await createUser({ orderUser: true });
  await signIn(page, user.username, { path: `/order-tracking-sources/edit/${tracking.id}` });
  await expect(page.getByLabel('Subject Value')).toHaveValue('Shipment report');

  const testButton = page.getByRole('button', { name: 'Test rules against the mailbox' });
  await testButton.click();
  const table = page.getByRole('table', { name: 'Rule test results' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(page.getByText('1 of 3 messages would match.')).toBeVisible();
  // Newest first.
  await expect(rows.nth(1)).toContainText('orders@acme.example');
  await expect(rows.nth(1)).toContainText(
    'From: sent by orders@acme.example; this source expects tracking@acme.example',
  );
  await expect(rows.nth(2)).toContainText('No');
  await expect(rows.nth(2)).toContainText(
    "Subject: subject 'Shipment report 27/11' does not equal 'Shipment report'; turn on Contains to match it",
  );
  await expect(rows.nth(3)).toContainText('Yes');
  await expect(rows.nth(3)).toContainText('tracking_1127.csv');

  // The form's rules, not the saved ones: Contains on, not saved.
  await page.getByRole('switch', { name: 'Subject contains (not exact match)' }).click();
  await expect(page.getByText('The rules changed since this test')).toBeVisible();
  await testButton.click();
  await expect(page.getByText('2 of 3 messages would match.')).toBeVisible();
  await expect(rows.nth(2)).toContainText('tracking_1128.csv');

  // Nothing changed: no message marked read, the saved source as it was, nothing in the ledger.
  expect(await seenFlags(dovecot)).toEqual([false, false, false]);
  const saved = await sources.api.get(`/api/order-tracking-sources/get/${tracking.id}`);
  expect((await saved.json()).containsNotExact).toBe(false);
  const ledger = await sources.api.get(`/api/email-sources/${mailbox.id}/messages`);
  expect((await ledger.json()).messages).toEqual([]);

  // After a reload the form holds the saved rules again.
  await checkBothThemes(page, { folder: 'test-rules', name: 'order-tracking-editor' }, async () => {
    await testButton.click();
    await expect(page.getByText('1 of 3 messages would match.')).toBeVisible();
  });

  // A mailbox that cannot be reached says why.
  await dovecot.pause();
  await testButton.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Could not connect to 127.0.0.1:' })).toBeVisible();
  await dovecot.resume();
});
