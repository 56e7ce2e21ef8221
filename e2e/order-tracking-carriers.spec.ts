import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import {
  detailPath,
  expect,
  GRID_PATH,
  gridRow,
  type OrderSeeder,
  orderToken,
  readClipboard,
  test,
} from './fixtures/orders';

/**
 * Carriers in the grid and on the detail page (docs/behaviour/order-tracking.md#carriers): tracking numbers
 * link to the carrier's page in a new tab with the carrier's short name, a failed check digit is marked, the
 * grid filters by carrier, and the detail page lists carrier, service and link. The numbers' check digits were
 * computed from the published algorithms (UPS mod 10, FedEx mod 11).
 */

const UPS = '1Z999AA10123456784';
const UPS_MISTYPED = '1Z999AA10123456785';
const FEDEX = '986578788855';
const MARK = 'check digit does not match: possibly mistyped';

function seed(orders: OrderSeeder) {
  const t = orderToken();
  return orders.seed(
    [
      { customerPoNumber: `${t}-PO-LINKED`, shippingCompany: '', trackingNumbers: [UPS, FEDEX] },
      { customerPoNumber: `${t}-PO-MISTYPED`, shippingCompany: 'UPS', trackingNumbers: [UPS_MISTYPED] },
      { customerPoNumber: `${t}-PO-UNKNOWN`, shippingCompany: 'Own fleet', trackingNumbers: [`${t}LOCAL1`] },
    ],
    { token: t },
  );
}

const cell = (row: Locator, index: number) => row.getByRole('gridcell').nth(index);

async function columnIndex(page: Page, label: string): Promise<number> {
  const labels = await page.getByRole('columnheader').allTextContents();
  return labels.findIndex((text) => text.trim() === label);
}

test('tracking numbers link to the carrier’s page in a new tab, with the short name and the check-digit mark', async ({
  page,
  context,
  createUser,
  orders,
  signIn,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await createUser({ orderUser: true });
  const { token: t } = await seed(orders);
  await signIn(page, user.username, { path: `${GRID_PATH}?item=${t}` });

  const linked = gridRow(page, `${t}-PO-LINKED`);
  await expect(linked).toHaveCount(1);
  const ups = linked.getByRole('link', { name: UPS, exact: true });
  await expect(ups).toHaveAttribute('href', `https://www.ups.com/track?tracknum=${UPS}`);
  await expect(ups).toHaveAttribute('target', '_blank');
  await expect(ups).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(linked.getByRole('link', { name: FEDEX, exact: true })).toHaveAttribute(
    'href',
    `https://www.fedex.com/fedextrack/?trknbr=${FEDEX}`,
  );
  const tracking = cell(linked, await columnIndex(page, 'Tracking Numbers'));
  await expect(tracking).toHaveText(`${UPS}UPS, ${FEDEX}FedEx`);
  await expect(linked.getByRole('img', { name: MARK })).toHaveCount(0);
  // The file gave no shipping company: the recognised carrier shows, marked as such.
  await expect(cell(linked, await columnIndex(page, 'Shipping Company'))).toHaveText('UPS (recognised)');

  const mistyped = gridRow(page, `${t}-PO-MISTYPED`);
  await expect(mistyped.getByRole('img', { name: MARK })).toHaveCount(1);
  await expect(mistyped.getByRole('link', { name: UPS_MISTYPED })).toBeVisible();
  await expect(cell(mistyped, await columnIndex(page, 'Shipping Company'))).toHaveText('UPS');

  const unknown = gridRow(page, `${t}-PO-UNKNOWN`);
  // No carrier link (the Customer PO Number's link to the order is the row's only one).
  const unknownTracking = cell(unknown, await columnIndex(page, 'Tracking Numbers'));
  await expect(unknownTracking.getByRole('link')).toHaveCount(0);
  await expect(unknownTracking).toHaveText(`${t}LOCAL1`);
  await expect(unknown.getByRole('link')).toHaveCount(1);

  // Copy tracking numbers is unchanged: the numbers alone, joined with commas.
  await linked.getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: 'Copy tracking numbers', exact: true }).click();
  await expect.poll(() => readClipboard(page)).toBe(`${UPS}, ${FEDEX}`);

  // A link opens the carrier's page in a new tab; nothing leaves the machine (the page is answered here).
  await context.route('https://www.ups.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>UPS tracking</title>' }),
  );
  const [popup] = await Promise.all([context.waitForEvent('page'), ups.click()]);
  await expect(popup).toHaveURL(`https://www.ups.com/track?tracknum=${UPS}`);
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  await popup.close();
});

