import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { sameOriginHeaders } from './fixtures/index';
import { expect, SUBMISSION_FILES, test, vendorPayload } from './fixtures/order-submission';
import {
  AFTER_RETRIES,
  choose,
  countRequests,
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
  unique,
} from './fixtures/sources';

/** Order vendor sources, docs/behaviour/order-submission.md#vendor-sources (and docs/behaviour/order-submission.md#preview, docs/behaviour/order-submission.md#re-send, docs/design/differences.md). */

const LIST_PATH = '/order-submission/vendor';
const SAVE_PATH = '/api/order-submission/vendor/save';
const EDITOR_CARDS = [
  'Vendor Information',
  'Email Configuration',
  'Processing Options',
  'File Configuration',
  'Field Mapping',
];
const TABLE_COLUMNS = [
  'Active',
  'Vendor Name',
  'Emails to',
  'Trimmed Details',
  'Non Daily Submission',
  'Wants PDF',
  'Wants all data',
  'Actions',
];
const REQUIRED_LABELS = [
  'Order Submission Source *',
  'Vendor Name From File *',
  'Send From Email Source *',
  'To *',
  'Subject *',
  'Header Row Index *',
];
const MAP_LABELS = [
  'Batch',
  'Rep',
  'Vendor Address',
  'Vendor Phone',
  'Vendor Fax',
  'PO',
  'Order Date',
  'Req Ship Date',
  'Ship Via',
  'Ship To',
  'Address 1',
  'Care Of',
  'Attention',
  'Address 2',
  'City',
  'State',
  'Zip Code',
  'Phone',
  'Email',
  'Item Description',
  'Unit Price',
  'Qty',
  'Provided Account Number',
  'Total',
];
const WILDCARDS =
  'Wildcards: {poNumbers}, {originalSubject}, {originalBody}, which only work with forwarded e-mails.';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const toggle = (page: Page, name: string) => page.getByRole('switch', { name, exact: true });
const aliasList = (page: Page) => page.getByRole('list', { name: 'Vendor aliases' });
const aliasRow = (page: Page, name: string) => aliasList(page).getByRole('listitem', { name, exact: true });
const aliasEditor = (page: Page) => aliasList(page).getByRole('listitem', { name: 'Alias being edited' });

/** The vendor's picker name of an order submission source (item1 of the parent picker). */
async function fillRequired(
  page: Page,
  values: {
    source: string;
    name: string;
    mailbox: { username: string; email: string; incomingServer: string };
  },
) {
  await choose(page, 'Order Submission Source *', values.source);
  await field(page, 'Vendor Name From File *').fill(values.name);
  await choose(page, 'Send From Email Source *', pickerName(values.mailbox));
  await field(page, 'To *').fill('orders@vendor.example.com, backup@vendor.example.com');
  await field(page, 'Subject *').fill('Purchase orders {poNumbers}');
}

async function storedVendor(api: { get(url: string): Promise<{ json(): Promise<unknown> }> }, id: number) {
  return (await (await api.get(`/api/order-submission/vendor/get/${id}`)).json()) as Record<
    string,
    unknown
  > & {
    vendorSourceAliases: Array<{
      id: number;
      vendorAliasNameFromFile: string;
      vendorProvidedAccountNumber: string;
    }>;
  };
}

async function addAlias(page: Page, name: string, account = '') {
  await page.getByRole('button', { name: 'Add Vendor Alias' }).click();
  const editor = aliasEditor(page);
  await editor.getByLabel('Alias Name *', { exact: true }).fill(name);
  await editor.getByLabel('Alias Account Number', { exact: true }).fill(account);
  await editor.getByRole('button', { name: 'Save alias' }).click();
  await expect(aliasRow(page, name)).toBeVisible();
}

