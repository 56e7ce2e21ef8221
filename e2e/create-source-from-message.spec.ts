import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from './fixtures';
import { dovecotSourceFields, mimeMessage, onDovecot } from './fixtures/dovecot-mail';
import { AFTER_RETRIES, saveButton, signInAt, test, unique } from './fixtures/sources';

/**
 * Create a source from a message (docs/behaviour/mail-intake.md#create-a-source-from-a-message): a supplier
 * whose subject now carries a date is unmatched in the ledger; "New order tracking source" on its workbook
 * opens the editor pre-filled (sender, the subject's stable part with Contains, the wildcard, the file type,
 * the suggested mapping), nothing is stored until Save, and the saved source has those values.
 */
const USER = { user: 'create-e2e@shop.example', password: 'create-e2e-secret' };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FILE = 'Shipment_20261127_03.xlsx';
const workbook = readFileSync(
  path.resolve(import.meta.dirname, '../apps/server/test/fixtures/order-tracking/shipments.xlsx'),
);
const dovecot = onDovecot(test, USER);

function mailWithWorkbook(from: string, subject: string): string {
  return mimeMessage({
    from,
    to: USER.user,
    subject,
    attachment: { name: FILE, type: XLSX, body: workbook },
  });
}

test('ledger message → New order tracking source → editor pre-filled → Save → the source has those values', async ({
  page,
  sources,
  createUser,
}) => {
  const mailbox = await sources.emailSource(dovecotSourceFields(dovecot(), USER));
  await sources.orderTrackingSource(mailbox.id, {
    sourceName: unique('Acme tracking'),
    fromEmail: 'tracking@acme.example',
    subjectValue: 'Shipment report',
    attachmentName: 'tracking_*',
  });
  await dovecot().appendMessage(
    USER.user,
    mailWithWorkbook('tracking@acme.example', 'Shipment report 27/11/2026'),
  );
  const poll = await sources.api.post(`/api/email-sources/${mailbox.id}/poll`);
  expect(poll.status(), await poll.text()).toBe(200);
  const before = await (await sources.api.get('/api/order-tracking-sources/active')).json();

  const user = await createUser({ orderUser: true });
  await signInAt(page, user.username, `/email-sources/messages/${mailbox.id}`);
  const row = page.getByRole('table', { name: 'Messages' }).getByRole('row').filter({ hasText: FILE });
  await expect(row).toContainText('Unmatched');
  // An order user is offered the order tracking source only.
  await expect(row.getByRole('button', { name: `New inventory source from ${FILE}` })).toHaveCount(0);
  await row.getByRole('button', { name: `New order tracking source from ${FILE}` }).click();

  await expect(page).toHaveURL(/\/order-tracking-sources\/edit\/0$/, AFTER_RETRIES);
  await expect(page.getByRole('heading', { name: 'Create New Order Tracking Source' })).toBeVisible();
  await expect(page.getByText('Pre-filled from a message')).toBeVisible();
  await expect(page.getByLabel('Email Source', { exact: true })).toHaveText(`${USER.user} (127.0.0.1)`);
  await expect(page.getByLabel('From Email', { exact: true })).toHaveValue('tracking@acme.example');
  await expect(page.getByLabel('Subject Value', { exact: true })).toHaveValue('Shipment report');
  await expect(page.getByLabel('Subject contains (not exact match)')).toBeChecked();
  await expect(page.getByLabel('Attachment Name', { exact: true })).toHaveValue('Shipment_*_*.xlsx');
  await expect(page.getByLabel('File Type', { exact: true })).toHaveText('.xlsx');
  await expect(page.getByLabel('Tracking Numbers', { exact: true })).toHaveValue('Tracking Numbers');
  await expect(page.getByLabel('Customer PO Number', { exact: true })).toHaveValue('PO Number');
  // Nothing is stored before Save.
  expect(await (await sources.api.get('/api/order-tracking-sources/active')).json()).toHaveLength(
    before.length,
  );

  const name = unique('Acme shipments');
  await page.getByLabel('Source Name', { exact: true }).fill(name);
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/order-tracking-sources\/edit\/[1-9]\d*$/, AFTER_RETRIES);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  sources.removeAfter('orderTracking', id);
  const saved = await (await sources.api.get(`/api/order-tracking-sources/get/${id}`)).json();
  expect(saved).toMatchObject({
    sourceName: name,
    emailSourceId: mailbox.id,
    fromEmail: 'tracking@acme.example',
    subjectValue: 'Shipment report',
    containsNotExact: true,
    attachmentName: 'Shipment_*_*.xlsx',
    fileType: '.xlsx',
  });
  expect(saved.columnNormalizationValues).toMatchObject({
    trackingNumbers: 'Tracking Numbers',
    customerPoNumber: 'PO Number',
  });
});