test('the grid filters by carrier, by a bad check digit and by no carrier, and keeps the filter in the address', async ({
  page,
  createUser,
  orders,
  signIn,
}) => {
  const user = await createUser({ orderUser: true });
  const { token: t } = await seed(orders);
  await signIn(page, user.username, { path: `${GRID_PATH}?item=${t}` });
  await expect(gridRow(page, `${t}-PO-LINKED`)).toHaveCount(1);
  const rows = page.getByRole('grid', { name: 'Orders' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);

  const filter = page.getByLabel('Carrier', { exact: true });
  await filter.selectOption({ label: 'FedEx' });
  await expect(page).toHaveURL(/carrier=fedex/);
  await expect(rows).toHaveCount(1);
  await expect(gridRow(page, `${t}-PO-LINKED`)).toHaveCount(1);

  await filter.selectOption({ label: 'Check digit does not match' });
  await expect(gridRow(page, `${t}-PO-MISTYPED`)).toHaveCount(1);
  await expect(rows).toHaveCount(1);

  await filter.selectOption({ label: 'No carrier recognised' });
  await expect(gridRow(page, `${t}-PO-UNKNOWN`)).toHaveCount(1);
  await expect(rows).toHaveCount(1);

  await page.reload();
  await expect(page.getByLabel('Carrier', { exact: true })).toHaveValue('none');
  await expect(gridRow(page, `${t}-PO-UNKNOWN`)).toHaveCount(1);

  await filter.selectOption({ label: 'UPS' });
  await expect(rows).toHaveCount(2);
  // Clear empties the search and the carrier filter.
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByLabel('Carrier', { exact: true })).toHaveValue('');
  await expect(page).not.toHaveURL(/carrier=/);
});

test('the detail page lists each number with its carrier, service and link, and spells out the mark', async ({
  page,
  createUser,
  orders,
  signIn,
}) => {
  const user = await createUser({ orderUser: true });
  const { orders: seeded } = await seed(orders);
  await signIn(page, user.username, { path: detailPath(seeded[0]!.id) });
  const list = page.getByRole('list', { name: 'Tracking numbers' });
  await expect(list.getByRole('listitem')).toHaveText([
    `${UPS}UPS · UPS Next Day Air`,
    `${FEDEX}FedEx · FedEx Express`,
  ]);
  const link = list.getByRole('link', { name: FEDEX, exact: true });
  await expect(link).toHaveAttribute('href', `https://www.fedex.com/fedextrack/?trknbr=${FEDEX}`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('group', { name: 'Shipping Company', exact: true })).toContainText(
    'UPS (recognised)',
  );

  await page.goto(detailPath(seeded[1]!.id));
  await expect(page.getByRole('list', { name: 'Tracking numbers' }).getByRole('listitem')).toHaveText([
    `${UPS_MISTYPED}UPS · UPS Next Day Air${MARK}`,
  ]);
});

test('the carrier links, names, marks and filter have no serious or critical axe violation', async ({
  page,
  createUser,
  orders,
  signIn,
}) => {
  const user = await createUser({ orderUser: true });
  const { token: t, orders: seeded } = await seed(orders);
  const violations = async () =>
    (
      await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    ).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  await signIn(page, user.username, { path: `${GRID_PATH}?item=${t}` });
  await expect(page.getByRole('img', { name: MARK })).toHaveCount(1);
  expect(await violations()).toEqual([]);
  await page.goto(detailPath(seeded[1]!.id));
  await expect(page.getByText(MARK, { exact: true })).toBeVisible();
  expect(await violations()).toEqual([]);
});
