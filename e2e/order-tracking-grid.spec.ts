import type { Locator, Page, Request } from '@playwright/test';
import {
  columnValues,
  detailPath,
  EMPTY_SEARCH,
  ENABLED_COLUMN_KEYS,
  expect,
  fullOrder,
  GRID_COLUMN_LABELS,
  GRID_PATH,
  gridRow,
  gridRows,
  headerLabels,
  type OrderSeed,
  type OrderSeeder,
  ordersGrid,
  orderToken,
  readClipboard,
  saveColumnSettings,
  test,
} from './fixtures/orders';

/** The order tracking grid, docs/behaviour/order-tracking.md#grid (and docs/design/differences.md#errors-are-shown). */

const LIST_CALL = '/api/order-tracking/list';
const NOTES_CALL = '/api/order-tracking/notes';
/** The default columns: all but PO Date (docs/behaviour/order-tracking.md#column-visibility). */
const DEFAULT_COLUMNS = GRID_COLUMN_LABELS.filter((label) => label !== 'PO Date');

/** An order whose searched values all carry the token and its name (Alpha → `<t>-PO-ALPHA`, `<t> Ship Alpha`, …). */
function namedOrder(
  t: string,
  name: string,
  order: { item: string; itemStatus: string; trackingCount: number; qty: number },
): OrderSeed {
  const upper = name.toUpperCase();
  return {
    customerPoNumber: `${t}-PO-${upper}`,
    itemNumber: `${t}-ITEM-${order.item}`,
    itemStatus: order.itemStatus,
    lineStatus: `Line ${name.toLowerCase()}`,
    shipToName: `${t} Ship ${name}`,
    supplierName: `${t} Supplier ${name}`,
    brandName: `${t} Brand ${name}`,
    trackingNumbers: Array.from({ length: order.trackingCount }, (_, index) => `${t}TRK${upper}${index + 1}`),
    qty: order.qty,
  };
}

/** Three orders whose every searched value carries the token; item numbers sort B, C, A → A, B, C. */
function threeOrders(t: string): OrderSeed[] {
  return [
    namedOrder(t, 'Alpha', { item: 'B', itemStatus: 'Open', trackingCount: 2, qty: 12 }),
    namedOrder(t, 'Beta', { item: 'C', itemStatus: 'Backordered', trackingCount: 1, qty: 1 }),
    namedOrder(t, 'Gamma', { item: 'A', itemStatus: 'Shipped', trackingCount: 1, qty: 5 }),
  ];
}

/** `count` orders with PO numbers <token>-PO-001 … (for the pager and the scroll box). */
function manyOrders(t: string, count: number): OrderSeed[] {
  return Array.from({ length: count }, (_, index) => ({
    customerPoNumber: `${t}-PO-${String(index + 1).padStart(3, '0')}`,
    qty: index + 1,
  }));
}

const input = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const operator = (page: Page, name: 'AND' | 'OR') => page.getByRole('radio', { name, exact: true });
const counted = (value: number) => value.toLocaleString('en-US');
const records = (page: Page, count: number) => page.getByText(`Records ${counted(count)}`, { exact: true });
const pageOf = (page: Page, x: number, y: number) =>
  page.getByText(`Page ${counted(x)} of ${counted(y)}`, { exact: true });
const header = (page: Page, label: string) =>
  ordersGrid(page).getByRole('columnheader', { name: label, exact: true });
const selectedCells = (page: Page) => ordersGrid(page).locator('[role="gridcell"][aria-selected="true"]');

