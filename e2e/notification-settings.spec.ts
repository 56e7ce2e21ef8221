import type { Locator, Page } from '@playwright/test';
import { TEXTS } from './fixtures';
import { MAIL_FROM } from './fixtures/constants';
import { onMailServer } from './fixtures/mail-server';
import {
  choose,
  expect,
  expectCard,
  expectShownFor,
  holdRequests,
  listCard,
  listNotificationSettings,
  NOTIFICATION_SETTINGS_API,
  rowAction,
  type SeededOrderTrackingSource,
  type SourceSeeder,
  saveButton,
  signInAt,
  stopClock,
  test,
  unique,
} from './fixtures/notifications';

/** Notification settings, docs/behaviour/notifications.md. */

const LIST_PATH = '/notification-settings';
const EDITOR_CARDS = [
  'Basic Settings',
  'Schedule Settings',
  'Content Settings',
  'Email Settings',
  'Email Configuration',
];
const EMPTY = 'No notification settings found.';
const SAVE_FIRST = 'Please save the notification setting first before testing';
const INCLUDE_DEFAULTS: [string, boolean][] = [
  ['Include Status Changes', true],
  ['Include Quantity Changes', true],
  ['Include Zero Quantity Alerts', false],
  ['Include Daily Breakdown', true],
  ['Include Item Details', true],
  ['Include Error Alerts', true],
  ['Include Success Alerts', true],
];

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const toggle = (page: Page, name: string) => page.getByRole('switch', { name, exact: true });
const testButton = (page: Page) =>
  page.getByRole('button', { name: /^(Test Notification|Sending\.\.\.|Test Sent!)$/ });
const listTable = (page: Page) => page.getByRole('table');
/** The list's table row of a setting, found by its name link. */
const settingRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
const counts = (page: Page) => page.getByRole('status').filter({ hasText: /^Showing/ });

/** The list's counts line: rows shown of all, then enabled and disabled settings (all of them). */
async function expectCounts(page: Page, shown: number, total: number, enabled: number) {
  await expect(counts(page)).toHaveText(
    new RegExp(`^Showing ${shown} of ${total}·${enabled} enabled·${total - enabled} disabled$`),
  );
}

/** Four order tracking sources (one e-mail source), named so that their order on screen is known. */
async function seedTrackingSources(
  sources: SourceSeeder,
  count: number,
): Promise<SeededOrderTrackingSource[]> {
  const mailbox = await sources.emailSource();
  const prefix = unique('Carrier');
  const seeded: SeededOrderTrackingSource[] = [];
  for (let index = 1; index <= count; index += 1) {
    seeded.push(await sources.orderTrackingSource(mailbox.id, { sourceName: `${prefix}-${index}` }));
  }
  return seeded;
}

/** The badges of a row's or card's included sources, in screen order ('+N' names the rest for screen readers). */
const includedItems = (scope: Locator) =>
  scope.getByRole('list', { name: 'Included sources' }).getByRole('listitem');

