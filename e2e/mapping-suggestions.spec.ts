import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import {
  AFTER_RETRIES,
  choose,
  expect,
  SAMPLE_FILES,
  type SourceSeeder,
  saveAndWait,
  signInAt,
  test,
  unique,
} from './fixtures/sources';

/**
 * Suggest from a sample file (docs/behaviour/sources.md#suggest-from-a-sample-file), in both source editors:
 * upload a sample, review what is proposed, change one proposal, Apply, Save, and the saved source imports the
 * file; the file last previewed in Process File and the stored inventory sample are offered; the dialog passes
 * axe in both themes.
 */

const root = path.resolve(import.meta.dirname, '..');
/** SKU, Description, Qty On Hand, Status; 9 data rows, one without SKU (see inventory-manual-process.spec.ts). */
const SUPPLIER_XLSX = path.join(root, 'apps/server/test/fixtures/inventory/supplier-stock.xlsx');
const ACTIVATED = '000123,004567,89012,000001,C-300,D-400,Z-999';

/** A shipment report with a title row above its header; "Lot Ref" is a header no catalogue knows. */
function shipmentsCsv(prefix: string) {
  return [
    'Acme Shipment Report,,,,',
    'PO #,Tracking #,Ship Date,Qty Shpd,Lot Ref',
    `${prefix}-1,1Z999AA10123456784,2026-11-02,2,LR-1`,
    `${prefix}-2,1Z12345E0205271688,2026-11-03,1,LR-2`,
    `${prefix}-3,1Z999AA10123456784,2026-11-04,5,LR-3`,
  ].join('\n');
}

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function openSuggest(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Suggest from a sample file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suggest from a sample file' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function reviewed(dialog: Locator): Promise<Locator> {
  const table = dialog.getByRole('table', { name: 'Proposed columns' });
  await expect(table).toBeVisible(AFTER_RETRIES);
  return table;
}

function reviewRow(table: Locator, label: string): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('cell', { name: label, exact: true }) });
}

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

async function orderSource(sources: SourceSeeder) {
  const mailbox = await sources.emailSource();
  // Settings that do not fit the file: the suggestion has to put them right.
  return sources.orderTrackingSource(mailbox.id, { headerRowIndex: 0, uniqueColumn: 'ItemNumber' });
}

async function inventorySource(sources: SourceSeeder) {
  const mailbox = await sources.emailSource();
  return sources.inventorySource(mailbox.id, {
    itemNumberColumnName: 'Item',
    qtyColumnName: 'Qty',
    minItemsToBeActive: 5,
    fileData: { userActivatedItemNumbers: ACTIVATED },
  });
}