/** The cell of `row` under the column `label`. */
async function cell(page: Page, row: Locator, label: string): Promise<Locator> {
  const labels = (await ordersGrid(page).getByRole('columnheader').allTextContents()).map((text) =>
    text.trim(),
  );
  const index = labels.indexOf(label);
  expect(index, `column ${label}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('gridcell').nth(index);
}

/** The body of the next list call the page makes. */
/**
 * The body of the next list call that `accept` takes. The grid may refetch the page it shows (its data
 * is never cached as fresh), so a test waiting for the call an action causes names what that call carries.
 */
function nextListRequest(
  page: Page,
  accept: (body: Record<string, unknown>) => boolean = () => true,
): Promise<Record<string, unknown>> {
  return page
    .waitForRequest(
      (request: Request) =>
        request.method() === 'POST' &&
        new URL(request.url()).pathname === LIST_CALL &&
        accept(request.postDataJSON() as Record<string, unknown>),
      { timeout: 7_000 },
    )
    .then((request) => request.postDataJSON() as Record<string, unknown>);
}

/** A list call whose top-level fields include these values. */
const carrying = (expected: Record<string, unknown>) => (body: Record<string, unknown>) =>
  Object.entries(expected).every(([key, value]) => JSON.stringify(body[key]) === JSON.stringify(value));

/** Searches the PO Number field alone (OR) with the Search button and waits for `count` records. */
async function searchPo(page: Page, text: string, count: number) {
  await input(page, 'PO Number').fill(text);
  await button(page, 'Search').click();
  await expect(records(page, count)).toBeVisible();
}

async function expectPos(page: Page, expected: string[]) {
  await expect.poll(() => columnValues(page, 'Customer PO Number')).toEqual(expected);
}

async function sortBy(page: Page, label: string, choice: 'Asc' | 'Desc') {
  await header(page, label).getByRole('button').click();
  await page.getByRole('menuitem', { name: choice, exact: true }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
}

async function openSettings(page: Page) {
  await button(page, 'More fields').click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/**
 * Picks a page size in the Rows per page select and waits for the list to close (a click on the trigger while
 * it still animates out would be lost). The option is taken with Enter: Radix Select drops a pointer-up that
 * lands too soon after it opened.
 */
async function choosePageSize(page: Page, pageSize: number) {
  const size = page.getByRole('combobox', { name: 'Rows per page' });
  await size.click();
  await page.getByRole('option', { name: String(pageSize), exact: true }).press('Enter');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(size).toHaveText(String(pageSize));
}

/** Escape closes the open menu; waiting for its exit animation keeps the next click off the closing menu. */
async function closeMenu(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
}

async function rowAction(page: Page, row: Locator, item: string) {
  await row.getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
}

test.describe('search', () => {
  test('OR is the default and matches any filled field, AND needs all; Search or Enter runs it', async ({
    page,
    createUser,
    orders,
    signIn,
  }) => {
    const user = await createUser({ orderUser: true });
    const { token: t } = await seed(orders, threeOrders);
    await signIn(page, user.username, { path: GRID_PATH });
    await expect(page.getByRole('heading', { name: 'Order Tracking', exact: true })).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Search operator' })).toBeVisible();
    await expect(operator(page, 'OR')).toBeChecked();
    await expect(operator(page, 'AND')).not.toBeChecked();

    // OR: either field may match.
    await input(page, 'PO Number').fill(`${t}-PO-ALPHA`);
    await input(page, 'Item Number').fill(`${t}-ITEM-A`);
    let request = nextListRequest(page, carrying({ PoNumberParam: `${t}-PO-ALPHA` }));
    await button(page, 'Search').click();
    expect(await request).toMatchObject({
      ...EMPTY_SEARCH,
      PoNumberParam: `${t}-PO-ALPHA`,
      ItemNumberParam: `${t}-ITEM-A`,
      PageIndex: 1,
      PageSize: 10,
    });
    await expect(records(page, 2)).toBeVisible();
    await expect
      .poll(async () => (await columnValues(page, 'Customer PO Number')).sort())
      .toEqual([`${t}-PO-ALPHA`, `${t}-PO-GAMMA`]);

    // AND: both must match one order; none does. Enter in an input runs the search too.
    await operator(page, 'AND').click();
    await expect(operator(page, 'AND')).toBeChecked();
    await expect(operator(page, 'OR')).not.toBeChecked();
    request = nextListRequest(page, carrying({ AndOrParam: true }));
    await input(page, 'Item Number').press('Enter');
    expect(await request).toMatchObject({ AndOrParam: true });
    await expect(ordersGrid(page).getByText('No results.', { exact: true })).toBeVisible();
    await expect(records(page, 0)).toBeVisible();
    await expect(pageOf(page, 1, 1)).toBeVisible();

    // AND with fields that all belong to one order.
    await input(page, 'Item Number').fill('');
    await input(page, 'Ship To Name').fill(`${t} Ship Alpha`);
    await input(page, 'PO Number').press('Enter');
    await expect(records(page, 1)).toBeVisible();
    await expectPos(page, [`${t}-PO-ALPHA`]);
  });

  test('each of the six fields searches its own value, trimmed', async ({
    page,
    createUser,
    orders,
    signIn,
  }) => {
    const user = await createUser({ orderUser: true });
    const { token: t } = await seed(orders, threeOrders);
    await signIn(page, user.username, { path: GRID_PATH });
    // Brand Name and Tracking Number are desktop extras.
    await openSettings(page);
    await page.getByRole('menuitemcheckbox', { name: 'Brand Name', exact: true }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Tracking Number', exact: true }).click();
    await closeMenu(page);

    const cases: [label: string, param: string, value: string, po: string, how: 'Enter' | 'Search'][] = [
      ['PO Number', 'PoNumberParam', `${t}-PO-BETA`, `${t}-PO-BETA`, 'Search'],
      ['Item Number', 'ItemNumberParam', `${t}-ITEM-A`, `${t}-PO-GAMMA`, 'Enter'],
      ['Ship To Name', 'ShipToNameParam', `${t} Ship Beta`, `${t}-PO-BETA`, 'Search'],
      ['Supplier Name', 'SupplierNameParam', `${t} Supplier Gamma`, `${t}-PO-GAMMA`, 'Enter'],
      ['Brand Name', 'BrandNameParam', `${t} Brand Alpha`, `${t}-PO-ALPHA`, 'Search'],
      ['Tracking Number', 'TrackingNumberParam', `${t}TRKBETA1`, `${t}-PO-BETA`, 'Enter'],
    ];
    for (const [label, param, value, po, how] of cases) {
      await input(page, label).fill(`   ${value}  `);
      const request = nextListRequest(page, carrying({ [param]: value }));
      if (how === 'Enter') await input(page, label).press('Enter');
      else await button(page, 'Search').click();
      expect(await request, label).toMatchObject({ [param]: value, AndOrParam: false });
      await expect(records(page, 1)).toBeVisible();
      await expectPos(page, [po]);
      await input(page, label).fill('');
    }
  });

  test('Clear empties every input, sets the operator back to OR and refetches', async ({
    page,
    createUser,
    orders,
    signIn,
  }) => {
    const user = await createUser({ orderUser: true });
    const { token: t } = await seed(orders, threeOrders);
    await signIn(page, user.username, { path: GRID_PATH });
    await openSettings(page);
    await page.getByRole('menuitemcheckbox', { name: 'Brand Name', exact: true }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Tracking Number', exact: true }).click();
    await closeMenu(page);

    await operator(page, 'AND').click();
    await input(page, 'PO Number').fill(`${t}-PO-ALPHA`);
    await input(page, 'Brand Name').fill(`${t} Brand Alpha`);
    await button(page, 'Search').click();
    await expect(records(page, 1)).toBeVisible();
    await input(page, 'Item Number').fill('typed, not searched');
    await input(page, 'Ship To Name').fill('x');
    await input(page, 'Supplier Name').fill('y');
    await input(page, 'Tracking Number').fill('z');

    let request = nextListRequest(page);
    await button(page, 'Clear').click();
    expect(await request).toMatchObject({
      ...EMPTY_SEARCH,
      PageIndex: 1,
    });
    for (const label of [
      'PO Number',
      'Item Number',
      'Ship To Name',
      'Supplier Name',
      'Brand Name',
      'Tracking Number',
    ])
      await expect(input(page, label)).toHaveValue('');
    await expect(operator(page, 'OR')).toBeChecked();
    await expect(operator(page, 'AND')).not.toBeChecked();
    // Every order again, not just the one searched for.
    await expect(page.getByText(/^Records \d+$/)).not.toHaveText('Records 1');

    // Clear with nothing to clear still fetches the list again.
    request = nextListRequest(page);
    await button(page, 'Clear').click();
    expect(await request).toMatchObject({ PoNumberParam: '', AndOrParam: false });
  });
});

test.describe('settings menu', () => {
  test('what is typed while a field taken off screen is being applied stays in the search', async ({
    page,
    createUser,
    orders,
    signIn,
  }) => {
    const user = await createUser({ orderUser: true });
    const { token: t } = await seed(orders, threeOrders);
    await signIn(page, user.username, { path: GRID_PATH });
    await openSettings(page);
    const extras = page.getByRole('group', { name: 'Extra search fields' });
    await extras.getByRole('menuitemcheckbox', { name: 'Brand Name', exact: true }).click();
    await closeMenu(page);
    await input(page, 'Brand Name').fill(`${t} Brand Gamma`);
    await button(page, 'Search').click();
    await expectPos(page, [`${t}-PO-GAMMA`]);

    // A slow machine: the router applies the URL without Brand Name after the next keystrokes.
    const cdp = await page.context().newCDPSession(page);
    await openSettings(page);
    await extras.getByRole('menuitemcheckbox', { name: 'Brand Name', exact: true }).click();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 30 });
    await page.keyboard.press('Escape');
    await input(page, 'PO Number').fill(`${t}-PO-BETA`);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect.poll(() => page.url()).not.toContain('brand=');
    await expect(input(page, 'PO Number')).toHaveValue(`${t}-PO-BETA`);
    await button(page, 'Search').click();
    await expect(records(page, 1)).toBeVisible();
    await expectPos(page, [`${t}-PO-BETA`]);
  });

  test('desktop: up to two extra search fields, and column visibility', async ({
    page,
    createUser,
    orders,
    signIn,
  }) => {
    const user = await createUser({ orderUser: true });
    const { token: t } = await seed(orders, threeOrders);
    await signIn(page, user.username, { path: GRID_PATH });
    await searchPo(page, `${t}-PO-BETA`, 1);

    // The first four inputs show; Brand Name and Tracking Number are the extras.
    for (const label of ['PO Number', 'Item Number', 'Ship To Name', 'Supplier Name'])
      await expect(input(page, label)).toBeVisible();
    await expect(input(page, 'Brand Name')).toHaveCount(0);
    await expect(input(page, 'Tracking Number')).toHaveCount(0);

    await openSettings(page);
    const extras = page.getByRole('group', { name: 'Extra search fields' });
    await expect(extras.getByRole('menuitemcheckbox')).toHaveText(['Brand Name', 'Tracking Number']);
    await extras.getByRole('menuitemcheckbox', { name: 'Brand Name', exact: true }).click();
    await extras.getByRole('menuitemcheckbox', { name: 'Tracking Number', exact: true }).click();
    // The menu stays open for several choices.
    await expect(extras.getByRole('menuitemcheckbox', { name: 'Brand Name', exact: true })).toBeChecked();
    await expect(
      extras.getByRole('menuitemcheckbox', { name: 'Tracking Number', exact: true }),
    ).toBeChecked();
    await closeMenu(page);
    await expect(input(page, 'Brand Name')).toBeVisible();
    await expect(input(page, 'Tracking Number')).toBeVisible();

    // Taking an extra off screen drops its text from the search.
    await input(page, 'PO Number').fill('');
    await input(page, 'Brand Name').fill(`${t} Brand Gamma`);
    await button(page, 'Search').click();
    await expectPos(page, [`${t}-PO-GAMMA`]);
    await openSettings(page);
    await extras.getByRole('menuitemcheckbox', { name: 'Brand Name', exact: true }).click();
    await expect(extras.getByRole('menuitemcheckbox', { name: 'Brand Name', exact: true })).not.toBeChecked();
    await closeMenu(page);
    await expect(input(page, 'Brand Name')).toHaveCount(0);
    await expect.poll(() => page.url()).not.toContain('brand=');

    // Columns: every column of the spec, PO Date off by default.
    await searchPo(page, `${t}-PO-BETA`, 1);
    await openSettings(page);
    const columns = page.getByRole('group', { name: 'Columns', exact: true });
    await expect(columns.getByRole('menuitemcheckbox')).toHaveText(GRID_COLUMN_LABELS as string[]);
    await expect(columns.getByRole('menuitemcheckbox', { name: 'PO Date', exact: true })).not.toBeChecked();
    await expect(columns.getByRole('menuitemcheckbox', { name: 'Customer', exact: true })).toBeChecked();
    await columns.getByRole('menuitemcheckbox', { name: 'Customer', exact: true }).click();
    await columns.getByRole('menuitemcheckbox', { name: 'PO Date', exact: true }).click();
    await expect(columns.getByRole('menuitemcheckbox', { name: 'Customer', exact: true })).not.toBeChecked();
    await expect(columns.getByRole('menuitemcheckbox', { name: 'PO Date', exact: true })).toBeChecked();
    await closeMenu(page);
    await expect
      .poll(() => headerLabels(page))
      .toEqual(GRID_COLUMN_LABELS.filter((label) => label !== 'Customer'));

    await openSettings(page);
    await page.getByRole('menuitem', { name: 'Reset columns' }).click();
    await expect.poll(() => headerLabels(page)).toEqual(DEFAULT_COLUMNS);
  });

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test('the user chooses 1 to 3 search fields', async ({ page, createUser, signIn }) => {
      const user = await createUser({ orderUser: true });
      await signIn(page, user.username, { path: GRID_PATH });
      const visibleInputs = () =>
        page
          .getByRole('search', { name: 'Search orders' })
          .getByRole('textbox')
          .evaluateAll((inputs) =>
            inputs.map((element) => (element as HTMLInputElement).labels?.[0]?.textContent ?? ''),
          );
      await expect.poll(visibleInputs).toEqual(['PO Number']);

      await openSettings(page);
      const fields = page.getByRole('group', { name: 'Search fields' });
      const item = (name: string) => fields.getByRole('menuitemcheckbox', { name, exact: true });
      await expect(fields.getByRole('menuitemcheckbox')).toHaveText([
        'PO Number',
        'Item Number',
        'Ship To Name',
        'Supplier Name',
        'Brand Name',
        'Tracking Number',
      ]);
      // One field: it cannot be taken away.
      await expect(item('PO Number')).toBeChecked();
      await expect(item('PO Number')).toBeDisabled();

      await item('Brand Name').click();
      await item('Tracking Number').click();
      await expect(item('PO Number')).toBeEnabled();
      // Three fields: no fourth.
      for (const name of ['Item Number', 'Ship To Name', 'Supplier Name']) {
        await expect(item(name)).not.toBeChecked();
        await expect(item(name)).toBeDisabled();
      }
      await item('Item Number').click({ force: true });
      await expect(item('Item Number')).not.toBeChecked();
      await closeMenu(page);
      await expect.poll(visibleInputs).toEqual(['PO Number', 'Brand Name', 'Tracking Number']);

      // Down to one again: the last one stays.
      await openSettings(page);
      await item('PO Number').click();
      await item('Brand Name').click();
      await expect(item('Tracking Number')).toBeChecked();
      await expect(item('Tracking Number')).toBeDisabled();
      await closeMenu(page);
      await expect.poll(visibleInputs).toEqual(['Tracking Number']);
    });
  });
});

test.describe('columns', () => {
  test('every column, dates in US format and tracking numbers joined with commas', async ({
    page,
    createUser,
    orders,
    signIn,
  }) => {
    const user = await createUser({ orderUser: true });
    const t = orderToken();
    const { sourceName } = await orders.seed(
      [
        {
          ...fullOrder(t),
          trackingNumbers: [`${t}1Z001`, `${t}1Z002`, `${t}1Z003`],
          wildcard2: 'Extra two',
        },
      ],
      { token: t },
    );
    await signIn(page, user.username, { path: '/home' });
    await saveColumnSettings(page, Object.fromEntries(ENABLED_COLUMN_KEYS.map((key) => [key, true])));
    await page.goto(GRID_PATH);
    await searchPo(page, `${t}-PO-1`, 1);

    await expect.poll(() => headerLabels(page)).toEqual(GRID_COLUMN_LABELS);
    await expect(ordersGrid(page).getByRole('columnheader')).toHaveCount(GRID_COLUMN_LABELS.length + 1);
    expect(await gridRows(page)).toEqual([
      {
        Source: sourceName,
        Brand: `${t} Brand`,
        Customer: `${t} Customer`,
        'Customer Number': `${t}-CUST`,
        'Customer PO Number': `${t}-PO-1`,
        'Doc Number': `${t}-DOC-1`,
        'Estimated Arrival Date': '04/15/2024',
        'Item Number': `${t}-ITEM-1`,
        'Item Status': 'In transit',
        'Line Status': 'Open line',
        Notes: '',
        'Order Date': '03/05/2024',
        'PO Date': '03/01/2024',
        Quantity: '5',
        'Quantity Fulfilled': '3',
        'Ship To Name': `${t} Ship`,
        'Shipped Date': '12/31/2024',
        'Supplier Name': `${t} Supplier`,
        'Supplier Status': 'Confirmed',
        'Shipping Company': 'UPS',
        'Tracking Numbers': `${t}1Z001, ${t}1Z002, ${t}1Z003`,
        'Wildcard 1': 'Extra one',
        'Wildcard 2': 'Extra two',
        Actions: '',
      },
    ]);
  });

  test('with no saved settings every column but PO Date shows', async ({ page, createUser, signIn }) => {
    const user = await createUser({ orderUser: true });
    await signIn(page, user.username, { path: GRID_PATH });
    await expect.poll(() => headerLabels(page)).toEqual(DEFAULT_COLUMNS);
    await expect(header(page, 'PO Date')).toHaveCount(0);
  });

  test("the user's saved settings apply: a column saved off is hidden", async ({
    page,
    createUser,
    signIn,
  }) => {
    const user = await createUser({ orderUser: true });
    await signIn(page, user.username, { path: '/home' });
    await saveColumnSettings(page, { brandName: false, wildcard2: false });
    await page.goto(GRID_PATH);
    // The map applies: Brand and Wildcard 2 off, everything else (PO Date included) on.
    await expect
      .poll(() => headerLabels(page))
      .toEqual(GRID_COLUMN_LABELS.filter((label) => label !== 'Brand' && label !== 'Wildcard 2'));
    await expect(header(page, 'Brand')).toHaveCount(0);
  });

  test('saved settings that are all off show every column', async ({ page, createUser, signIn }) => {
    const user = await createUser({ orderUser: true });
    await signIn(page, user.username, { path: '/home' });
    await saveColumnSettings(page, Object.fromEntries(ENABLED_COLUMN_KEYS.map((key) => [key, false])));
    await page.goto(GRID_PATH);
    await expect.poll(() => headerLabels(page)).toEqual(GRID_COLUMN_LABELS);
  });

  test('the header menu sorts Asc and Desc (row order follows) and hides the column', async ({
    page,
    createUser,
    orders,
    signIn,
  }) => {
    const user = await createUser({ orderUser: true });
    const { token: t } = await seed(orders, threeOrders);
    await signIn(page, user.username, { path: GRID_PATH });
    await searchPo(page, `${t}-PO-`, 3);

    let request = nextListRequest(page, carrying({ SortParams: { itemNumber: true } }));
    await sortBy(page, 'Item Number', 'Asc');
    expect(await request).toMatchObject({ SortParams: { itemNumber: true }, PoNumberParam: `${t}-PO-` });
    await expect
      .poll(() => columnValues(page, 'Item Number'))
      .toEqual([`${t}-ITEM-A`, `${t}-ITEM-B`, `${t}-ITEM-C`]);
    await expect(header(page, 'Item Number')).toHaveAttribute('aria-sort', 'ascending');

    request = nextListRequest(page, carrying({ SortParams: { itemNumber: false } }));
    await sortBy(page, 'Item Number', 'Desc');
    expect(await request).toMatchObject({ SortParams: { itemNumber: false } });
    await expect
      .poll(() => columnValues(page, 'Item Number'))
      .toEqual([`${t}-ITEM-C`, `${t}-ITEM-B`, `${t}-ITEM-A`]);
    await expect(header(page, 'Item Number')).toHaveAttribute('aria-sort', 'descending');

    // Quantities sort as numbers: 1, 5, 12.
    await sortBy(page, 'Quantity', 'Asc');
    await expect.poll(() => columnValues(page, 'Quantity')).toEqual(['1', '5', '12']);
    await expect(header(page, 'Item Number')).not.toHaveAttribute('aria-sort', /.*/);
    await sortBy(page, 'Quantity', 'Desc');
    await expect.poll(() => columnValues(page, 'Quantity')).toEqual(['12', '5', '1']);

    // Tracking numbers are not sortable.
    await header(page, 'Tracking Numbers').getByRole('button').click();
    await expect(page.getByRole('menuitem', { name: 'Asc', exact: true })).toBeDisabled();
    await expect(page.getByRole('menuitem', { name: 'Desc', exact: true })).toBeDisabled();
    await closeMenu(page);

    await header(page, 'Item Number').getByRole('button').click();
    await page.getByRole('menuitem', { name: 'Hide', exact: true }).click();
    await expect(header(page, 'Item Number')).toHaveCount(0);
    await expect
      .poll(() => headerLabels(page))
      .toEqual(DEFAULT_COLUMNS.filter((label) => label !== 'Item Number'));
  });
});

test.describe('table', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('sticky header and actions column inside a box at most 70vh high', async ({
    page,
    createUser,
    orders,
    signIn,
  }) => {
    const user = await createUser({ orderUser: true });
    const { token: t } = await seed(orders, (token) => manyOrders(token, 26));
    await signIn(page, user.username, { path: GRID_PATH });
    await searchPo(page, `${t}-PO-`, 26);
    await choosePageSize(page, 50);
    await expect(ordersGrid(page).locator('tbody tr')).toHaveCount(26);

    const grid = ordersGrid(page);
    const box = grid.locator('xpath=..');
    // 70vh of the 900 px viewport.
    await expect(box).toHaveCSS('max-height', '630px');
    await expect(box).toHaveCSS('overflow-y', 'auto');
    for (const th of await grid.getByRole('columnheader').all()) {
      await expect(th).toHaveCSS('position', 'sticky');
      await expect(th).toHaveCSS('top', '0px');
    }
    const actions = grid
      .locator('tbody tr')
      .getByRole('gridcell')
      .filter({
        has: page.getByRole('button', { name: 'Row actions' }),
      });
    await expect(actions).toHaveCount(26);
    await expect(actions.first()).toHaveCSS('position', 'sticky');
    await expect(actions.first()).toHaveCSS('right', '0px');

    // Scrolled down and right, the header stays at the top of the box and the actions at its right edge.
    const measured = await box.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
      element.scrollLeft = element.scrollWidth;
      const frame = element.getBoundingClientRect();
      const th = element.querySelector('thead th')!.getBoundingClientRect();
      const lastRow = [...element.querySelectorAll('tbody tr')].at(-1)!;
      const action = lastRow.querySelector('td:last-child')!.getBoundingClientRect();
      return {
        height: frame.height,
        scrolledDown: element.scrollTop > 0,
        scrolledRight: element.scrollLeft > 0,
        headerOffset: th.top - (frame.top + element.clientTop),
        actionRightGap: frame.left + element.clientLeft + element.clientWidth - action.right,
        actionInView: action.bottom <= frame.bottom && action.top >= frame.top,
      };
    });
    expect(measured.height).toBeLessThanOrEqual(630);
    expect(measured.scrolledDown).toBe(true);
    expect(measured.scrolledRight).toBe(true);
    expect(Math.abs(measured.headerOffset)).toBeLessThanOrEqual(1);
    expect(Math.abs(measured.actionRightGap)).toBeLessThanOrEqual(1);
    expect(measured.actionInView).toBe(true);
  });

  test('range selection: double-click, shift-click rectangle and column, header shift-click, Ctrl+C, Esc', async ({
    page,
    createUser,
    orders,
    signIn,
  }) => {
    const user = await createUser({ orderUser: true });
    const { token: t } = await seed(orders, threeOrders);
    await signIn(page, user.username, { path: GRID_PATH });
    await searchPo(page, `${t}-PO-`, 3);
    await sortBy(page, 'Item Number', 'Asc');
    await expect
      .poll(() => columnValues(page, 'Item Number'))
      .toEqual([`${t}-ITEM-A`, `${t}-ITEM-B`, `${t}-ITEM-C`]);
    const rows = ordersGrid(page).locator('tbody tr');
    const at = (row: number, label: string) => cell(page, rows.nth(row), label);
    const copy = async (expected: string) => {
      await page.evaluate(() => navigator.clipboard.writeText('(nothing copied)'));
      await page.keyboard.press('ControlOrMeta+c');
      await expect.poll(() => readClipboard(page)).toBe(expected);
    };

    // Double-click selects one cell.
    await (await at(0, 'Item Number')).dblclick();
    await expect(await at(0, 'Item Number')).toHaveAttribute('aria-selected', 'true');
    await expect(selectedCells(page)).toHaveCount(1);
    await copy(`${t}-ITEM-A`);

    // Shift-click elsewhere: the rectangle from the first cell.
    await (await at(1, 'Line Status')).click({ modifiers: ['Shift'] });
    await expect(selectedCells(page)).toHaveCount(6);
    for (const row of [0, 1])
      for (const label of ['Item Number', 'Item Status', 'Line Status'])
        await expect(await at(row, label)).toHaveAttribute('aria-selected', 'true');
    await expect(await at(2, 'Item Number')).toHaveAttribute('aria-selected', 'false');
    await copy(`${t}-ITEM-A\tShipped\tLine gamma\n${t}-ITEM-B\tOpen\tLine alpha`);

    // Shift-click on a header takes that column out of the selection (and opens no menu).
    await header(page, 'Item Status')
      .getByRole('button')
      .click({ modifiers: ['Shift'] });
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(selectedCells(page)).toHaveCount(4);
    await expect(await at(0, 'Item Status')).toHaveAttribute('aria-selected', 'false');
    await copy(`${t}-ITEM-A\tLine gamma\n${t}-ITEM-B\tLine alpha`);

    // Esc clears the selection.
    await page.keyboard.press('Escape');
    await expect(selectedCells(page)).toHaveCount(0);

    // Shift-click in the anchor's column selects the whole column.
    await (await at(1, 'Quantity')).dblclick();
    await expect(selectedCells(page)).toHaveCount(1);
    await (await at(2, 'Quantity')).click({ modifiers: ['Shift'] });
    await expect(selectedCells(page)).toHaveCount(3);
    for (const row of [0, 1, 2])
      await expect(await at(row, 'Quantity')).toHaveAttribute('aria-selected', 'true');
    await copy('5\n12\n1');
    await page.keyboard.press('Escape');
    await expect(selectedCells(page)).toHaveCount(0);
  });

  test('a hover tip with the cell text appears after 700 ms', async ({
    page,
    createUser,
    orders,
    signIn,
  }) => {
    const user = await createUser({ orderUser: true });
    const { token: t } = await seed(orders, threeOrders);
    await signIn(page, user.username, { path: GRID_PATH });
    await searchPo(page, `${t}-PO-BETA`, 1);
    const target = await cell(page, gridRow(page, `${t}-PO-BETA`), 'Ship To Name');
    await expect(target).toHaveText(`${t} Ship Beta`);

    // The page's timers run on Playwright's clock, so "after 700 ms" is checked exactly, however busy the
    // machine: nothing at 690 ms after the pointer enters, the tip at 700 ms.
    await page.clock.install();
    // Paused: from here the page's time moves only when the test moves it.
    await page.clock.pauseAt(Date.now() + 60_000);
    await target.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await target.hover();
    await page.clock.runFor(690);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await page.clock.runFor(10);
    await expect(page.getByRole('tooltip')).toHaveText(`${t} Ship Beta`);

    // Leaving the grid hides it.
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });
});

test.describe('inline notes', () => {
  test('Enter and blur save (and the note persists after a reload); Escape reverts', async ({
    page,
    createUser,
    orders,
    signIn,
  }) => {
    const user = await createUser({ orderUser: true });
    const batch = await seed(orders, threeOrders);
    const t = batch.token;
    const [alpha, beta] = batch.orders;
    await signIn(page, user.username, { path: GRID_PATH });
    await searchPo(page, `${t}-PO-`, 3);
    const alphaRow = gridRow(page, `${t}-PO-ALPHA`);
    const betaRow = gridRow(page, `${t}-PO-BETA`);
    const noteBox = page.getByRole('textbox', { name: 'Note', exact: true });

    // Enter saves (the grid's call sends OrderId and Note).
    await alphaRow.getByRole('button', { name: 'Add note' }).click();
    await expect(noteBox).toBeFocused();
    await noteBox.fill('Call the carrier');
    let saved = page.waitForRequest((request) => new URL(request.url()).pathname === NOTES_CALL);
    await noteBox.press('Enter');
    expect((await saved).postDataJSON()).toEqual({ OrderId: alpha!.id, Note: 'Call the carrier' });
    await expect(noteBox).toHaveCount(0);
    await expect(alphaRow.getByRole('button', { name: 'Edit note: Call the carrier' })).toBeVisible();

    // Leaving the input saves.
    await betaRow.getByRole('button', { name: 'Add note' }).click();
    await noteBox.fill('Left by blur');
    saved = page.waitForRequest((request) => new URL(request.url()).pathname === NOTES_CALL);
    await page.getByRole('heading', { name: 'Order Tracking', exact: true }).click();
    expect((await saved).postDataJSON()).toEqual({ OrderId: beta!.id, Note: 'Left by blur' });
    await expect(betaRow.getByRole('button', { name: 'Edit note: Left by blur' })).toBeVisible();
    await expect.poll(async () => (await orders.get(beta!.id)).notes).toBe('Left by blur');

    // Escape puts the note back and saves nothing.
    let calls = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === NOTES_CALL) calls += 1;
    });
    await alphaRow.getByRole('button', { name: 'Edit note: Call the carrier' }).click();
    await expect(noteBox).toHaveValue('Call the carrier');
    await noteBox.fill('Not wanted');
    await noteBox.press('Escape');
    await expect(noteBox).toHaveCount(0);
    await expect(alphaRow.getByRole('button', { name: 'Edit note: Call the carrier' })).toBeVisible();
    expect(calls).toBe(0);

    await page.reload();
    await expect(alphaRow.getByRole('button', { name: 'Edit note: Call the carrier' })).toBeVisible();
    await expect(betaRow.getByRole('button', { name: 'Edit note: Left by blur' })).toBeVisible();
    expect((await orders.get(alpha!.id)).notes).toBe('Call the carrier');
  });

  test('a failed save puts the previous note back', async ({ page, createUser, orders, signIn }) => {
    const user = await createUser({ orderUser: true });
    const batch = await seed(orders, threeOrders);
    const t = batch.token;
    const gamma = batch.orders[2]!;
    await signIn(page, user.username, { path: GRID_PATH });
    await searchPo(page, `${t}-PO-GAMMA`, 1);
    const row = gridRow(page, `${t}-PO-GAMMA`);
    const noteBox = page.getByRole('textbox', { name: 'Note', exact: true });

    await row.getByRole('button', { name: 'Add note' }).click();
    await noteBox.fill('Kept');
    await noteBox.press('Enter');
    await expect(row.getByRole('button', { name: 'Edit note: Kept' })).toBeVisible();
    await expect.poll(async () => (await orders.get(gamma.id)).notes).toBe('Kept');

    await page.route(`**${NOTES_CALL}`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Database down"}' }),
    );
    await row.getByRole('button', { name: 'Edit note: Kept' }).click();
    await noteBox.fill('Lost');
    const failed = page.waitForResponse((response) => new URL(response.url()).pathname === NOTES_CALL);
    await noteBox.press('Enter');
    expect((await failed).status()).toBe(500);
    await expect(row.getByRole('button', { name: 'Edit note: Kept' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Edit note: Lost' })).toHaveCount(0);
    // docs/design/differences.md#errors-are-shown: the failure is also shown to the user.
    await expect(page.getByText('The note could not be saved; it has been put back.')).toBeVisible();
    expect((await orders.get(gamma.id)).notes).toBe('Kept');
  });
});

test.describe('row menu', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('Copy PO number and Copy tracking numbers put them on the clipboard', async ({
    page,
    createUser,
    orders,
    signIn,
  }) => {
    const user = await createUser({ orderUser: true });
    const { token: t } = await seed(orders, threeOrders);
    await signIn(page, user.username, { path: GRID_PATH });
    await searchPo(page, `${t}-PO-ALPHA`, 1);
    const row = gridRow(page, `${t}-PO-ALPHA`);

    await row.getByRole('button', { name: 'Row actions' }).click();
    await expect(page.getByRole('menuitem')).toHaveText([
      'Copy PO number',
      'Copy tracking numbers',
      'View Order',
      'Delete Order',
    ]);
    await page.getByRole('menuitem', { name: 'Copy PO number' }).click();
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect.poll(() => readClipboard(page)).toBe(`${t}-PO-ALPHA`);

    await rowAction(page, row, 'Copy tracking numbers');
    await expect.poll(() => readClipboard(page)).toBe(`${t}TRKALPHA1, ${t}TRKALPHA2`);
  });

  test('View Order opens the order detail page', async ({ page, createUser, orders, signIn }) => {
    const user = await createUser({ orderUser: true });
    const batch = await seed(orders, threeOrders);
    const t = batch.token;
    await signIn(page, user.username, { path: GRID_PATH });
    await searchPo(page, `${t}-PO-BETA`, 1);
    await rowAction(page, gridRow(page, `${t}-PO-BETA`), 'View Order');
    await expect(page).toHaveURL(new RegExp(`${detailPath(batch.orders[1]!.id)}$`));
    await expect(page.getByRole('group', { name: 'Customer PO Number' })).toContainText(`${t}-PO-BETA`);
  });

  test('Delete Order asks first, then removes the row and the record count drops', async ({
    page,
    createUser,
    orders,
    signIn,
  }) => {
    const user = await createUser({ orderUser: true });
    const batch = await seed(orders, threeOrders);
    const t = batch.token;
    await signIn(page, user.username, { path: GRID_PATH });
    await searchPo(page, `${t}-PO-`, 3);
    const row = gridRow(page, `${t}-PO-GAMMA`);
    const dialog = page.getByRole('alertdialog', { name: 'Delete Order' });

    await rowAction(page, row, 'Delete Order');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toBeVisible();
    await expect(records(page, 3)).toBeVisible();

    await rowAction(page, row, 'Delete Order');
    const deleted = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/order-tracking/delete/${batch.orders[2]!.id}`,
    );
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    expect((await deleted).status()).toBe(204);
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(0);
    await expect(records(page, 2)).toBeVisible();
    await expect
      .poll(async () => (await columnValues(page, 'Customer PO Number')).sort())
      .toEqual([`${t}-PO-ALPHA`, `${t}-PO-BETA`]);
    const response = await page.request.get(`/api/order-tracking/order/${batch.orders[2]!.id}`);
    expect(response.status()).toBe(404);
  });
});

