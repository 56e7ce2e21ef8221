import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import type { Download, Page } from '@playwright/test';
import {
  expect,
  GRID_PATH,
  gridRows,
  headerLabels,
  type OrderSeed,
  ordersGrid,
  orderToken,
  test,
} from './fixtures/orders';

/** Export on the order tracking grid, docs/behaviour/order-tracking.md#export. */

function seeds(t: string): OrderSeed[] {
  return [
    {
      customerPoNumber: `${t}-PO-B`,
      documentNumber: `00${t}1`,
      itemNumber: `0${t}-2`,
      shipToName: 'Zoë "Zed", Ltd',
      orderDate: '2026-10-05',
      qty: 3,
      trackingNumbers: [`${t}TRK1`, `0${t}TRK2`],
    },
    { customerPoNumber: `${t}-PO-A`, documentNumber: `00${t}2`, itemNumber: `0${t}-1`, qty: 1 },
    {
      customerPoNumber: `${t}-PO-C`,
      documentNumber: `00${t}3`,
      itemNumber: `0${t}-3`,
      orderDate: '2026-01-31',
    },
  ];
}

/** The sorted, searched grid, with Customer hidden and PO Date shown through the settings menu. */
async function openGrid(page: Page, token: string) {
  await page.goto(`${GRID_PATH}?po=${token}&sort=itemNumber:desc`);
  await expect(page.getByText('Records 3', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'More fields', exact: true }).click();
  const columns = page.getByRole('group', { name: 'Columns', exact: true });
  await columns.getByRole('menuitemcheckbox', { name: 'Customer', exact: true }).click();
  await columns.getByRole('menuitemcheckbox', { name: 'PO Date', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(ordersGrid(page).getByRole('columnheader', { name: 'Customer', exact: true })).toHaveCount(0);
  await expect(ordersGrid(page).getByRole('columnheader', { name: 'PO Date', exact: true })).toHaveCount(1);
}

async function exportAs(page: Page, item: 'CSV (.csv)' | 'Excel (.xlsx)'): Promise<Download> {
  // The menu of the previous export must be gone first: a click while it closes would only close it.
  await expect(page.getByRole('menu')).toHaveCount(0);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const menuItem = page.getByRole('menuitem', { name: item, exact: true });
  await expect(menuItem).toBeVisible();
  const download = page.waitForEvent('download');
  await menuItem.click();
  return download;
}

/** RFC 4180 for files without line breaks inside fields (these seeds have none): quoted fields, doubled quotes. */
function parseCsv(text: string): string[][] {
  const lines = text.split('\r\n');
  expect(lines.pop()).toBe('');
  return lines.map((line) =>
    [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((match) =>
      match[1] !== undefined ? match[1].replace(/""/g, '"') : (match[2] ?? ''),
    ),
  );
}

/** The grid shows dates as MM/DD/YYYY; the file has YYYY-MM-DD. */
const usDate = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text.slice(5, 7)}/${text.slice(8)}/${text.slice(0, 4)}` : text;

test('Export downloads the current search and sort with the visible columns, as CSV and XLSX', async ({
  page,
  createUser,
  orders,
  signIn,
}) => {
  const user = await createUser({ orderUser: true });
  const token = orderToken();
  await orders.seed(seeds(token), { token });
  await signIn(page, user.username, { path: GRID_PATH });
  await openGrid(page, token);
  const labels = await headerLabels(page);
  // The row actions column is not data: it is not exported.
  const grid = (await gridRows(page)).map(({ Actions: _actions, ...cells }) => cells);
  expect(grid.map((row) => row['Customer PO Number'])).toEqual([
    `${token}-PO-C`,
    `${token}-PO-B`,
    `${token}-PO-A`,
  ]);

  // CSV: the grid's headers, then its rows in its order, cell by cell.
  const csv = await exportAs(page, 'CSV (.csv)');
  expect(csv.suggestedFilename()).toMatch(/^order-tracking-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  const text = await readFile((await csv.path())!, 'utf8');
  expect(text.startsWith('\ufeff')).toBe(true);
  const [header, ...rows] = parseCsv(text.slice(1));
  // Each number's carrier and tracking page follow Tracking Numbers (these made-up numbers fit no carrier).
  const fileLabels = labels.flatMap((label) =>
    label === 'Tracking Numbers' ? [label, 'Carrier', 'Tracking URL'] : [label],
  );
  expect(header).toEqual(fileLabels);
  expect(
    rows.map((row) =>
      Object.fromEntries(fileLabels.map((label, index) => [label, usDate(row[index] ?? '')])),
    ),
  ).toEqual(grid.map((row) => ({ ...row, Carrier: '', 'Tracking URL': '' })));

  // XLSX: the same rows; codes stay text with their leading zeros, dates are dates.
  const xlsx = await exportAs(page, 'Excel (.xlsx)');
  expect(xlsx.suggestedFilename()).toMatch(/^order-tracking-.*\.xlsx$/);
  const book = XLSX.read(await readFile((await xlsx.path())!), { type: 'buffer', dense: true });
  const data = book.Sheets[book.SheetNames[0]!]!['!data'] as (XLSX.CellObject | undefined)[][];
  expect(data[0]!.map((cell) => cell?.v)).toEqual(fileLabels);
  const column = (label: string) => data.slice(1).map((row) => row[fileLabels.indexOf(label)]);
  expect(column('Doc Number').map((cell) => [cell?.t, cell?.v])).toEqual([
    ['s', `00${token}3`],
    ['s', `00${token}1`],
    ['s', `00${token}2`],
  ]);
  expect(
    column('Order Date').map((cell) =>
      cell?.v === undefined ? '' : XLSX.SSF.format('mm/dd/yyyy', cell.v as number),
    ),
  ).toEqual(grid.map((row) => row['Order Date']));
  expect(column('Quantity').map((cell) => cell?.v ?? '')).toEqual(
    grid.map((row) => Number(row.Quantity) || ''),
  );
  expect(column('Tracking Numbers')[1]?.v).toBe(`${token}TRK1, 0${token}TRK2`);
});

test('Export shows the server’s reason when it refuses the download (too many exports under way)', async ({
  page,
  createUser,
  orders,
  signIn,
}) => {
  const user = await createUser({ orderUser: true });
  const token = orderToken();
  await orders.seed(seeds(token), { token });
  await signIn(page, user.username, { path: GRID_PATH });
  await page.goto(`${GRID_PATH}?po=${token}`);
  await expect(page.getByText('Records 3', { exact: true })).toBeVisible();
  // The server's answer when the user already has two exports under way (export-gate.test.ts makes it for real).
  const message =
    'You already have 2 exports under way. Please wait for one to finish, or try again in 30 seconds.';
  let refused = 0;
  await page.route('**/api/order-tracking/export?**', async (route) => {
    refused += 1;
    await route.fulfill({
      status: 429,
      headers: { 'retry-after': '30', 'x-frame-options': 'SAMEORIGIN' },
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message }),
    });
  });
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'CSV (.csv)', exact: true }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: message })).toBeVisible();
  expect(refused).toBe(1);

  // Once the server takes it again, the same button downloads.
  await page.unroute('**/api/order-tracking/export?**');
  const csv = await exportAs(page, 'CSV (.csv)');
  expect(csv.suggestedFilename()).toMatch(/^order-tracking-.*\.csv$/);
  const [header, ...rows] = parseCsv((await readFile((await csv.path())!, 'utf8')).slice(1));
  expect(header).toContain('Customer PO Number');
  expect(rows).toHaveLength(3);
});