test.describe('order tracking source editor: Suggest from a sample file', () => {
  test('upload, review, change one, Apply, Save, and the source imports the file', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ orderUser: true });
    const source = await orderSource(sources);
    const prefix = unique('PO');
    const file = csvFile('acme-shipments.csv', shipmentsCsv(prefix));
    await signInAt(page, user.username, `/order-tracking-sources/edit/${source.id}`);
    await expect(page.getByRole('heading', { name: 'Column Mappings' })).toBeVisible(AFTER_RETRIES);

    const dialog = await openSuggest(page);
    await dialog.getByLabel('Sample File').setInputFiles(file);
    const table = await reviewed(dialog);
    await expect(dialog.getByText('Yes, on row 2 (Header Row Index 1)')).toBeVisible();
    const tracking = reviewRow(table, 'Tracking Numbers');
    await expect(tracking.getByRole('combobox')).toHaveText('Tracking #');
    await expect(tracking.getByRole('cell').nth(2)).toContainText('1Z999AA10123456784');
    await expect(reviewRow(table, 'Customer PO Number').getByRole('combobox')).toHaveText('PO #');
    // The one change: Lot Ref goes to Wildcard 1, and the row says the operator chose it.
    await choose(page, 'Column for Wildcard 1', 'Lot Ref');
    await expect(reviewRow(table, 'Wildcard 1')).toContainText('Chosen by you');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();

    // The form is filled; nothing is saved yet.
    await expect(field(page, 'Header Row Index')).toHaveValue('1');
    await expect(field(page, 'Tracking Numbers')).toHaveValue('Tracking #');
    await expect(field(page, 'Customer PO Number')).toHaveValue('PO #');
    await expect(field(page, 'Wildcard 1')).toHaveValue('Lot Ref');
    await expect(field(page, 'Item Number')).toHaveValue('');
    await expect(field(page, 'Unique Column')).toHaveText('CustomerPoNumber');
    const stored = await sources.api.get(`/api/order-tracking-sources/get/${source.id}`);
    expect((await stored.json()).headerRowIndex).toBe(0);

    await saveAndWait(page);
    const saved = await (await sources.api.get(`/api/order-tracking-sources/get/${source.id}`)).json();
    expect(saved).toMatchObject({ headerRowIndex: 1, fileHasHeader: true, uniqueColumn: 'CustomerPoNumber' });
    expect(saved.columnNormalizationValues).toMatchObject({
      customerPoNumber: 'PO #',
      trackingNumbers: 'Tracking #',
      wildcard1: 'Lot Ref',
      itemNumber: '',
    });

    // The saved source imports the file.
    await page.getByRole('button', { name: 'Process File' }).click();
    const processDialog = page.getByRole('dialog', { name: 'Process File' });
    await processDialog.getByLabel('File', { exact: true }).setInputFiles(file);
    await expect(processDialog.getByRole('table', { name: 'Mapped rows' })).toBeVisible(AFTER_RETRIES);
    await processDialog.getByRole('button', { name: 'Import' }).click();
    const result = processDialog.getByRole('region', { name: 'Import result' });
    await expect(result).toBeVisible(AFTER_RETRIES);
    await expect(result.getByText('Succeeded')).toBeVisible();
    await expect(result.locator('dd').first()).toHaveText('3');
  });

  test('suggests from the file just previewed in Process File', async ({ page, createUser, sources }) => {
    const user = await createUser({ orderUser: true });
    const source = await orderSource(sources);
    await signInAt(page, user.username, `/order-tracking-sources/edit/${source.id}`);
    await page.getByRole('button', { name: 'Process File' }).click();
    const processDialog = page.getByRole('dialog', { name: 'Process File' });
    await processDialog
      .getByLabel('File', { exact: true })
      .setInputFiles(csvFile('previewed.csv', shipmentsCsv('PV')));
    await expect(processDialog.getByRole('region', { name: 'Preview' })).toBeVisible(AFTER_RETRIES);
    await processDialog.getByRole('button', { name: 'Cancel' }).click();

    const dialog = await openSuggest(page);
    await dialog.getByRole('button', { name: 'Use "previewed.csv" (previewed in Process File)' }).click();
    const table = await reviewed(dialog);
    await expect(
      dialog.getByRole('region', { name: 'Suggested mapping' }).getByText('previewed.csv'),
    ).toBeVisible();
    await expect(reviewRow(table, 'Tracking Numbers').getByRole('combobox')).toHaveText('Tracking #');
  });
});

