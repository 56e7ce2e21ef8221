import {
  cancelRowDelete,
  choose,
  confirmRowDelete,
  countRequests,
  expect,
  expectCard,
  expectColumns,
  expectEditorLoadFailures,
  expectRow,
  expectSaveFallbackTexts,
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

/** Order tracking sources, docs/behaviour/sources.md#order-tracking-sources (and docs/design/differences.md#active-switches-work for the active switch). */

const LIST_PATH = '/order-tracking-sources';
const SAVED = 'Order tracking source saved successfully!';
const EDITOR_CARDS = ['Basic Information', 'Email Processing', 'Processing Settings', 'Column Mappings'];
const TABLE_COLUMNS = [
  'Active',
  'Source Name',
  'File Type',
  'From Email',
  'Expected Attachment Count',
  'Expected Subject',
  'Attachment Name',
  'Shipping Company',
  'Actions',
];
const SAVE_PATH = '/api/order-tracking-sources/save';

const field = (page: import('@playwright/test').Page, label: string) =>
  page.getByLabel(label, { exact: true });

test.describe('order tracking source editor', () => {
  test('creates a source through the four cards, shows the save states and stores numbers as numbers', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ orderUser: true });
    const mailbox = await sources.emailSource();
    const name = unique('Carrier feed');
    await page.clock.install();
    await signInAt(page, user.username, LIST_PATH);

    await page.getByRole('link', { name: 'Add Source' }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/0$`));
    await expect(page.getByRole('heading', { name: 'Create New Order Tracking Source' })).toBeVisible();
    for (const title of EDITOR_CARDS) await expect(page.getByRole('heading', { name: title })).toBeVisible();
    // The editor's hints and defaults (docs/behaviour/sources.md#order-tracking-source-editor).
    await expect(field(page, 'File Type')).toHaveAccessibleDescription('Supports .csv, .xls and .xlsx files');
    await expect(field(page, 'Attachment Name')).toHaveAccessibleDescription(/Supports \* wildcards/);
    await expect(field(page, 'Expected Attachment Count')).toHaveAccessibleDescription(
      'Leave empty for a variable count',
    );
    await expect(page.getByRole('switch', { name: 'File Has Header', exact: true })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Active', exact: true })).toBeChecked();
    await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', LIST_PATH);
    await expect(page.getByRole('link', { name: 'Back to Sources' })).toHaveCount(0);

    await field(page, 'Source Name').fill(name);
    await choose(page, 'Email Source', pickerName(mailbox));
    await choose(page, 'File Type', '.xlsx');
    await field(page, 'From Email').fill('carrier@example.com');
    await field(page, 'Subject Value').fill('Daily tracking');
    await page.getByRole('switch', { name: 'Subject contains (not exact match)' }).click();
    await field(page, 'Expected Attachment Count').fill('2');
    await field(page, 'Attachment Name').fill('tracking_*.xlsx');
    await field(page, 'Header Row Index').fill('1');
    await field(page, 'Columns To Ignore').fill('Notes');
    await field(page, 'Secondary Delimiter').fill(';');
    await choose(page, 'Unique Column', 'Quantity');
    await field(page, 'Delete After Days').fill('30');
    await field(page, 'Item Number').fill('SKU');
    await field(page, 'Quantity').fill('Qty Shipped');
    await field(page, 'Tracking Numbers').fill('Tracking');
    await field(page, 'Shipping Company').fill('Carrier');

    const { id, settle } = await saveNewRecord(page, { savePath: SAVE_PATH, listPath: LIST_PATH });
    await expect(page.getByRole('status')).toHaveText(SAVED);
    sources.removeAfter('orderTracking', id);
    await expect(page.getByRole('heading', { name: 'Edit Order Tracking Source' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Sources' })).toBeVisible();
    // docs/behaviour/screens.md#save-button: back to idle after 3 s.
    await settle(3_000);

    // What the server stored: numbers as numbers, the picker's id, the unique column's value (not its label).
    const stored = await (await sources.api.get(`/api/order-tracking-sources/get/${id}`)).json();
    expect(stored).toMatchObject({
      id,
      sourceName: name,
      emailSourceId: mailbox.id,
      fileType: '.xlsx',
      fromEmail: 'carrier@example.com',
      subjectValue: 'Daily tracking',
      containsNotExact: true,
      expectedAttachmentCount: 2,
      attachmentName: 'tracking_*.xlsx',
      columnsToIgnore: 'Notes',
      secondaryDelimiter: ';',
      uniqueColumn: 'QTY',
      deleteAfterDays: 30,
      headerRowIndex: 1,
      fileHasHeader: true,
      activeStatus: true,
      columnNormalizationValues: {
        itemNumber: 'SKU',
        qty: 'Qty Shipped',
        trackingNumbers: 'Tracking',
        shippingCompany: 'Carrier',
        customerName: '',
      },
    });

    // A second Save on the same page updates the source it created.
    await field(page, 'Delete After Days').fill('45');
    await saveAndWait(page);
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/${id}$`));
    const list = (await (await sources.api.get('/api/order-tracking-sources/active')).json()) as {
      sourceName: string;
    }[];
    expect(list.filter((row) => row.sourceName === name)).toHaveLength(1);

    await page.getByRole('link', { name: 'Back to Sources' }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}$`));
    await expect(rowWith(page, name)).toBeVisible();

    // The editor, opened again, shows the stored values.
    await rowAction(page, rowWith(page, name), 'Edit');
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/${id}$`));
    await page.reload();
    await expect(field(page, 'Source Name')).toHaveValue(name);
    await expect(field(page, 'Email Source')).toHaveText(pickerName(mailbox));
    await expect(field(page, 'File Type')).toHaveText('.xlsx');
    await expect(field(page, 'Expected Attachment Count')).toHaveValue('2');
    await expect(field(page, 'Header Row Index')).toHaveValue('1');
    await expect(field(page, 'Delete After Days')).toHaveValue('45');
    await expect(field(page, 'Unique Column')).toHaveText('Quantity');
    await expect(field(page, 'Secondary Delimiter')).toHaveValue(';');
    await expect(field(page, 'Shipping Company')).toHaveValue('Carrier');
    await expect(page.getByRole('switch', { name: 'Subject contains (not exact match)' })).toBeChecked();
  });

  test('Header Row Index is disabled without a header, and the mappings then ask for column indexes', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ orderUser: true });
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);

    const hasHeader = page.getByRole('switch', { name: 'File Has Header', exact: true });
    await expect(field(page, 'Header Row Index')).toBeEnabled();
    await expect(field(page, 'Item Number')).toHaveAttribute('placeholder', 'Header name');
    await expect(field(page, 'Wildcard 2')).toHaveAttribute('placeholder', 'Header name');

    await hasHeader.click();
    await expect(hasHeader).not.toBeChecked();
    await expect(field(page, 'Header Row Index')).toBeDisabled();
    await expect(field(page, 'Item Number')).toHaveAttribute('placeholder', 'Column index (0-based)');
    await expect(field(page, 'Wildcard 2')).toHaveAttribute('placeholder', 'Column index (0-based)');
    await expect(page.getByText(/enter the 0-based index of the column/)).toBeVisible();

    await hasHeader.click();
    await expect(field(page, 'Header Row Index')).toBeEnabled();
    await expect(field(page, 'Item Number')).toHaveAttribute('placeholder', 'Header name');
  });

  test('shows the field messages and saves nothing while the form is invalid', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ orderUser: true });
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);
    const saves = countRequests(page, SAVE_PATH);

    await saveButton(page).click();
    // docs/behaviour/sources.md#order-tracking-source-editor: 'Required' on each required field.
    for (const label of [
      'Source Name',
      'Email Source',
      'File Type',
      'From Email',
      'Subject Value',
      'Attachment Name',
      'Unique Column',
    ]) {
      await expect(field(page, label), label).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, label), label).toHaveAccessibleDescription(/Required$/);
    }
    await expect(page.getByText('Required', { exact: true })).toHaveCount(7);
    // Optional fields stay quiet.
    await expect(field(page, 'Expected Attachment Count')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Item Number')).not.toHaveAttribute('aria-invalid', 'true');

    await field(page, 'From Email').fill('not-an-address');
    await field(page, 'Subject Value').fill('ab');
    await saveButton(page).click();
    await expect(field(page, 'From Email')).toHaveAccessibleDescription('Enter a valid email address');
    // At least 3 characters.
    await expect(field(page, 'Subject Value')).toHaveAccessibleDescription('Required');
    await expect(field(page, 'Secondary Delimiter')).toHaveAttribute('maxlength', '1');

    await expect(saveButton(page)).toHaveText('Save');
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/0$`));
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(saves.count).toBe(0);
  });
});

test.describe('order tracking source editor errors (docs/behaviour/sources.md#messages)', () => {
  test('without a header, a mapping that is no column index is refused with the server’s message', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ orderUser: true });
    const mailbox = await sources.emailSource();
    const name = unique('Headerless');
    await page.clock.install();
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);

    await field(page, 'Source Name').fill(name);
    await choose(page, 'Email Source', pickerName(mailbox));
    await choose(page, 'File Type', '.csv');
    await field(page, 'From Email').fill('carrier@example.com');
    await field(page, 'Subject Value').fill('Tracking');
    await field(page, 'Attachment Name').fill('tracking.csv');
    await choose(page, 'Unique Column', 'ItemNumber');
    await page.getByRole('switch', { name: 'File Has Header', exact: true }).click();
    await field(page, 'Item Number').fill('SKU');
    await field(page, 'Tracking Numbers').fill('4');

    const answer = page.waitForResponse(`**${SAVE_PATH}`);
    await stopClock(page);
    await saveButton(page).click();
    expect((await answer).status()).toBe(400);
    const message = 'Enter a 0-based column index (the file has no header row)';
    await expect(saveButton(page)).toHaveText('Error - Try Again');
    await expect(page.getByRole('alert').filter({ hasText: message })).toContainText(
      `columnNormalizationValues.itemNumber: ${message}`,
    );
    await expect(field(page, 'Item Number')).toHaveAccessibleDescription(message);
    await expect(page.getByRole('status')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/0$`));
    await expectShownFor(page, saveButton(page), 'Error - Try Again', 3_000, 'Save');

    await field(page, 'Item Number').fill('0');
    await saveButton(page).click();
    await expect(page.getByRole('status')).toHaveText(SAVED);
    await expect(page.getByRole('alert').filter({ hasText: message })).toHaveCount(0);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    sources.removeAfter('orderTracking', id);
    const stored = await (await sources.api.get(`/api/order-tracking-sources/get/${id}`)).json();
    expect(stored).toMatchObject({
      fileHasHeader: false,
      columnNormalizationValues: { itemNumber: '0', trackingNumbers: '4' },
    });
  });

  test('load failures: "Failed to load order tracking source data" and "Failed to load email sources"', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ orderUser: true });
    await expectEditorLoadFailures(page, user.username, {
      listPath: LIST_PATH,
      recordText: 'Failed to load order tracking source data',
      formLabel: 'Source Name',
    });
  });

  test('a save answered without a record or with a failure shows the spec’s fallback texts', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ orderUser: true });
    const mailbox = await sources.emailSource();
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);
    await field(page, 'Source Name').fill(unique('Stubbed'));
    await choose(page, 'Email Source', pickerName(mailbox));
    await choose(page, 'File Type', '.csv');
    await field(page, 'From Email').fill('carrier@example.com');
    await field(page, 'Subject Value').fill('Tracking');
    await field(page, 'Attachment Name').fill('tracking.csv');
    await choose(page, 'Unique Column', 'ItemNumber');

    await expectSaveFallbackTexts(page, SAVE_PATH);
  });
});

