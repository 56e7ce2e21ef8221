import { expect } from './fixtures';
import { dovecotSourceFields, type MimeAttachment, mimeMessage, onDovecot } from './fixtures/dovecot-mail';
import { test, unique } from './fixtures/sources';
import { checkBothThemes } from './fixtures/themes';

/**
 * The mailbox ledger page (docs/behaviour/mail-intake.md#the-mailbox-ledger): a real poll of a loopback Dovecot
 * fills it (the browser tests have no other IMAP server), then the page shows each message's outcome and the
 * first rule that failed, searches, filters and pages.
 */
const USER = { user: 'ledger-e2e@shop.example', password: 'ledger-e2e-secret' };
const mailServer = onDovecot(test, USER);

function mime(from: string, subject: string, attachment?: MimeAttachment): string {
  return mimeMessage({ from, to: USER.user, subject, ...(attachment ? { attachment } : {}) });
}

test('the ledger shows each message, its outcome and the failing rule; search and filter narrow it', async ({
  page,
  sources,
  signIn,
  createUser,
}) => {
  const dovecot = mailServer();
  const mailbox = await sources.emailSource({
    ...dovecotSourceFields(dovecot, USER),
  });
  const tracking = await sources.orderTrackingSource(mailbox.id, {
    sourceName: unique('Acme tracking'),
    fromEmail: 'tracking@acme.example',
    subjectValue: 'Shipment report',
    attachmentName: 'tracking_*',
  });
  const csv = {
    name: 'tracking_1127.csv',
    type: 'text/csv',
    body: 'Item,Qty,Tracking\r\nA-1,1,1Z999AA10123456784\r\n',
  };
  await dovecot.appendMessage(USER.user, mime('tracking@acme.example', 'Shipment report', csv));
  await dovecot.appendMessage(USER.user, mime('tracking@acme.example', 'Shipment report 27/11', csv));
  await dovecot.appendMessage(USER.user, mime('orders@acme.example', 'Order confirmation'));
  const poll = await sources.api.post(`/api/email-sources/${mailbox.id}/poll`);
  expect(poll.status(), await poll.text()).toBe(200);

  const user = await createUser({ orderUser: true });
  await signIn(page, user.username, { path: '/email-sources' });
  const row = page.getByRole('row').filter({ hasText: USER.user });
  await row.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Messages' }).click();
  await expect(page).toHaveURL(new RegExp(`/email-sources/messages/${mailbox.id}$`));
  await expect(page.getByRole('heading', { name: `Messages: ${USER.user}` })).toBeVisible();

  const table = page.getByRole('table', { name: 'Messages' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(4);
  // Newest first.
  await expect(rows.nth(1)).toContainText('orders@acme.example');
  await expect(rows.nth(1)).toContainText('Ignored');
  await expect(rows.nth(1)).toContainText(`the nearest is "${tracking.sourceName}"`);
  await expect(rows.nth(2)).toContainText('Unmatched');
  await expect(rows.nth(2)).toContainText(
    "subject 'Shipment report 27/11' does not equal 'Shipment report'; turn on Contains to match it",
  );
  await expect(rows.nth(3)).toContainText('Processed');
  await expect(rows.nth(3)).toContainText('tracking_1127.csv');
  await expect(rows.nth(3).getByRole('link', { name: /^Run \d+$/ })).toBeVisible();

  await page.getByLabel('Search sender or subject').fill('27/11');
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Search sender or subject').fill('');
  await page.getByLabel('Outcome').click();
  await page.getByRole('option', { name: 'Ignored' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('orders@acme.example');

  await checkBothThemes(page, { folder: 'mailbox-ledger', name: 'ledger' }, async () => {
    await expect(rows.first()).toBeVisible();
  });
});
