import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { Locator, Page } from '@playwright/test';
import { card, watchProgress } from './fixtures';
import { itemQtyCsvSource } from './fixtures/inventory';
import {
  AFTER_RETRIES,
  expect,
  expectCard,
  holdRequests,
  SAMPLE_FILES,
  type SourceSeeder as Seeder,
  signInAt,
  test,
} from './fixtures/sources';

/**
 * Manual file processing, docs/behaviour/inventory.md#manual-processing (/inventory-sources/manually-process/{id}), with the inventory pages' (docs/behaviour/inventory.md#debug-mode, docs/behaviour/inventory.md#drift-guard)
 * debug "Modify File" and drift guard, and docs/design/differences.md#errors-are-shown (a failed request is shown).
 */

const root = path.resolve(import.meta.dirname, '..');
/** A supplier file made by LibreOffice: SKU, Description, Qty On Hand, Status; 9 data rows, one without SKU. */
const SUPPLIER_XLSX = path.join(root, 'apps/server/test/fixtures/inventory/supplier-stock.xlsx');
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PATH = (id: number) => `/inventory-sources/manually-process/${id}`;

/** With minimum 5: 000123 (25), 004567 (1,234), C-300 (7), D-400 (12) Active; 89012 (0), 000001 (3), Z-999 (missing) not. */
const ACTIVATED = '000123,004567,89012,000001,C-300,D-400,Z-999';
const EXPECTED_STATUSES: Record<string, string> = {
  '000123': 'Active',
  '004567': 'Active',
  '89012': 'Inactive',
  '000001': 'Inactive',
  'C-300': 'Active',
  'D-400': 'Active',
  'Z-999': 'Inactive',
};

/** An .xlsx source reading supplier-stock.xlsx (the generated file has the LibreOffice sample's format). */
async function xlsxSource(sources: Seeder, overrides: Record<string, unknown> = {}) {
  const mailbox = await sources.emailSource();
  return sources.inventorySource(mailbox.id, {
    itemNumberColumnName: 'SKU',
    qtyColumnName: 'Qty On Hand',
    minItemsToBeActive: 5,
    ...overrides,
    fileData: { userActivatedItemNumbers: ACTIVATED, ...(overrides.fileData as object | undefined) },
  });
}

const csvFile = (name: string, rows: Array<[string, number]>) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`Item,Qty\n${rows.map(([item, qty]) => `${item},${qty}`).join('\n')}\n`),
});

const chooseFile = (page: Page) => page.getByLabel('Choose file');
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const dropzone = (page: Page) => page.getByRole('button', { name: 'Drop a file here or click to browse' });

/** The results card under whichever state title it shows. */
const results = (page: Page, title: string) => card(page, title);

