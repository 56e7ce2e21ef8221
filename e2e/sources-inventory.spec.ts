import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { startSftpServer } from '../test-servers/sftp';
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
  expectSwipeHintWhereTableScrolls,
  inventorySourcePayload,
  listCard,
  pickerName,
  rowAction,
  rowWith,
  SAMPLE_FILES,
  type SeededEmailSource,
  saveAndWait,
  saveButton,
  saveNewRecord,
  signInAt,
  test,
  unique,
} from './fixtures/sources';

/** Inventory sources, docs/behaviour/sources.md#inventory-sources (and docs/design/differences.md#active-switches-work for the active switch). */

const LIST_PATH = '/inventory-sources';
const SAVE_PATH = '/api/inventory-sources/inventory/save';
const SAVED = 'Inventory source saved successfully!';
const SUBTITLE = 'Configure how inventory data is received, processed, and managed.';
const EDITOR_CARDS = [
  'Basic Information',
  'Email Processing',
  'SFTP Configuration',
  'File Structure',
  'Predictive Algorithm',
  'File Generation',
];
const ALL_COLUMNS = [
  'Active',
  'Source Name',
  'File Type',
  'From Email',
  'Att. Count',
  'Subject Value',
  'Attachment Name',
  'Item Col.',
  'Qty Col.',
  'Min Items',
  'Actions',
];
const TABLET_COLUMNS = [
  'Active',
  'Source Name',
  'File Type',
  'From Email',
  'Item Col.',
  'Qty Col.',
  'Actions',
];
const SWIPE_HINT =
  'Some columns are hidden. Swipe to scroll or switch to a desktop screen to see all columns.';
/** The input ranges (docs/behaviour/sources.md#inventory-source-editor), as label → [min, max, step]. */
const PREDICTIVE_INPUTS: [string, string, string, string][] = [
  ['Lookback Days *', '1', '365', '1'],
  ['Min Data Points *', '1', '100', '1'],
  ['Safety Multiplier *', '1', '5', '0.1'],
  ['Safety Padding *', '0', '10000', '1'],
  ['Large Drop Threshold *', '1', '100000', '1'],
  ['Large Drop Multiplier *', '1', '5', '0.1'],
];

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const toggle = (page: Page, name: string) => page.getByRole('switch', { name, exact: true });

/** Fills every field the save needs except the sample file. */
async function fillRequired(page: Page, mailbox: SeededEmailSource, name: string) {
  await field(page, 'Source Name').fill(name);
  await choose(page, 'Email Source', pickerName(mailbox));
  await choose(page, 'File Type', '.xlsx');
  await field(page, 'From Email').fill('stock@example.com');
  await field(page, 'Subject Value').fill('Stock levels');
  await field(page, 'Attachment Name').fill('stock_*.xlsx');
  await field(page, 'Item Number Column Name').fill('Item Number');
  await field(page, 'Quantity Column Name').fill('Qty');
  await field(page, 'User Activated Item Numbers').fill('000123,89012');
  await field(page, 'Generated File Item Number Column Name').fill('Item Number');
  await field(page, 'Generated File Item Status Column Name').fill('Status');
  await field(page, 'Generated File Status Date Column Name').fill('Status Date');
}