test.describe('notification settings list', () => {
  test('shows the empty state in both views when there are no settings', async ({
    page,
    createUser,
    adminApi,
  }) => {
    // Only this spec stores notification settings, and each test deletes its own: anything left over is a
    // failed earlier run's, and goes.
    for (const setting of await listNotificationSettings(adminApi))
      await adminApi.delete(`${NOTIFICATION_SETTINGS_API}/${setting.id}`);
    const user = await createUser({ inventoryUser: true });
    await signInAt(page, user.username, LIST_PATH);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notification Settings');
    await expect(listTable(page).getByRole('cell', { name: EMPTY })).toBeVisible();
    await expectCounts(page, 0, 0, 0);
    await page.getByRole('radio', { name: 'Card view' }).click();
    await expect(page).toHaveURL(/\?view=cards$/);
    await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Notification Setting' })).toHaveAttribute(
      'href',
      `${LIST_PATH}/edit/0`,
    );
  });

  test('filters by name text, source type and interval and counts shown, enabled and disabled settings', async ({
    page,
    createUser,
    adminApi,
    sources,
    notifications,
  }) => {
    const [carrier] = await seedTrackingSources(sources, 1);
    const prefix = unique('Filter');
    const weekly = await notifications.create({
      name: `${prefix} weekly tracking`,
      sourceTypeId: 3,
      sourceIds: [carrier!.id],
      notificationEnabled: true,
    });
    const daily = await notifications.create({
      name: `${prefix} daily inventory`,
      sourceTypeId: 1,
      notificationInterval: 'Daily',
      notificationDayOfWeek: null,
    });
    const custom = await notifications.create({
      name: `${prefix} custom tracking`,
      sourceTypeId: 3,
      notificationInterval: 'Custom',
      notificationDayOfWeek: null,
      cronExpression: '0 8 * * 1-5',
    });
    const all = await listNotificationSettings(adminApi);
    const enabled = all.filter((setting) => setting.notificationEnabled).length;
    // Every flag: the list shows every source type's settings, as the admin's does.
    const user = await createUser({ orderUser: true, inventoryUser: true, submissionUser: true });
    await signInAt(page, user.username, LIST_PATH);

    await expect(settingRow(page, weekly.name)).toBeVisible();
    await expectCounts(page, all.length, all.length, enabled);

    await field(page, 'Source Name').fill(prefix);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${prefix}`));
    for (const setting of [weekly, daily, custom]) await expect(settingRow(page, setting.name)).toBeVisible();
    // The enabled and disabled counts are of all settings, whatever the filters show.
    await expectCounts(page, 3, all.length, enabled);

    await choose(page, 'Source Type', 'Order Tracking');
    await expect(settingRow(page, daily.name)).toHaveCount(0);
    await expectCounts(page, 2, all.length, enabled);

    await choose(page, 'Interval', 'Custom');
    await expect(settingRow(page, weekly.name)).toHaveCount(0);
    await expect(settingRow(page, custom.name)).toBeVisible();
    await expect(settingRow(page, custom.name)).toContainText('0 8 * * 1-5');
    await expectCounts(page, 1, all.length, enabled);

    await choose(page, 'Interval', 'Monthly');
    await expect(listTable(page).getByRole('cell', { name: EMPTY })).toBeVisible();

    // The text also finds a setting by the name of a source it includes.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(field(page, 'Source Name')).toHaveValue('');
    await field(page, 'Source Name').fill(carrier!.sourceName);
    await expect(settingRow(page, weekly.name)).toBeVisible();
    await expectCounts(page, 1, all.length, enabled);

    // The filters survive a reload (they live in the address).
    await page.reload();
    await expect(field(page, 'Source Name')).toHaveValue(carrier!.sourceName);
    await expect(settingRow(page, weekly.name)).toBeVisible();
  });

  test('shows two included sources in the table and three on cards, then +N; no day reads Any / Any day', async ({
    page,
    createUser,
    sources,
    notifications,
  }) => {
    const carriers = await seedTrackingSources(sources, 4);
    const names = carriers.map((carrier) => carrier.sourceName);
    const many = await notifications.create({
      name: unique('Four sources'),
      sourceIds: carriers.map((carrier) => carrier.id),
      notificationInterval: 'Daily',
      notificationDayOfWeek: null,
    });
    const weekly = await notifications.create({ name: unique('Fridays'), notificationDayOfWeek: 5 });
    const user = await createUser({ orderUser: true });
    await signInAt(page, user.username, LIST_PATH);

    const row = settingRow(page, many.name);
    await expect(row).toBeVisible();
    await expect(includedItems(row)).toHaveText([names[0]!, names[1]!, `+2 more: ${names[2]}, ${names[3]}`]);
    await expect(row.getByText('+2', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Any', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Order Tracking', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Never', exact: true })).toBeVisible();
    await expect(
      settingRow(page, weekly.name).getByRole('cell', { name: 'Friday', exact: true }),
    ).toBeVisible();
    await expect(settingRow(page, weekly.name).getByText('All sources', { exact: true })).toBeVisible();

    await page.getByRole('radio', { name: 'Card view' }).click();
    const card = listCard(page, many.name);
    await expectCard(card, [
      ['Source Type', 'Order Tracking'],
      ['Interval', 'Daily'],
      ['Day of Week', 'Any day'],
      ['Enabled', 'Disabled'],
      ['Last Sent', 'Never'],
    ]);
    await expect(includedItems(card)).toHaveText([names[0]!, names[1]!, names[2]!, `+1 more: ${names[3]}`]);
    await expect(card.getByText('+1', { exact: true })).toBeVisible();
    await expectCard(listCard(page, weekly.name), [['Day of Week', 'Friday']]);
  });

  test('switches to cards under 768 px without a view switch', async ({
    page,
    createUser,
    notifications,
  }) => {
    const setting = await notifications.create({ name: unique('Narrow') });
    await page.setViewportSize({ width: 375, height: 812 });
    const user = await createUser({ orderUser: true });
    await signInAt(page, user.username, LIST_PATH);

    await expect(listCard(page, setting.name)).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Table view' })).toHaveCount(0);
  });

  test('edits a setting from its row and deletes one after confirming; a failed delete keeps the dialog open', async ({
    page,
    createUser,
    adminApi,
    notifications,
  }) => {
    const first = await notifications.create({ name: unique('Edit me'), notificationEnabled: true });
    const second = await notifications.create({ name: unique('Delete me') });
    const gone = await notifications.create({ name: unique('Already gone') });
    const user = await createUser({ orderUser: true });
    await signInAt(page, user.username, LIST_PATH);

    await rowAction(page, settingRow(page, first.name), 'Edit');
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/${first.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Notification Setting');
    await expect(field(page, 'Notification Name')).toHaveValue(first.name);
    await expect(field(page, 'Source Type')).toHaveText('Order Tracking');
    await expect(toggle(page, 'Notification Enabled')).toBeChecked();
    const renamed = `${first.name} renamed`;
    await field(page, 'Notification Name').fill(renamed);
    await choose(page, 'Notification Interval', 'Monthly');
    await saveButton(page).click();
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}$`));
    await expect(settingRow(page, renamed)).toBeVisible();
    const stored = (await (await adminApi.get(`${NOTIFICATION_SETTINGS_API}/${first.id}`)).json()) as {
      name: string;
      notificationInterval: string;
      notificationDayOfWeek: number | null;
    };
    expect(stored).toMatchObject({
      name: renamed,
      notificationInterval: 'Monthly',
      notificationDayOfWeek: null,
    });

    await rowAction(page, settingRow(page, second.name), 'Delete');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`Are you sure you want to delete "${second.name}"?`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(settingRow(page, second.name)).toBeVisible();
    await rowAction(page, settingRow(page, second.name), 'Delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(settingRow(page, second.name)).toHaveCount(0);
    expect((await adminApi.get(`${NOTIFICATION_SETTINGS_API}/${second.id}`)).status()).toBe(404);

    // Deleted elsewhere meanwhile: the server refuses, and the dialog stays open with the reason.
    await adminApi.delete(`${NOTIFICATION_SETTINGS_API}/${gone.id}`);
    await rowAction(page, settingRow(page, gone.name), 'Delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Notification setting not found');
    await expect(dialog).toBeVisible();
  });
});

