import { createServer } from 'node:net';
import type { Page } from '@playwright/test';
import { type SmtpCatcher, startSmtpCatcher } from '../test-servers/smtp-catcher';
import {
  AFTER_RETRIES,
  cancelRowDelete,
  confirmRowDelete,
  countRequests,
  expect,
  expectCard,
  expectColumns,
  expectRow,
  expectShownFor,
  listCard,
  pickerName,
  rowAction,
  rowWith,
  saveAndWait,
  saveButton,
  saveNewRecord,
  signInAt,
  stopClock,
  test,
  unique,
} from './fixtures/sources';

/** E-mail sources, docs/behaviour/sources.md#email-sources (and docs/design/differences.md#active-switches-work, docs/design/differences.md#masked-passwords for the active switch and masked secrets). */

const LIST_PATH = '/email-sources';
const SAVE_PATH = '/api/email-sources/email/save';
const SEND_PATH = '/api/email-sources/send-test-email';
const BACK = 'Back to Email Sources';
const FILL_ALL = 'Please fill in all required fields.';
const TABLE_COLUMNS = [
  'Active',
  'Username',
  'Email Address',
  'Incoming Server',
  'Outgoing Server',
  'Use SSL',
  'Actions',
];

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const toggle = (page: Page, name: string) => page.getByRole('switch', { name, exact: true });

/** A loopback port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The outgoing settings of a source that sends through `catcher` (plain SMTP with AUTH, SSL off). */
function catcherSettings(catcher: SmtpCatcher) {
  return {
    username: catcher.user,
    password: catcher.password,
    outgoingServer: catcher.host,
    outgoingPort: catcher.port,
    ssl: false,
  };
}