test.describe('inventory source editor', () => {
  test('creates a source with the LibreOffice .xlsx sample through all six cards; the sample downloads unchanged', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true });
    const mailbox = await sources.emailSource();
    const name = unique('Warehouse feed');
    await page.clock.install();
    await signInAt(page, user.username, LIST_PATH);

    await page.getByRole('link', { name: 'Add Source' }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/0$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create New Inventory Source');
    await expect(page.getByText(SUBTITLE, { exact: true })).toBeVisible();
    for (const title of EDITOR_CARDS) await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(field(page, 'Port')).toHaveAttribute('placeholder', '22');
    await expect(field(page, 'Sample Inventory File')).toHaveAttribute('accept', '.xls,.xlsx,.csv');
    await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', LIST_PATH);

    // Basic Information
    await field(page, 'Source Name').fill(name);
    await choose(page, 'Email Source', pickerName(mailbox));
    await choose(page, 'File Type', '.xlsx');
    await field(page, 'Days Until No Update Notification').fill('3');
    // Email Processing
    await field(page, 'From Email').fill('stock@example.com');
    await field(page, 'Subject Value').fill('Stock levels');
    await toggle(page, 'Subject contains (not exact match)').click();
    await field(page, 'Expected Attachment Count').fill('1');
    await field(page, 'Attachment Name').fill('stock_*.xlsx');
    // SFTP Configuration
    await field(page, 'Server Address').fill('sftp.example.com');
    await field(page, 'Port').fill('2222');
    await field(page, 'Username').fill('feeder');
    await field(page, 'Password').fill('sftp-secret');
    // File Structure
    await field(page, 'Item Number Column Name').fill('Item Number');
    await field(page, 'Quantity Column Name').fill('Qty');
    await field(page, 'Minimum Items To Be Active').fill('5');
    await toggle(page, 'Strip Leading Zeroes').click();
    // Predictive Algorithm
    await toggle(page, 'Uses Predictive Algorithm').click();
    await field(page, 'Lookback Days *').fill('30');
    await field(page, 'Min Data Points *').fill('3');
    await field(page, 'Safety Multiplier *').fill('1.5');
    await field(page, 'Safety Padding *').fill('2');
    await field(page, 'Large Drop Threshold *').fill('100');
    await field(page, 'Large Drop Multiplier *').fill('2.5');
    // File Generation
    await field(page, 'User Activated Item Numbers').fill('000123,89012');
    await field(page, 'Sample Inventory File').setInputFiles(SAMPLE_FILES.xlsx);
    await expect(page.getByText('Selected: inventory-sample.xlsx')).toBeVisible();
    await field(page, 'Header Row Index').fill('0');
    await field(page, 'Generated File Item Number Column Name').fill('Item Number');
    await field(page, 'Generated File Item Status Column Name').fill('Status');
    await field(page, 'Generated File Status Date Column Name').fill('Status Date');

    const { id, settle } = await saveNewRecord(page, { savePath: SAVE_PATH, listPath: LIST_PATH });
    await expect(page.getByRole('status')).toHaveText(SAVED);
    sources.removeAfter('inventory', id);
    await expect(page.getByRole('link', { name: 'Back to Sources' })).toHaveAttribute('href', LIST_PATH);
    // docs/behaviour/screens.md#save-button: back to idle after 3 s.
    await settle(3_000);

    const stored = await (await sources.api.get(`/api/inventory-sources/inventory/${id}`)).json();
    expect(stored).toMatchObject({
      sourceName: name,
      emailSourceId: mailbox.id,
      fileType: '.xlsx',
      daysUntilNoUpdateNotification: 3,
      fromEmail: 'stock@example.com',
      subjectValue: 'Stock levels',
      containsNotExact: true,
      expectedAttachmentCount: 1,
      attachmentName: 'stock_*.xlsx',
      sftpServerAddress: 'sftp.example.com',
      sftpPort: 2222,
      sftpUsername: 'feeder',
      sftpPassword: '',
      sftpPasswordSet: true,
      itemNumberColumnName: 'Item Number',
      qtyColumnName: 'Qty',
      minItemsToBeActive: 5,
      stripLeadingZeroes: true,
      usesPredictiveAlgorithm: true,
      lookbackDays: 30,
      minDataPoints: 3,
      safetyMultiplier: 1.5,
      safetyPadding: 2,
      largeDropThreshold: 100,
      largeDropMultiplier: 2.5,
      activeStatus: true,
      fileData: {
        userActivatedItemNumbers: '000123,89012',
        inventoryFileName: 'inventory-sample.xlsx',
        headerRowIndex: 0,
        fileHasHeader: true,
        itemNumberColumnName: 'Item Number',
        itemStatusColumnName: 'Status',
        itemStatusDateColumnName: 'Status Date',
      },
    });

    // Reloaded, the editor shows the stored sample, and Download returns the same bytes.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Inventory Source');
    await expect(field(page, 'Source Name')).toHaveValue(name);
    await expect(field(page, 'Lookback Days *')).toHaveValue('30');
    await expect(field(page, 'Safety Multiplier *')).toHaveValue('1.5');
    await expect(field(page, 'Password')).toHaveValue('');
    await expect(field(page, 'Password')).toHaveAccessibleDescription(
      'A password is stored. Leave blank to keep it.',
    );
    await expect(page.getByText('Current file:')).toBeVisible();
    await expect(page.getByText('inventory-sample.xlsx', { exact: true })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('inventory-sample.xlsx');
    expect(readFileSync(await download.path()).equals(readFileSync(SAMPLE_FILES.xlsx))).toBe(true);
  });

  test('without a sample file a new source is refused with the spec’s messages and nothing is sent', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true });
    const mailbox = await sources.emailSource();
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);
    const saves = countRequests(page, SAVE_PATH);

    // An empty form: every required-field message (docs/behaviour/sources.md#inventory-source-editor) at once.
    await saveButton(page).click();
    const expected: [string, string][] = [
      ['Source Name', 'Source name is required'],
      ['Email Source', 'Email source is required'],
      ['File Type', 'File type is required'],
      ['From Email', 'From email is required'],
      ['Subject Value', 'Subject value is required'],
      ['Attachment Name', 'Attachment name is required'],
      ['Item Number Column Name', 'Item number column is required'],
      ['Quantity Column Name', 'Quantity column is required'],
      ['User Activated Item Numbers', 'User activated items are required'],
      ['Sample Inventory File', 'Sample inventory file is required for new sources'],
      ['Generated File Item Number Column Name', 'Item number column is required'],
      ['Generated File Item Status Column Name', 'Item status column is required'],
      ['Generated File Status Date Column Name', 'Item status date column is required'],
    ];
    for (const [label, message] of expected) {
      await expect(field(page, label), label).toHaveAccessibleDescription(new RegExp(`${message}$`));
    }

    // Everything else filled: only the sample file is missing.
    const name = unique('No sample');
    await fillRequired(page, mailbox, name);
    await saveButton(page).click();
    await expect(field(page, 'Sample Inventory File')).toHaveAccessibleDescription(
      /Sample inventory file is required for new sources$/,
    );
    await expect(page.getByText('Sample inventory file is required for new sources')).toHaveCount(1);
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
    await expect(saveButton(page)).toHaveText('Save');
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(saves.count).toBe(0);
    const list = (await (await sources.api.get('/api/inventory-sources/inventories')).json()) as {
      sourceName: string;
    }[];
    expect(list.map((source) => source.sourceName)).not.toContain(name);
  });

  test('conditional sections: status lists, predictive fields with their ranges, header row index, Name/Index labels', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ inventoryUser: true });
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);

    // Status lists only with Status Supersedes Quantity.
    await expect(field(page, 'Status Available List')).toHaveCount(0);
    await expect(field(page, 'Status Out Of Stock List')).toHaveCount(0);
    await toggle(page, 'Status Supersedes Quantity').click();
    await expect(field(page, 'Status Available List')).toBeVisible();
    await expect(field(page, 'Status Out Of Stock List')).toBeVisible();
    await toggle(page, 'Status Supersedes Quantity').click();
    await expect(field(page, 'Status Available List')).toHaveCount(0);

    // Predictive fields only with Uses Predictive Algorithm, marked required, with the spec's input ranges.
    for (const [label] of PREDICTIVE_INPUTS) await expect(field(page, label)).toHaveCount(0);
    await toggle(page, 'Uses Predictive Algorithm').click();
    for (const [label, min, max, step] of PREDICTIVE_INPUTS) {
      const input = field(page, label);
      await expect(input, label).toBeVisible();
      await expect(input, label).toHaveAttribute('type', 'number');
      await expect(input, label).toHaveAttribute('min', min);
      await expect(input, label).toHaveAttribute('max', max);
      await expect(input, label).toHaveAttribute('step', step);
      await expect(input, label).toHaveAttribute('aria-required', 'true');
    }
    await toggle(page, 'Uses Predictive Algorithm').click();
    for (const [label] of PREDICTIVE_INPUTS) await expect(field(page, label)).toHaveCount(0);

    // Header Row Index only while the generated file has a header.
    await expect(toggle(page, 'Generated File Has Header')).toBeChecked();
    await expect(field(page, 'Header Row Index')).toBeVisible();
    await toggle(page, 'Generated File Has Header').click();
    await expect(field(page, 'Header Row Index')).toHaveCount(0);
    await expect(field(page, 'Generated File Item Number Column Index')).toBeVisible();
    await expect(field(page, 'Generated File Item Status Column Index')).toBeVisible();
    await expect(field(page, 'Generated File Status Date Column Index')).toBeVisible();
    // The supplier file's labels follow its own switch, not the generated file's.
    await expect(field(page, 'Item Number Column Name')).toBeVisible();
    await toggle(page, 'Generated File Has Header').click();
    await expect(field(page, 'Header Row Index')).toBeVisible();
    await expect(field(page, 'Generated File Item Number Column Name')).toBeVisible();

    // Labels: column name with a header, column index without.
    await toggle(page, 'File Has Header').click();
    await expect(field(page, 'Item Number Column Index')).toBeVisible();
    await expect(field(page, 'Quantity Column Index')).toBeVisible();
    await expect(field(page, 'Item Status Column Index')).toBeVisible();
    await expect(field(page, 'Item Number Column Name')).toHaveCount(0);
    await expect(field(page, 'Item Number Column Index')).toHaveAccessibleDescription(
      'The 0-based column index (0 is the first column)',
    );
    await toggle(page, 'File Has Header').click();
    await expect(field(page, 'Item Number Column Name')).toHaveAccessibleDescription(
      'The header text of the column',
    );
  });

  test('a predictive value out of range gets the field message and nothing is stored', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true });
    const mailbox = await sources.emailSource();
    const name = unique('Out of range');
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);
    const saves = countRequests(page, SAVE_PATH);

    await fillRequired(page, mailbox, name);
    await field(page, 'Sample Inventory File').setInputFiles(SAMPLE_FILES.csv);
    await toggle(page, 'Uses Predictive Algorithm').click();
    await field(page, 'Lookback Days *').fill('400');
    await field(page, 'Min Data Points *').fill('3');
    await field(page, 'Safety Multiplier *').fill('1.5');
    await field(page, 'Safety Padding *').fill('0');
    await field(page, 'Large Drop Threshold *').fill('10');
    await field(page, 'Large Drop Multiplier *').fill('2');
    await saveButton(page).click();
    await expect(field(page, 'Lookback Days *')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Lookback Days *')).toHaveAccessibleDescription(/Enter a value from 1 to 365$/);
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(saves.count).toBe(0);

    // The editor checks with the contract the server uses, so the browser never sends this; the server
    // answers the same body with the same field message and stores nothing.
    const response = await sources.api.post(SAVE_PATH, {
      data: inventorySourcePayload(mailbox.id, {
        sourceName: name,
        usesPredictiveAlgorithm: true,
        lookbackDays: 400,
        minDataPoints: 3,
        safetyMultiplier: 1.5,
        safetyPadding: 0,
        largeDropThreshold: 10,
        largeDropMultiplier: 2,
      }),
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).fields).toEqual({ lookbackDays: 'Enter a value from 1 to 365' });

    // With the value fixed, the browser's save goes through.
    await field(page, 'Lookback Days *').fill('365');
    await saveButton(page).click();
    await expect(page.getByRole('status')).toHaveText(SAVED);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    sources.removeAfter('inventory', id);
    const list = (await (await sources.api.get('/api/inventory-sources/inventories')).json()) as {
      sourceName: string;
    }[];
    expect(list.filter((source) => source.sourceName === name)).toHaveLength(1);
    expect(saves.count).toBe(1);
  });
});

