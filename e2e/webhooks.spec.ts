/**
 * Admin → Webhooks (docs/behaviour/webhooks.md): an admin registers an endpoint, sends a test event to a real
 * receiver on loopback, reads the delivery log, edits and deletes it. The main server keeps the address guard
 * on (a loopback URL is refused); the second server allows private addresses, so the receiver can be reached.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type APIRequestContext, request } from '@playwright/test';
import { type Receiver, startReceiver } from '../apps/server/test/modules/webhooks';
import { card, E2E_ADMIN, expect, test } from './fixtures';
import { MAIL_SERVER_PORT } from './fixtures/constants';

const SECRET = 'e2e-webhook-secret-0123456789';

/** The verification snippet of docs/behaviour/webhooks.md. */
function verify(secret: string, header: string, rawBody: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

test('a loopback URL is refused while private addresses are not allowed', async ({
  page,
  createUser,
  signIn,
}) => {
  const admin = await createUser({ isAdmin: true });
  await signIn(page, admin.username, { path: '/admin/webhooks/edit/0' });
  await page.getByLabel('URL').fill('http://127.0.0.1:9/hook');
  await page.getByLabel('Signing secret').fill(SECRET);
  await page.getByLabel('Run failed').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/leads to a private network address \(127\.0\.0\.1\)/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/webhooks\/edit\/0$/);
});

test('users without the admin flag cannot open the page', async ({ page, createUser, signIn }) => {
  const user = await createUser({ orderUser: true, inventoryUser: true, submissionUser: true });
  await signIn(page, user.username);
  await page.goto('/admin/webhooks');
  await expect(page).toHaveURL(/\/home$/);
});

test.describe('with private addresses allowed', () => {
  const baseURL = `http://127.0.0.1:${MAIL_SERVER_PORT}`;
  test.use({ baseURL });
  let receiver: Receiver;
  let api: APIRequestContext;

  test.beforeEach(async () => {
    receiver = await startReceiver();
    api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
    expect((await api.post('/auth/login', { data: E2E_ADMIN })).status()).toBe(204);
  });
  test.afterEach(async () => {
    // Endpoints this test left behind.
    const endpoints = (await (await api.get('/api/webhooks')).json()) as Array<{ id: number; url: string }>;
    for (const endpoint of endpoints.filter((entry) => entry.url.startsWith(receiver.url))) {
      await api.delete(`/api/webhooks/${endpoint.id}`);
    }
    await api.dispose();
    await receiver.close();
  });

  test('an admin adds an endpoint, sends a signed test event, sees a retry after a 500, edits and deletes it', async ({
    page,
    createUser,
    signIn,
  }) => {
    const admin = await createUser({ isAdmin: true });
    await signIn(page, admin.username, { path: '/admin' });
    await card(page, 'Webhooks').getByRole('link', { name: 'Manage Webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
    await page.getByRole('link', { name: 'Add Endpoint' }).click();

    // The form says what is missing before anything is sent.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Choose at least one event')).toBeVisible();

    await page.getByLabel('URL').fill(receiver.url);
    await page.getByLabel('Signing secret').fill(SECRET);
    await page.getByLabel('Run failed').check();
    await page.getByLabel('Order submission sent').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Webhook' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/webhooks\/edit\/\d+$/);
    const id = Number(page.url().split('/').at(-1));

    // The secret is write-only: the editor shows it empty, the API never returns it.
    await expect(page.getByLabel('Signing secret')).toHaveValue('');
    expect(await (await api.get(`/api/webhooks/${id}`)).text()).not.toContain(SECRET);

    const log = card(page, 'Deliveries');
    await expect(log.getByText('No deliveries yet.')).toBeVisible();
    await log.getByRole('button', { name: 'Send Test Event' }).click();
    await receiver.waitFor(1);
    const [first] = receiver.received;
    expect(verify(SECRET, String(first!.headers['x-inbox-ops-signature']), first!.body)).toBe(true);
    const event = JSON.parse(first!.body) as { id: string; type: string };
    expect(event.type).toBe('test');
    const firstRow = log.getByRole('row').filter({ hasText: event.id });
    await expect(firstRow).toContainText('Delivered');
    await expect(firstRow.getByRole('cell', { name: '200', exact: true })).toBeVisible();

    // A receiver that fails: the log shows the 500 and when the next attempt is due.
    receiver.answers.push(500);
    await log.getByRole('button', { name: 'Send Test Event' }).click();
    await receiver.waitFor(2);
    const failed = JSON.parse(receiver.received[1]!.body) as { id: string };
    const failedRow = log.getByRole('row').filter({ hasText: failed.id });
    await expect(failedRow).toContainText('Pending');
    await expect(failedRow).toContainText('The endpoint answered 500');
    await expect(failedRow.getByRole('cell', { name: '500', exact: true })).toBeVisible();
    const deliveries = (await (await api.get(`/api/webhooks/${id}/deliveries`)).json()) as Array<{
      eventId: string;
      nextRetryAt: string | null;
    }>;
    expect(deliveries.find((delivery) => delivery.eventId === failed.id)?.nextRetryAt).not.toBeNull();

    // Edit without retyping the secret: the stored one keeps signing. The creation's "Webhook saved" has gone
    // first, so that the message below is the edit's.
    await expect(page.getByText('Webhook saved')).toHaveCount(0);
    await page.getByLabel('Order submission sent').uncheck();
    await page.getByLabel('Active').click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Webhook saved')).toBeVisible();
    const saved = (await (await api.get(`/api/webhooks/${id}`)).json()) as {
      events: string[];
      active: boolean;
    };
    expect(saved).toMatchObject({ events: ['run.failed'], active: false });
    await log.getByRole('button', { name: 'Send Test Event' }).click();
    await receiver.waitFor(3);
    const third = receiver.received[2]!;
    expect(verify(SECRET, String(third.headers['x-inbox-ops-signature']), third.body)).toBe(true);

    // The list shows it; Delete removes it.
    await page.getByRole('link', { name: 'Back to Webhooks' }).click();
    const row = page.getByRole('row').filter({ hasText: receiver.url });
    await expect(row).toContainText('Run failed');
    await expect(row).toContainText('Inactive');
    await row.getByRole('button', { name: `Delete ${receiver.url}` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('No webhook endpoints yet.').or(page.getByRole('table'))).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: receiver.url })).toHaveCount(0);
    expect((await api.get(`/api/webhooks/${id}`)).status()).toBe(404);
  });
});
