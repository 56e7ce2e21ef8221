import { card, E2E_PASSWORD, expect, type Page, TEXTS, test, uniqueName } from './fixtures';

const CARD_TITLES = [
  'User Id',
  'Username',
  'Email',
  'First Name',
  'Last Name',
  'Order Tracking Page View Columns',
  'Last Login',
  'Created On',
];

/** Waits until the Account page (already opened) shows the user's details. */
async function openAccount(page: Page) {
  await expect(page.getByRole('heading', { name: 'User Information' })).toBeVisible();
  // The profile fields are filled once the user info has loaded.
  await expect(page.getByLabel('Email')).not.toHaveValue('');
}

/** Opens Change Password; `passwordCalls` collects every request to the password endpoint from then on. */
async function openChangePassword(page: Page) {
  const passwordCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/accounts/update/password')
      passwordCalls.push(request.url());
  });
  await card(page, 'Username').getByRole('button', { name: 'Change Password' }).click();
  return { dialog: page.getByRole('dialog', { name: 'Change Password' }), passwordCalls };
}

function profileUpdate(page: Page) {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/accounts/update/user-info',
  );
}

test('the account page shows every card with the user’s details', async ({ page, createUser, signIn }) => {
  const user = await createUser();
  await signIn(page, user.username, { path: '/account' });
  await openAccount(page);

  for (const title of CARD_TITLES) await expect(card(page, title), title).toBeVisible();
  await expect(card(page, 'User Id')).toContainText(String(user.userId));
  await expect(card(page, 'Username')).toContainText(user.username);
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await expect(page.getByLabel('First Name')).toHaveValue('');
  await expect(page.getByLabel('Last Name')).toHaveValue('');
  await expect(card(page, 'Order Tracking Page View Columns')).toContainText('22 of 22 columns shown');
  // Long localized date-time text; the user has just signed in, so Last Login is set.
  const year = String(new Date().getFullYear());
  await expect(card(page, 'Last Login')).toContainText(year);
  await expect(card(page, 'Created On')).toContainText(year);
  for (const title of ['Email', 'First Name', 'Last Name'])
    await expect(card(page, title).getByRole('button', { name: 'Save' })).toBeVisible();
});

test('each profile card saves the combined profile, and the values survive a reload', async ({
  page,
  createUser,
  signIn,
}) => {
  const user = await createUser();
  await signIn(page, user.username, { path: '/account' });
  await openAccount(page);
  const newEmail = `${uniqueName('renamed')}@example.org`;

  await page.getByLabel('Email').fill(newEmail);
  let saved = profileUpdate(page);
  await card(page, 'Email').getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Profile saved')).toBeVisible();

  await page.getByLabel('First Name').fill('Ada');
  saved = profileUpdate(page);
  await card(page, 'First Name').getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);

  // The Last Name card's Save sends all three fields too.
  await page.getByLabel('Last Name').fill('Lovelace');
  saved = profileUpdate(page);
  await card(page, 'Last Name').getByRole('button', { name: 'Save' }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({
    UserID: user.userId,
    Email: newEmail,
    FirstName: 'Ada',
    LastName: 'Lovelace',
  });

  await page.reload();
  await expect(page.getByLabel('Email')).toHaveValue(newEmail);
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  await expect(page.getByLabel('Last Name')).toHaveValue('Lovelace');
});

