import type { Page } from '@playwright/test';
import { sameOriginHeaders } from './fixtures/index';
import { expect, submissionSourcePayload, test } from './fixtures/order-submission';
import {
  cancelRowDelete,
  choose,
  countRequests,
  expectCard,
  expectColumns,
  expectEditorLoadFailures,
  expectRow,
  expectShownFor,
  expectSwipeHintWhereTableScrolls,
  listCard,
  pickerName,
  rowAction,
  rowWith,
  saveAndWait,
  saveButton,
  saveNewRecord,
  signInAt,
  stopClock,
  unique,
} from './fixtures/sources';

/** Order submission sources, docs/behaviour/order-submission.md#order-submission-sources (and docs/behaviour/runs-and-history.md, docs/design/differences.md). */

const LIST_PATH = '/order-submission/sources';
const SAVE_PATH = '/api/order-submission/sources/save';
const SAVED = 'Order submission source saved successfully!';
const EDITOR_CARDS = [
  'Basic Configuration',
  'Attachment & Email Settings',
  'Link Processing',
  'Download Configuration',
];
const ALL_COLUMNS = [
  'Active',
  'Source Name',
  'File Type',
  'From Email',
  'Attachment Count',
  'Expected Subject',
  'Attachment Name',
  'Actions',
];
const TABLET_COLUMNS = ['Active', 'Source Name', 'From Email', 'Expected Subject', 'Actions'];
const REQUIRED_LABELS = [
  'Email Source *',
  'Source Name *',
  'From Email *',
  'Subject Value *',
  'Expected Attachment Count *',
  'Expected Number of Batch Emails *',
];
const EMPTY = 'No order submission sources found.';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test.describe('order submission source editor', () => {
  test('creates a source through the four cards, shows the save states and stores the picker’s id', async ({
    page,
    createUser,
    sources,
    submission,
  }) => {
    const user = await createUser({ submissionUser: true });
    const mailbox = await sources.emailSource();
    const name = unique('Channel orders');
    await page.clock.install();
    await signInAt(page, user.username, LIST_PATH);

    await expect(page.getByRole('heading', { name: 'Order Submission Sources' })).toBeVisible();
    await page.getByRole('link', { name: 'Add Source' }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/0$`));
    await expect(page.getByRole('heading', { name: 'Create New Order Submission Source' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Order Submission Sources' })).toHaveAttribute(
      'href',
      LIST_PATH,
    );
    for (const title of EDITOR_CARDS) await expect(page.getByRole('heading', { name: title })).toBeVisible();
    // docs/behaviour/order-submission.md#submission-source-editor: the labels mark the six required fields.
    for (const label of REQUIRED_LABELS) await expect(field(page, label), label).toBeVisible();
    await expect(field(page, 'Attachment Name')).toBeVisible();
    // The defaults (docs/behaviour/order-submission.md#submission-source-editor): both downloads and the source itself on.
    await expect(page.getByRole('switch', { name: 'Download Spreadsheet' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Download PDF' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Active', exact: true })).toBeChecked();
    await expect(page.getByRole('link', { name: 'Back to Sources' })).toHaveCount(0);

    // Basic Configuration
    await field(page, 'Source Name *').fill(name);
    await choose(page, 'Email Source *', pickerName(mailbox));
    await choose(page, 'File Type', '.xlsx');
    await page.getByRole('switch', { name: 'Orders Are All Quantity One' }).click();
    // Attachment & Email Settings
    await field(page, 'From Email *').fill('channel@example.com');
    await field(page, 'Subject Value *').fill('Orders for today');
    await page.getByRole('switch', { name: 'Subject contains (not exact match)' }).click();
    await field(page, 'Expected Attachment Count *').fill('2');
    await field(page, 'Expected Number of Batch Emails *').fill('3');
    await field(page, 'Attachment Name').fill('orders_*.xlsx');
    // Link Processing
    await page.getByRole('switch', { name: 'No Attachments, Needs Link Click' }).click();
    await field(page, 'Link Preceded By Text').fill('Download your orders:');
    await field(page, 'Link Always Contains Text').fill('portal.example.com');
    // Download Configuration
    await field(page, 'Spreadsheet Download Button Text').fill('Export Excel');
    await field(page, 'Spreadsheet Type').fill('.xlsx');
    await field(page, 'Spreadsheet Download Name').fill('orders.xlsx');
    await page.getByRole('switch', { name: 'Download PDF' }).click();
    await field(page, 'PDF Download Button Text').fill('Print');
    await field(page, 'PDF Download Name').fill('orders.pdf');

    const { id, settle } = await saveNewRecord(page, { savePath: SAVE_PATH, listPath: LIST_PATH });
    await expect(page.getByRole('status')).toHaveText(SAVED);
    submission.removeAfter('source', id);
    await expect(page.getByRole('heading', { name: 'Edit Order Submission Source' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Sources' })).toBeVisible();
    // docs/behaviour/screens.md#save-button: back to idle after 3 s.
    await settle(3_000);

    const stored = await (await sources.api.get(`/api/order-submission/sources/get/${id}`)).json();
    expect(stored).toMatchObject({
      id,
      sourceName: name,
      emailSourceId: mailbox.id,
      fileType: '.xlsx',
      fromEmail: 'channel@example.com',
      subjectValue: 'Orders for today',
      containsNotExact: true,
      expectedAttachmentCount: 2,
      expectedNumberOfBatchEmails: 3,
      attachmentName: 'orders_*.xlsx',
      noAttachmentsNeedsLinkClick: true,
      ordersAreAllQuantityOne: true,
      linkClickPreceededByText: 'Download your orders:',
      linkClickAlwaysContainsText: 'portal.example.com',
      downloadSpreadsheet: true,
      downloadPdf: false,
      spreadsheetDownloadButtonText: 'Export Excel',
      pdfDownloadButtonText: 'Print',
      spreadsheetType: '.xlsx',
      spreadsheetDownloadName: 'orders.xlsx',
      pdfDownloadName: 'orders.pdf',
      activeStatus: true,
    });

    // A second Save on the same page updates the source it created.
    await field(page, 'Expected Number of Batch Emails *').fill('4');
    await saveAndWait(page);
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/${id}$`));
    const list = (await (await sources.api.get('/api/order-submission/sources/active')).json()) as {
      sourceName: string;
    }[];
    expect(list.filter((row) => row.sourceName === name)).toHaveLength(1);

    await page.getByRole('link', { name: 'Back to Sources' }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}$`));
    await rowAction(page, rowWith(page, name), 'Edit');
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/${id}$`));
    await page.reload();
    await expect(field(page, 'Source Name *')).toHaveValue(name);
    await expect(field(page, 'Email Source *')).toHaveText(pickerName(mailbox));
    await expect(field(page, 'File Type')).toHaveText('.xlsx');
    await expect(field(page, 'Expected Number of Batch Emails *')).toHaveValue('4');
    await expect(page.getByRole('switch', { name: 'Download PDF' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'No Attachments, Needs Link Click' })).toBeChecked();
  });

  test('edits a seeded source; the change is stored and shown after a reload', async ({
    page,
    createUser,
    submission,
    sources,
  }) => {
    const user = await createUser({ submissionUser: true });
    const source = await submission.source();
    await page.clock.install();
    await signInAt(page, user.username, `${LIST_PATH}/edit/${source.id}`);

    await expect(field(page, 'Source Name *')).toHaveValue(source.sourceName);
    await expect(field(page, 'Subject Value *')).toHaveValue('New orders');
    await field(page, 'Subject Value *').fill('Orders ready');
    await field(page, 'Attachment Name').fill('');
    await stopClock(page);
    await saveButton(page).click();
    await expect(page.getByRole('status')).toHaveText(SAVED);
    await expectShownFor(page, saveButton(page), 'Saved!', 3_000, 'Save');

    await page.reload();
    await expect(field(page, 'Subject Value *')).toHaveValue('Orders ready');
    await expect(field(page, 'Attachment Name')).toHaveValue('');
    const stored = await (await sources.api.get(`/api/order-submission/sources/get/${source.id}`)).json();
    expect(stored).toMatchObject({ subjectValue: 'Orders ready', attachmentName: '' });
  });

  test('shows "Required" and the other field messages and saves nothing while the form is invalid', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ submissionUser: true });
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);
    const saves = countRequests(page, SAVE_PATH);

    await field(page, 'Expected Attachment Count *').fill('');
    await field(page, 'Expected Number of Batch Emails *').fill('');
    await saveButton(page).click();
    for (const label of REQUIRED_LABELS.filter((label) => label !== 'Subject Value *')) {
      await expect(field(page, label), label).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, label), label).toHaveAccessibleDescription(/Required$/);
    }
    // docs/behaviour/order-submission.md#submission-source-editor: the subject needs at least 3 characters.
    await expect(field(page, 'Subject Value *')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Attachment Name')).not.toHaveAttribute('aria-invalid', 'true');

    await field(page, 'From Email *').fill('not-an-address');
    await field(page, 'Subject Value *').fill('ab');
    await saveButton(page).click();
    await expect(field(page, 'From Email *')).toHaveAccessibleDescription('Enter a valid email address');
    await expect(field(page, 'Subject Value *')).toHaveAccessibleDescription(/Enter at least 3 characters$/);

    await expect(saveButton(page)).toHaveText('Save');
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/0$`));
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(saves.count).toBe(0);
  });
});

test.describe('order submission source editor errors (docs/behaviour/order-submission.md#messages)', () => {
  test('load failures: "Failed to load order submission source data" and "Failed to load email sources"', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ submissionUser: true });
    await expectEditorLoadFailures(page, user.username, {
      listPath: LIST_PATH,
      recordText: 'Failed to load order submission source data',
      formLabel: 'Source Name *',
    });
  });

  test('an unexpected answer, a failure with a message and one without each show the spec’s text', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ submissionUser: true });
    const mailbox = await sources.emailSource();
    await page.clock.install();
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);
    await field(page, 'Source Name *').fill(unique('Stubbed'));
    await choose(page, 'Email Source *', pickerName(mailbox));
    await field(page, 'From Email *').fill('channel@example.com');
    await field(page, 'Subject Value *').fill('Orders');

    // The server is replaced here: these answers are what a proxy or an older server could send.
    await page.route(`**${SAVE_PATH}`, (route) => route.fulfill({ status: 200, json: { ok: true } }));
    await stopClock(page);
    await saveButton(page).click();
    await expect(page.getByRole('alert')).toHaveText('Save failed - unexpected response');
    await expect(saveButton(page)).toHaveText('Error - Try Again');
    await expectShownFor(page, saveButton(page), 'Error - Try Again', 3_000, 'Save');

    await page.unroute(`**${SAVE_PATH}`);
    await page.route(`**${SAVE_PATH}`, (route) =>
      route.fulfill({ status: 409, json: { statusCode: 409, message: 'The mailbox is being changed' } }),
    );
    await saveButton(page).click();
    await expect(page.getByRole('alert')).toHaveText('The mailbox is being changed');

    await page.unroute(`**${SAVE_PATH}`);
    await page.route(`**${SAVE_PATH}`, (route) => route.fulfill({ status: 502, body: '' }));
    await saveButton(page).click();
    await expect(page.getByRole('alert')).toHaveText('Save failed - please try again');
    await expect(saveButton(page)).toHaveText('Error - Try Again');
    await expect(page.getByRole('status')).toHaveCount(0);
  });
});

test.describe('order submission source list', () => {
  test('the table shows the spec’s columns, hides the low-priority ones on a tablet, and cards at 375 px', async ({
    page,
    createUser,
    submission,
  }) => {
    const user = await createUser({ submissionUser: true });
    const source = await submission.source({
      fileType: '.csv',
      expectedAttachmentCount: 2,
      subjectValue: 'Weekly orders',
      attachmentName: 'weekly_*.csv',
    });
    await signInAt(page, user.username, LIST_PATH);

    await expect(page.getByRole('heading', { name: 'Order Submission Sources' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Table view' })).toBeChecked();
    const table = page.getByRole('table');
    await expectColumns(table, ALL_COLUMNS);
    await expectRow(table, rowWith(page, source.sourceName), {
      'Source Name': source.sourceName,
      'File Type': '.csv',
      'From Email': 'channel@example.com',
      'Attachment Count': '2',
      'Expected Subject': 'Weekly orders',
      'Attachment Name': 'weekly_*.csv',
      'Last Run': 'Never',
    });
    await expect(page.getByText(/Some columns are hidden/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add Source' })).toHaveAttribute(
      'href',
      `${LIST_PATH}/edit/0`,
    );

    // docs/behaviour/order-submission.md#submission-source-list: a tablet (640 to 1024 px) leaves the lower-priority
    // columns out, with a hint where the table still scrolls sideways.
    await page.setViewportSize({ width: 800, height: 900 });
    await expectColumns(table, TABLET_COLUMNS);
    await expect(page.getByRole('columnheader', { name: 'File Type' })).toHaveCount(0);
    await expectSwipeHintWhereTableScrolls(page, page.getByText(/Some columns are hidden/));

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('radio', { name: 'Card view' }).click();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectCard(listCard(page, source.sourceName), [
      ['File Type', '.csv'],
      ['From Email', 'channel@example.com'],
      ['Attachment Count', '2'],
      ['Expected Subject', 'Weekly orders'],
      ['Attachment Name', 'weekly_*.csv'],
    ]);

    // Under 768 px cards are forced and the switcher is hidden, whatever the URL says.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(LIST_PATH);
    await expect(listCard(page, source.sourceName)).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Table view' })).toHaveCount(0);
  });

  test(`empty state: "${EMPTY}" in the table and in cards`, async ({ page, createUser }) => {
    // Sources are global and other tests create them: the list call is answered with [] instead, which is
    // exactly what an empty database returns.
    await page.route('**/api/order-submission/sources/active', (route) => route.fulfill({ json: [] }));
    const user = await createUser({ submissionUser: true });
    await signInAt(page, user.username, LIST_PATH);
    await expect(page.getByRole('table').getByRole('cell')).toHaveText([EMPTY]);
    await page.getByRole('radio', { name: 'Card view' }).click();
    await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
  });

  test('the active switch is stored: a reload shows the new state (docs/design/differences.md#active-switches-work)', async ({
    page,
    createUser,
    submission,
    sources,
  }) => {
    const user = await createUser({ submissionUser: true });
    const source = await submission.source();
    await signInAt(page, user.username, LIST_PATH);

    const toggle = page.getByRole('switch', { name: `Active status of ${source.sourceName}` });
    await expect(toggle).toBeChecked();
    const answer = page.waitForResponse(`**/api/order-submission/sources/${source.id}/active`);
    await toggle.click();
    expect((await answer).status()).toBe(200);
    await expect(toggle).not.toBeChecked();
    await page.reload();
    await expect(toggle).not.toBeChecked();
    const stored = await (await sources.api.get(`/api/order-submission/sources/get/${source.id}`)).json();
    expect(stored.activeStatus).toBe(false);

    // The card switch does the same.
    await page.getByRole('radio', { name: 'Card view' }).click();
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect
      .poll(
        async () =>
          (await (await sources.api.get(`/api/order-submission/sources/get/${source.id}`)).json())
            .activeStatus,
      )
      .toBe(true);
    await page.reload();
    await expect(toggle).toBeChecked();
  });

  test('deletes a source after Confirm Deletion; Cancel keeps it; a refused delete keeps the dialog open', async ({
    page,
    createUser,
    submission,
    sources,
  }) => {
    const user = await createUser({ submissionUser: true });
    const source = await submission.source();
    await signInAt(page, user.username, LIST_PATH);

    const row = rowWith(page, source.sourceName);
    const dialog = await cancelRowDelete(page, row, source.sourceName);

    // docs/design/differences.md#errors-are-shown: a failed deletion is shown and the dialog stays open.
    const deletePath = `**/api/order-submission/sources/delete/${source.id}`;
    await page.route(deletePath, (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, message: 'The database is unavailable' } }),
    );
    await rowAction(page, row, 'Delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The database is unavailable');
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'The database is unavailable' }),
    ).toBeVisible();
    await expect(dialog).toBeVisible();
    await page.unroute(deletePath);

    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Order Submission Sources' })).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await sources.api.get(`/api/order-submission/sources/get/${source.id}`)).status()).toBe(404);
  });

  test('Edit opens the editor and Run History the source’s history', async ({
    page,
    createUser,
    submission,
  }) => {
    const user = await createUser({ submissionUser: true });
    const source = await submission.source();
    await signInAt(page, user.username, `${LIST_PATH}?view=cards`);

    await rowAction(page, listCard(page, source.sourceName), 'Edit');
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/${source.id}$`));
    await expect(field(page, 'Source Name *')).toHaveValue(source.sourceName);

    await page.goto(LIST_PATH);
    await rowAction(page, rowWith(page, source.sourceName), 'Run History');
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/history/${source.id}$`));
    await expect(page.getByRole('heading', { name: `${source.sourceName} — Run History` })).toBeVisible();
    await expect(page.getByText('No runs yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Order Submission Sources' }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}$`));
  });
});

