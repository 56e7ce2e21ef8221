import { expect } from './fixtures';
import { dovecotSourceFields, mimeMessage, onDovecot } from './fixtures/dovecot-mail';
import { orderTrackingSourcePayload, test, unique } from './fixtures/sources';

/**
 * Offer again on the mailbox ledger page (docs/behaviour/mail-intake.md#offer-a-message-again): a message the
 * subject rule turned away is offered again before and after the rule is fixed, against a real poll of a
 * loopback Dovecot.
 */
const USER = { user: 'offer-e2e@shop.example', password: 'offer-e2e-secret' };
const server = onDovecot(test, USER);

const CSV = {
  name: 'tracking_1127.csv',
  type: 'text/csv',
  body: 'Item,Qty,Tracking\r\nA-1,1,1Z999AA10123456784\r\n',
};

test('Offer again shows what each source did, and imports the message once the rule is fixed', async ({
  page,
  sources,
  signIn,
  createUser,
}) => {
  const dovecot = server();
  const mailbox = await sources.emailSource(dovecotSourceFields(dovecot, USER));
  const rule = {
    sourceName: unique('Acme tracking'),
    fromEmail: 'tracking@acme.example',
    subjectValue: 'Shipment report',
    attachmentName: 'tracking_*',
  };
  const tracking = await sources.orderTrackingSource(mailbox.id, rule);
  await dovecot.appendMessage(
    USER.user,
    mimeMessage({
      from: 'tracking@acme.example',
      to: USER.user,
      subject: 'Shipment report 27/11',
      attachment: CSV,
    }),
  );
  const poll = await sources.api.post(`/api/email-sources/${mailbox.id}/poll`);
  expect(poll.status(), await poll.text()).toBe(200);

  const user = await createUser({ orderUser: true });
  await signIn(page, user.username, { path: `/email-sources/messages/${mailbox.id}` });
  const rows = page.getByRole('table', { name: 'Messages' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  const message = rows.nth(1);
  await expect(message).toContainText('Unmatched');

  // The rule is unchanged: the answer names it, and the button is off while the request runs.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/offer-again', async (route) => {
    await held;
    await route.continue();
  });
  await message.getByRole('button', { name: 'Offer again' }).click();
  await expect(message.getByRole('button', { name: 'Offering…' })).toBeDisabled();
  release();
  const answer = message.getByRole('list', { name: 'Offer again result' });
  await expect(answer).toContainText(`${rule.sourceName}: Unmatched`);
  await expect(answer).toContainText(
    "subject 'Shipment report 27/11' does not equal 'Shipment report'; turn on Contains to match it",
  );
  await expect(message).toContainText('Unmatched');
  await page.unroute('**/offer-again');

  // Fixed: the message is imported, the ledger says so and the action goes away.
  const saved = await sources.api.post('/api/order-tracking-sources/save', {
    data: orderTrackingSourcePayload(mailbox.id, { ...rule, Id: tracking.id, containsNotExact: true }),
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await message.getByRole('button', { name: 'Offer again' }).click();
  await expect(page.getByText('Offered again: 1 processed.')).toBeVisible();
  await expect(answer).toContainText(`${rule.sourceName}: Processed`);
  await expect(answer.getByRole('link', { name: /^Run \d+$/ })).toBeVisible();
  await expect(message).toContainText(`Processed by "${rule.sourceName}" (order tracking).`);
  await expect(message.getByRole('button', { name: 'Offer again' })).toHaveCount(0);
});