test.describe('notification setting editor', () => {
  test('creates a setting from the spec’s defaults, with the validation messages (docs/behaviour/notifications.md#setting-editor) first', async ({
    page,
    createUser,
    adminApi,
    sources,
    notifications,
  }) => {
    const carriers = await seedTrackingSources(sources, 3);
    const user = await createUser({ orderUser: true });
    await signInAt(page, user.username, LIST_PATH);
    await page.getByRole('link', { name: 'Add Notification Setting' }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/0$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Notification Setting');
    for (const title of EDITOR_CARDS) await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', LIST_PATH);

    // The defaults (docs/behaviour/notifications.md#defaults).
    await expect(field(page, 'Notification Interval')).toHaveText('Weekly');
    await expect(field(page, 'Day of Week')).toHaveText('Monday');
    await expect(toggle(page, 'Notification Enabled')).not.toBeChecked();
    for (const [label, on] of INCLUDE_DEFAULTS) {
      if (on) await expect(toggle(page, label)).toBeChecked();
      else await expect(toggle(page, label)).not.toBeChecked();
    }
    await expect(toggle(page, 'Consolidated Email')).not.toBeChecked();
    await expect(field(page, 'Included Sources')).toBeDisabled();

    // docs/behaviour/notifications.md#setting-editor: nothing is sent while the required fields are empty.
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === NOTIFICATION_SETTINGS_API)
        posts += 1;
    });
    await saveButton(page).click();
    await expect(page.getByText('Notification name is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Source type is required', { exact: true })).toBeVisible();
    await expect(field(page, 'Notification Name')).toBeFocused();

    const name = unique('Weekly carriers');
    await field(page, 'Notification Name').fill(name);
    await choose(page, 'Source Type', 'Order Tracking');
    await expect(field(page, 'Included Sources')).toHaveText('All sources');
    await expect(field(page, 'Included Sources')).toHaveAccessibleDescription(
      'Leave empty to include all sources of this type.',
    );
    await field(page, 'Included Sources').click();
    await page.getByRole('menuitemcheckbox', { name: carriers[0]!.sourceName }).click();
    await page.getByRole('menuitemcheckbox', { name: carriers[2]!.sourceName }).click();
    await page.keyboard.press('Escape');
    await expect(field(page, 'Included Sources')).toHaveText('2 sources selected');
    for (const carrier of [carriers[0]!, carriers[2]!])
      await expect(page.getByRole('button', { name: `Remove ${carrier.sourceName}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Remove ${carriers[1]!.sourceName}` })).toHaveCount(0);
    await choose(page, 'Day of Week', 'Wednesday');
    await toggle(page, 'Notification Enabled').click();
    await toggle(page, 'Include Zero Quantity Alerts').click();
    await toggle(page, 'Include Success Alerts').click();
    await field(page, 'Override Email Recipients').fill('ops@example.com, buyer@example.com');
    await field(page, 'Email Subject Prefix').fill('[Carriers]');
    await toggle(page, 'Consolidated Email').click();

    const held = await holdRequests(page, `**${NOTIFICATION_SETTINGS_API}`);
    await saveButton(page).click();
    await expect(saveButton(page)).toHaveText('Saving...');
    held.release();
    await expect(saveButton(page)).toHaveText('Saved!');
    await expect(page.getByRole('status').filter({ hasText: 'Notification setting saved' })).toBeVisible();
    // docs/behaviour/notifications.md#setting-editor: the list opens a second after the save.
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}$`));
    expect(posts).toBe(1);

    const stored = (await listNotificationSettings(adminApi)).find((setting) => setting.name === name);
    expect(stored).toBeDefined();
    notifications.removeAfter(stored!.id);
    expect(stored).toMatchObject({
      sourceTypeId: 3,
      sourceIds: [carriers[0]!.id, carriers[2]!.id],
      sourceName: [carriers[0]!.sourceName, carriers[2]!.sourceName],
      notificationEnabled: true,
      notificationInterval: 'Weekly',
      notificationDayOfWeek: 3,
      cronExpression: '',
      includeStatusChanges: true,
      includeQuantityChanges: true,
      includeZeroQuantityAlerts: true,
      includeDailyBreakdown: true,
      includeItemDetails: true,
      includeErrorAlerts: true,
      includeSuccessAlerts: false,
      overrideEmailRecipients: 'ops@example.com, buyer@example.com',
      emailSubjectPrefix: '[Carriers]',
      consolidatedEmail: true,
      lastNotificationSent: null,
    });
    await expect(settingRow(page, name)).toBeVisible();
  });

  test('shows the day of week only for Weekly and the checked cron expression only for Custom', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ inventoryUser: true });
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);
    const day = field(page, 'Day of Week');
    const cron = field(page, 'Cron Expression');
    const status = page.locator('#ns-cronExpression-status');

    await expect(day).toBeVisible();
    await expect(cron).toHaveCount(0);
    for (const interval of ['Daily', 'Monthly', 'None']) {
      await choose(page, 'Notification Interval', interval);
      await expect(day).toHaveCount(0);
      await expect(cron).toHaveCount(0);
    }

    await choose(page, 'Notification Interval', 'Custom');
    await expect(day).toHaveCount(0);
    await expect(cron).toBeVisible();
    // Checked by the server once typing pauses: its message and the next execution time.
    const checked = page.waitForResponse(
      (response) =>
        response.url().endsWith('/validate-cron') &&
        response.request().postDataJSON()?.cronExpression === '0 8 * * 1-5',
    );
    await cron.pressSequentially('0 8 * * 1-5');
    const verdict = (await (await checked).json()) as {
      isValid: boolean;
      message: string;
      nextExecution: string;
    };
    expect(verdict.isValid).toBe(true);
    await expect(status).toContainText(verdict.message);
    const next = await page.evaluate(
      (iso) =>
        new Date(iso).toLocaleString('en-US', {
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: 'numeric',
          minute: '2-digit',
        }),
      verdict.nextExecution,
    );
    await expect(status).toContainText(`Next execution: ${next}`);
    await expect(cron).toHaveAccessibleDescription(/Five fields/);

    const refused = page.waitForResponse(
      (response) =>
        response.url().endsWith('/validate-cron') &&
        response.request().postDataJSON()?.cronExpression === '61 8 * * *',
    );
    await cron.fill('61 8 * * *');
    const invalid = (await (await refused).json()) as { isValid: boolean; message: string };
    expect(invalid.isValid).toBe(false);
    await expect(status).toHaveText(invalid.message);
    await expect(status).not.toContainText('Next execution');

    // A check the server refuses outright (an expression over its length limit).
    await cron.fill(`${'1,'.repeat(120)}1 * * * *`);
    await expect(status).toHaveText('Error validating cron expression');

    // Weekly again: the day returns and the cron field goes.
    await choose(page, 'Notification Interval', 'Weekly');
    await expect(day).toBeVisible();
    await expect(cron).toHaveCount(0);
  });

  test('shows the inventory data-source hints and the email configuration', async ({ page, createUser }) => {
    const user = await createUser({ inventoryUser: true, orderUser: true });
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);
    const content = page
      .locator('[data-slot="card"]')
      .filter({ has: page.getByRole('heading', { name: 'Content Settings' }) });
    await expect(content.getByText('Daily notifications cover the last 24 hours.')).toHaveCount(0);
    await choose(page, 'Source Type', 'Inventory');
    await expect(content.getByText('Daily notifications cover the last 24 hours.')).toBeVisible();
    await expect(content.getByText('Weekly notifications cover the last 7 days.')).toBeVisible();
    await expect(content.getByText('Monthly notifications cover the last 30 days.')).toBeVisible();
    await choose(page, 'Source Type', 'Order Tracking');
    await expect(content.getByText('Daily notifications cover the last 24 hours.')).toHaveCount(0);

    const info = (await (await page.request.get(`${NOTIFICATION_SETTINGS_API}/email-info`)).json()) as {
      fromEmail: string;
      recipients: Partial<Record<'inventory' | 'submission' | 'order', string[]>>;
      note: string;
    };
    const configuration = page
      .locator('[data-slot="card"]')
      .filter({ has: page.getByRole('heading', { name: 'Email Configuration' }) });
    await expect(configuration.getByText('From Email', { exact: true })).toBeVisible();
    for (const label of ['Inventory recipients', 'Order recipients'])
      await expect(configuration.getByText(label, { exact: true })).toBeVisible();
    // The recipients of a group whose flag the user lacks are not shown (nor sent by the server).
    await expect(configuration.getByText('Submission recipients', { exact: true })).toHaveCount(0);
    expect(info.recipients.submission).toBeUndefined();
    // The user just made holds the inventory flag; whether it receives e-mail depends on its own setting.
    for (const address of info.recipients.inventory ?? [])
      await expect(configuration.getByText(address, { exact: true }).first()).toBeVisible();
    if (info.note) await expect(configuration.getByText(info.note, { exact: true })).toBeVisible();
  });

  test('a missing setting shows the load failure', async ({ page, createUser }) => {
    const user = await createUser({ orderUser: true });
    await signInAt(page, user.username, `${LIST_PATH}/edit/999999`);
    await expect(page.getByText('Failed to load notification setting', { exact: true })).toBeVisible();
  });

  test('Test Notification: refused before saving (cleared after 3 s), then sending and the server’s error with Dismiss', async ({
    page,
    createUser,
    notifications,
  }) => {
    // The e2e server has no SMTP settings (see auth.spec.ts), so a test that reaches the mailer fails with
    // the system mailer's reason; a setting without recipients fails earlier with the server's own reason.
    const withRecipients = await notifications.create({
      name: unique('Tested'),
      overrideEmailRecipients: 'ops@example.com',
    });
    const user = await createUser({ orderUser: true });

    // A new setting is not saved yet.
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);
    let tests = 0;
    page.on('request', (request) => {
      if (/\/api\/notification-settings\/\d+\/test$/.test(new URL(request.url()).pathname)) tests += 1;
    });
    await testButton(page).click();
    const warning = page.getByRole('alert').filter({ hasText: SAVE_FIRST });
    await expect(warning).toBeVisible();
    await expect(warning).toBeHidden();

    // A stored setting with edits on screen is not saved either: the server would test the stored one.
    await page.goto(`${LIST_PATH}/edit/${withRecipients.id}`);
    await expect(field(page, 'Notification Name')).toHaveValue(withRecipients.name);
    await field(page, 'Email Subject Prefix').fill('[Unsaved]');
    await testButton(page).click();
    await expect(warning).toBeVisible();
    expect(tests).toBe(0);

    // Unchanged again: the test goes to the server.
    await field(page, 'Email Subject Prefix').fill('');
    const held = await holdRequests(page, `**${NOTIFICATION_SETTINGS_API}/${withRecipients.id}/test`);
    await testButton(page).click();
    await expect(testButton(page)).toHaveText('Sending...');
    await expect(testButton(page)).toBeDisabled();
    held.release();
    const failure = page.getByRole('alert').filter({ hasText: TEXTS.mailNotConfigured });
    await expect(failure).toBeVisible();
    await expect(testButton(page)).toHaveText('Test Notification');
    await failure.getByRole('button', { name: 'Dismiss' }).click();
    await expect(failure).toHaveCount(0);
    expect(tests).toBe(1);
  });

  test('Test Notification without any recipient shows the server’s reason', async ({
    page,
    createUser,
    notifications,
  }) => {
    // Vendor notifications go to submission users who receive e-mail; the users made here do not.
    const setting = await notifications.create({ name: unique('Nobody'), sourceTypeId: 4 });
    const user = await createUser({ submissionUser: true });
    await signInAt(page, user.username, `${LIST_PATH}/edit/${setting.id}`);
    await expect(field(page, 'Notification Name')).toHaveValue(setting.name);
    await testButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: /^No recipients/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dismiss' })).toBeVisible();
  });
});

test.describe('Test Notification on a server with outgoing mail', () => {
  const mailCatcher = onMailServer(test);

  test('sends the saved setting’s digest: Test Sent! for 5 s, and the e-mail reaches the override recipients', async ({
    page,
    createUser,
    notifications,
  }) => {
    const setting = await notifications.create({
      name: unique('Mailed'),
      overrideEmailRecipients: 'ops@example.com, lead@example.com',
      emailSubjectPrefix: '[E2E]',
    });
    const user = await createUser({ orderUser: true });
    await page.clock.install();
    await signInAt(page, user.username, `${LIST_PATH}/edit/${setting.id}`);
    await expect(field(page, 'Notification Name')).toHaveValue(setting.name);
    const before = mailCatcher().messages.length;

    await stopClock(page);
    const answer = page.waitForResponse((response) =>
      response.url().endsWith(`${NOTIFICATION_SETTINGS_API}/${setting.id}/test`),
    );
    await testButton(page).click();
    expect((await answer).status()).toBe(200);
    await expect(testButton(page)).toHaveText('Test Sent!');
    await expect(page.getByRole('alert')).toHaveCount(0);

    const mail = (await mailCatcher().waitFor(before + 1))[before]!;
    expect(mail.envelopeFrom).toBe(MAIL_FROM);
    expect([...mail.envelopeTo].sort()).toEqual(['lead@example.com', 'ops@example.com']);
    expect(mail.parsed.subject).toMatch(/^\[E2E\] Test: /);
    expect(mail.parsed.html).toBeTruthy();
    expect(mail.parsed.text).toBeTruthy();

    // The sent state goes back to idle after 5 s (docs/behaviour/notifications.md#test-notification); nothing else is sent.
    await expectShownFor(page, testButton(page), 'Test Sent!', 5_000, 'Test Notification');
    expect(mailCatcher().messages.length).toBe(before + 1);
  });
});

test.describe('notification settings access', () => {
  test('a user without any flag is kept out of both screens and the hub card', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({});
    await signInAt(page, user.username, LIST_PATH);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto(`${LIST_PATH}/edit/0`);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/sources');
    await expect(page.getByRole('heading', { name: 'Notification Settings' })).toHaveCount(0);
    expect((await page.request.get(NOTIFICATION_SETTINGS_API)).status()).toBe(403);
  });

  test('an order user sees, filters by and creates Order Tracking settings only', async ({
    page,
    createUser,
    notifications,
  }) => {
    const prefix = unique('Typed');
    const tracking = await notifications.create({ name: `${prefix} tracking` });
    const inventory = await notifications.create({ name: `${prefix} inventory`, sourceTypeId: 1 });
    const user = await createUser({ orderUser: true });
    await signInAt(page, user.username, LIST_PATH);

    await field(page, 'Source Name').fill(prefix);
    await expect(settingRow(page, tracking.name)).toBeVisible();
    await expect(settingRow(page, inventory.name)).toHaveCount(0);
    await field(page, 'Source Type').click();
    await expect(page.getByRole('option')).toHaveText(['All source types', 'Order Tracking']);
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Add Notification Setting' }).click();
    // The list has a Source Type field too: wait for the editor (a lazily loaded page) to replace it.
    await expect(page.getByRole('heading', { name: 'Create Notification Setting' })).toBeVisible();
    await field(page, 'Source Type').click();
    await expect(page.getByRole('option')).toHaveText(['Order Tracking']);
    await page.keyboard.press('Escape');

    // Another type's setting, opened by its address, is refused by the server.
    await page.goto(`${LIST_PATH}/edit/${inventory.id}`);
    await expect(page.getByText('Failed to load notification setting', { exact: true })).toBeVisible();
    expect((await page.request.get(`${NOTIFICATION_SETTINGS_API}/${inventory.id}`)).status()).toBe(403);
  });

  test('an admin without flags reaches the list from the Sources hub', async ({ page, createUser }) => {
    const admin = await createUser({ isAdmin: true });
    await signInAt(page, admin.username, '/sources');
    await page.getByRole('link', { name: 'Open Notification Settings' }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notification Settings');
  });
});
