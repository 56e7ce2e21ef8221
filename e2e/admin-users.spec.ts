import { card, expect, mainNav, type Page, TEXTS, test, uniqueName } from './fixtures';

const USERS_PATH = '/admin/manage/users';
const TABLE_COLUMNS = [
  'User Id',
  'Username',
  'Email',
  'First Name',
  'Last Name',
  'Last Login',
  'Created On',
  'Admin',
  'Notifications',
  'Active',
  'Actions',
];
const EDITOR_CARDS = ['Basic Information', 'Permissions', 'Security & Access', 'Notifications'];

/** The editor's submit button under any of its four labels. */
const saveButton = (page: Page) =>
  page.getByRole('button', { name: /^(Save|Saving\.\.\.|Saved!|Error - Try Again)$/ });

function userRow(page: Page, username: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });
}

test.describe('as an admin', () => {
  test.beforeEach(async ({ page, createUser, signIn }) => {
    const admin = await createUser({ isAdmin: true });
    await signIn(page, admin.username);
  });

  test('the dashboard shows a Users card with the count and Manage Users', async ({ page, adminApi }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    const count = (await (await adminApi.get('/api/accounts/count')).json()) as number;
    expect(count).toBeGreaterThanOrEqual(2);
    const usersCard = card(page, 'Users');
    await expect(usersCard.getByText(String(count), { exact: true })).toBeVisible();

    await usersCard.getByRole('link', { name: 'Manage Users' }).click();
    await expect(page).toHaveURL(new RegExp(`${USERS_PATH}$`));
    await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  });

  test('the user list is a table with the spec’s columns, and Add User opens an empty editor', async ({
    page,
    createUser,
  }) => {
    const listed = await createUser({ orderUser: true });
    await page.goto(USERS_PATH);

    await expect(page.getByRole('table').getByRole('columnheader')).toHaveText(TABLE_COLUMNS);
    const row = userRow(page, listed.username);
    await expect(row.getByRole('cell')).toHaveText([
      String(listed.userId),
      listed.username,
      listed.email,
      'N/A',
      'N/A',
      'Never',
      /\d/,
      'No',
      'No',
      'Yes',
      '',
    ]);

    await page.getByRole('link', { name: 'Add User' }).click();
    await expect(page).toHaveURL(new RegExp(`${USERS_PATH}/edit/0$`));
    await expect(page.getByRole('heading', { name: 'Create User' })).toBeVisible();
    for (const title of EDITOR_CARDS) await expect(card(page, title), title).toBeVisible();
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue('');
    // docs/behaviour/accounts-and-sign-in.md#user-editor: a new user starts as an order user and inactive.
    await expect(page.getByRole('switch', { name: 'Order User' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Active' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Administrator' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Send Notifications To Email' })).not.toBeChecked();
    await expect(saveButton(page)).toHaveText('Save');
  });

  test('the editor validates username and e-mail before saving', async ({ page }) => {
    const saveCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/accounts/update/user') saveCalls.push(request.url());
    });
    await page.goto(`${USERS_PATH}/edit/0`);
    await saveButton(page).click();
    await expect(page.getByText(TEXTS.usernameRequired, { exact: true })).toBeVisible();
    await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Username', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Username', { exact: true }).fill(uniqueName('valid'));
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await saveButton(page).click();
    await expect(page.getByText(TEXTS.invalidEmail, { exact: true })).toBeVisible();
    await expect(page.getByText(TEXTS.usernameRequired, { exact: true })).toBeHidden();

    await page.getByLabel('Password', { exact: true }).fill('short');
    await saveButton(page).click();
    await expect(page.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();
    expect(saveCalls).toEqual([]);
  });

  test('a duplicate username shows the server’s message and the error state', async ({
    page,
    createUser,
  }) => {
    const existing = await createUser();
    await page.goto(`${USERS_PATH}/edit/0`);
    await page.getByLabel('Username', { exact: true }).fill(existing.username);
    await page.getByLabel('Email', { exact: true }).fill(`${uniqueName('other')}@example.com`);
    await saveButton(page).click();

    await expect(saveButton(page)).toHaveText('Error - Try Again');
    await expect(page.getByRole('alert')).toHaveText(TEXTS.usernameTaken(existing.username));
    await expect(page.getByText('Username is already taken', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${USERS_PATH}/edit/0$`));
    // Back to idle after 2 s (docs/behaviour/screens.md#save-button).
    await expect(saveButton(page)).toHaveText('Save');
  });

  test('a created order user signs in and sees only what the flags allow', async ({
    page,
    login,
    removeUserAfter,
  }) => {
    const username = uniqueName('created');
    const password = 'created-user-password';
    removeUserAfter(username);

    await page.goto(USERS_PATH);
    await page.getByRole('link', { name: 'Add User' }).click();
    await expect(page.getByRole('heading', { name: 'Create User' })).toBeVisible();
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Email', { exact: true }).fill(`${username}@example.com`);
    await page.getByLabel('First Name').fill('Grace');
    await page.getByLabel('Last Name').fill('Hopper');
    await expect(page.getByRole('switch', { name: 'Order User' })).toBeChecked();
    await page.getByRole('switch', { name: 'Active' }).click();
    await expect(page.getByRole('switch', { name: 'Active' })).toBeChecked();
    await page.getByLabel('Password', { exact: true }).fill(password);

    // Hold the save so the intermediate state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/accounts/update/user', async (route) => {
      await held;
      await route.continue();
    });
    await saveButton(page).click();
    await expect(saveButton(page)).toHaveText('Saving...');
    await expect(saveButton(page)).toBeDisabled();
    release();
    await expect(saveButton(page)).toHaveText('Saved!');
    // After a create the page becomes the new user's editor.
    await expect(page).toHaveURL(new RegExp(`${USERS_PATH}/edit/[1-9]\\d*$`));
    await expect(page.getByRole('heading', { name: 'Edit User' })).toBeVisible();
    await expect(saveButton(page)).toHaveText('Save');
    await page.unroute('**/api/accounts/update/user');

    await page.getByRole('link', { name: 'Back to Users' }).click();
    await expect(userRow(page, username).getByRole('cell')).toHaveText([
      /\d+/,
      username,
      `${username}@example.com`,
      'Grace',
      'Hopper',
      'Never',
      /\d/,
      'No',
      'No',
      'Yes',
      '',
    ]);

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);

    await login(page, username, password);
    await expect(mainNav(page).getByRole('link')).toHaveText(['Home', 'Order Tracking', 'Sources']);
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

    await mainNav(page).getByRole('link', { name: 'Sources' }).click();
    await expect(page).toHaveURL(/\/sources$/);
    // docs/behaviour/sources.md#sources-hub: Email Sources and Order Tracking Sources for an order user; Notification Settings for any flag.
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'Email Sources',
      'Order Tracking Sources',
      'Notification Settings',
    ]);

    await page.goto('/admin');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: TEXTS.homeHeading })).toBeVisible();
  });

  test('a user is deleted from the list after the Confirm Deletion dialog', async ({
    page,
    createUser,
    adminApi,
  }) => {
    const doomed = await createUser();
    await page.goto(USERS_PATH);
    const row = userRow(page, doomed.username);

    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    let dialog = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
    await expect(dialog).toContainText(TEXTS.confirmDelete(doomed.username));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    dialog = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    expect((await adminApi.get(`/api/accounts/user/${doomed.userId}`)).status()).toBe(404);
  });

  test('on desktop the table/cards toggle switches to cards and back', async ({ page, createUser }) => {
    const listed = await createUser({ isAdmin: true });
    await page.goto(USERS_PATH);
    const toggle = page.getByRole('radiogroup', { name: 'View' });
    await expect(toggle.getByRole('radio', { name: 'Table view' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('table')).toBeVisible();

    await toggle.getByRole('radio', { name: 'Card view' }).click();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(card(page, listed.username)).toContainText('Admin');
    await expect(page).toHaveURL(/view=cards/);

    await page.reload();
    await expect(card(page, listed.username)).toBeVisible();
    await toggle.getByRole('radio', { name: 'Table view' }).click();
    await expect(page.getByRole('table')).toBeVisible();
  });
});

test.describe('on a 900 px wide screen', () => {
  test.use({ viewport: { width: 900, height: 1000 } });

  test('the user list shows cards and no toggle; the active switch updates the user', async ({
    page,
    createUser,
    signIn,
    adminApi,
  }) => {
    const admin = await createUser({ isAdmin: true });
    const listed = await createUser({ orderUser: true });
    // ?view=table: a chosen table view must still give way to cards on a narrow screen.
    await signIn(page, admin.username, { path: `${USERS_PATH}?view=table` });

    const userCard = card(page, listed.username);
    await expect(userCard).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('radiogroup', { name: 'View' })).toHaveCount(0);
    await expect(userCard.getByRole('term')).toHaveText([
      'Email',
      'First Name',
      'Last Name',
      'Last Login',
      'Created',
    ]);
    await expect(userCard.getByRole('definition')).toHaveText([listed.email, 'N/A', 'N/A', 'Never', /\d/]);
    await expect(userCard).toContainText('Active');
    await expect(card(page, admin.username)).toContainText('Admin');

    // The active switch really changes the user on the server (docs/design/differences.md#active-switches-work).
    const active = userCard.getByRole('switch', { name: `Active status of ${listed.username}` });
    await expect(active).toBeChecked();
    await active.click();
    await expect(page.getByText(`${listed.username} is now inactive`)).toBeVisible();
    await expect(active).not.toBeChecked();
    await expect(userCard).toContainText('Inactive');
    const stored = (await (await adminApi.get(`/api/accounts/user/${listed.userId}`)).json()) as {
      activeStatus: boolean;
    };
    expect(stored.activeStatus).toBe(false);

    await userCard.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Confirm Deletion' })).toContainText(
      TEXTS.confirmDelete(listed.username),
    );
  });
});