test.describe('vendor source editor', () => {
  test('creates a vendor with a template, aliases and options through every card; the template downloads unchanged', async ({
    page,
    createUser,
    sources,
    submission,
  }) => {
    const user = await createUser({ submissionUser: true });
    const parent = await submission.source();
    const mailbox = await sources.emailSource();
    const name = unique('Acme');
    await page.clock.install();
    await signInAt(page, user.username, LIST_PATH);

    await page.getByRole('link', { name: 'Add Source' }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/0$`));
    await expect(page.getByRole('heading', { name: 'Create Order Vendor Source' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Order Vendor Sources' })).toHaveAttribute(
      'href',
      LIST_PATH,
    );
    for (const title of EDITOR_CARDS) await expect(page.getByRole('heading', { name: title })).toBeVisible();
    for (const label of REQUIRED_LABELS) await expect(field(page, label), label).toBeVisible();
    for (const label of MAP_LABELS) await expect(field(page, label), label).toBeVisible();
    for (const slot of [1, 2, 3, 4, 5]) {
      await expect(field(page, `Static Value ${slot}`)).toBeVisible();
      await expect(field(page, `Static Value ${slot} Column`)).toBeVisible();
    }
    await expect(page.getByText(WILDCARDS, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Vendors' })).toHaveCount(0);

    // Vendor Information
    await fillRequired(page, { source: parent.sourceName, name, mailbox });
    await field(page, 'Vendor Provided Account Number').fill('ACCT-1');
    // Email Configuration
    await field(page, 'CC').fill('buyer@example.com');
    await field(page, 'Body').fill('Orders: {poNumbers}\nForwarded: {originalSubject}');

    // Processing Options: the regex field only while trimming is on; every-X-days only while non-daily is on.
    await expect(field(page, 'Item Description Regex *')).toHaveCount(0);
    await toggle(page, 'Trimmed Item Description').click();
    await expect(field(page, 'Item Description Regex *')).toBeVisible();
    await field(page, 'Item Description Regex *').fill('^[^(]+');
    await expect(field(page, 'Submit Every X Days *')).toHaveCount(0);
    await toggle(page, 'Non-Daily Submission').click();
    await expect(field(page, 'Submit Every X Days *')).toBeVisible();
    await field(page, 'Submit Every X Days *').fill('3');
    await toggle(page, 'Wants PDF').click();
    await toggle(page, 'Wants All Data').click();

    // File Configuration: only .xls and .xlsx are taken.
    await field(page, 'Header Row Index *').fill('1');
    const template = field(page, 'Submit File Template');
    await expect(template).toHaveAttribute('accept', '.xls,.xlsx');
    await template.setInputFiles(SUBMISSION_FILES.orderCsv);
    await expect(page.getByText('The template must be an .xls or .xlsx file')).toBeVisible();
    await template.setInputFiles(SUBMISSION_FILES.templateXlsx);
    await expect(page.getByText('The template must be an .xls or .xlsx file')).toHaveCount(0);
    await expect(page.getByText('Selected: template.xlsx')).toBeVisible();
    await expect(toggle(page, 'Active')).toBeChecked();
    await expect(toggle(page, 'Deleted')).not.toBeChecked();

    // Field Mapping: several columns, comma-separated.
    await field(page, 'PO').fill('PO #, Notes');
    await field(page, 'Ship To').fill('Ship To Name');
    await field(page, 'Qty').fill('Qty');
    await field(page, 'Provided Account Number').fill('Account');
    await field(page, 'Static Value 1').fill('WEB');
    await field(page, 'Static Value 1 Column').fill('J');

    // Aliases are added locally: Save checks the name; Cancel drops a new one.
    await page.getByRole('button', { name: 'Add Vendor Alias' }).click();
    await aliasEditor(page).getByRole('button', { name: 'Save alias' }).click();
    await expect(aliasEditor(page).getByLabel('Alias Name *', { exact: true })).toHaveAccessibleDescription(
      'Required',
    );
    await aliasEditor(page).getByRole('button', { name: 'Cancel alias' }).click();
    await expect(aliasEditor(page)).toHaveCount(0);
    await expect(page.getByText('No aliases.')).toBeVisible();
    await addAlias(page, `${name} Co.`, 'ACCT-2');
    await addAlias(page, `${name} Inc`);

    const { id, settle } = await saveNewRecord(page, { savePath: SAVE_PATH, listPath: LIST_PATH });
    submission.removeAfter('vendor', id);
    await expect(page.getByRole('heading', { name: 'Edit Order Vendor Source' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Vendors' })).toBeVisible();
    // docs/behaviour/screens.md#save-button: back to idle after 2 s.
    await settle(2_000);

    const stored = await storedVendor(sources.api, id);
    expect(stored).toMatchObject({
      orderSubmissionSourceId: parent.id,
      vendorNameFromFile: name,
      sendFromEmailSourceModelId: mailbox.id,
      submitEmails: 'orders@vendor.example.com, backup@vendor.example.com',
      submitCcEmails: 'buyer@example.com',
      submitEmailSubjectLine: 'Purchase orders {poNumbers}',
      submitEmailBodyText: 'Orders: {poNumbers}\nForwarded: {originalSubject}',
      vendorProvidedAccountNumber: 'ACCT-1',
      vendorWantsTrimmedItemDescription: true,
      vendorRegexForItemDescription: '^[^(]+',
      vendorWantsNonDailySubmission: true,
      vendorCustomSubmitEveryXDay: 3,
      vendorWantsPDF: true,
      vendorWantsAllData: true,
      submitFileHeaderRowIndex: 1,
      submitFileTemplateFilename: 'template.xlsx',
      mapPo: 'PO #, Notes',
      mapShipTo: 'Ship To Name',
      staticFileData1: 'WEB',
      mapStaticFileData1: 'J',
      activeStatus: true,
    });
    expect(
      stored.vendorSourceAliases.map((alias) => [
        alias.vendorAliasNameFromFile,
        alias.vendorProvidedAccountNumber,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [`${name} Co.`, 'ACCT-2'],
        [`${name} Inc`, ''],
      ]),
    );
    expect(stored.vendorSourceAliases).toHaveLength(2);

    // The stored template downloads as it was uploaded.
    await expect(page.getByText('Current template:')).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download template' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('template.xlsx');
    expect(readFileSync(await download.path()).equals(readFileSync(SUBMISSION_FILES.templateXlsx))).toBe(
      true,
    );

    // A reload shows every stored value, the hidden fields included.
    await page.reload();
    await expect(field(page, 'Vendor Name From File *')).toHaveValue(name);
    await expect(field(page, 'Order Submission Source *')).toHaveText(parent.sourceName);
    await expect(field(page, 'Send From Email Source *')).toHaveText(pickerName(mailbox));
    await expect(field(page, 'Item Description Regex *')).toHaveValue('^[^(]+');
    await expect(field(page, 'Submit Every X Days *')).toHaveValue('3');
    await expect(field(page, 'PO')).toHaveValue('PO #, Notes');
    await expect(aliasRow(page, `${name} Co.`)).toContainText('Account number: ACCT-2');

    // Back to Vendors appears after a save, and the list has the new vendor.
    await saveAndWait(page);
    await page.getByRole('link', { name: 'Back to Vendors' }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}$`));
    await expect(rowWith(page, name)).toBeVisible();
  });

  test('aliases: Edit then Cancel restores, Edit then Save keeps, and a stored alias is deleted at once through its route', async ({
    page,
    createUser,
    sources,
    submission,
  }) => {
    const user = await createUser({ submissionUser: true });
    const name = unique('Globex');
    const vendor = await submission.vendor({
      vendorNameFromFile: name,
      vendorSourceAliases: [
        {
          id: 0,
          parentVendorSourceId: 0,
          vendorAliasNameFromFile: `${name} East`,
          vendorProvidedAccountNumber: 'E-1',
        },
        {
          id: 0,
          parentVendorSourceId: 0,
          vendorAliasNameFromFile: `${name} West`,
          vendorProvidedAccountNumber: '',
        },
      ],
    });
    const east = vendor.vendorSourceAliases.find((alias) => alias.vendorAliasNameFromFile.endsWith('East'))!;
    await signInAt(page, user.username, `${LIST_PATH}/edit/${vendor.id}`);
    await expect(aliasRow(page, `${name} East`)).toContainText('Account number: E-1');
    await expect(aliasRow(page, `${name} West`)).toContainText('No account number');

    // Edit, then Cancel: nothing changes.
    await aliasRow(page, `${name} West`)
      .getByRole('button', { name: `Edit alias ${name} West` })
      .click();
    await aliasEditor(page).getByLabel('Alias Name *', { exact: true }).fill(`${name} Changed`);
    await aliasEditor(page).getByRole('button', { name: 'Cancel alias' }).click();
    await expect(aliasRow(page, `${name} West`)).toBeVisible();
    await expect(aliasRow(page, `${name} Changed`)).toHaveCount(0);

    // Edit, then Save: kept locally and stored with the vendor's Save.
    await aliasRow(page, `${name} West`)
      .getByRole('button', { name: `Edit alias ${name} West` })
      .click();
    await aliasEditor(page).getByLabel('Alias Name *', { exact: true }).fill('');
    await aliasEditor(page).getByRole('button', { name: 'Save alias' }).click();
    await expect(aliasEditor(page).getByLabel('Alias Name *', { exact: true })).toHaveAccessibleDescription(
      'Required',
    );
    await aliasEditor(page).getByLabel('Alias Name *', { exact: true }).fill(`${name} Northwest`);
    await aliasEditor(page).getByLabel('Alias Account Number', { exact: true }).fill('NW-9');
    await aliasEditor(page).getByRole('button', { name: 'Save alias' }).click();
    await expect(aliasRow(page, `${name} Northwest`)).toContainText('Account number: NW-9');
    let stored = await storedVendor(sources.api, vendor.id);
    expect(stored.vendorSourceAliases.map((alias) => alias.vendorAliasNameFromFile).sort()).toEqual(
      [`${name} East`, `${name} West`].sort(),
    );
    await saveAndWait(page);
    stored = await storedVendor(sources.api, vendor.id);
    expect(stored.vendorSourceAliases.map((alias) => alias.vendorAliasNameFromFile).sort()).toEqual(
      [`${name} East`, `${name} Northwest`].sort(),
    );

    // A stored alias: the confirmation names it; Cancel keeps it; Delete calls its route at once.
    const deletions = countRequests(page, `/api/order-submission/vendor/alias/delete/${east.id}`);
    await aliasRow(page, `${name} East`)
      .getByRole('button', { name: `Delete alias ${name} East` })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
    await expect(dialog).toContainText(`Are you sure you want to delete "${name} East"?`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(aliasRow(page, `${name} East`)).toBeVisible();
    expect(deletions.count).toBe(0);

    await aliasRow(page, `${name} East`)
      .getByRole('button', { name: `Delete alias ${name} East` })
      .click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(aliasRow(page, `${name} East`)).toHaveCount(0);
    expect(deletions.count).toBe(1);
    // Stored at once, without the vendor's Save.
    stored = await storedVendor(sources.api, vendor.id);
    expect(stored.vendorSourceAliases.map((alias) => alias.vendorAliasNameFromFile)).toEqual([
      `${name} Northwest`,
    ]);

    // A new alias that was never stored just leaves the list, with no call.
    await addAlias(page, `${name} Temp`);
    await aliasRow(page, `${name} Temp`)
      .getByRole('button', { name: `Delete alias ${name} Temp` })
      .click();
    await expect(dialog).toBeHidden();
    await expect(aliasRow(page, `${name} Temp`)).toHaveCount(0);
  });

  test('non-daily submission: blank every-X-days is refused while on, hidden and sent as null when off', async ({
    page,
    createUser,
    sources,
    submission,
  }) => {
    const user = await createUser({ submissionUser: true });
    const vendor = await submission.vendor({
      vendorWantsNonDailySubmission: true,
      vendorCustomSubmitEveryXDay: 5,
    });
    await signInAt(page, user.username, `${LIST_PATH}/edit/${vendor.id}`);
    await expect(field(page, 'Submit Every X Days *')).toHaveValue('5');

    await field(page, 'Submit Every X Days *').fill('');
    await saveButton(page).click();
    await expect(field(page, 'Submit Every X Days *')).toHaveAccessibleDescription(
      /Required for non-daily submission$/,
    );
    await expect(saveButton(page)).toHaveText('Save');

    await toggle(page, 'Non-Daily Submission').click();
    await expect(field(page, 'Submit Every X Days *')).toHaveCount(0);
    const request = page.waitForRequest(`**${SAVE_PATH}`);
    await saveButton(page).click();
    expect((await request).postDataJSON()).toMatchObject({
      vendorWantsNonDailySubmission: false,
      vendorCustomSubmitEveryXDay: null,
    });
    await expect(saveButton(page)).toHaveText('Saved!');
    const stored = await storedVendor(sources.api, vendor.id);
    expect(stored).toMatchObject({ vendorWantsNonDailySubmission: false, vendorCustomSubmitEveryXDay: null });

    // The regex field follows its switch the same way.
    await expect(field(page, 'Item Description Regex *')).toHaveCount(0);
    await toggle(page, 'Trimmed Item Description').click();
    await saveButton(page).click();
    await expect(field(page, 'Item Description Regex *')).toHaveAccessibleDescription(
      /Required when trimming the item description$/,
    );
    // A pattern RE2 cannot run in linear time is refused in the form, with the reason.
    const saves = countRequests(page, SAVE_PATH);
    await field(page, 'Item Description Regex *').fill('(?<=SKU: )\\w+');
    await saveButton(page).click();
    await expect(field(page, 'Item Description Regex *')).toHaveAccessibleDescription(
      /Lookahead and lookbehind \(\(\?=, \(\?!, \(\?<=, \(\?<!\) are not supported/,
    );
    expect(saves.count).toBe(0);
    await toggle(page, 'Trimmed Item Description').click();
    await expect(field(page, 'Item Description Regex *')).toHaveCount(0);
  });

  test('shows "Required" on the six required fields and saves nothing', async ({ page, createUser }) => {
    const user = await createUser({ submissionUser: true });
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);
    const saves = countRequests(page, SAVE_PATH);
    await field(page, 'Header Row Index *').fill('');
    await saveButton(page).click();
    for (const label of REQUIRED_LABELS) {
      await expect(field(page, label), label).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, label), label).toHaveAccessibleDescription(/Required$/);
    }
    await expect(field(page, 'CC')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'PO')).not.toHaveAttribute('aria-invalid', 'true');
    expect(saves.count).toBe(0);
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/0$`));
  });
});

test.describe('vendor source editor errors (docs/behaviour/order-submission.md#vendor-editor)', () => {
  test('a duplicate vendor name quotes the name; the message clears when the button returns to idle', async ({
    page,
    createUser,
    sources,
    submission,
  }) => {
    const user = await createUser({ submissionUser: true });
    const existing = await submission.vendor();
    const mailbox = await sources.emailSource();
    const parent = await submission.source();
    await page.clock.install();
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);
    await fillRequired(page, { source: parent.sourceName, name: existing.vendorNameFromFile, mailbox });

    await stopClock(page);
    await saveButton(page).click();
    const message = `A vendor with the name "${existing.vendorNameFromFile}" already exists. Please use a different vendor name.`;
    await expect(page.getByRole('alert').filter({ hasText: message })).toHaveText(message);
    await expect(saveButton(page)).toHaveText('Error - Try Again');
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/0$`));
    // docs/behaviour/screens.md#save-button: idle after 5 s, which also clears the message.
    await expectShownFor(page, saveButton(page), 'Error - Try Again', 5_000, 'Save');
    await expect(page.getByRole('alert').filter({ hasText: message })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to Vendors' })).toHaveCount(0);
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 375, height: 812 },
  ]) {
    test(`mappings the template lacks are named beside their fields and nothing is saved (${viewport.width} px)`, async ({
      page,
      createUser,
      submission,
    }) => {
      await page.setViewportSize(viewport);
      const user = await createUser({ submissionUser: true });
      // The template's header row (row 2): PO #, Ship To Name, Address, City, ST, Zip, Item, Qty, Account, Notes.
      const vendor = await submission.vendor();
      await signInAt(page, user.username, `${LIST_PATH}/edit/${vendor.id}`);
      await expect(field(page, 'PO')).toHaveValue('PO #');
      await field(page, 'PO').fill('P.O. Number');
      await field(page, 'Total').fill('K');
      await field(page, 'Static Value 1').fill('WEB');

      await saveButton(page).click();
      await expect(saveButton(page)).toHaveText('Error - Try Again');
      const alert = page
        .getByRole('alert')
        .filter({ hasText: 'These mappings name no column of the template' });
      await expect(alert).toContainText('PO ("P.O. Number"), Total ("K"), Static Value 1 Column (empty)');
      await expect(alert).toContainText('The template\'s header row (row 2) is: "PO #", "Ship To Name"');
      await expect(field(page, 'PO')).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, 'PO')).toHaveAccessibleDescription(
        /No column "P\.O\. Number" in the template's header row\./,
      );
      await expect(field(page, 'Total')).toHaveAccessibleDescription(
        /No column "K" in the template's header row\./,
      );
      await expect(field(page, 'Static Value 1 Column')).toHaveAccessibleDescription(
        /Static Value 1 needs a column to go in\./,
      );
      await expect(field(page, 'Ship To')).not.toHaveAttribute('aria-invalid', 'true');
      const stored = await (await page.request.get(`/api/order-submission/vendor/get/${vendor.id}`)).json();
      expect(stored).toMatchObject({ mapPo: 'PO #', mapTotal: '' });

      // By header text (punctuation and case aside) or by a letter the template uses, the save goes through.
      await field(page, 'PO').fill('po');
      await field(page, 'Total').fill('j');
      await field(page, 'Static Value 1 Column').fill('Notes');
      await saveAndWait(page);
      await expect(field(page, 'PO')).not.toHaveAttribute('aria-invalid', 'true');
      const saved = await (await page.request.get(`/api/order-submission/vendor/get/${vendor.id}`)).json();
      expect(saved).toMatchObject({ mapPo: 'po', mapTotal: 'j', mapStaticFileData1: 'Notes' });
    });
  }

  test('load failures: vendor data, e-mail sources and order submission sources; an unexpected answer', async ({
    page,
    createUser,
    sources,
    submission,
  }) => {
    const user = await createUser({ submissionUser: true });
    await signInAt(page, user.username, `${LIST_PATH}/edit/999999999`);
    await expect(page.getByRole('alert')).toContainText('Failed to load vendor data');
    await expect(field(page, 'Vendor Name From File *')).toHaveCount(0);

    await page.route('**/api/email-sources/email-list', (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, message: 'down' } }),
    );
    await page.route('**/api/order-submission/order-submission-list', (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, message: 'down' } }),
    );
    await page.goto(`${LIST_PATH}/edit/0`);
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to load email sources' })).toBeVisible(
      AFTER_RETRIES,
    );
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to load order submission sources' }),
    ).toBeVisible(AFTER_RETRIES);
    await page.unroute('**/api/email-sources/email-list');
    await page.unroute('**/api/order-submission/order-submission-list');

    const parent = await submission.source();
    const mailbox = await sources.emailSource();
    await page.reload();
    await fillRequired(page, { source: parent.sourceName, name: unique('Stubbed'), mailbox });
    await page.route(`**${SAVE_PATH}`, (route) => route.fulfill({ status: 200, json: { ok: true } }));
    await saveButton(page).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to save. Server returned an unexpected status.');
    await expect(saveButton(page)).toHaveText('Error - Try Again');
    await page.unroute(`**${SAVE_PATH}`);
    await page.route(`**${SAVE_PATH}`, (route) => route.fulfill({ status: 502, body: '' }));
    await saveButton(page).click();
    await expect(page.getByRole('alert')).toHaveText('An error occurred while saving. Please try again.');
  });
});

