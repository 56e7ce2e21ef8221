import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { TEXTS, watchProgress } from './fixtures';
import { deleteOrdersOf, IMPORT_FIGURES } from './fixtures/orders';
import {
  expect,
  expectColumns,
  expectRow,
  listCard,
  rowAction,
  rowWith,
  type SeededOrderTrackingSource,
  type SourceSeeder,
  signInAt,
  test,
  unique,
} from './fixtures/sources';

/**
 * Run history (docs/behaviour/runs-and-history.md) through the screens: an order user imports files with an order tracking source's
 * 'Process File' dialog, then finds every run on the source's history page (details, the input file to download,
 * re-process), the last run in the source list, and the orders updated on Home.
 */

const LIST_PATH = '/order-tracking-sources';
const HISTORY_COLUMNS = [
  'Started',
  'Trigger',
  'Status',
  'File',
  'Orders Updated',
  'Orders Deleted',
  'Message',
] as const;

/** A shipment file in the seeded source's layout (Item, Qty, Tracking; the item number is the key). */
function shipmentCsv(rows: Array<[string, number, string]>, header = 'Item,Qty,Tracking'): Buffer {
  return Buffer.from(`${[header, ...rows.map((row) => row.join(','))].join('\r\n')}\r\n`, 'utf8');
}

function csvUpload(name: string, buffer: Buffer, mimeType = 'text/csv') {
  return { name, mimeType, buffer };
}

/** An order tracking source on a fresh mailbox, reading `tracking_*.csv` files keyed by item number. */
async function trackingSource(sources: SourceSeeder): Promise<SeededOrderTrackingSource> {
  const mailbox = await sources.emailSource();
  return sources.orderTrackingSource(mailbox.id, { sourceName: unique('Shipments') });
}

async function openProcessFile(page: Page, source: { sourceName: string }): Promise<Locator> {
  await rowAction(page, rowWith(page, source.sourceName), 'Process File');
  const dialog = page.getByRole('dialog', { name: 'Process File' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`Import a file into "${source.sourceName}"`)).toBeVisible();
  return dialog;
}

/** The body rows of the history table, newest first. */
function historyRows(page: Page): Locator {
  return page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
}

test.describe('progress of a long import (docs/behaviour/runs-and-history.md#progress)', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 375, height: 812 },
  ]) {
    test(`Process File shows rows done / total while the file imports (${viewport.width} px)`, async ({
      page,
      createUser,
      sources,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(viewport);
      const user = await createUser({ orderUser: true });
      const source = await trackingSource(sources);
      const token = unique('PG').replace(/-/g, '').toUpperCase();
      // Several of the server's batches (25,000 rows): the count is asked for between them.
      const rows = 60_000;
      const file = shipmentCsv(
        Array.from({ length: rows }, (_, n): [string, number, string] => [`${token}-${n}`, 1, `1Z${n}`]),
      );

      await signInAt(page, user.username, LIST_PATH);
      // Cards below 768 px.
      const entry =
        viewport.width < 768 ? listCard(page, source.sourceName) : rowWith(page, source.sourceName);
      await rowAction(page, entry, 'Process File');
      const dialog = page.getByRole('dialog', { name: 'Process File' });
      await dialog.getByLabel('File', { exact: true }).setInputFiles(csvUpload('tracking_big.csv', file));
      await expect(dialog.getByRole('table', { name: 'Mapped rows' })).toBeVisible({ timeout: 60_000 });
      const { figures, statusTexts } = await watchProgress(page, rows);
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(dialog.getByRole('button', { name: 'Importing...' })).toBeDisabled();
      expect(await figures).toMatchObject({ unit: 'rows', total: rows });

      await expect(dialog.getByRole('region', { name: 'Import result' })).toContainText(
        /Imported 60,000 rows/,
        { timeout: 120_000 },
      );
      const seen = await statusTexts();
      expect(
        seen.some((text) => / \/ 60,000 rows$/.test(text.trim())),
        seen.join(' | '),
      ).toBe(true);
      await expect(dialog.getByRole('status').filter({ hasText: /rows$/ })).toHaveCount(0);
    });
  }
});