test.describe('order tracking source list', () => {
  test('the table shows the spec’s columns; cards show Shipping Company only when present', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ orderUser: true });
    const mailbox = await sources.emailSource();
    const shipped = await sources.orderTrackingSource(mailbox.id, {
      fileType: '.xlsx',
      expectedAttachmentCount: 3,
      subjectValue: 'Shipments today',
      attachmentName: 'ship_*.xlsx',
      columnNormalizationValues: { shippingCompany: 'Carrier' },
    });
    const plain = await sources.orderTrackingSource(mailbox.id, { expectedAttachmentCount: null });
    await signInAt(page, user.username, LIST_PATH);

    await expect(page.getByRole('heading', { name: 'Order Tracking Sources' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Table view' })).toBeChecked();
    const table = page.getByRole('table');
    await expectColumns(table, TABLE_COLUMNS);
    await expectRow(table, rowWith(page, shipped.sourceName), {
      'Source Name': shipped.sourceName,
      'File Type': '.xlsx',
      'From Email': 'supplier@example.com',
      'Expected Attachment Count': '3',
      'Expected Subject': 'Shipments today',
      'Attachment Name': 'ship_*.xlsx',
      'Shipping Company': 'Carrier',
    });
    await expectRow(table, rowWith(page, plain.sourceName), {
      'Expected Attachment Count': '—',
      'Shipping Company': '—',
    });
    await expect(page.getByRole('link', { name: 'Add Source' })).toHaveAttribute(
      'href',
      `${LIST_PATH}/edit/0`,
    );

    await page.getByRole('radio', { name: 'Card view' }).click();
    await expect(page).toHaveURL(/\?view=cards$/);
    await expect(page.getByRole('table')).toHaveCount(0);
    const shippedCard = listCard(page, shipped.sourceName);
    await expectCard(shippedCard, [
      ['File Type', '.xlsx'],
      ['Active', 'Yes'],
      ['From Email', 'supplier@example.com'],
      ['Subject', 'Shipments today'],
      ['Shipping Company', 'Carrier'],
    ]);
    await expect(
      shippedCard.getByRole('switch', { name: `Active status of ${shipped.sourceName}` }),
    ).toBeChecked();
    await expectCard(
      listCard(page, plain.sourceName),
      [
        ['File Type', '.csv'],
        ['Active', 'Yes'],
        ['From Email', 'supplier@example.com'],
        ['Subject', 'Tracking update'],
      ],
      ['Shipping Company'],
    );

    // The view survives a reload (it lives in the URL); at 375 px cards are forced and the switcher hidden.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(LIST_PATH);
    await expect(listCard(page, shipped.sourceName)).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Table view' })).toHaveCount(0);
  });

  test('empty states: "No results." in the table and "No order tracking sources found." in cards', async ({
    page,
    createUser,
  }) => {
    // Sources are global and other tests create them, so an empty list cannot be guaranteed on a shared
    // server; the list call is answered with [] instead, which is exactly what an empty database returns.
    await page.route('**/api/order-tracking-sources/active', (route) => route.fulfill({ json: [] }));
    const user = await createUser({ orderUser: true });
    await signInAt(page, user.username, LIST_PATH);
    await expect(page.getByRole('table').getByRole('cell')).toHaveText(['No results.']);
    await page.getByRole('radio', { name: 'Card view' }).click();
    await expect(page.getByText('No order tracking sources found.', { exact: true })).toBeVisible();
  });

  test('the active switch is stored: a reload shows the new state', async ({ page, createUser, sources }) => {
    const user = await createUser({ orderUser: true });
    const mailbox = await sources.emailSource();
    const source = await sources.orderTrackingSource(mailbox.id);
    await signInAt(page, user.username, LIST_PATH);

    const checkbox = page.getByRole('checkbox', { name: `Active status of ${source.sourceName}` });
    await expect(checkbox).toBeChecked();
    const answer = page.waitForResponse(`**/api/order-tracking-sources/${source.id}/active`);
    await checkbox.click();
    expect((await answer).status()).toBe(200);
    await expect(checkbox).not.toBeChecked();

    await page.reload();
    await expect(checkbox).not.toBeChecked();
    const stored = await (await sources.api.get(`/api/order-tracking-sources/get/${source.id}`)).json();
    expect(stored.activeStatus).toBe(false);

    // The card switch does the same.
    await page.getByRole('radio', { name: 'Card view' }).click();
    const toggle = page.getByRole('switch', { name: `Active status of ${source.sourceName}` });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expectCard(listCard(page, source.sourceName), [['Active', 'Yes']]);
    await expect
      .poll(
        async () =>
          (await (await sources.api.get(`/api/order-tracking-sources/get/${source.id}`)).json()).activeStatus,
      )
      .toBe(true);
    await page.reload();
    await expect(toggle).toBeChecked();
  });

  test('deletes a source after Confirm Deletion; Cancel keeps it', async ({ page, createUser, sources }) => {
    const user = await createUser({ orderUser: true });
    const mailbox = await sources.emailSource();
    const source = await sources.orderTrackingSource(mailbox.id);
    await signInAt(page, user.username, LIST_PATH);

    const row = rowWith(page, source.sourceName);
    const dialog = await cancelRowDelete(page, row, source.sourceName);
    await rowAction(page, row, 'Delete');
    await confirmRowDelete(page, dialog, row, {
      heading: 'Order Tracking Sources',
      api: sources.api,
      recordUrl: `/api/order-tracking-sources/get/${source.id}`,
    });
  });

  test('the Edit action opens the source’s editor', async ({ page, createUser, sources }) => {
    const user = await createUser({ orderUser: true });
    const mailbox = await sources.emailSource();
    const source = await sources.orderTrackingSource(mailbox.id);
    await signInAt(page, user.username, `${LIST_PATH}?view=cards`);
    await rowAction(page, listCard(page, source.sourceName), 'Edit');
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/${source.id}$`));
    await expect(page.getByLabel('Source Name', { exact: true })).toHaveValue(source.sourceName);
  });
});

test('an order-only user is offered Email Sources and Order Tracking Sources, not Inventory Sources', async ({
  page,
  createUser,
}) => {
  const user = await createUser({ orderUser: true });
  await signInAt(page, user.username, '/sources');
  await expect(page.getByRole('heading', { name: 'Email Sources', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Order Tracking Sources', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Inventory Sources', exact: true })).toHaveCount(0);

  await page.getByRole('link', { name: 'Open Order Tracking Sources' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST_PATH}$`));
  await expect(page.getByRole('heading', { name: 'Order Tracking Sources' })).toBeVisible();
  await page.goto('/sources');
  await page.getByRole('link', { name: 'Open Email Sources' }).click();
  await expect(page).toHaveURL(/\/email-sources$/);
  await expect(page.getByRole('heading', { name: 'Email Sources' })).toBeVisible();
});
