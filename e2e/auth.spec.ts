import { E2E_PASSWORD, expect, TEXTS, test } from './fixtures';
import { onMailServer } from './fixtures/mail-server';

test.describe('login page', () => {
  test('a wrong password shows the credentials message and stays on the login page', async ({
    page,
    createUser,
  }) => {
    const user = await createUser();
    await page.goto('/');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();

    await expect(page.getByRole('alert').filter({ hasText: TEXTS.loginFailed })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('blank or whitespace-only fields are blocked before any request is sent', async ({ page }) => {
    const loginCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/auth/login') loginCalls.push(request.method());
    });
    await page.goto('/');
    const username = page.getByLabel('Username');
    const password = page.getByLabel('Password', { exact: true });

    // Both fields are trimmed before the check.
    await username.fill('   ');
    await password.fill('   ');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Username is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');

    await page.reload();
    await expect(page.getByText('Username is required', { exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Username is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible();

    await expect(page).toHaveURL(/\/$/);
    expect(loginCalls).toEqual([]);
  });

  test('a successful login lands on /home with the statistics page', async ({ page, createUser, login }) => {
    const user = await createUser();
    // Statistics are global; the empty state is shown with the answer an empty database gives.
    await page.route('**/api/order-tracking/list/update-stats', (route) => route.fulfill({ json: [] }));
    await login(page, user.username);

    await expect(page.getByRole('heading', { name: TEXTS.homeHeading })).toBeVisible();
    await expect(page.getByText(TEXTS.homeIntro, { exact: true })).toBeVisible();
    await expect(page.getByText(TEXTS.homeEmpty, { exact: true })).toBeVisible();
  });

  test('an inactive user cannot sign in and is told why', async ({ page, createUser }) => {
    const user = await createUser({ activeStatus: false });
    await page.goto('/');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();

    await expect(page.getByRole('alert').filter({ hasText: TEXTS.accountInactive })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('Forgot Password needs a username and tells the user that no e-mail can be sent without SMTP', async ({
    page,
    createUser,
  }) => {
    const user = await createUser();
    await page.goto('/');
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
    await expect(dialog).toBeVisible();
    const resetCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/auth/reset-password') resetCalls.push(request.url());
    });
    await dialog.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(dialog.getByText('Username is required', { exact: true })).toBeVisible();
    expect(resetCalls).toEqual([]);

    await dialog.getByLabel('Username').fill(user.username);
    const answer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/auth/reset-password',
    );
    await dialog.getByRole('button', { name: 'Send Reset Email' }).click();
    expect((await answer).status()).toBe(503);
    await expect(dialog.getByRole('alert')).toHaveText(TEXTS.mailNotConfigured);
    await expect(dialog).toBeVisible();

    // Reopened, the dialog starts from what the login form holds.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByLabel('Username').fill(user.username);
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await expect(dialog.getByLabel('Username')).toHaveValue(user.username);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('Forgot Password on a server with outgoing mail', () => {
  const mailCatcher = onMailServer(test);

  test('the e-mailed link carries its token in the fragment; the new password signs in', async ({
    page,
    createUser,
  }) => {
    const user = await createUser();
    const requestedUrls: string[] = [];
    page.on('request', (request) => requestedUrls.push(request.url()));
    const before = mailCatcher().messages.length;

    await page.goto('/');
    await page.getByLabel('Username').fill(user.username);
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
    await dialog.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(dialog.getByText(TEXTS.resetRequested, { exact: true })).toBeVisible();

    const mail = (await mailCatcher().waitFor(before + 1))[before]!;
    expect(mail.envelopeTo).toEqual([user.email]);
    const link = /http:\/\/\S+\/reset-password#token=[\w-]+/.exec(mail.parsed.text ?? '')?.[0];
    expect(link, mail.parsed.text).toBeTruthy();
    const token = new URL(link!).hash.slice('#token='.length);

    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    const newPassword = page.getByLabel('New Password');
    const confirmPassword = page.getByLabel('Confirm Password');
    // The one password rule: a space at either end is refused, with the reason, before anything is sent.
    await newPassword.fill('Trailing-Pass-1 ');
    await confirmPassword.fill('Trailing-Pass-1 ');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(TEXTS.passwordEdgeSpace, { exact: true })).toBeVisible();
    await expect(newPassword).toHaveAttribute('aria-invalid', 'true');

    await newPassword.fill('Trailing-Pass-1');
    await confirmPassword.fill('Trailing-Pass-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(TEXTS.passwordReset, { exact: true })).toBeVisible();

    // Login trims what is typed; with no edge spaces in any password, that never changes one.
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill('Trailing-Pass-1 ');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/home$/);

    // The fragment never left the browser: no request carried the token.
    expect(requestedUrls.filter((url) => url.includes(token))).toEqual([]);

    // The link worked once.
    await page.goto(link!);
    await page.getByLabel('New Password').fill('Another-Pass-2');
    await page.getByLabel('Confirm Password').fill('Another-Pass-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert')).toHaveText(TEXTS.resetLinkInvalid);
  });

  test('an older ?token= link is moved into the fragment', async ({ page }) => {
    await page.goto('/reset-password?token=an-old-style-token-of-enough-length');
    await expect(page).toHaveURL(/\/reset-password#token=an-old-style-token-of-enough-length$/);
    await expect(page.getByLabel('New Password')).toBeVisible();
  });
});

test('the reset-password page without a token shows its invalid-link message', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(TEXTS.resetLinkInvalid);
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test.describe('route guards', () => {
  test('/home without a session tries a refresh, then goes to / with the session message', async ({
    page,
  }) => {
    const refresh = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/auth/refresh-token',
    );
    await page.goto('/home');
    expect((await refresh).status()).toBe(401);

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(TEXTS.sessionExpired, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('a non-admin visiting /admin is sent to /home', async ({ page, createUser, signIn }) => {
    const user = await createUser({ orderUser: true, inventoryUser: true, submissionUser: true });
    await signIn(page, user.username);

    for (const path of ['/admin', '/admin/manage/users', '/admin/manage/users/edit/0']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole('heading', { name: TEXTS.homeHeading })).toBeVisible();
    }
  });
});

test('an expired access token is refreshed silently; without both tokens the session ends', async ({
  page,
  context,
  createUser,
  signIn,
}) => {
  const user = await createUser();
  await signIn(page, user.username, { path: '/account' });
  await expect(page.getByText(user.username, { exact: true })).toBeVisible();
  const accessCookie = async () => (await context.cookies()).find((cookie) => cookie.name === 'access_token');
  expect(await accessCookie()).toBeDefined();
  // Leave the app so that no request of the previous page can refresh the session behind the test's back.
  await page.goto('about:blank');

  const refreshStatuses: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/auth/refresh-token') refreshStatuses.push(response.status());
  });

  // Only the access token goes: the client gets a 401, refreshes with the refresh token and retries.
  await context.clearCookies({ name: 'access_token' });
  expect(await accessCookie()).toBeUndefined();
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'User Information' })).toBeVisible();
  await expect(page.getByText(user.username, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await expect.poll(() => refreshStatuses).toEqual([204]);
  expect(await accessCookie()).toBeDefined();

  // Both tokens gone: the refresh fails and the user is sent to the login page with the message.
  await context.clearCookies({ name: 'access_token' });
  await context.clearCookies({ name: 'refresh_token' });
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(TEXTS.sessionExpired, { exact: true })).toBeVisible();
  await expect.poll(() => refreshStatuses).toEqual([204, 401]);
});