test.describe('order tracking run history', () => {
  test('Process File imports with a preview, and every run is in the history: details, input download, re-process; Last Run and Home follow', async ({
    page,
    createUser,
    sources,
  }) => {
    test.setTimeout(90_000);
    const user = await createUser({ orderUser: true });
    const source = await trackingSource(sources);
    const token = unique('RH').replace(/-/g, '').toUpperCase();
    const item = (n: number) => `${token}-${n}`;
    const firstFile = shipmentCsv([
      [item(1), 2, '1Z001'],
      [item(2), 1, '1Z002'],
      [item(3), 5, '1Z003'],
    ]);
    // The same three rows (unchanged: they count as nothing) and one new order.
    const secondFile = shipmentCsv([
      [item(1), 2, '1Z001'],
      [item(2), 1, '1Z002'],
      [item(3), 5, '1Z003'],
      [item(4), 7, '1Z004'],
    ]);
    // The tracking column renamed by the supplier: the mapping no longer finds it.
    const renamedFile = shipmentCsv([[item(5), 1, '1Z005']], 'Item,Qty,Tracking No');

    try {
      await signInAt(page, user.username, LIST_PATH);
      await expect(page.getByRole('heading', { name: 'Order Tracking Sources' })).toBeVisible();
      await expectRow(page.getByRole('table'), rowWith(page, source.sourceName), { 'Last Run': 'Never' });

      // ---- Process File: a wrong extension is refused in the browser, before any upload.
      const dialog = await openProcessFile(page, source);
      const fileInput = dialog.getByLabel('File', { exact: true });
      const importButton = dialog.getByRole('button', { name: 'Import', exact: true });
      await expect(importButton).toBeDisabled();
      await fileInput.setInputFiles(csvUpload('tracking_first.txt', firstFile, 'text/plain'));
      await expect(dialog.getByRole('alert')).toHaveText('Invalid file type. Expected .csv but got .txt');
      await expect(fileInput).toHaveAttribute('aria-invalid', 'true');
      await expect(importButton).toBeDisabled();

      // The right file: the preview shows the rows as they would be imported.
      await fileInput.setInputFiles(csvUpload('tracking_first.csv', firstFile));
      await expect(dialog.getByText('Invalid file type')).toHaveCount(0);
      const preview = dialog.getByRole('table', { name: 'Mapped rows' });
      await expect(preview).toBeVisible();
      await expect(
        dialog.getByText('3 rows of "tracking_first.csv", as they would be imported:'),
      ).toBeVisible();
      await expect(preview.getByRole('columnheader')).toHaveText([
        'Row',
        'Unique Key',
        'Item Number',
        'Quantity',
        'Tracking Numbers',
      ]);
      const previewRows = preview.getByRole('row').filter({ has: page.getByRole('cell') });
      await expect(previewRows).toHaveCount(3);
      await expect(previewRows.nth(0).getByRole('cell')).toHaveText(['2', item(1), item(1), '2', '1Z001']);
      await expect(previewRows.nth(2).getByRole('cell')).toHaveText(['4', item(3), item(3), '5', '1Z003']);
      await expect(importButton).toBeEnabled();

      // Import: the outcome, in the dialog.
      await importButton.click();
      let result = dialog.getByRole('region', { name: 'Import result' });
      await expect(result).toBeVisible();
      await expect(result.getByText('Succeeded', { exact: true })).toBeVisible();
      await expect(
        result.getByText('Imported 3 rows: 3 orders updated (3 new, 0 changed), 0 deleted', { exact: true }),
      ).toBeVisible();
      await expect(result.getByRole('term')).toHaveText([...IMPORT_FIGURES]);
      await expect(result.getByRole('definition')).toHaveText(['3', '3', '0', '0']);
      await expect(result.getByRole('link', { name: 'View Run History' })).toHaveAttribute(
        'href',
        `${LIST_PATH}/history/${source.id}`,
      );
      await expect(preview).toHaveCount(0);

      // Process Another File: the form again, empty.
      await dialog.getByRole('button', { name: 'Process Another File' }).click();
      await expect(result).toHaveCount(0);
      await expect(fileInput).toBeVisible();
      await expect(fileInput).toHaveValue('');
      await expect(importButton).toBeDisabled();

      // A renamed mapped column: the preview says why the file cannot be imported, and Import stays off.
      await fileInput.setInputFiles(csvUpload('tracking_renamed.csv', renamedFile));
      const refusal = dialog.getByRole('alert').filter({ hasText: 'This file cannot be imported' });
      await expect(refusal).toBeVisible();
      await expect(refusal).toContainText(
        'Column "Tracking" (mapped to Tracking Numbers) is not in the file.',
      );
      await expect(importButton).toBeDisabled();

      // A good file again, imported; Done closes the dialog.
      await fileInput.setInputFiles(csvUpload('tracking_second.csv', secondFile));
      await expect(
        dialog.getByText('4 rows of "tracking_second.csv", as they would be imported:'),
      ).toBeVisible();
      await expect(importButton).toBeEnabled();
      await importButton.click();
      result = dialog.getByRole('region', { name: 'Import result' });
      await expect(
        result.getByText('Imported 4 rows: 1 order updated (1 new, 0 changed), 0 deleted', { exact: true }),
      ).toBeVisible();
      await expect(result.getByRole('definition')).toHaveText(['1', '1', '0', '0']);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();

      // ---- The list shows the last run.
      const listRow = rowWith(page, source.sourceName);
      await expect(listRow.getByText('Succeeded', { exact: true })).toBeVisible();
      await expect(listRow.getByRole('link', { name: /just now.*Succeeded/ })).toHaveAttribute(
        'href',
        `${LIST_PATH}/history/${source.id}`,
      );

      // ---- The history page, from the row's actions.
      await rowAction(page, listRow, 'Run History');
      await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/history/${source.id}$`));
      await expect(page.getByRole('heading', { name: `${source.sourceName} — Run History` })).toBeVisible();
      const table = page.getByRole('table');
      await expectColumns(table, HISTORY_COLUMNS);
      const rows = historyRows(page);
      await expect(rows).toHaveCount(2);
      // Newest first; previews and the refused .txt left no runs.
      await expectRow(table, rows.nth(0), {
        Trigger: 'Manual',
        Status: 'Succeeded',
        File: 'tracking_second.csv',
        'Orders Updated': '1 (1 new, 0 changed)',
        'Orders Deleted': '0',
        Message: 'Imported 4 rows: 1 order updated (1 new, 0 changed), 0 deleted',
      });
      const firstRun = rows.nth(1);
      await expectRow(table, firstRun, {
        Trigger: 'Manual',
        Status: 'Succeeded',
        File: 'tracking_first.csv',
        'Orders Updated': '3 (3 new, 0 changed)',
        'Orders Deleted': '0',
        Message: 'Imported 3 rows: 3 orders updated (3 new, 0 changed), 0 deleted',
      });
      const firstRunId = await firstRun.getAttribute('data-run-id');

      // Details: everything the run recorded.
      await firstRun.getByRole('button', { name: 'Details' }).click();
      const details = page.getByRole('dialog', { name: 'Run Details' });
      await expect(details).toBeVisible();
      await expect(details.getByText(`${source.sourceName} — started`)).toBeVisible();
      const summary = details.locator('dl').first();
      await expect(summary.getByRole('term')).toHaveText([
        'Status',
        'Trigger',
        'Started',
        'Finished',
        'File',
        ...IMPORT_FIGURES,
      ]);
      await expect(summary.getByRole('definition').nth(0)).toHaveText('Succeeded');
      await expect(summary.getByRole('definition').nth(1)).toHaveText('Manual');
      await expect(summary.getByRole('definition').nth(4)).toHaveText('tracking_first.csv');
      await expect(summary.getByRole('definition').nth(5)).toHaveText('3');
      // docs/behaviour/order-tracking.md#new-and-changed-orders: a first import's orders are all new.
      await expect(summary.getByRole('definition').nth(6)).toHaveText('3');
      await expect(summary.getByRole('definition').nth(7)).toHaveText('0');
      await expect(
        details.getByText('Imported 3 rows: 3 orders updated (3 new, 0 changed), 0 deleted', { exact: true }),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(details).toBeHidden();

      // Download input: the very bytes that were uploaded.
      const downloading = page.waitForEvent('download');
      await firstRun.getByRole('link', { name: 'Download input' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('tracking_first.csv');
      expect((await readFile(await download.path())).equals(firstFile)).toBe(true);

      // Re-process: confirmed in an alert dialog, it adds a new run on top.
      await firstRun.getByRole('button', { name: 'Re-process' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Re-process File' });
      await expect(confirm).toBeVisible();
      await expect(confirm).toContainText('Process "tracking_first.csv" of the run started');
      await confirm.getByRole('button', { name: 'Re-process', exact: true }).click();
      await expect(confirm).toBeHidden();
      await expect(rows).toHaveCount(3);
      // The same three rows again: nothing changed, so nothing counts.
      const reprocessed = rows.nth(0);
      await expectRow(table, reprocessed, {
        Trigger: 'Re-process',
        Status: 'Succeeded',
        File: 'tracking_first.csv',
        'Orders Updated': '0',
        'Orders Deleted': '0',
        Message: 'Imported 3 rows: 0 orders updated, 0 deleted',
      });
      await expect(
        page
          .locator('[data-sonner-toast]')
          .filter({ hasText: 'Imported 3 rows: 0 orders updated, 0 deleted' }),
      ).toBeVisible();
      await reprocessed.getByRole('button', { name: 'Details' }).click();
      const reprocessDetails = page.getByRole('dialog', { name: 'Run Details' });
      const summaryTerms = reprocessDetails.locator('dl').first().getByRole('term');
      await expect(summaryTerms.last()).toHaveText('Re-process of run');
      await expect(reprocessDetails.locator('dl').first().getByRole('definition').last()).toHaveText(
        `#${firstRunId}`,
      );
      await expect(reprocessDetails.locator('dl').first().getByRole('definition').nth(1)).toHaveText(
        'Re-process',
      );
      await page.keyboard.press('Escape');
      await expect(reprocessDetails).toBeHidden();
      // The re-processed run keeps its input too.
      await expect(reprocessed.getByRole('link', { name: 'Download input' })).toBeVisible();

      // ---- Back to the list: the last run is the re-process, succeeded.
      await page.getByRole('link', { name: 'Back to Order Tracking Sources' }).click();
      await expect(page).toHaveURL(new RegExp(`${LIST_PATH}$`));
      await expect(rowWith(page, source.sourceName).getByText('Succeeded', { exact: true })).toBeVisible();

      // ---- Home: the source with the orders its runs updated in the past 24 hours (3 + 1 + 0).
      await page.goto('/home');
      await expect(page.getByRole('heading', { name: TEXTS.homeHeading })).toBeVisible();
      const stats = page.getByRole('table');
      await expect(stats.getByRole('columnheader')).toHaveText([
        'Source Name',
        'Orders Updated',
        'Orders Deleted',
      ]);
      await expect(rowWith(page, source.sourceName).getByRole('cell')).toHaveText([
        source.sourceName,
        '4',
        '0',
      ]);
    } finally {
      await deleteOrdersOf(sources.api, token);
    }
  });

  test('View Run History in the import result opens the source’s history with the new run', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ orderUser: true });
    const source = await trackingSource(sources);
    const token = unique('VH').replace(/-/g, '').toUpperCase();
    const file = shipmentCsv([[`${token}-1`, 1, '1ZVH1']]);
    try {
      await signInAt(page, user.username, LIST_PATH);
      const dialog = await openProcessFile(page, source);
      await dialog.getByLabel('File', { exact: true }).setInputFiles(csvUpload('tracking_view.csv', file));
      await expect(dialog.getByRole('table', { name: 'Mapped rows' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      const result = dialog.getByRole('region', { name: 'Import result' });
      await expect(result.getByRole('definition')).toHaveText(['1', '1', '0', '0']);
      await result.getByRole('link', { name: 'View Run History' }).click();

      await expect(page).toHaveURL(new RegExp(`${LIST_PATH}/history/${source.id}$`));
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('heading', { name: `${source.sourceName} — Run History` })).toBeVisible();
      const rows = historyRows(page);
      await expect(rows).toHaveCount(1);
      await expectRow(page.getByRole('table'), rows.first(), {
        Trigger: 'Manual',
        Status: 'Succeeded',
        File: 'tracking_view.csv',
        'Orders Updated': '1 (1 new, 0 changed)',
      });
    } finally {
      await deleteOrdersOf(sources.api, token);
    }
  });

  test('Cancel closes Process File without importing, and a source without runs has an empty history', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ orderUser: true });
    const source = await trackingSource(sources);
    await signInAt(page, user.username, LIST_PATH);
    const dialog = await openProcessFile(page, source);
    await dialog
      .getByLabel('File', { exact: true })
      .setInputFiles(csvUpload('tracking_cancel.csv', shipmentCsv([[unique('CANCEL'), 1, '1ZC']])));
    await expect(dialog.getByRole('table', { name: 'Mapped rows' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expectRow(page.getByRole('table'), rowWith(page, source.sourceName), { 'Last Run': 'Never' });

    await page.goto(`${LIST_PATH}/history/${source.id}`);
    await expect(page.getByRole('heading', { name: `${source.sourceName} — Run History` })).toBeVisible();
    await expect(page.getByText('No runs yet.')).toBeVisible();
  });
});