test.describe('e-mail source editor', () => {
  test('creates a source: port hints, the MSAL card and Client Secret label, Save → Saving... → Saved! → Save after 2 s', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ orderUser: true });
    const username = unique('inbox');
    await page.clock.install();
    await signInAt(page, user.username, LIST_PATH);

    await page.getByRole('link', { name: 'Add Source' }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/0$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Email Source');
    await expect(page.getByText('Account Information', { exact: true })).toBeVisible();
    await expect(page.getByText('Server Configuration', { exact: true })).toBeVisible();
    await expect(page.getByText('Microsoft Authentication', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: BACK })).toHaveCount(1);
    await expect(page.getByRole('link', { name: BACK })).toHaveAttribute('href', LIST_PATH);
    await expect(field(page, 'Incoming Port')).toHaveAttribute('placeholder', '993');
    await expect(field(page, 'Outgoing Port')).toHaveAttribute('placeholder', '587');
    // SSL is on by default (docs/behaviour/sources.md#email-source-editor); the password is masked (docs/design/differences.md#masked-passwords).
    await expect(toggle(page, 'Use SSL')).toBeChecked();
    await expect(toggle(page, 'Active')).toBeChecked();
    await expect(field(page, 'Password')).toHaveAttribute('type', 'password');

    // The MSAL card and the Client Secret label only while the switch is on.
    await toggle(page, 'Use Microsoft Authentication (MSAL)').click();
    await expect(page.getByText('Microsoft Authentication', { exact: true })).toBeVisible();
    await expect(field(page, 'Client ID')).toBeVisible();
    await expect(field(page, 'Tenant ID')).toBeVisible();
    await expect(field(page, 'Client Secret')).toBeVisible();
    await expect(field(page, 'Password')).toHaveCount(0);
    await toggle(page, 'Use Microsoft Authentication (MSAL)').click();
    await expect(page.getByText('Microsoft Authentication', { exact: true })).toHaveCount(0);
    await expect(field(page, 'Client ID')).toHaveCount(0);
    await expect(field(page, 'Password')).toBeVisible();
    await expect(field(page, 'Client Secret')).toHaveCount(0);

    await field(page, 'Username').fill(username);
    await field(page, 'Email').fill(`${username}@example.com`);
    await field(page, 'Password').fill('s3cret-pass');
    await field(page, 'Incoming Server').fill('imap.example.com');
    await field(page, 'Incoming Port').fill('993');
    await field(page, 'Outgoing Server').fill('smtp.example.com');
    await field(page, 'Outgoing Port').fill('587');

    const { id, settle } = await saveNewRecord(page, { savePath: SAVE_PATH, listPath: LIST_PATH });
    // Saved: the page becomes the new source's editor and a second Back to Email Sources button appears.
    sources.removeAfter('email', id);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Email Source');
    await expect(page.getByRole('link', { name: BACK })).toHaveCount(2);
    // docs/behaviour/screens.md#save-button: back to idle after 2 s, and the extra back button goes with 'Saved!'.
    await settle(2_000);
    await expect(page.getByRole('link', { name: BACK })).toHaveCount(1);

    // A second Save on the same page updates the source it created instead of creating another (a new
    // server needs the stored password typed again).
    await field(page, 'Incoming Server').fill('imap2.example.com');
    await field(page, 'Password').fill('s3cret-pass');
    await saveAndWait(page);
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/${id}$`));
    const list = (await (await sources.api.get('/api/email-sources/emails')).json()) as {
      username: string;
    }[];
    expect(list.filter((row) => row.username === username)).toHaveLength(1);

    const stored = await (await sources.api.get(`/api/email-sources/email/${id}`)).json();
    expect(stored).toMatchObject({
      id,
      username,
      email: `${username}@example.com`,
      password: '',
      passwordSet: true,
      incomingServer: 'imap2.example.com',
      incomingPort: 993,
      outgoingServer: 'smtp.example.com',
      outgoingPort: 587,
      ssl: true,
      isMsal: false,
      activeStatus: true,
    });

    // The button that appeared with 'Saved!' (the header keeps its own) leads to the list.
    await expect(page.getByRole('link', { name: BACK })).toHaveCount(2);
    await page.getByRole('link', { name: BACK }).last().click();
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}$`));
    await expect(rowWith(page, username)).toBeVisible();
  });

  test('shows Required and Enter a valid email address, and saves nothing while invalid', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ submissionUser: true });
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);
    const saves = countRequests(page, SAVE_PATH);

    await saveButton(page).click();
    for (const label of ['Username', 'Email', 'Password']) {
      await expect(field(page, label), label).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, label), label).toHaveAccessibleDescription(/Required$/);
    }
    await expect(page.getByText('Required', { exact: true })).toHaveCount(3);
    // Other fields are unconstrained.
    await expect(field(page, 'Incoming Server')).not.toHaveAttribute('aria-invalid', 'true');

    await field(page, 'Username').fill('someone');
    await field(page, 'Email').fill('not-an-address');
    await field(page, 'Password').fill('ab');
    await saveButton(page).click();
    await expect(field(page, 'Email')).toHaveAccessibleDescription('Enter a valid email address');
    // docs/behaviour/sources.md#email-source-editor: fewer than 3 characters reads 'Required' too.
    await expect(field(page, 'Password')).toHaveAccessibleDescription(/Required$/);
    await expect(field(page, 'Username')).not.toHaveAttribute('aria-invalid', 'true');

    await expect(saveButton(page)).toHaveText('Save');
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/0$`));
    expect(saves.count).toBe(0);
  });

  test('saving an edit with a blank password keeps the stored one', async ({ page, createUser, sources }) => {
    const catcher = await startSmtpCatcher({ user: unique('mailer') });
    try {
      const user = await createUser({ inventoryUser: true });
      const source = await sources.emailSource(catcherSettings(catcher));
      await signInAt(page, user.username, `${LIST_PATH}/edit/${source.id}`);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Email Source');
      await expect(field(page, 'Username')).toHaveValue(catcher.user);
      await expect(field(page, 'Outgoing Port')).toHaveValue(String(catcher.port));
      await expect(toggle(page, 'Use SSL')).not.toBeChecked();
      await expect(field(page, 'Password')).toHaveValue('');
      await expect(field(page, 'Password')).toHaveAccessibleDescription(
        'A password is stored. Leave blank to keep it.',
      );

      // A new password on edit still needs 3 characters.
      await field(page, 'Password').fill('ab');
      await saveButton(page).click();
      await expect(field(page, 'Password')).toHaveAccessibleDescription(/Required$/);

      const newEmail = `${unique('renamed')}@example.com`;
      await field(page, 'Password').fill('');
      await field(page, 'Email').fill(newEmail);
      await saveAndWait(page);
      await page.reload();
      await expect(field(page, 'Email')).toHaveValue(newEmail);
      await expect(field(page, 'Password')).toHaveAccessibleDescription(
        'A password is stored. Leave blank to keep it.',
      );

      // The stored secret still signs in to the outgoing server.
      const response = await sources.api.post(SEND_PATH, {
        data: {
          ToEmail: 'ops@example.com',
          SubjectLine: 'Still signed in',
          MessageContent: 'The password was kept.',
          FileData: null,
          EmailSource: { id: source.id },
        },
      });
      expect(response.status(), await response.text()).toBe(200);
      const [mail] = await catcher.waitFor(1);
      expect(mail!.parsed.subject).toBe('Still signed in');
      expect(mail!.envelopeFrom).toBe(newEmail);
    } finally {
      await catcher.close();
    }
  });

  test('a stored password is asked for again when a server, port, user name or SSL changes', async ({
    page,
    createUser,
    sources,
  }) => {
    const catcher = await startSmtpCatcher({ user: unique('mailer') });
    try {
      const user = await createUser({ orderUser: true });
      const source = await sources.emailSource(catcherSettings(catcher));
      await signInAt(page, user.username, `${LIST_PATH}/edit/${source.id}`);
      const password = field(page, 'Password');
      const stored = 'A password is stored. Leave blank to keep it.';
      await expect(password).toHaveAccessibleDescription(stored);
      await expect(password).not.toHaveAttribute('aria-required', 'true');

      const otherPort = String(await closedPort());
      await field(page, 'Outgoing Port').fill(otherPort);
      await expect(password).toHaveAccessibleDescription('Outgoing Port changed: enter the password again.');
      await expect(password).toHaveAttribute('aria-required', 'true');
      await toggle(page, 'Use SSL').click();
      await expect(password).toHaveAccessibleDescription(
        'Outgoing Port and Use SSL changed: enter the password again.',
      );

      // Neither a save nor a test goes out with the stored password for other settings.
      const saves = countRequests(page, SAVE_PATH);
      const tests = countRequests(page, '/api/email-sources/test-connection');
      await saveButton(page).click();
      await expect(password).toHaveAccessibleDescription(/Required$/);
      await page.getByRole('button', { name: 'Test connection' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'enter the password again' })).toHaveText(
        'Outgoing Port and Use SSL changed: enter the password again.',
      );
      await expect(password).toBeFocused();
      expect(saves.count).toBe(0);
      expect(tests.count).toBe(0);

      // Back to the saved settings: the stored password is usable again.
      await toggle(page, 'Use SSL').click();
      await field(page, 'Outgoing Port').fill(String(catcher.port));
      await expect(password).toHaveAccessibleDescription(stored);
      await page.getByRole('button', { name: 'Test connection' }).click();
      await expect(page.getByRole('listitem').filter({ hasText: 'Outgoing (SMTP): ' })).toHaveText(
        `Outgoing (SMTP): Connected to ${catcher.host}:${catcher.port} as ${catcher.user}`,
        { timeout: 15_000 },
      );

      // A change saved with the password typed again is stored, and the new settings keep it from then on.
      await field(page, 'Outgoing Port').fill(otherPort);
      await password.fill('a-new-password');
      await saveAndWait(page);
      await page.reload();
      await expect(field(page, 'Outgoing Port')).toHaveValue(otherPort);
      await expect(password).toHaveAccessibleDescription(stored);
    } finally {
      await catcher.close();
    }
  });

  test('Test connection reports the outgoing server reached and the incoming one failed', async ({
    page,
    createUser,
  }) => {
    const catcher = await startSmtpCatcher({ user: unique('mailer') });
    try {
      const imapPort = await closedPort();
      const user = await createUser({ orderUser: true });
      await signInAt(page, user.username, `${LIST_PATH}/edit/0`);
      const saves = countRequests(page, SAVE_PATH);

      await field(page, 'Username').fill(catcher.user);
      await field(page, 'Email').fill('sender@example.com');
      await field(page, 'Password').fill(catcher.password);
      await field(page, 'Incoming Server').fill('127.0.0.1');
      await field(page, 'Incoming Port').fill(String(imapPort));
      await field(page, 'Outgoing Server').fill(catcher.host);
      await field(page, 'Outgoing Port').fill(String(catcher.port));
      await toggle(page, 'Use SSL').click();
      await page.getByRole('button', { name: 'Test connection' }).click();

      const incoming = page.getByRole('listitem').filter({ hasText: 'Incoming (IMAP): ' });
      const outgoing = page.getByRole('listitem').filter({ hasText: 'Outgoing (SMTP): ' });
      await expect(incoming).toBeVisible({ timeout: 15_000 });
      await expect(outgoing).toBeVisible();
      await expect(outgoing).toHaveText(
        `Outgoing (SMTP): Connected to ${catcher.host}:${catcher.port} as ${catcher.user}`,
      );
      await expect(outgoing.getByRole('img', { name: 'Passed' })).toBeVisible();
      await expect(incoming).toContainText(`127.0.0.1:${imapPort}`);
      await expect(incoming.getByRole('img', { name: 'Failed' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Test connection' })).toBeEnabled();
      // Testing saves nothing.
      expect(saves.count).toBe(0);
      await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/0$`));
    } finally {
      await catcher.close();
    }
  });
});