test.describe('vendor source list', () => {
  test('the table shows the spec’s columns and only active vendors; cards are forced at 375 px', async ({
    page,
    createUser,
    submission,
  }) => {
    const user = await createUser({ submissionUser: true });
    const parent = await submission.source();
    const shown = await submission.vendor(
      {
        vendorWantsTrimmedItemDescription: true,
        vendorRegexForItemDescription: '^\\w+',
        vendorWantsNonDailySubmission: true,
        vendorCustomSubmitEveryXDay: 7,
        vendorWantsPDF: true,
      },
      parent.id,
    );
    const inactive = await submission.vendor({ activeStatus: false }, parent.id);
    await signInAt(page, user.username, LIST_PATH);

    await expect(page.getByRole('heading', { name: 'Order Submission Vendor Sources' })).toBeVisible();
    const table = page.getByRole('table');
    await expectColumns(table, TABLE_COLUMNS);
    await expectRow(table, rowWith(page, shown.vendorNameFromFile), {
      'Vendor Name': shown.vendorNameFromFile,
      'Emails to': 'orders@vendor.example.com',
      'Trimmed Details': 'Yes',
      'Non Daily Submission': 'Every 7 days',
      'Wants PDF': 'Yes',
      'Wants all data': 'No',
    });
    // docs/behaviour/order-submission.md#vendor-list: only active vendors; switched-off ones are found with the switch beyond the spec.
    await expect(rowWith(page, inactive.vendorNameFromFile)).toHaveCount(0);
    await page.getByRole('switch', { name: 'Show inactive vendors' }).click();
    await expect(rowWith(page, inactive.vendorNameFromFile)).toBeVisible();
    await page.getByRole('switch', { name: 'Show inactive vendors' }).click();
    await expect(rowWith(page, inactive.vendorNameFromFile)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add Source' })).toHaveAttribute(
      'href',
      `${LIST_PATH}/edit/0`,
    );

    await page.getByRole('radio', { name: 'Card view' }).click();
    await expectCard(listCard(page, shown.vendorNameFromFile), [
      ['Emails to', 'orders@vendor.example.com'],
      ['Order Source', parent.sourceName],
      ['Trimmed Details', 'Yes'],
      ['Non Daily Submission', 'Every 7 days'],
      ['Wants PDF', 'Yes'],
      ['Wants all data', 'No'],
    ]);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(LIST_PATH);
    await expect(listCard(page, shown.vendorNameFromFile)).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Table view' })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Card view' })).toHaveCount(0);
  });

  test('empty card view: "No order vendor sources found."', async ({ page, createUser }) => {
    await page.route('**/api/order-submission/vendor/active', (route) => route.fulfill({ json: [] }));
    const user = await createUser({ submissionUser: true });
    await signInAt(page, user.username, `${LIST_PATH}?view=cards`);
    await expect(page.getByText('No order vendor sources found.', { exact: true })).toBeVisible();
  });

  test('the Active toggle is stored: a reload shows the vendor switched off (docs/design/differences.md#active-switches-work)', async ({
    page,
    createUser,
    sources,
    submission,
  }) => {
    const user = await createUser({ submissionUser: true });
    const vendor = await submission.vendor();
    await signInAt(page, user.username, `${LIST_PATH}?inactive=1`);

    const active = page.getByRole('switch', { name: `Active status of ${vendor.vendorNameFromFile}` });
    await expect(active).toBeChecked();
    const answer = page.waitForResponse(`**/api/order-submission/vendor/${vendor.id}/active`);
    await active.click();
    expect((await answer).status()).toBe(200);
    await expect(active).not.toBeChecked();
    await page.reload();
    await expect(active).not.toBeChecked();
    expect((await storedVendor(sources.api, vendor.id)).activeStatus).toBe(false);
    // Switched off, it leaves the default list.
    await page.goto(LIST_PATH);
    await expect(page.getByRole('heading', { name: 'Order Submission Vendor Sources' })).toBeVisible();
    await expect(rowWith(page, vendor.vendorNameFromFile)).toHaveCount(0);
  });

  test('Delete opens a confirmation naming the vendor; a refused delete keeps it open; History opens the runs', async ({
    page,
    createUser,
    sources,
    submission,
  }) => {
    const user = await createUser({ submissionUser: true });
    const vendor = await submission.vendor();
    await signInAt(page, user.username, LIST_PATH);

    await rowAction(page, rowWith(page, vendor.vendorNameFromFile), 'Run History');
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/history/${vendor.id}$`));
    await expect(
      page.getByRole('heading', { name: `${vendor.vendorNameFromFile} — Run History` }),
    ).toBeVisible();
    await expect(page.getByText('No runs yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Order Vendor Sources' }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}$`));

    const row = rowWith(page, vendor.vendorNameFromFile);
    const deletePath = `**/api/order-submission/vendor/delete/${vendor.id}`;
    await page.route(deletePath, (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, message: 'The database is unavailable' } }),
    );
    await rowAction(page, row, 'Delete');
    const dialog = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
    await expect(dialog).toContainText(`Are you sure you want to delete "${vendor.vendorNameFromFile}"?`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The database is unavailable');
    await expect(dialog).toBeVisible();
    await page.unroute(deletePath);

    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Order Submission Vendor Sources' })).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await sources.api.get(`/api/order-submission/vendor/get/${vendor.id}`)).status()).toBe(404);
  });
});