test.describe('inventory source editor: editing and errors (docs/behaviour/sources.md#messages)', () => {
  test('editing without a new file keeps the stored sample; Cancel returns to the list', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true });
    const mailbox = await sources.emailSource();
    const source = await sources.inventorySource(mailbox.id, { minItemsToBeActive: 2 });
    await signInAt(page, user.username, `${LIST_PATH}/edit/${source.id}`);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Inventory Source');
    await expect(field(page, 'Minimum Items To Be Active')).toHaveValue('2');
    await expect(page.getByText('inventory-sample.xlsx', { exact: true })).toBeVisible();
    await field(page, 'Minimum Items To Be Active').fill('7');
    await saveAndWait(page);
    await expect(page.getByRole('status')).toHaveText(SAVED);
    await expect(page.getByRole('link', { name: 'Back to Sources' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/${source.id}$`));

    const stored = await (await sources.api.get(`/api/inventory-sources/inventory/${source.id}`)).json();
    expect(stored.minItemsToBeActive).toBe(7);
    expect(stored.fileData.inventoryFileName).toBe('inventory-sample.xlsx');
    expect(
      Buffer.from(stored.fileData.inventoryFileData, 'base64').equals(readFileSync(SAMPLE_FILES.xlsx)),
    ).toBe(true);

    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}$`));
    await expectRow(page.getByRole('table'), rowWith(page, source.sourceName), { 'Min Items': '7' });
  });

  test('SFTP: the host key is recorded, a changed key is refused until accepted, a moved server needs the password again', async ({
    page,
    createUser,
    sources,
  }) => {
    const sftp = await startSftpServer();
    try {
      const user = await createUser({ inventoryUser: true });
      const mailbox = await sources.emailSource();
      // Inactive, so that SFTP intake (which records the key at its first connection too) leaves it to the test.
      const source = await sources.inventorySource(mailbox.id, {
        activeStatus: false,
        sftpServerAddress: sftp.host,
        sftpPort: sftp.port,
        sftpUsername: sftp.username,
        sftpPassword: sftp.password,
      });
      await signInAt(page, user.username, `${LIST_PATH}/edit/${source.id}`);
      const hostKey = page.getByRole('region', { name: 'Host key' });
      const testButton = page.getByRole('button', { name: 'Test connection' });
      await expect(hostKey).toContainText(
        "None recorded yet: the server's key is recorded at the first successful connection, and a different key is refused after that.",
      );

      const firstKey = await sftp.hostKey();
      await testButton.click();
      await expect(page.getByRole('status').filter({ hasText: 'Connected to' })).toContainText(
        `Host key ${firstKey} (recorded now; a different key will be refused)`,
        { timeout: 15_000 },
      );
      await expect(hostKey).toContainText(`Recorded: ${firstKey}`);

      // The server comes back with another key: refused, both keys named, nothing listed.
      await sftp.restart({ newHostKey: true });
      const newKey = await sftp.hostKey();
      await testButton.click();
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: `presented the host key ${newKey}` })
          .first(),
      ).toContainText(`the key recorded for it is ${firstKey}`, { timeout: 15_000 });
      await expect(hostKey).toContainText('The SFTP server presented a different host key');
      await expect(hostKey).toContainText(`Recorded: ${firstKey}`);
      await expect(hostKey).toContainText(`Presented now: ${newKey}`);

      // Still there after a reload (the server noted it), until the user accepts the new key.
      await page.reload();
      await expect(hostKey).toContainText(`Presented now: ${newKey}`);
      await hostKey.getByRole('button', { name: 'Accept new host key' }).click();
      await expect(hostKey.getByRole('status')).toHaveText('The new host key was accepted.');
      await expect(hostKey).toContainText(`Recorded: ${newKey}`);
      await expect(hostKey.getByRole('button', { name: 'Accept new host key' })).toHaveCount(0);
      await testButton.click();
      await expect(page.getByRole('status').filter({ hasText: 'Connected to' })).toContainText(
        `Host key ${newKey} (the recorded key)`,
        { timeout: 15_000 },
      );

      // Another port: the stored password must be typed again, and saving forgets the recorded key.
      const password = field(page, 'Password');
      await expect(password).toHaveAccessibleDescription('A password is stored. Leave blank to keep it.');
      await field(page, 'Port').fill(String(sftp.port + 1));
      await expect(password).toHaveAccessibleDescription('SFTP port changed: enter the SFTP password again.');
      await expect(password).toHaveAttribute('aria-required', 'true');
      await expect(hostKey).toContainText(
        'The server address or port changed: saving forgets the recorded key',
      );
      const saves = countRequests(page, SAVE_PATH);
      const tests = countRequests(page, '/api/inventory-sources/test-sftp');
      await testButton.click();
      await expect(password).toBeFocused();
      await saveButton(page).click();
      await expect(password).toHaveAccessibleDescription('SFTP port changed: enter the SFTP password again.');
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      expect(saves.count).toBe(0);
      expect(tests.count).toBe(0);

      await password.fill(sftp.password);
      await saveAndWait(page);
      await expect(hostKey).toContainText('None recorded yet');
      const stored = await (await sources.api.get(`/api/inventory-sources/inventory/${source.id}`)).json();
      expect(stored).toMatchObject({ sftpPort: sftp.port + 1, sftpHostKey: null, sftpPasswordSet: true });
    } finally {
      await sftp.stop();
    }
  });

  test('a damaged sample file is refused with the server’s message and nothing is stored', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true });
    const mailbox = await sources.emailSource();
    const name = unique('Damaged sample');
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);
    await fillRequired(page, mailbox, name);
    await field(page, 'Sample Inventory File').setInputFiles(SAMPLE_FILES.corrupt);

    const answer = page.waitForResponse(`**${SAVE_PATH}`);
    await saveButton(page).click();
    expect((await answer).status()).toBe(400);
    const message =
      'The sample file could not be read as a .xlsx spreadsheet: it is damaged or not really a .xlsx file';
    await expect(saveButton(page)).toHaveText('Error - Try Again');
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(field(page, 'Sample Inventory File')).toHaveAccessibleDescription(new RegExp(`${message}$`));
    await expect(page.getByRole('status')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/0$`));
    const list = (await (await sources.api.get('/api/inventory-sources/inventories')).json()) as {
      sourceName: string;
    }[];
    expect(list.map((source) => source.sourceName)).not.toContain(name);
  });

  test('load failures: "Failed to load inventory source data" and "Failed to load email sources"', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ inventoryUser: true });
    await expectEditorLoadFailures(page, user.username, {
      listPath: LIST_PATH,
      recordText: 'Failed to load inventory source data',
      formLabel: 'Source Name',
    });
  });

  test('a save answered without a record or with a failure shows the spec’s fallback texts', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true });
    const mailbox = await sources.emailSource();
    await signInAt(page, user.username, `${LIST_PATH}/edit/0`);
    await fillRequired(page, mailbox, unique('Stubbed'));
    await field(page, 'Sample Inventory File').setInputFiles(SAMPLE_FILES.csv);

    await expectSaveFallbackTexts(page, SAVE_PATH);
  });
});

test.describe('inventory source list', () => {
  test('columns follow the viewport: all at 1440 px, fewer on a tablet with the swipe hint only where the table scrolls, cards at 375 px', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true });
    const mailbox = await sources.emailSource();
    const source = await sources.inventorySource(mailbox.id, { minItemsToBeActive: 4 });
    await signInAt(page, user.username, LIST_PATH);

    await expect(page.getByRole('heading', { name: 'Inventory Sources' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Source' })).toHaveAttribute(
      'href',
      `${LIST_PATH}/edit/0`,
    );
    const table = page.getByRole('table');
    await expectColumns(table, ALL_COLUMNS);
    await expect(page.getByText(SWIPE_HINT)).toHaveCount(0);
    await expectRow(table, rowWith(page, source.sourceName), {
      'Source Name': source.sourceName,
      'File Type': '.xlsx',
      'From Email': 'stock@example.com',
      'Att. Count': '1',
      'Subject Value': 'Stock levels',
      'Attachment Name': 'stock_*.xlsx',
      'Item Col.': 'Item Number',
      'Qty Col.': 'Qty',
      'Min Items': '4',
    });

    // Tablet: the high and medium columns only (the spec's low ones are gone), and the swipe hint only while the
    // table really scrolls; it follows a resize (docs/behaviour/screens.md#wide-tables).
    await page.setViewportSize({ width: 900, height: 900 });
    await expect
      .poll(async () =>
        (await table.getByRole('columnheader').allTextContents())
          .map((text) => text.trim())
          .filter((text) => ALL_COLUMNS.includes(text)),
      )
      .toEqual(TABLET_COLUMNS);
    const hint = page.getByText(SWIPE_HINT);
    await expectSwipeHintWhereTableScrolls(page, hint);
    // A source with long values in the tablet's columns makes the table wider than a 768 px frame.
    await sources.inventorySource(mailbox.id, {
      sourceName: unique('a-rather-long-inventory-source-name-that-needs-room'),
      fromEmail: 'stock-levels-from-a-supplier-with-a-long-name@example.com',
      itemNumberColumnName: 'Supplier Item Number As Printed On The Order',
      qtyColumnName: 'Quantity Available To Ship From The Warehouse',
    });
    await page.reload();
    await page.setViewportSize({ width: 768, height: 900 });
    await expect(page.getByRole('table')).toBeVisible();
    expect(await expectSwipeHintWhereTableScrolls(page, hint)).toBe(true);
    // Columns still hidden in a wider frame: the hint follows the measurement again.
    await page.setViewportSize({ width: 1023, height: 900 });
    await expectSwipeHintWhereTableScrolls(page, hint);
    await expect(page.getByRole('radio', { name: 'Card view' })).toBeVisible();

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Table view' })).toHaveCount(0);
    const card = listCard(page, source.sourceName);
    await expectCard(card, [
      ['File Type', '.xlsx'],
      ['From Email', 'stock@example.com'],
      ['Attachment Count', '1'],
      ['Subject Value', 'Stock levels'],
      ['Attachment Name', 'stock_*.xlsx'],
      ['Item Column', 'Item Number'],
      ['Quantity Column', 'Qty'],
      ['Min Items', '4'],
    ]);
    await expect(card.getByRole('switch', { name: `Active status of ${source.sourceName}` })).toBeChecked();

    // Back on a desktop the chosen table view returns; the toggle switches to cards and back.
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByRole('table')).toBeVisible();
    await page.getByRole('radio', { name: 'Card view' }).click();
    await expect(listCard(page, source.sourceName)).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.getByRole('radio', { name: 'Table view' }).click();
    await expect(rowWith(page, source.sourceName)).toBeVisible();
  });

  test('empty state: "No inventory sources found" in the table and in cards', async ({
    page,
    createUser,
  }) => {
    // Sources are global and other tests create them; the list call is answered with [] (what an empty
    // database returns) so the empty state can be checked whatever else exists.
    await page.route('**/api/inventory-sources/inventories', (route) => route.fulfill({ json: [] }));
    const user = await createUser({ inventoryUser: true });
    await signInAt(page, user.username, LIST_PATH);
    await expect(page.getByRole('table').getByRole('cell')).toHaveText(['No inventory sources found']);
    await page.getByRole('radio', { name: 'Card view' }).click();
    await expect(page.getByText('No inventory sources found', { exact: true })).toBeVisible();
  });

  test('the row actions: Edit, and Manually Process File to /inventory-sources/manually-process/{id}', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true });
    const mailbox = await sources.emailSource();
    const source = await sources.inventorySource(mailbox.id);
    await signInAt(page, user.username, LIST_PATH);

    const row = rowWith(page, source.sourceName);
    await row.getByRole('button', { name: 'Actions' }).click();
    for (const item of ['Edit', 'Manually Process File', 'Delete']) {
      await expect(page.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveAttribute(
      'href',
      `${LIST_PATH}/edit/${source.id}`,
    );
    await expect(page.getByRole('menuitem', { name: 'Manually Process File' })).toHaveAttribute(
      'href',
      `${LIST_PATH}/manually-process/${source.id}`,
    );
    await page.getByRole('menuitem', { name: 'Manually Process File' }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/manually-process/${source.id}$`));

    await page.goto(LIST_PATH);
    await rowAction(page, row, 'Edit');
    await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/edit/${source.id}$`));
    await expect(field(page, 'Source Name')).toHaveValue(source.sourceName);
  });

  test('the active switch is stored: a reload shows the new state', async ({ page, createUser, sources }) => {
    const user = await createUser({ inventoryUser: true });
    const mailbox = await sources.emailSource();
    const source = await sources.inventorySource(mailbox.id);
    await signInAt(page, user.username, LIST_PATH);

    const active = page.getByRole('switch', { name: `Active status of ${source.sourceName}` });
    await expect(active).toBeChecked();
    const answer = page.waitForResponse(`**/api/inventory-sources/${source.id}/active`);
    await active.click();
    expect((await answer).status()).toBe(200);
    await expect(active).not.toBeChecked();
    await page.reload();
    await expect(active).not.toBeChecked();
    const stored = await (await sources.api.get(`/api/inventory-sources/inventory/${source.id}`)).json();
    expect(stored.activeStatus).toBe(false);

    await active.click();
    await expect(active).toBeChecked();
    await expect
      .poll(
        async () =>
          (await (await sources.api.get(`/api/inventory-sources/inventory/${source.id}`)).json())
            .activeStatus,
      )
      .toBe(true);
    await page.reload();
    await expect(active).toBeChecked();
  });

  test('deletes a source after the confirmation naming it', async ({ page, createUser, sources }) => {
    const user = await createUser({ inventoryUser: true });
    const mailbox = await sources.emailSource();
    const source = await sources.inventorySource(mailbox.id);
    await signInAt(page, user.username, LIST_PATH);

    const row = rowWith(page, source.sourceName);
    const dialog = await cancelRowDelete(page, row, source.sourceName);
    await rowAction(page, row, 'Delete');
    await confirmRowDelete(page, dialog, row, {
      heading: 'Inventory Sources',
      api: sources.api,
      recordUrl: `/api/inventory-sources/inventory/${source.id}`,
    });
  });
});

test('an inventory-only user is offered Email Sources and Inventory Sources, not Order Tracking Sources', async ({
  page,
  createUser,
}) => {
  const user = await createUser({ inventoryUser: true });
  await signInAt(page, user.username, '/sources');
  await expect(page.getByRole('heading', { name: 'Email Sources', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Inventory Sources', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Order Tracking Sources', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Open Inventory Sources' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST_PATH}$`));
  await page.goto('/order-tracking-sources');
  await expect(page).toHaveURL(/\/home$/);
});

test('a user without the inventory flag is sent from /inventory-sources to /home', async ({
  page,
  createUser,
}) => {
  const user = await createUser({ orderUser: true });
  await signInAt(page, user.username, LIST_PATH);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`${LIST_PATH}/edit/0`);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Create New Inventory Source' })).toHaveCount(0);
  // The server refuses the calls as well.
  expect((await page.request.get('/api/inventory-sources/inventories')).status()).toBe(403);
});