test('a user without the submission flag is kept out of the order submission screens and calls', async ({
  page,
  createUser,
  submission,
}) => {
  const source = await submission.source();
  const user = await createUser({ orderUser: true, inventoryUser: true });
  await signInAt(page, user.username, '/sources');
  await expect(page.getByRole('heading', { name: 'Email Sources', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Order Submission Sources', exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Submission Vendor Sources', exact: true })).toHaveCount(0);

  for (const path of [
    LIST_PATH,
    `${LIST_PATH}/edit/0`,
    `${LIST_PATH}/edit/${source.id}`,
    '/order-submission/vendor',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/home$/);
  }
  expect((await page.request.get('/api/order-submission/sources/active')).status()).toBe(403);
  expect((await page.request.get(`/api/order-submission/sources/get/${source.id}`)).status()).toBe(403);
  const save = await page.request.post(SAVE_PATH, {
    data: submissionSourcePayload(1),
    headers: sameOriginHeaders(page),
  });
  expect(save.status()).toBe(403);
  expect((await save.json()).code).toBe('FORBIDDEN');
});

test('a submission user finds both screens on the Sources hub', async ({ page, createUser }) => {
  const user = await createUser({ submissionUser: true });
  await signInAt(page, user.username, '/sources');
  await page.getByRole('link', { name: 'Open Order Submission Sources' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST_PATH}$`));
  await expect(page.getByRole('heading', { name: 'Order Submission Sources' })).toBeVisible();
  await page.goto('/sources');
  await page.getByRole('link', { name: 'Open Submission Vendor Sources' }).click();
  await expect(page).toHaveURL(/\/order-submission\/vendor$/);
  await expect(page.getByRole('heading', { name: 'Order Submission Vendor Sources' })).toBeVisible();
});