test.describe('vendor file preview (beyond the spec)', () => {
  async function previewResult(page: Page): Promise<Locator> {
    const result = page.getByRole('region', { name: 'Preview result' });
    await expect(result).toBeVisible();
    return result;
  }

  test('the unsaved form and a LibreOffice-made order file give the vendor’s rows; nothing is stored', async ({
    page,
    createUser,
    sources,
    submission,
  }) => {
    const user = await createUser({ submissionUser: true });
    const parent = await submission.source();
    const mailbox = await sources.emailSource();
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);
    const saves = countRequests(page, SAVE_PATH);

    await fillRequired(page, { source: parent.sourceName, name: 'Acme Supply', mailbox });
    await field(page, 'Header Row Index *').fill('1');
    await field(page, 'Submit File Template').setInputFiles(SUBMISSION_FILES.templateXlsx);
    await field(page, 'PO').fill('PO #');
    await field(page, 'Ship To').fill('Ship To Name');
    await field(page, 'City').fill('City');
    await field(page, 'Qty').fill('Qty');
    await addAlias(page, 'ACME SUPPLY CO.');

    const preview = page.getByRole('button', { name: 'Generate Preview' });
    await preview.click();
    await expect(page.getByText('Choose an order file')).toBeVisible();
    await field(page, 'Sample Order File').setInputFiles(SUBMISSION_FILES.orderXlsx);
    const answer = page.waitForResponse('**/api/order-submission/vendor/preview');
    await preview.click();
    expect((await answer).status()).toBe(200);

    const result = await previewResult(page);
    // Two lines of "Acme Supply" and one of its alias.
    await expect(result).toContainText('3 order lines for this vendor');
    await expect(result).toContainText('Other vendors in this file:');
    await expect(result).toContainText('Globex');
    await expect(result).toContainText('Initech');
    const generated = result.getByRole('table', { name: 'Generated rows' });
    await expect(generated.getByRole('columnheader').first()).toHaveText('PO #');
    await expect(generated.getByRole('columnheader', { name: 'Ship To Name' })).toBeVisible();
    const rows = generated.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('000123');
    await expect(rows.nth(0)).toContainText('Maria Lopez');
    await expect(rows.nth(2)).toContainText('000789');
    await expect(rows.nth(2)).toContainText('Hartford');

    const downloading = page.waitForEvent('download');
    await result.getByRole('button', { name: 'Download generated file' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(
      readFileSync(await download.path())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    // Nothing was saved or sent.
    expect(saves.count).toBe(0);
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/0$`));
    const list = (await (
      await sources.api.get('/api/order-submission/vendor/active?includeInactive=true')
    ).json()) as {
      vendorNameFromFile: string;
    }[];
    expect(list.some((vendor) => vendor.vendorNameFromFile === 'Acme Supply')).toBe(false);
  });

  test('an incomplete form is pointed out before any call; the server’s refusal of a file is shown', async ({
    page,
    createUser,
    sources,
    submission,
  }) => {
    const user = await createUser({ submissionUser: true });
    const parent = await submission.source();
    const mailbox = await sources.emailSource();
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);
    const previews = countRequests(page, '/api/order-submission/vendor/preview');

    await field(page, 'Sample Order File').setInputFiles(SUBMISSION_FILES.orderCsv);
    await page.getByRole('button', { name: 'Generate Preview' }).click();
    await expect(page.getByText(/Complete the vendor form first/)).toBeVisible();
    await expect(field(page, 'Vendor Name From File *')).toHaveAccessibleDescription(/Required$/);
    expect(previews.count).toBe(0);

    // An order file without a Vendor column cannot be split by vendor: the server says so.
    await fillRequired(page, { source: parent.sourceName, name: unique('NoVendorColumn'), mailbox });
    await field(page, 'Sample Order File').setInputFiles({
      name: 'no-vendor.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('PO,Qty\r\n1001,2\r\n', 'utf8'),
    });
    await page.getByRole('button', { name: 'Generate Preview' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: '"no-vendor.csv":' });
    await expect(refusal).toContainText('Vendor');
    await expect(page.getByRole('region', { name: 'Preview result' })).toHaveCount(0);
    expect(previews.count).toBe(1);
  });
});

test('vendor run history: Re-send on runs with a generated file calls the resend route and shows the outcome', async ({
  page,
  createUser,
  submission,
}) => {
  const user = await createUser({ submissionUser: true });
  const vendor = await submission.vendor();
  // Vendor runs come from order e-mails, which the browser tests have no mailbox for: the history call is
  // answered with two runs of this vendor instead (one with a generated file, one without).
  const run = (id: number, hasOutputFile: boolean) => ({
    id,
    sourceType: 'vendor',
    sourceId: vendor.id,
    sourceName: vendor.vendorNameFromFile,
    trigger: 'mail',
    status: hasOutputFile ? 'succeeded' : 'failed',
    fileName: hasOutputFile ? `${vendor.vendorNameFromFile}.xlsx` : null,
    startedAt: '2025-01-15T10:00:00.000Z',
    finishedAt: '2025-01-15T10:00:02.000Z',
    ordersUpdated: 0,
    ordersDeleted: 0,
    message: hasOutputFile ? 'Sent 2 orders' : 'The send-from mailbox refused the login',
    details: {},
    hasInputFile: false,
    hasOutputFile,
    reprocessOfRunId: null,
  });
  const listCalls = countRequests(page, '/api/runs');
  await page.route('**/api/runs?*', (route) =>
    route.fulfill({ json: { runs: [run(999_001, true), run(999_002, false)], totalRecordCount: 2 } }),
  );
  await signInAt(page, user.username, `${LIST_PATH}/history/${vendor.id}`);
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(2);
  await expect(
    rows.filter({ hasText: 'Sent 2 orders' }).getByRole('button', { name: 'Re-send' }),
  ).toBeVisible();
  await expect(
    rows.filter({ hasText: 'refused the login' }).getByRole('button', { name: 'Re-send' }),
  ).toHaveCount(0);

  // The real route refuses a run it does not have: the dialog stays open with the reason.
  await rows.filter({ hasText: 'Sent 2 orders' }).getByRole('button', { name: 'Re-send' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Re-send Submission' });
  await expect(dialog).toContainText(`to ${vendor.vendorNameFromFile} again?`);
  const refused = page.waitForResponse('**/api/order-submission/runs/999001/resend');
  await dialog.getByRole('button', { name: 'Re-send' }).click();
  expect((await refused).status()).toBe(404);
  await expect(dialog.getByRole('alert')).toHaveText('Run not found');
  await expect(dialog).toBeVisible();

  // A sent answer is toasted, the dialog closes and the history is fetched again.
  await page.route('**/api/order-submission/runs/999001/resend', (route) =>
    route.fulfill({
      json: { runId: 999_003, status: 'succeeded', message: 'Re-sent to orders@vendor.example.com' },
    }),
  );
  const callsBefore = listCalls.count;
  await dialog.getByRole('button', { name: 'Re-send' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Re-sent to orders@vendor.example.com' }),
  ).toBeVisible();
  await expect.poll(() => listCalls.count).toBeGreaterThan(callsBefore);
});

test('a user without the submission flag is kept out of the vendor screens and calls', async ({
  page,
  createUser,
  submission,
}) => {
  const vendor = await submission.vendor();
  const user = await createUser({ inventoryUser: true });
  for (const path of [
    LIST_PATH,
    `${LIST_PATH}/edit/0`,
    `${LIST_PATH}/edit/${vendor.id}`,
    `${LIST_PATH}/history/${vendor.id}`,
  ]) {
    await signInAt(page, user.username, path);
    await expect(page).toHaveURL(/\/home$/);
  }
  expect((await page.request.get('/api/order-submission/vendor/active')).status()).toBe(403);
  expect((await page.request.get(`/api/order-submission/vendor/get/${vendor.id}`)).status()).toBe(403);
  const headers = sameOriginHeaders(page);
  const save = await page.request.post(SAVE_PATH, { data: vendorPayload(1, 1), headers });
  expect(save.status()).toBe(403);
  expect((await save.json()).code).toBe('FORBIDDEN');
  const remove = await page.request.post(`/api/order-submission/vendor/delete/${vendor.id}`, { headers });
  expect(remove.status()).toBe(403);
  expect((await remove.json()).code).toBe('FORBIDDEN');
});
