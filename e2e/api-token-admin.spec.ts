import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { notificationSettingBody as settingBody } from '../apps/server/test/payloads';
import { E2E_PASSWORD, expect, type Page, sameOriginHeaders, test, uniqueName } from './fixtures';

/**
 * What admins see of other users' API tokens (docs/behaviour/api-tokens.md#revoked-by-an-admin,
 * docs/behaviour/audit-log.md#the-audit-page): "Revoke all API tokens" on the user editor, and the audit
 * page naming the token a change was made with.
 */

/** Mints a token for the user signed in on `page`, with the current password as the dialog sends it. */
async function mint(page: Page, name: string): Promise<string> {
  const response = await page.request.post('/api/tokens', {
    headers: sameOriginHeaders(page),
    data: { name, expiresInDays: 30, scope: 'read-write', currentPassword: E2E_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

const scriptGet = (request: APIRequestContext, token: string, url: string) =>
  request.get(url, { headers: { authorization: `Bearer ${token}` } });

async function axeFindings(page: Page, selector: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include(selector)
    .analyze();
  return results.violations.filter((found) => found.impact === 'serious' || found.impact === 'critical');
}

test('an admin revokes all API tokens of a user from the user editor, after a confirmation', async ({
  page,
  request,
  createUser,
  signIn,
}) => {
  const user = await createUser({ orderUser: true });
  await signIn(page, user.username, { path: '/account' });
  const tokens = [await mint(page, uniqueName('ERP ')), await mint(page, uniqueName('Shop '))];
  for (const token of tokens)
    expect((await scriptGet(request, token, '/api/notification-settings')).status()).toBe(200);

  const admin = await createUser({ isAdmin: true });
  await signIn(page, admin.username, { path: `/admin/manage/users/edit/${user.userId}` });
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue(user.username);
  await page.getByRole('button', { name: 'Revoke all API tokens' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke all API tokens' });
  await expect(confirm).toContainText(`Every API token of ${user.username} stops working at once.`);
  expect(await axeFindings(page, '[role="alertdialog"]')).toEqual([]);

  // Cancel leaves them working.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await scriptGet(request, tokens[0]!, '/api/notification-settings')).status()).toBe(200);

  await page.getByRole('button', { name: 'Revoke all API tokens' }).click();
  await confirm.getByRole('button', { name: 'Revoke all' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`Revoked 2 API tokens of ${user.username}`)).toBeVisible();
  for (const token of tokens)
    expect((await scriptGet(request, token, '/api/notification-settings')).status()).toBe(401);
});

test('the audit page names the API token a change was made with, and filters by it', async ({
  page,
  request,
  createUser,
  signIn,
}) => {
  const user = await createUser({ orderUser: true });
  await signIn(page, user.username, { path: '/account' });
  const tokenName = uniqueName('Nightly ERP ');
  const token = await mint(page, tokenName);
  const prefix = token.slice(0, 'iot_'.length + 12);
  const byScript = await request.post('/api/notification-settings', {
    headers: { authorization: `Bearer ${token}` },
    data: settingBody(uniqueName('by script ')),
  });
  expect(byScript.status(), await byScript.text()).toBe(201);
  const byBrowser = await page.request.post('/api/notification-settings', {
    headers: sameOriginHeaders(page),
    data: settingBody(uniqueName('in the browser ')),
  });
  expect(byBrowser.status(), await byBrowser.text()).toBe(201);

  const admin = await createUser({ isAdmin: true });
  await signIn(page, admin.username, { path: `/admin/audit?userId=${user.userId}` });
  const entries = page.getByRole('list', { name: 'Audit entries' }).getByRole('listitem');
  const withToken = entries.filter({ hasText: `with API token “${tokenName}”` });
  await expect(withToken).toHaveCount(1);
  // The token's creation and the browser's change were made in a session.
  await expect(entries).toHaveCount(3);

  await withToken.getByRole('button', { name: `Show the changes made with ${prefix}` }).click();
  await expect(page.getByLabel('API token', { exact: true })).toHaveValue(prefix);
  await expect(page).toHaveURL(new RegExp(`apiToken=${prefix}`));
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(`${prefix}…`);

  // A prefix being typed does not filter (nor fail) until it is complete.
  const field = page.getByLabel('API token', { exact: true });
  await field.fill('iot_12');
  await expect(page.getByText('Enter the token’s prefix: iot_ and its 12 characters.')).toBeVisible();
  await expect(entries).toHaveCount(3);
  expect(await axeFindings(page, 'main')).toEqual([]);
});