test.describe('inventory source editor: Suggest from a sample file', () => {
  test('upload, review, change one, Apply, Save, and the source processes the file', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ inventoryUser: true });
    const source = await inventorySource(sources);
    await signInAt(page, user.username, `/inventory-sources/edit/${source.id}`);
    await expect(page.getByRole('heading', { name: 'File Structure' })).toBeVisible(AFTER_RETRIES);

    const dialog = await openSuggest(page);
    // The stored sample is offered as well.
    await expect(
      dialog.getByRole('button', { name: 'Use the stored sample "inventory-sample.xlsx"' }),
    ).toBeVisible();
    await dialog.getByLabel('Sample File').setInputFiles(SUPPLIER_XLSX);
    const table = await reviewed(dialog);
    await expect(reviewRow(table, 'Item Number Column').getByRole('combobox')).toHaveText('SKU');
    await expect(reviewRow(table, 'Quantity Column').getByRole('combobox')).toHaveText('Qty On Hand');
    // The one change: the status column is not used.
    await reviewRow(table, 'Item Status Column')
      .getByRole('button', { name: 'Clear Item Status Column' })
      .click();
    await expect(reviewRow(table, 'Item Status Column').getByRole('combobox')).toHaveText('None');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();

    await expect(field(page, 'Item Number Column Name')).toHaveValue('SKU');
    await expect(field(page, 'Quantity Column Name')).toHaveValue('Qty On Hand');
    await expect(field(page, 'Item Status Column Name')).toHaveValue('');
    await saveAndWait(page);
    const saved = await (await sources.api.get(`/api/inventory-sources/inventory/${source.id}`)).json();
    expect(saved).toMatchObject({
      itemNumberColumnName: 'SKU',
      qtyColumnName: 'Qty On Hand',
      itemStatusColumnName: '',
    });

    // The saved source processes the file.
    await page.goto(`/inventory-sources/manually-process/${source.id}`);
    await page.getByLabel('Choose file').setInputFiles(SUPPLIER_XLSX);
    await page.getByRole('button', { name: 'Process File', exact: true }).click();
    await expect(page.getByText('Processed 7 items: 4 Active, 3 Inactive')).toBeVisible(AFTER_RETRIES);
  });

  test('suggests from the stored sample', async ({ page, createUser, sources }) => {
    const user = await createUser({ inventoryUser: true });
    const source = await inventorySource(sources);
    await signInAt(page, user.username, `/inventory-sources/edit/${source.id}`);
    const dialog = await openSuggest(page);
    await dialog.getByRole('button', { name: 'Use the stored sample "inventory-sample.xlsx"' }).click();
    const table = await reviewed(dialog);
    await expect(
      dialog.getByRole('region', { name: 'Suggested mapping' }).getByText('inventory-sample.xlsx'),
    ).toBeVisible();
    await expect(reviewRow(table, 'Item Number Column').getByRole('combobox')).toHaveText('Item Number');
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`the suggestion dialog and its review table have no axe violation (${theme})`, async ({
    page,
    createUser,
    sources,
  }) => {
    await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
    const user = await createUser({ orderUser: true, inventoryUser: true });
    const order = await orderSource(sources);
    await signInAt(page, user.username, `/order-tracking-sources/edit/${order.id}`);
    let dialog = await openSuggest(page);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel('Sample File').setInputFiles(csvFile('a.csv', shipmentsCsv('AX')));
    await reviewed(dialog);
    expect(await axeViolations(page)).toEqual([]);

    const inventory = await inventorySource(sources);
    await page.goto(`/inventory-sources/edit/${inventory.id}`);
    dialog = await openSuggest(page);
    await dialog.getByLabel('Sample File').setInputFiles(SAMPLE_FILES.csv);
    await reviewed(dialog);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('an admin sees and forgets what the installation learned (Admin dashboard)', async ({
  page,
  createUser,
  sources,
}) => {
  const admin = await createUser({ isAdmin: true });
  await orderSource(sources);
  await signInAt(page, admin.username, '/admin');
  const learned = page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByText('Learned Column Mappings', { exact: true }) });
  await expect(learned.getByText(/^\d+$/)).not.toHaveText('0', AFTER_RETRIES);
  await learned.getByRole('button', { name: 'Forget Learned Mappings' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Forget learned mappings' });
  await confirm.getByRole('button', { name: 'Forget' }).click();
  await expect(confirm).toBeHidden();
  await expect(learned.getByText(/^\d+$/)).toHaveText('0');
  await expect(learned.getByRole('button', { name: 'Forget Learned Mappings' })).toBeDisabled();
  const summary = await sources.api.get('/api/mapping-suggestions/evidence');
  expect(await summary.json()).toEqual({ pairs: 0, sources: 0 });
});