test.describe('pager', () => {
  test('Page x of y, Records n, first/previous/next/last, and page sizes that go back to page 1', async ({
    page,
    createUser,
    orders,
    signIn,
  }) => {
    const user = await createUser({ orderUser: true });
    const { token: t } = await seed(orders, (token) => manyOrders(token, 26));
    await signIn(page, user.username, { path: GRID_PATH });
    const rows = ordersGrid(page).locator('tbody tr');
    const first = button(page, 'First page');
    const previous = button(page, 'Previous page');
    const next = button(page, 'Next page');
    const last = button(page, 'Last page');
    const size = page.getByRole('combobox', { name: 'Rows per page' });

    await expect(size).toHaveText('10');
    await searchPo(page, `${t}-PO-`, 26);
    await expect(pageOf(page, 1, 3)).toBeVisible();
    await expect(rows).toHaveCount(10);
    await expect(first).toBeDisabled();
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await expect(last).toBeEnabled();

    let request = nextListRequest(page, carrying({ PageIndex: 2, PageSize: 10 }));
    await next.click();
    expect(await request).toMatchObject({ PageIndex: 2, PageSize: 10 });
    await expect(pageOf(page, 2, 3)).toBeVisible();
    await expect(first).toBeEnabled();
    await expect(previous).toBeEnabled();

    request = nextListRequest(page, carrying({ PageIndex: 3, PageSize: 10 }));
    await last.click();
    expect(await request).toMatchObject({ PageIndex: 3, PageSize: 10 });
    await expect(pageOf(page, 3, 3)).toBeVisible();
    await expect(rows).toHaveCount(6);
    await expect(next).toBeDisabled();
    await expect(last).toBeDisabled();

    await previous.click();
    await expect(pageOf(page, 2, 3)).toBeVisible();
    await expect(rows).toHaveCount(10);
    await first.click();
    await expect(pageOf(page, 1, 3)).toBeVisible();
    await expect(records(page, 26)).toBeVisible();

    // The sizes offered; a new size starts again at page 1 (from page 3, 25 a page is page 1 of 2, not 2 of 2).
    await last.click();
    await expect(pageOf(page, 3, 3)).toBeVisible();
    await size.click();
    await expect(page.getByRole('option')).toHaveText(['10', '25', '50', '100', '250']);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(pageOf(page, 3, 3)).toBeVisible();
    request = nextListRequest(page, carrying({ PageIndex: 1, PageSize: 25 }));
    await choosePageSize(page, 25);
    expect(await request).toMatchObject({ PageIndex: 1, PageSize: 25 });
    await expect(pageOf(page, 1, 2)).toBeVisible();
    await expect(rows).toHaveCount(25);
    await next.click();
    await expect(pageOf(page, 2, 2)).toBeVisible();
    await expect(rows).toHaveCount(1);

    for (const pageSize of [50, 100, 250]) {
      request = nextListRequest(page, carrying({ PageIndex: 1, PageSize: pageSize }));
      await choosePageSize(page, pageSize);
      expect(await request).toMatchObject({ PageIndex: 1, PageSize: pageSize });
      await expect(pageOf(page, 1, 1)).toBeVisible();
      await expect(rows).toHaveCount(26);
      await expect(records(page, 26)).toBeVisible();
    }
  });

  test('an empty result reads No results., Page 1 of 1 and Records 0', async ({
    page,
    createUser,
    signIn,
  }) => {
    const user = await createUser({ orderUser: true });
    await signIn(page, user.username, { path: GRID_PATH });
    await searchPo(page, `${orderToken()}-NOTHING`, 0);
    await expect(ordersGrid(page).getByText('No results.', { exact: true })).toBeVisible();
    await expect(pageOf(page, 1, 1)).toBeVisible();
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page'])
      await expect(button(page, name)).toBeDisabled();
  });
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`counts carry thousands separators: Records 20,200 and Page 1 of 808 (${viewport.width} px)`, async ({
    page,
    createUser,
    signIn,
  }) => {
    await page.setViewportSize(viewport);
    // The server's own answer, with a total only a large database has.
    await page.route(`**${LIST_CALL}`, async (route) => {
      const answer = await route.fetch();
      const body = await answer.json();
      await route.fulfill({ response: answer, json: { ...body, totalRecordCount: 20_200 } });
    });
    const user = await createUser({ orderUser: true });
    await signIn(page, user.username, { path: GRID_PATH });
    await expect(page.getByText('Records 20,200', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Page 1 of \d{1,3}(,\d{3})*$/)).toBeVisible();
  });
}

test('a user without the order flag is sent from /order-tracking to /home', async ({
  page,
  createUser,
  signIn,
}) => {
  const user = await createUser({ inventoryUser: true, submissionUser: true });
  await signIn(page, user.username);
  await page.goto(GRID_PATH);
  await expect(page).toHaveURL(/\/home$/);
  await expect(ordersGrid(page)).toHaveCount(0);
});

/** Seeds the orders `build` makes from a fresh token. */
function seed(orders: OrderSeeder, build: (token: string) => OrderSeed[]) {
  const token = orderToken();
  return orders.seed(build(token), { token });
}