/** Item number → status of a generated file's data rows (header row 0). */
function statusesOf(content: Buffer): Record<string, string> {
  const workbook = XLSX.read(content, { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<string[]>(workbook.Sheets[workbook.SheetNames[0]!]!, {
    header: 1,
    raw: false,
    defval: '',
  });
  expect(rows[0]?.slice(0, 3)).toEqual(['Item Number', 'Status', 'Status Date']);
  return Object.fromEntries(rows.slice(1).map((row) => [String(row[0]), String(row[1])]));
}

/** Supplier item → quantity of supplier-stock (SKU, Qty On Hand). */
function quantitiesOf(content: Buffer): Record<string, number> {
  const workbook = XLSX.read(content, { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(workbook.Sheets[workbook.SheetNames[0]!]!, {
    raw: true,
  });
  return Object.fromEntries(
    rows.filter((row) => row.SKU).map((row) => [String(row.SKU), Number(row['Qty On Hand'])]),
  );
}

async function download(page: Page, name = 'Download') {
  const [file] = await Promise.all([page.waitForEvent('download'), button(page, name).click()]);
  const filePath = await file.path();
  return { name: file.suggestedFilename(), path: filePath, content: readFileSync(filePath) };
}

async function expectSummary(page: Page, processed: string, active: string, inactive: string) {
  await expectCard(card(page, 'Processing Summary'), [
    ['Total Processed', processed],
    ['Active Items', active],
    ['Inactive Items', inactive],
  ]);
}

test.describe('manual file processing', () => {
  test('shows the source configuration and the expected output, with back and history links', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true });
    const source = await xlsxSource(sources);
    await signInAt(page, user.username, PATH(source.id));

    await expectCard(card(page, 'Source Configuration'), [
      ['Source Name', source.sourceName],
      ['File Type', '.xlsx'],
      ['Item Column', 'SKU'],
      ['Quantity Column', 'Qty On Hand'],
      ['Minimum Items to be Active', '5'],
      ['Expected Attachment Name', 'stock_*.xlsx'],
    ]);
    const output = card(page, 'Expected Output');
    await expectCard(output, [
      ['Header Row', '0'],
      ['Item Number Column', 'Item Number'],
      ['Status Column', 'Status'],
      ['Date Column', 'Status Date'],
      ['User-Activated Items', '7'],
    ]);
    await expect(output.getByText('Items with quantity at or above 5 are marked Active.')).toBeVisible();

    await expect(results(page, 'Ready to Process')).toBeVisible();
    await expect(chooseFile(page)).toHaveAttribute('accept', '.xlsx');
    await expect(button(page, 'Process File')).toBeDisabled();
    // Options appear once a file is chosen; Debug: Modify File needs Debug Mode.
    await expect(page.getByRole('switch', { name: 'Send Email Notification' })).toHaveCount(0);
    await expect(button(page, 'Debug: Modify File')).toHaveCount(0);

    await expect(page.getByRole('link', { name: 'Run History' })).toHaveAttribute(
      'href',
      `/inventory-sources/history/${source.id}`,
    );
    await page.getByRole('link', { name: 'Back to Inventory Sources' }).click();
    await expect(page).toHaveURL(/\/inventory-sources$/);
  });

  test('without a minimum and a header row: N/A, column indexes and the above-0 rule', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true });
    const source = await xlsxSource(sources, {
      minItemsToBeActive: null,
      fileData: {
        fileHasHeader: false,
        headerRowIndex: null,
        itemNumberColumnName: '0',
        itemStatusColumnName: '1',
        itemStatusDateColumnName: '2',
      },
    });
    await signInAt(page, user.username, PATH(source.id));

    await expectCard(card(page, 'Source Configuration'), [['Minimum Items to be Active', 'N/A']]);
    const output = card(page, 'Expected Output');
    await expectCard(output, [
      ['Header Row', 'No header row'],
      ['Item Number Column Index', '0'],
      ['Status Column Index', '1'],
      ['Date Column Index', '2'],
    ]);
    await expect(output.getByText('Items with quantity above 0 are marked Active.')).toBeVisible();
  });

  test('a source that cannot be loaded shows the load failure', async ({ page, createUser }) => {
    const user = await createUser({ inventoryUser: true });
    await signInAt(page, user.username, PATH(987_654));
    await expect(page.getByText('Failed to load inventory source details', { exact: true })).toBeVisible(
      AFTER_RETRIES,
    );
    await expect(page.getByRole('link', { name: 'Back to Inventory Sources' })).toBeVisible();
  });

  test('upload checks: wrong type, too large, several files; a file is chosen only after they pass', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true });
    const source = await xlsxSource(sources);
    await signInAt(page, user.username, PATH(source.id));

    await chooseFile(page).setInputFiles(SAMPLE_FILES.csv);
    await expect(page.getByRole('alert')).toHaveText('Invalid file type. Expected .xlsx but got .csv');
    await expect(page.getByText('inventory-sample.csv')).toHaveCount(0);
    await expect(button(page, 'Process File')).toBeDisabled();

    await chooseFile(page).setInputFiles({
      name: 'huge.xlsx',
      mimeType: XLSX_MIME,
      buffer: Buffer.alloc(11 * 1024 * 1024, 1),
    });
    await expect(page.getByRole('alert')).toHaveText('File size must be less than 10MB');
    await expect(page.getByText('huge.xlsx')).toHaveCount(0);

    // Dropping several files is refused as a whole.
    const several = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['a'], 'one.xlsx'));
      transfer.items.add(new File(['b'], 'two.xlsx'));
      return transfer;
    });
    await dropzone(page).dispatchEvent('drop', { dataTransfer: several });
    await expect(page.getByRole('alert')).toHaveText('Only one file is accepted');
    await expect(button(page, 'Process File')).toBeDisabled();

    // One good file by drag and drop is chosen, and the error goes.
    const content = readFileSync(SUPPLIER_XLSX).toString('base64');
    const one = await page.evaluateHandle((base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'dropped.xlsx'));
      return transfer;
    }, content);
    await dropzone(page).dispatchEvent('drop', { dataTransfer: one });
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('dropped.xlsx')).toBeVisible();
    await expect(button(page, 'Process File')).toBeEnabled();
    await expect(page.getByRole('switch', { name: 'Send Email Notification' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Submit via SFTP' })).not.toBeChecked();

    // A refused file leaves the chosen one in place.
    await chooseFile(page).setInputFiles(SAMPLE_FILES.csv);
    await expect(page.getByRole('alert')).toHaveText('Invalid file type. Expected .xlsx but got .csv');
    await expect(page.getByText('dropped.xlsx')).toBeVisible();
  });

  test('Process File: the processing state, Processing Complete with the counts, and the generated file', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true });
    const source = await xlsxSource(sources);
    await signInAt(page, user.username, PATH(source.id));

    await chooseFile(page).setInputFiles(SUPPLIER_XLSX);
    await expect(page.getByText('supplier-stock.xlsx')).toBeVisible();

    const held = await holdRequests(page, '**/api/inventory-sources/manually-process');
    await button(page, 'Process File').click();
    const processingCard = results(page, 'Processing File');
    await expect(processingCard.getByRole('status')).toHaveText('Analyzing file structure...');
    await expect(processingCard.getByTestId('processing-bar')).toBeVisible();
    await expect(button(page, 'Process File')).toBeDisabled();
    held.release();

    const complete = results(page, 'Processing Complete');
    await expect(complete).toBeVisible();
    await expect(complete.getByRole('status')).toContainText('Processed 7 items: 4 Active, 3 Inactive');
    await expectSummary(page, '7', '4', '3');
    // Without Debug Mode: no logs, no debug analysis.
    await expect(button(page, 'Processing Logs')).toHaveCount(0);
    await expect(card(page, 'Debug Analysis')).toHaveCount(0);
    // One user-activated item is missing from the file: no errors.
    await expect(page.getByRole('list', { name: 'Errors' })).toHaveCount(0);

    const runLink = complete.getByRole('link', { name: /^Run #\d+$/ });
    await expect(runLink).toHaveAttribute('href', `/inventory-sources/history/${source.id}`);

    const generated = card(page, 'Generated File');
    const file = await download(page);
    expect(file.name).toMatch(/^inventory-sample_.*\.xlsx$/);
    await expect(generated.getByText(file.name)).toBeVisible();
    expect(statusesOf(file.content)).toEqual(EXPECTED_STATUSES);
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 375, height: 812 },
  ]) {
    test(`Process File shows rows done / total while a large file is processed (${viewport.width} px)`, async ({
      page,
      createUser,
      sources,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(viewport);
      const user = await createUser({ inventoryUser: true });
      const source = await itemQtyCsvSource(sources);
      // Two of the server's snapshot batches (50,000 rows): the count is asked for between them.
      const rows = 100_000;
      await signInAt(page, user.username, PATH(source.id));
      await chooseFile(page).setInputFiles(
        csvFile(
          'stock_big.csv',
          Array.from({ length: rows }, (_, n): [string, number] => [`A${n + 1}`, n % 7]),
        ),
      );

      const { figures, statusTexts } = await watchProgress(page, rows);
      await button(page, 'Process File').click();
      expect(await figures).toMatchObject({ unit: 'rows', total: rows });
      await expect(results(page, 'Processing Complete')).toBeVisible({ timeout: 120_000 });
      const seen = await statusTexts();
      expect(seen.some((text) => text.includes('Analyzing file structure...'))).toBe(true);
      expect(
        seen.some((text) => / \/ 100,000 rows/.test(text)),
        seen.join(' | '),
      ).toBe(true);
    });
  }

  test('Clear resets the file, the result, the error and both options; Process Another keeps the file', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true });
    const source = await xlsxSource(sources);
    await signInAt(page, user.username, PATH(source.id));

    await chooseFile(page).setInputFiles(SUPPLIER_XLSX);
    const email = page.getByRole('switch', { name: 'Send Email Notification' });
    const sftp = page.getByRole('switch', { name: 'Submit via SFTP' });
    await email.click();
    await sftp.click();
    await expect(email).toBeChecked();
    await expect(sftp).toBeChecked();
    await chooseFile(page).setInputFiles(SAMPLE_FILES.csv);
    await expect(page.getByRole('alert')).toBeVisible();

    await button(page, 'Clear').click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('supplier-stock.xlsx')).toHaveCount(0);
    await expect(email).toHaveCount(0);
    await expect(button(page, 'Process File')).toBeDisabled();
    await expect(dropzone(page)).toBeFocused();

    await chooseFile(page).setInputFiles(SUPPLIER_XLSX);
    await expect(email).not.toBeChecked();
    await expect(sftp).not.toBeChecked();
    await button(page, 'Process File').click();
    await expect(results(page, 'Processing Complete')).toBeVisible();

    await button(page, 'Process Another').click();
    await expect(results(page, 'Ready to Process')).toBeVisible();
    await expect(card(page, 'Processing Summary')).toHaveCount(0);
    await expect(card(page, 'Generated File')).toHaveCount(0);
    await expect(page.getByText('supplier-stock.xlsx')).toBeVisible();
    await expect(button(page, 'Process File')).toBeEnabled();
    await expect(button(page, 'Process File')).toBeFocused();

    // Change File opens the picker; the new file replaces the old one.
    const chooser = page.waitForEvent('filechooser');
    await button(page, 'Change File').click();
    await (await chooser).setFiles({
      name: 'other.xlsx',
      mimeType: XLSX_MIME,
      buffer: readFileSync(SUPPLIER_XLSX),
    });
    await expect(page.getByText('other.xlsx')).toBeVisible();
    await expect(page.getByText('supplier-stock.xlsx')).toHaveCount(0);

    // After a result, Clear empties everything again.
    await button(page, 'Process File').click();
    await expect(results(page, 'Processing Complete')).toBeVisible();
    await button(page, 'Clear').click();
    await expect(results(page, 'Ready to Process')).toBeVisible();
    await expect(page.getByText('other.xlsx')).toHaveCount(0);
  });

  test('a file the server cannot read: Processing Failed with its message in the error list', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true });
    const source = await xlsxSource(sources);
    await signInAt(page, user.username, PATH(source.id));

    await chooseFile(page).setInputFiles(SAMPLE_FILES.corrupt);
    await button(page, 'Process File').click();
    const failed = results(page, 'Processing Failed');
    await expect(failed).toBeVisible();
    const errors = page.getByRole('list', { name: 'Errors' }).getByRole('listitem');
    await expect(errors).toHaveCount(1);
    const message = (await errors.first().textContent())?.trim() ?? '';
    expect(message).not.toBe('');
    await expect(failed.getByRole('alert')).toHaveText(message);
    await expectSummary(page, '0', '0', '0');
  });

  test('a failed request is a result: success false, the message, one error, zero counts (docs/behaviour/inventory.md#manual-processing)', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true, debugMode: true });
    const source = await xlsxSource(sources);
    await signInAt(page, user.username, PATH(source.id));
    await chooseFile(page).setInputFiles(SUPPLIER_XLSX);

    // No server message: the screen's own.
    await page.route('**/api/inventory-sources/manually-process', (route) =>
      route.fulfill({ status: 500, body: '' }),
    );
    await button(page, 'Process File').click();
    let failed = results(page, 'Processing Failed');
    await expect(failed.getByRole('alert')).toHaveText('Failed to process file');
    await expect(page.getByRole('list', { name: 'Errors' }).getByRole('listitem')).toHaveText([
      'Failed to process file',
    ]);
    await expectSummary(page, '0', '0', '0');

    // The server's message when it sends one.
    await page.unroute('**/api/inventory-sources/manually-process');
    await page.route('**/api/inventory-sources/manually-process', (route) =>
      route.fulfill({ status: 400, json: { message: 'The supplier file is locked' } }),
    );
    await button(page, 'Process Another').click();
    await button(page, 'Process File').click();
    await expect(failed.getByRole('alert')).toHaveText('The supplier file is locked');
    await expect(page.getByRole('list', { name: 'Errors' }).getByRole('listitem')).toHaveText([
      'The supplier file is locked',
    ]);

    // Debug: Modify File that never reaches the server.
    await page.route('**/api/inventory-sources/debug-modify-file', (route) => route.abort());
    await button(page, 'Debug: Modify File').click();
    failed = results(page, 'Processing Failed');
    await expect(failed.getByRole('alert')).toHaveText('Failed to modify file for debugging');
    await expect(page.getByRole('list', { name: 'Errors' }).getByRole('listitem')).toHaveText([
      'Failed to modify file for debugging',
    ]);
    await expect(card(page, 'Modified File')).toHaveCount(0);
  });

  test('Debug: Modify File, download the modified file, upload it again and process it', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true, debugMode: true });
    const source = await xlsxSource(sources);
    await signInAt(page, user.username, PATH(source.id));
    await chooseFile(page).setInputFiles(SUPPLIER_XLSX);

    const held = await holdRequests(page, '**/api/inventory-sources/debug-modify-file');
    await button(page, 'Debug: Modify File').click();
    await expect(button(page, 'Modifying...')).toBeDisabled();
    await expect(button(page, 'Process File')).toBeDisabled();
    held.release();

    const modified = results(page, 'Debug File Modified');
    await expect(modified.getByRole('status')).toContainText('supplier-stock_modified.xlsx');
    const analysis = card(page, 'Debug Analysis');
    await expectCard(analysis, [
      ['Expected Item Column', 'SKU'],
      ['Item Column Index', '0'],
      ['Expected Quantity Column', 'Qty On Hand'],
      ['Quantity Column Index', '2'],
      ['Has Headers', 'Yes'],
    ]);
    await expect(analysis.getByRole('list', { name: 'Headers found' }).getByRole('listitem')).toHaveText([
      '0: SKU',
      '1: Description',
      '2: Qty On Hand',
      '3: Status',
    ]);
    await expectCard(analysis, [
      ['Total Rows', '9'],
      ['Processed Rows', '8'],
      ['Skipped Rows', '1'],
    ]);
    // The success rate is processed rows over total rows.
    await expectCard(analysis, [['Success Rate', '88.9%']]);

    const table = analysis.getByRole('table', { name: 'Modifications' });
    const rows = table.getByRole('row');
    const modifiedCount = (await rows.count()) - 1;
    expect(modifiedCount).toBeGreaterThan(0);
    await expectCard(analysis, [['Items Modified', String(modifiedCount)]]);
    await expect(table.getByRole('columnheader')).toHaveText([
      'Row',
      'Item',
      'Original Quantity',
      'New Quantity',
      'Reason',
    ]);

    // Debug logs are collapsible.
    const logsButton = button(analysis, 'Debug Logs');
    await expect(logsButton).toHaveAttribute('aria-expanded', 'false');
    await expect(analysis.getByRole('region', { name: 'Debug Logs' })).toBeHidden();
    await logsButton.click();
    await expect(logsButton).toHaveAttribute('aria-expanded', 'true');
    await expect(analysis.getByRole('region', { name: 'Debug Logs' })).toContainText('Qty On Hand');
    await expect(
      analysis.getByText('Click Process File to try the predictive algorithm on it.'),
    ).toBeVisible();

    // The modified file: quantities of the listed rows changed, the others kept.
    const file = await download(page);
    expect(file.name).toBe('supplier-stock_modified.xlsx');
    const before = quantitiesOf(readFileSync(SUPPLIER_XLSX));
    const after = quantitiesOf(file.content);
    const changed = Object.keys(before).filter((item) => !Object.is(before[item], after[item]));
    expect(changed).toHaveLength(modifiedCount);
    for (const item of changed) {
      const row = rows.filter({ has: page.getByRole('cell', { name: item, exact: true }) });
      await expect(row.getByRole('cell')).toHaveText([
        /^\d+$/,
        item,
        before[item]!.toLocaleString('en-US'),
        after[item]!.toLocaleString('en-US'),
        /\S/,
      ]);
    }

    // Upload the downloaded file and process it; in Debug Mode the logs and the analysis are shown.
    await chooseFile(page).setInputFiles({ name: file.name, mimeType: XLSX_MIME, buffer: file.content });
    await expect(results(page, 'Ready to Process')).toBeVisible();
    await button(page, 'Process File').click();
    await expect(results(page, 'Processing Complete')).toBeVisible();
    await expect(card(page, 'Processing Summary')).toBeVisible();
    await button(page, 'Processing Logs').click();
    await expect(page.getByRole('region', { name: 'Processing Logs' })).toContainText('Generated');
    await expect(card(page, 'Debug Analysis')).toBeVisible();
    const active = Object.entries(EXPECTED_STATUSES).filter(([item]) => (after[item] ?? 0) >= 5).length;
    await expectSummary(page, '7', String(active), String(7 - active));
  });

  test('Use Modified File makes the modified file the chosen one, ready for Process File', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true, debugMode: true });
    const source = await xlsxSource(sources);
    await signInAt(page, user.username, PATH(source.id));
    await chooseFile(page).setInputFiles(SUPPLIER_XLSX);
    await button(page, 'Debug: Modify File').click();
    await expect(results(page, 'Debug File Modified')).toBeVisible();

    await button(page, 'Use Modified File').click();
    await expect(button(page, 'Use Modified File')).toBeDisabled();
    await expect(page.getByText('Modified for debugging')).toBeVisible();
    await expect(card(page, 'Upload File').getByText('supplier-stock_modified.xlsx')).toBeVisible();
    await expect(button(page, 'Process File')).toBeFocused();

    await button(page, 'Process File').click();
    const complete = results(page, 'Processing Complete');
    await expect(complete).toBeVisible();
    // The run records the file it read: the modified one.
    const run = await (await sources.api.get(`/api/runs/${await runIdOf(complete)}`)).json();
    expect(run.fileName).toBe('supplier-stock_modified.xlsx');
    await expectCard(card(page, 'Processing Summary'), [['Total Processed', '7']]);
  });

  test('a held run (most Active items would turn Inactive): Approve and Deliver', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true });
    const source = await itemQtyCsvSource(sources);
    await firstRun(sources, source.id);
    await signInAt(page, user.username, PATH(source.id));

    const heldCard = await holdRun(page);
    await button(heldCard, 'Approve and Deliver').click();
    const complete = results(page, 'Processing Complete');
    await expect(complete.getByRole('status')).toContainText(
      `Approved by ${user.username} after the drift guard held it`,
    );
    await expect(button(page, 'Approve and Deliver')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Errors' })).toHaveCount(0);
    const runId = await runIdOf(complete);
    const run = await (await sources.api.get(`/api/runs/${runId}`)).json();
    expect(run.status).toBe('succeeded');
    await expect(card(page, 'Generated File')).toBeVisible();
  });

  test('a held run: Discard', async ({ page, createUser, sources }) => {
    const user = await createUser({ inventoryUser: true });
    const source = await itemQtyCsvSource(sources);
    await firstRun(sources, source.id);
    await signInAt(page, user.username, PATH(source.id));

    const heldCard = await holdRun(page);
    await button(heldCard, 'Discard').click();
    const discarded = results(page, 'Run Discarded');
    await expect(discarded.getByRole('status')).toContainText(`Discarded by ${user.username}`);
    const runId = await runIdOf(discarded);
    const run = await (await sources.api.get(`/api/runs/${runId}`)).json();
    expect(run.status).toBe('discarded');
  });

  test('a run held outside this screen is approved from its Run Details in the run history', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true });
    const source = await itemQtyCsvSource(sources);
    await firstRun(sources, source.id);
    // Held without this screen (as mail or SFTP intake would hold it): only the run history can decide it.
    const file = csvFile('stock_2.csv', [
      ['A1', 10],
      ['A2', 0],
      ['A3', 0],
      ['A4', 0],
    ]);
    const response = await sources.api.post('/api/inventory-sources/manually-process', {
      multipart: {
        sourceId: String(source.id),
        sendEmailNotification: 'false',
        submitViaSftp: 'false',
        file,
      },
    });
    const heldRunId = (await response.json()).runId as number;
    await signInAt(page, user.username, `/inventory-sources/history/${source.id}`);

    const heldRow = page.locator('tbody tr').first();
    await expect(heldRow).toContainText('Held for approval');
    await heldRow.getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'Run Details' });
    await details.getByRole('button', { name: 'Approve and Deliver' }).click();
    await expect(
      details.getByText(`Approved by ${user.username} after the drift guard held it`),
    ).toBeVisible();
    await expect(details.getByRole('button', { name: 'Approve and Deliver' })).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Discard' })).toHaveCount(0);
    const run = await (await sources.api.get(`/api/runs/${heldRunId}`)).json();
    expect(run.status).toBe('succeeded');
    // The history follows: no held run is left.
    await page.keyboard.press('Escape');
    await expect(heldRow).not.toContainText('Held for approval');
  });

  test('a succeeded run offers no decision in its Run Details', async ({ page, createUser, sources }) => {
    const user = await createUser({ inventoryUser: true });
    const source = await itemQtyCsvSource(sources);
    await firstRun(sources, source.id);
    await signInAt(page, user.username, `/inventory-sources/history/${source.id}`);
    await page.locator('tbody tr').first().getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'Run Details' });
    await expect(details).toBeVisible();
    await expect(details.getByRole('button', { name: 'Approve and Deliver' })).toHaveCount(0);
  });

  test('at 375 px the screen fits the width and lists the modifications as cards', async ({
    page,
    createUser,
    sources,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const user = await createUser({ inventoryUser: true, debugMode: true });
    const source = await xlsxSource(sources);
    await signInAt(page, user.username, PATH(source.id));
    await chooseFile(page).setInputFiles(SUPPLIER_XLSX);
    await button(page, 'Debug: Modify File').click();
    await expect(results(page, 'Debug File Modified')).toBeInViewport();
    await expect(
      page.getByRole('list', { name: 'Modifications' }).getByRole('listitem').first(),
    ).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

/** A first run that makes A1–A4 Active, so that the next file can turn most of them Inactive. */
async function firstRun(sources: Seeder, sourceId: number) {
  const file = csvFile('stock_1.csv', [
    ['A1', 10],
    ['A2', 10],
    ['A3', 10],
    ['A4', 10],
  ]);
  const response = await sources.api.post('/api/inventory-sources/manually-process', {
    multipart: { sourceId: String(sourceId), sendEmailNotification: 'false', submitViaSftp: 'false', file },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect((await response.json()).status).toBe('succeeded');
}

/** Processes a file that turns 3 of the 4 Active items Inactive: the drift guard (50%) holds it. */
async function holdRun(page: Page): Promise<Locator> {
  await chooseFile(page).setInputFiles(
    csvFile('stock_2.csv', [
      ['A1', 10],
      ['A2', 0],
      ['A3', 0],
      ['A4', 0],
    ]),
  );
  await button(page, 'Process File').click();
  const heldCard = results(page, 'Held for Approval');
  await expect(
    heldCard
      .getByRole('alert')
      .getByText(/^Held for approval: This file would turn 3 items of the 4 Active items Inactive/),
  ).toBeVisible();
  await expect(
    heldCard.getByRole('list', { name: 'Items turning Inactive' }).getByRole('listitem'),
  ).toHaveText(['A2', 'A3', 'A4']);
  await expectCard(heldCard, [
    ['Would Be Active', '1'],
    ['Would Be Inactive', '3'],
    ['Currently Active', '4'],
  ]);
  await expectSummary(page, '4', '1', '3');
  // The file is offered for inspection, not delivered.
  await expect(
    card(page, 'Generated File').getByText('nothing was delivered while it is held'),
  ).toBeVisible();
  return heldCard;
}

async function runIdOf(scope: Locator): Promise<number> {
  const text = await scope.getByRole('link', { name: /^Run #\d+$/ }).textContent();
  return Number(text?.replace(/\D/g, ''));
}