test.describe('e-mail source editor errors (docs/behaviour/sources.md#messages)', () => {
  test('a failed save shows Error - Try Again with the server’s message, or the fallback text', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ orderUser: true });
    await page.clock.install();
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);
    await field(page, 'Username').fill(unique('failing'));
    await field(page, 'Email').fill('failing@example.com');
    await field(page, 'Password').fill('secret');

    // The server is replaced here, to see both kinds of failure the spec names.
    await page.route(`**${SAVE_PATH}`, (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, message: 'Mailbox store is read-only' } }),
    );
    await stopClock(page);
    await saveButton(page).click();
    await expect(saveButton(page)).toHaveText('Error - Try Again');
    await expect(page.getByRole('alert')).toHaveText('Mailbox store is read-only');
    await expect(page.getByRole('link', { name: BACK })).toHaveCount(1);
    // Like Saved!, the error state returns to Save after 2 s.
    await expectShownFor(page, saveButton(page), 'Error - Try Again', 2_000, 'Save');

    await page.unroute(`**${SAVE_PATH}`);
    await page.route(`**${SAVE_PATH}`, (route) => route.fulfill({ status: 502, body: '' }));
    await saveButton(page).click();
    await expect(saveButton(page)).toHaveText('Error - Try Again');
    await expect(page.getByRole('alert')).toHaveText('Save failed - please try again');
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/0$`));
  });

  test('a send the outgoing server refuses keeps the dialog open with the reason', async ({
    page,
    createUser,
    sources,
  }) => {
    const port = await closedPort();
    const user = await createUser({ orderUser: true });
    const source = await sources.emailSource({ outgoingServer: '127.0.0.1', outgoingPort: port, ssl: false });
    await signInAt(page, user.username, LIST_PATH);

    await rowAction(page, rowWith(page, source.username), 'Send Test Email');
    const dialog = page.getByRole('dialog', { name: 'Send Test Email' });
    await field(page, 'To Email').fill('recipient@example.com');
    await field(page, 'Subject Line').fill('Will not arrive');
    await field(page, 'Message Body').fill('No server listens.');
    const answer = page.waitForResponse(`**${SEND_PATH}`);
    await dialog.getByRole('button', { name: 'Send' }).click();
    expect((await answer).status()).toBe(502);
    await expect(dialog.getByRole('alert')).toContainText(`Could not connect to 127.0.0.1:${port}`);
    await expect(dialog).toBeVisible();
    await expect(field(page, 'Subject Line')).toHaveValue('Will not arrive');
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});

test.describe('e-mail source list', () => {
  test('the table shows the spec’s columns, and the active checkbox is stored across a reload', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ orderUser: true });
    const source = await sources.emailSource({ ssl: false, incomingServer: 'in.example.com' });
    await signInAt(page, user.username, LIST_PATH);

    await expect(page.getByRole('heading', { name: 'Email Sources' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Source' })).toHaveAttribute(
      'href',
      `${LIST_PATH}/edit/0`,
    );
    const table = page.getByRole('table');
    await expectColumns(table, TABLE_COLUMNS);
    const row = rowWith(page, source.username);
    await expectRow(table, row, {
      Username: source.username,
      'Email Address': source.email,
      'Incoming Server': 'in.example.com',
      'Outgoing Server': 'smtp.example.com',
    });
    await expect(row.getByRole('checkbox', { name: `Use SSL for ${source.username}` })).not.toBeChecked();

    const active = row.getByRole('checkbox', { name: `Active status of ${source.username}` });
    await expect(active).toBeChecked();
    const answer = page.waitForResponse(`**/api/email-sources/${source.id}/active`);
    await active.click();
    expect((await answer).status()).toBe(200);
    await expect(active).not.toBeChecked();
    await page.reload();
    await expect(active).not.toBeChecked();
    expect((await (await sources.api.get(`/api/email-sources/email/${source.id}`)).json()).activeStatus).toBe(
      false,
    );

    await active.click();
    await expect(active).toBeChecked();
    await expect
      .poll(
        async () =>
          (await (await sources.api.get(`/api/email-sources/email/${source.id}`)).json()).activeStatus,
      )
      .toBe(true);
    await page.reload();
    await expect(active).toBeChecked();
  });

  test('switches between table and cards; cards show Server, Port, Email and SSL', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ orderUser: true });
    const source = await sources.emailSource({ incomingPort: 143, ssl: false });
    await signInAt(page, user.username, LIST_PATH);

    await expect(page.getByRole('radio', { name: 'Table view' })).toBeChecked();
    await page.getByRole('radio', { name: 'Card view' }).click();
    await expect(page.getByRole('radio', { name: 'Card view' })).toBeChecked();
    await expect(page).toHaveURL(/\?view=cards$/);
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = listCard(page, source.username);
    await expectCard(card, [
      ['Server', 'imap.example.com'],
      ['Port', '143'],
      ['Email', source.email],
      ['SSL', 'No'],
    ]);
    const active = card.getByRole('switch', { name: `Active status of ${source.username}` });
    await expect(active).toBeChecked();
    await active.click();
    await expect(active).not.toBeChecked();
    await expect
      .poll(
        async () =>
          (await (await sources.api.get(`/api/email-sources/email/${source.id}`)).json()).activeStatus,
      )
      .toBe(false);

    // The chosen view survives a reload.
    await page.reload();
    await expect(listCard(page, source.username)).toBeVisible();
    await page.getByRole('radio', { name: 'Table view' }).click();
    await expect(rowWith(page, source.username)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}$`));
  });

  test('at 375 px cards are forced and the view switch is hidden', async ({ page, createUser, sources }) => {
    const user = await createUser({ orderUser: true });
    const source = await sources.emailSource();
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAt(page, user.username, LIST_PATH);

    await expect(listCard(page, source.username)).toBeVisible();
    await expectCard(listCard(page, source.username), [
      ['Server', 'imap.example.com'],
      ['Port', '993'],
      ['Email', source.email],
      ['SSL', 'Yes'],
    ]);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Table view' })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Card view' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add Source' })).toBeVisible();
  });

  test('empty states: "No results." in the table and "No email sources found." in cards', async ({
    page,
    createUser,
  }) => {
    // Sources are global and other tests (and other spec files sharing the server) create them, so an empty
    // list cannot be guaranteed; the list call is answered with [] (what an empty database returns) instead.
    await page.route('**/api/email-sources/emails', (route) => route.fulfill({ json: [] }));
    const user = await createUser({ orderUser: true });
    await signInAt(page, user.username, LIST_PATH);
    await expect(page.getByRole('table').getByRole('cell')).toHaveText(['No results.']);
    await page.getByRole('radio', { name: 'Card view' }).click();
    await expect(page.getByText('No email sources found.', { exact: true })).toBeVisible();
  });

  test('a list that cannot be loaded says so (docs/design/differences.md#errors-are-shown: not only in the console)', async ({
    page,
    createUser,
  }) => {
    await page.route('**/api/email-sources/emails', (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, message: 'down' } }),
    );
    const user = await createUser({ orderUser: true });
    await signInAt(page, user.username, LIST_PATH);
    await expect(page.getByRole('alert')).toContainText('Failed to load email sources', AFTER_RETRIES);
    await page.unroute('**/api/email-sources/emails');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('table')).toBeVisible();
  });

  test('deletes a source after Confirm Deletion; Cancel keeps it', async ({ page, createUser, sources }) => {
    const user = await createUser({ orderUser: true });
    const source = await sources.emailSource();
    await signInAt(page, user.username, LIST_PATH);

    const row = rowWith(page, source.username);
    const dialog = await cancelRowDelete(page, row, pickerName(source));
    await rowAction(page, row, 'Delete');
    await confirmRowDelete(page, dialog, row, {
      heading: 'Email Sources',
      api: sources.api,
      recordUrl: `/api/email-sources/email/${source.id}`,
    });
  });

  test('deleting a source an order tracking source uses is refused: the dialog stays open with the reason', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ orderUser: true });
    const source = await sources.emailSource();
    const tracking = await sources.orderTrackingSource(source.id);
    await signInAt(page, user.username, LIST_PATH);

    const row = rowWith(page, source.username);
    await rowAction(page, row, 'Delete');
    const dialog = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
    const answer = page.waitForResponse(`**/api/email-sources/delete/${source.id}`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    expect((await answer).status()).toBe(409);
    await expect(dialog.getByRole('alert')).toHaveText(
      `This email source is used by Order tracking source "${tracking.sourceName}". Change or delete it first.`,
    );
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Delete' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(row).toBeVisible();
    expect((await sources.api.get(`/api/email-sources/email/${source.id}`)).status()).toBe(200);
  });
});