test('an invalid e-mail shows the server’s error and is not stored', async ({ page, createUser, signIn }) => {
  const user = await createUser();
  await signIn(page, user.username, { path: '/account' });
  await openAccount(page);

  await page.getByLabel('Email').fill('not-an-email');
  const saved = profileUpdate(page);
  await card(page, 'Email').getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(400);
  await expect(page.getByText(TEXTS.invalidEmail, { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
});

test('Select Columns switches a column off only on Save Changes, and it stays off', async ({
  page,
  createUser,
  signIn,
}) => {
  const user = await createUser({ orderUser: true });
  await signIn(page, user.username, { path: '/account' });
  await openAccount(page);
  const columnsCard = card(page, 'Order Tracking Page View Columns');
  await expect(columnsCard).toContainText('22 of 22 columns shown');

  await columnsCard.getByRole('button', { name: 'Select Columns' }).click();
  let dialog = page.getByRole('dialog', { name: 'Select Columns' });
  await expect(dialog.getByText(TEXTS.selectColumnsDescription, { exact: true })).toBeVisible();
  const switches = dialog.getByRole('switch');
  await expect(switches).toHaveCount(22);
  await expect(dialog.getByRole('switch', { checked: true })).toHaveCount(22);

  // Closing without saving keeps the stored settings.
  await dialog.getByRole('switch', { name: 'PO Date' }).click();
  await expect(dialog.getByRole('switch', { name: 'PO Date' })).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await columnsCard.getByRole('button', { name: 'Select Columns' }).click();
  await expect(dialog.getByRole('switch', { name: 'PO Date' })).toBeChecked();

  await dialog.getByRole('switch', { name: 'PO Date' }).click();
  const saved = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/accounts/update/order-tracking-settings',
  );
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(columnsCard).toContainText('21 of 22 columns shown');

  await page.reload();
  await expect(columnsCard).toContainText('21 of 22 columns shown');
  await columnsCard.getByRole('button', { name: 'Select Columns' }).click();
  dialog = page.getByRole('dialog', { name: 'Select Columns' });
  await expect(dialog.getByRole('switch', { name: 'PO Date' })).not.toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Order Date' })).toBeChecked();
  await expect(dialog.getByRole('switch', { checked: true })).toHaveCount(21);
});

test('changing the username ends the session and the new username signs in', async ({
  page,
  createUser,
  signIn,
  login,
}) => {
  const user = await createUser();
  await signIn(page, user.username, { path: '/account' });
  await openAccount(page);
  const newUsername = uniqueName('renamed');

  await card(page, 'Username').getByRole('button', { name: 'Change Username' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Username' });
  await expect(dialog.getByText(TEXTS.changeUsernameDescription, { exact: true })).toBeVisible();
  await dialog.getByLabel('Username').fill(newUsername);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(TEXTS.usernameChanged, { exact: true })).toBeVisible();
  // The server closed the session as well, not just the page.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(TEXTS.sessionExpired, { exact: true })).toBeVisible();

  await login(page, newUsername);
  await page.goto('/account');
  await expect(card(page, 'Username')).toContainText(newUsername);
  await expect(card(page, 'User Id')).toContainText(String(user.userId));
});

test('Change Password refuses a mismatched confirmation without calling the server', async ({
  page,
  createUser,
  signIn,
}) => {
  const user = await createUser();
  await signIn(page, user.username, { path: '/account' });
  await openAccount(page);
  const { dialog, passwordCalls } = await openChangePassword(page);
  const current = dialog.getByLabel('Current Password');
  const next = dialog.getByLabel('New Password');
  const confirm = dialog.getByLabel('Confirm Password');
  // Masked, with a show/hide control (docs/design/differences.md#masked-passwords).
  await expect(next).toHaveAttribute('type', 'password');
  await current.fill(E2E_PASSWORD);
  await next.fill('first-new-password');
  await confirm.fill('second-new-password');
  await dialog.getByRole('button', { name: 'Save Password' }).click();

  await expect(dialog.getByRole('alert')).toHaveText(TEXTS.passwordMismatch);
  await expect(next).toHaveAttribute('aria-invalid', 'true');
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  expect(passwordCalls).toEqual([]);

  // Agreeing entries clear the flag at once.
  await confirm.fill('first-new-password');
  await expect(dialog.getByRole('alert')).toBeHidden();
  await expect(confirm).not.toHaveAttribute('aria-invalid', 'true');

  await dialog.getByRole('button', { name: 'Show password' }).nth(1).click();
  await expect(next).toHaveAttribute('type', 'text');
  await expect(next).toHaveValue('first-new-password');
});

test('Change Password refuses a space at either end of the new password, with the reason', async ({
  page,
  createUser,
  signIn,
}) => {
  const user = await createUser();
  await signIn(page, user.username, { path: '/account' });
  await openAccount(page);
  const { dialog, passwordCalls } = await openChangePassword(page);
  const next = dialog.getByLabel('New Password');
  await dialog.getByLabel('Current Password').fill(E2E_PASSWORD);
  await next.fill('Trailing-Pass-1 ');
  await dialog.getByLabel('Confirm Password').fill('Trailing-Pass-1 ');
  await dialog.getByRole('button', { name: 'Save Password' }).click();

  await expect(dialog.getByRole('alert')).toHaveText(TEXTS.passwordEdgeSpace);
  await expect(next).toHaveAttribute('aria-invalid', 'true');
  expect(passwordCalls).toEqual([]);
  // Typing again clears the message.
  await next.fill('Trailing-Pass-1');
  await expect(dialog.getByRole('alert')).toBeHidden();
});

test('a wrong current password is reported and keeps the session', async ({ page, createUser, signIn }) => {
  const user = await createUser();
  await signIn(page, user.username, { path: '/account' });
  await openAccount(page);

  await card(page, 'Username').getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Current Password').fill('not-my-password');
  await dialog.getByLabel('New Password').fill('another-password-1');
  await dialog.getByLabel('Confirm Password').fill('another-password-1');
  await dialog.getByRole('button', { name: 'Save Password' }).click();

  await expect(page.getByText('The current password is not correct', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
});

test('changing the password ends the session; the new password signs in, the old one fails', async ({
  page,
  createUser,
  signIn,
  login,
}) => {
  const user = await createUser();
  await signIn(page, user.username, { path: '/account' });
  await openAccount(page);
  const newPassword = 'changed-password-e2e';

  await card(page, 'Username').getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Current Password').fill(E2E_PASSWORD);
  await dialog.getByLabel('New Password').fill(newPassword);
  await dialog.getByLabel('Confirm Password').fill(newPassword);
  await dialog.getByRole('button', { name: 'Save Password' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(TEXTS.passwordChanged, { exact: true })).toBeVisible();

  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert').filter({ hasText: TEXTS.loginFailed })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await login(page, user.username, newPassword);
  await expect(page.getByRole('heading', { name: TEXTS.homeHeading })).toBeVisible();
});
