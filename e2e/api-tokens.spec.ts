import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { notificationSettingBody as settingBody } from '../apps/server/test/payloads';
import {
  test as base,
  E2E_PASSWORD,
  expect,
  type Page,
  type SeedUser,
  sameOriginHeaders,
  uniqueName,
} from './fixtures';

/** The Account page's API tokens section. */
function tokensSection(page: Page) {
  return page.getByRole('region', { name: 'API tokens' });
}

function tokenRow(page: Page, name: string) {
  return tokensSection(page).getByRole('row').filter({ hasText: name });
}

/** Creates a token through the dialog and returns the token it shows once. */
async function createThroughDialog(page: Page, name: string, options: { expiry: string; scope: string }) {
  await tokensSection(page).getByRole('button', { name: 'Create API token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API token' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('combobox', { name: 'Expires after' }).click();
  await page.getByRole('option', { name: options.expiry }).click();
  await dialog.getByRole('combobox', { name: 'Scope' }).click();
  await page.getByRole('option', { name: options.scope }).click();
  await dialog.getByLabel('Current password', { exact: true }).fill(E2E_PASSWORD);
  await dialog.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByRole('dialog', { name: 'Copy your new API token' });
  const field = shown.getByLabel('Your new API token');
  await expect(field).toHaveValue(/^iot_[0-9a-f]{12}_/);
  return { token: await field.inputValue(), dialog: shown };
}

/** A script's call: the `request` fixture carries no cookie and no Origin, only the bearer token. */
function asScript(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: (url: string) => request.get(url, { headers }),
    post: (url: string, data: object) => request.post(url, { headers, data }),
    delete: (url: string) => request.delete(url, { headers }),
  };
}

/** Every test here starts as a new order user on the Account page. */
const test = base.extend<{ orderUser: SeedUser }>({
  orderUser: async ({ page, createUser, signIn }, use) => {
    const user = await createUser({ orderUser: true });
    await signIn(page, user.username, { path: '/account' });
    await use(user);
  },
});

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('create a read-only token, see it once, use it from a script, see its last use, revoke it', async ({
  page,
  request,
  orderUser: user,
}) => {
  await expect(tokensSection(page).getByText('You have no API tokens.')).toBeVisible();

  const name = uniqueName('ERP read ');
  const { token, dialog } = await createThroughDialog(page, name, { expiry: '90 days', scope: 'Read only' });
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('API token copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // Listed by name and public prefix only: the secret is nowhere on the page any more.
  const row = tokenRow(page, name);
  await expect(row).toContainText('Read only');
  await expect(row).toContainText(`${token.slice(0, 16)}…`);
  await expect(row).toContainText('Never');
  expect(await page.content()).not.toContain(token);

  const script = asScript(request, token);
  expect((await script.get('/api/notification-settings')).status()).toBe(200);
  const search = await script.post('/api/order-tracking/list', { PageSize: 10, PageIndex: 1 });
  expect(search.status(), await search.text()).toBe(200);
  const write = await script.post('/api/notification-settings', settingBody(uniqueName('refused ')));
  expect(write.status()).toBe(403);
  expect((await write.json()).code).toBe('API_TOKEN_READ_ONLY');
  const account = await script.get(`/api/accounts/user-info/${user.username}`);
  expect(account.status()).toBe(403);

  await page.reload();
  await expect(tokenRow(page, name)).not.toContainText('Never');

  await tokenRow(page, name)
    .getByRole('button', { name: `Revoke ${name}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke API token' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(tokenRow(page, name)).toHaveCount(0);
  expect((await script.get('/api/notification-settings')).status()).toBe(401);
});

test('a read-write token writes from a script without a browser origin; a nameless token is not created', async ({
  page,
  request,
  orderUser: _user,
}) => {
  await tokensSection(page).getByRole('button', { name: 'Create API token' }).click();
  const form = page.getByRole('dialog', { name: 'Create API token' });
  const created = page.waitForRequest((sent) => new URL(sent.url()).pathname === '/api/tokens', {
    timeout: 1500,
  });
  await form.getByRole('button', { name: 'Create token' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(created).rejects.toThrow();
  await page.keyboard.press('Escape');

  const name = uniqueName('ERP write ');
  const { token, dialog } = await createThroughDialog(page, name, {
    expiry: '7 days',
    scope: 'Read and write',
  });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(tokenRow(page, name)).toContainText('Read and write');

  const settingName = uniqueName('by script ');
  const script = asScript(request, token);
  const write = await script.post('/api/notification-settings', settingBody(settingName));
  expect(write.status(), await write.text()).toBe(201);
  const { id } = (await write.json()) as { id: number };
  // The script's change is the user's own: the signed-in page sees it.
  await page.goto(`/notification-settings/edit/${id}`);
  await expect(page.getByLabel('Notification Name')).toHaveValue(settingName);
  // Clean up after ourselves, with the same token.
  expect((await script.delete(`/api/notification-settings/${id}`)).status()).toBe(204);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the section, the create dialog and the shown token have no serious axe violation (${theme})`, async ({
    page,
    orderUser: _user,
  }) => {
    await page.evaluate((chosen) => localStorage.setItem('theme', chosen), theme);
    const listed = await page.request.post('/api/tokens', {
      headers: sameOriginHeaders(page),
      data: { name: uniqueName('Listed '), expiresInDays: 30, scope: 'read', currentPassword: E2E_PASSWORD },
    });
    expect(listed.status()).toBe(201);
    await page.reload();
    await expect(tokensSection(page).getByRole('row')).toHaveCount(2);
    const serious = async () =>
      (
        await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      ).violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
    expect(await serious()).toEqual([]);
    await tokensSection(page).getByRole('button', { name: 'Create API token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API token' });
    await expect(dialog).toBeVisible();
    expect(await serious()).toEqual([]);
    await dialog.getByLabel('Name').fill('Shown once');
    await dialog.getByLabel('Current password', { exact: true }).fill(E2E_PASSWORD);
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await expect(page.getByLabel('Your new API token', { exact: true })).toHaveValue(/^iot_/);
    expect(await serious()).toEqual([]);
  });
}

test('a token is minted only with the current password: a wrong one is refused in the dialog', async ({
  page,
  orderUser: _user,
}) => {
  await tokensSection(page).getByRole('button', { name: 'Create API token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API token' });
  const name = uniqueName('Stolen session ');
  await dialog.getByLabel('Name').fill(name);
  const created = page.waitForRequest((sent) => new URL(sent.url()).pathname === '/api/tokens', {
    timeout: 1500,
  });
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByText('Current password is required', { exact: true })).toBeVisible();
  await expect(created).rejects.toThrow();

  await dialog.getByLabel('Current password', { exact: true }).fill('not the password');
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByText('Current password is not correct', { exact: true })).toBeVisible();
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'The current password is not correct' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tokenRow(page, name)).toHaveCount(0);
});