test.describe('two sources with one username (issue 16 item 9)', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 375, height: 812 },
  ]) {
    test(`the list, the pickers and the delete dialog show each one's address and server (${viewport.width} px)`, async ({
      page,
      createUser,
      sources,
    }) => {
      await page.setViewportSize(viewport);
      const username = unique('orders');
      const first = await sources.emailSource({ username, email: `${username}@first.example` });
      const second = await sources.emailSource({
        username,
        email: `${username}@second.example`,
        incomingServer: 'imap.second.example',
      });
      const user = await createUser({ orderUser: true });
      await signInAt(page, user.username, LIST_PATH);

      // The table has the address and server columns; cards list them under the name.
      const entries =
        viewport.width < 768
          ? listCard(page, username)
          : page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });
      await expect(entries).toHaveCount(2);
      const entryOf = (source: { email: string }) => entries.filter({ hasText: source.email });
      await expect(entryOf(first)).toContainText('imap.example.com');
      await expect(entryOf(second)).toContainText('imap.second.example');

      await rowAction(page, entryOf(second), 'Delete');
      const dialog = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
      await expect(dialog).toContainText(
        `Are you sure you want to delete "${username} (${username}@second.example, imap.second.example)"?`,
      );
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();

      // Every source editor's mailbox picker.
      await page.goto('/order-tracking-sources/edit/0');
      await page.getByLabel('Email Source', { exact: true }).click();
      await expect(page.getByRole('option', { name: pickerName(first), exact: true })).toBeVisible();
      await expect(
        page.getByRole('option', {
          name: `${username} (${username}@second.example, imap.second.example)`,
          exact: true,
        }),
      ).toBeVisible();
    });
  }
});

test.describe('Send Test Email', () => {
  test('sends subject, body and attachment through the source’s outgoing server', async ({
    page,
    createUser,
    sources,
  }) => {
    const catcher = await startSmtpCatcher({ user: unique('mailer') });
    try {
      const user = await createUser({ orderUser: true });
      const source = await sources.emailSource({ ...catcherSettings(catcher), email: 'sender@example.com' });
      // Every byte value, so any re-encoding on the way would show.
      const attachment = Buffer.from(Array.from({ length: 512 }, (_, index) => index % 256));
      const subject = unique('Test subject');
      const body = 'Hello from the e2e test.\nSecond line.';
      await signInAt(page, user.username, LIST_PATH);

      await rowAction(page, rowWith(page, source.username), 'Send Test Email');
      const dialog = page.getByRole('dialog', { name: 'Send Test Email' });
      await expect(field(page, 'To Email')).toHaveAttribute('placeholder', 'Recipient email address');
      await expect(field(page, 'Subject Line')).toHaveAttribute('placeholder', 'Email subject');
      await expect(field(page, 'Message Body')).toHaveAttribute('placeholder', 'Email message');
      await field(page, 'To Email').fill('recipient@example.com');
      await field(page, 'Subject Line').fill(subject);
      await field(page, 'Message Body').fill(body);
      await field(page, 'Attachment (optional)').setInputFiles({
        name: 'bytes.bin',
        mimeType: 'application/octet-stream',
        buffer: attachment,
      });
      const answer = page.waitForResponse(`**${SEND_PATH}`);
      await dialog.getByRole('button', { name: 'Send' }).click();
      expect((await answer).status()).toBe(200);
      await expect(dialog).toBeHidden();

      const [mail] = await catcher.waitFor(1);
      expect(catcher.messages).toHaveLength(1);
      expect(mail!.envelopeFrom).toBe('sender@example.com');
      expect(mail!.envelopeTo).toEqual(['recipient@example.com']);
      expect(mail!.parsed.subject).toBe(subject);
      expect(mail!.parsed.text?.trimEnd()).toBe(body);
      expect(mail!.parsed.attachments).toHaveLength(1);
      expect(mail!.parsed.attachments[0]!.filename).toBe('bytes.bin');
      expect(mail!.parsed.attachments[0]!.content.equals(attachment)).toBe(true);
    } finally {
      await catcher.close();
    }
  });

  test('missing fields show "Please fill in all required fields." and nothing is sent', async ({
    page,
    createUser,
    sources,
  }) => {
    const catcher = await startSmtpCatcher({ user: unique('mailer') });
    try {
      const user = await createUser({ orderUser: true });
      const source = await sources.emailSource(catcherSettings(catcher));
      await signInAt(page, user.username, LIST_PATH);
      const sends = countRequests(page, SEND_PATH);

      await rowAction(page, rowWith(page, source.username), 'Send Test Email');
      const dialog = page.getByRole('dialog', { name: 'Send Test Email' });
      await field(page, 'To Email').fill('recipient@example.com');
      await field(page, 'Subject Line').fill('Only a subject');
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(FILL_ALL);
      await expect(dialog).toBeVisible();

      // Whitespace is not a body either.
      await field(page, 'Message Body').fill('   ');
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(FILL_ALL);
      expect(sends.count).toBe(0);

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      expect(sends.count).toBe(0);
      expect(catcher.messages).toHaveLength(0);

      // Opening it again starts from an empty form.
      await rowAction(page, rowWith(page, source.username), 'Send Test Email');
      await expect(field(page, 'To Email')).toHaveValue('');
      await expect(dialog.getByRole('alert')).toHaveCount(0);
    } finally {
      await catcher.close();
    }
  });
});
