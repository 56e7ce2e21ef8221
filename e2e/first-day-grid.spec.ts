import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  detailPath,
  expect,
  GRID_COLUMN_LABELS,
  GRID_PATH,
  headerLabels,
  type OrderSeeder,
  ordersGrid,
  orderToken,
  type Page,
  test,
} from './fixtures/orders';

/**
 * Issue 34, items 1 to 4: the order tracking grid on a first day (docs/behaviour/order-tracking.md#on-a-phone,
 * #row-menu, #column-order, #search). Each screen is captured in both themes and read by axe.
 */

const SHOTS = path.resolve(import.meta.dirname, '.artifacts/screenshots');
const UPS = '1Z999AA10123456784';
const FEDEX = '986578788855';
const DEFAULT_COLUMNS = GRID_COLUMN_LABELS.filter((label) => label !== 'PO Date');
const THEMES = ['light', 'dark'] as const;

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  // From the top: a full-page capture of a scrolled page draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true, animations: 'disabled' });
}

async function axeFindings(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.slice(0, 3).map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
  }));
}

/** Two orders under one token: one with a UPS and a FedEx number, one with nothing shipped yet. */
function seedTwo(orders: OrderSeeder) {
  const t = orderToken();
  return orders.seed(
    [
      {
        customerPoNumber: `${t}-PO-SHIPPED`,
        itemNumber: `${t}-ITEM-A`,
        shipToName: `${t} Ship Alpha`,
        shippedDate: '2026-11-20',
        itemStatus: 'Shipped',
        brandName: `${t} Brand`,
        trackingNumbers: [UPS, FEDEX],
        qty: 3,
      },
      {
        customerPoNumber: `${t}-PO-OPEN`,
        itemNumber: `${t}-ITEM-B`,
        shipToName: `${t} Ship Beta`,
        itemStatus: 'Open',
        brandName: `${t} Brand`,
        qty: 1,
      },
    ],
    { token: t },
  );
}

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
    });

    test.describe('on a phone (390 × 844)', () => {
      test.use({ viewport: { width: 390, height: 844 } });

      test('each order is a card with what identifies and tracks it, its links and its menu; search and pager stay', async ({
        page,
        orders,
        createUser,
        signIn,
      }) => {
        const batch = await seedTwo(orders);
        const user = await createUser({ orderUser: true });
        await signIn(page, user.username, { path: `${GRID_PATH}?po=${batch.token}` });

        const list = page.getByRole('list', { name: 'Orders' });
        await expect(list.getByRole('article')).toHaveCount(2);
        await expect(ordersGrid(page)).toHaveCount(0);
        const shipped = list.getByRole('article', { name: `PO ${batch.token}-PO-SHIPPED` });
        for (const text of [`${batch.token}-ITEM-A`, `${batch.token} Ship Alpha`, '11/20/2026', 'Shipped']) {
          await expect(shipped.getByText(text, { exact: true })).toBeVisible();
        }
        // The PO number opens the order; each tracking number opens its carrier's page.
        await expect(shipped.getByRole('link', { name: `${batch.token}-PO-SHIPPED` })).toHaveAttribute(
          'href',
          detailPath(batch.orders[0]!.id),
        );
        const ups = shipped.getByRole('link', { name: UPS });
        await expect(ups).toHaveAttribute('href', /ups\.com/);
        await expect(ups).toHaveAttribute('target', '_blank');
        await expect(shipped.getByRole('link', { name: FEDEX })).toHaveAttribute('href', /fedex\.com/);
        // Two cards are told apart at a glance: different PO, item and ship-to on screen.
        const open = list.getByRole('article', { name: `PO ${batch.token}-PO-OPEN` });
        await expect(open.getByText(`${batch.token} Ship Beta`, { exact: true })).toBeVisible();

        // The search and the pager are the grid's own.
        await expect(page.getByRole('search', { name: 'Search orders' })).toBeVisible();
        await expect(page.getByRole('textbox', { name: 'PO Number', exact: true })).toHaveValue(batch.token);
        await expect(page.getByText('Records 2', { exact: true })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await shoot(page, `first-day-phone-cards-${theme}.png`);
        expect(await axeFindings(page)).toEqual([]);

        // The row menu is on each card and still opens the order.
        await shipped.getByRole('button', { name: 'Row actions' }).click();
        await expect(page.getByRole('menuitem', { name: 'Copy PO number' })).toBeVisible();
        await page.getByRole('menuitem', { name: 'View Order' }).click();
        await expect(page).toHaveURL(new RegExp(`${detailPath(batch.orders[0]!.id)}$`));
      });
    });

    test('the PO number is a real link to the order (a middle-click opens a new tab); the row menu keeps View Order', async ({
      page,
      context,
      orders,
      createUser,
      signIn,
    }) => {
      const batch = await seedTwo(orders);
      const user = await createUser({ orderUser: true });
      await signIn(page, user.username, { path: `${GRID_PATH}?po=${batch.token}-PO-SHIPPED` });
      const link = ordersGrid(page).getByRole('link', { name: `${batch.token}-PO-SHIPPED`, exact: true });
      await expect(link).toHaveAttribute('href', detailPath(batch.orders[0]!.id));

      const opened = context.waitForEvent('page');
      await link.click({ button: 'middle' });
      const tab = await opened;
      await tab.waitForLoadState();
      await expect(tab).toHaveURL(new RegExp(`${detailPath(batch.orders[0]!.id)}$`));
      await tab.close();
      await expect(page).toHaveURL(/\/order-tracking\?/);

      await ordersGrid(page).getByRole('button', { name: 'Row actions' }).click();
      await expect(page.getByRole('menuitem', { name: 'View Order' })).toBeVisible();
      await page.keyboard.press('Escape');

      await link.click();
      await expect(page).toHaveURL(new RegExp(`${detailPath(batch.orders[0]!.id)}$`));
      await expect(page.getByText(`${batch.token}-PO-SHIPPED`).first()).toBeVisible();
    });

    test('columns: the spec default, "Actions" over the row menus, a dragged order saved with the settings, and empty columns hidden on request', async ({
      page,
      orders,
      createUser,
      signIn,
    }) => {
      const batch = await seedTwo(orders);
      const user = await createUser({ orderUser: true });
      await signIn(page, user.username, { path: `${GRID_PATH}?po=${batch.token}` });
      await expect(ordersGrid(page).locator('tbody tr')).toHaveCount(2);
      // The spec's default: every column but PO Date, in the spec's order.
      await expect.poll(() => headerLabels(page)).toEqual(DEFAULT_COLUMNS);
      await expect(
        ordersGrid(page).getByRole('columnheader', { name: 'Actions', exact: true }),
      ).toBeVisible();
      await expect(ordersGrid(page).getByRole('columnheader', { name: 'Actions', exact: true })).toHaveText(
        'Actions',
      );

      // Drag Customer PO Number to the top of the column menu.
      await page.getByRole('button', { name: 'More fields', exact: true }).click();
      const columns = page.getByRole('group', { name: 'Columns', exact: true });
      const saved = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/accounts/update/order-tracking-settings') &&
          response.request().method() === 'POST',
      );
      await columns
        .getByRole('menuitemcheckbox', { name: 'Customer PO Number', exact: true })
        .dragTo(columns.getByRole('menuitemcheckbox', { name: 'Source', exact: true }));
      expect((await saved).status()).toBe(200);
      await expect(columns.getByRole('menuitemcheckbox').first()).toHaveText('Customer PO Number');
      // And Item Number next to it, from the keyboard.
      const item = columns.getByRole('menuitemcheckbox', { name: 'Item Number', exact: true });
      await item.focus();
      for (let step = 0; step < 6; step += 1) await page.keyboard.press('Alt+ArrowUp');
      await expect(columns.getByRole('menuitemcheckbox').nth(1)).toHaveText('Item Number');
      await shoot(page, `first-day-column-menu-${theme}.png`);
      expect(await axeFindings(page)).toEqual([]);
      await page.keyboard.press('Escape');
      const reordered = [
        'Customer PO Number',
        'Item Number',
        ...DEFAULT_COLUMNS.filter((label) => !['Customer PO Number', 'Item Number'].includes(label)),
      ];
      await expect.poll(() => headerLabels(page)).toEqual(reordered);

      // Saved with the column settings: a new visit shows the same order, PO Date still hidden.
      await expect
        .poll(async () => {
          const response = await page.request.get(
            `/api/accounts/order-tracking-settings/username?userName=${user.username}`,
          );
          return ((await response.json()) as { columnOrder: string[] }).columnOrder.slice(0, 2);
        })
        .toEqual(['customerPoNumber', 'itemNumber']);
      await page.reload();
      await expect.poll(() => headerLabels(page)).toEqual(reordered);

      // Hide the columns this page leaves empty (no wildcards, no supplier, no dates but shipped…).
      await page.getByRole('button', { name: 'More fields', exact: true }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Hide columns with no data on this page' }).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => headerLabels(page)).not.toContain('Wildcard 1');
      const shown = await headerLabels(page);
      for (const gone of ['Wildcard 2', 'Supplier Name', 'Line Status', 'Customer', 'Order Date'])
        expect(shown).not.toContain(gone);
      // The filled ones stay, in the saved order; Notes stays, as the place a note is typed.
      expect(shown.slice(0, 3)).toEqual(['Customer PO Number', 'Item Number', 'Source']);
      for (const kept of [
        'Brand',
        'Doc Number',
        'Item Status',
        'Notes',
        'Quantity',
        'Ship To Name',
        'Shipped Date',
        'Tracking Numbers',
      ])
        expect(shown).toContain(kept);
      await shoot(page, `first-day-grid-hide-empty-${theme}.png`);
      expect(await axeFindings(page)).toEqual([]);
      // The identifying columns are on the first screen at 1366 px.
      await page.setViewportSize({ width: 1366, height: 900 });
      for (const label of ['Customer PO Number', 'Item Number', 'Source']) {
        await expect(ordersGrid(page).getByRole('columnheader', { name: label, exact: true })).toBeInViewport(
          {
            ratio: 1,
          },
        );
      }
    });

    test('the search settings button says "More fields" and its tooltip names the fields it adds', async ({
      page,
      createUser,
      signIn,
    }) => {
      const user = await createUser({ orderUser: true });
      await signIn(page, user.username, { path: GRID_PATH });
      const more = page.getByRole('button', { name: 'More fields', exact: true });
      await expect(more).toBeVisible();
      await expect(more).toHaveText('More fields');
      await more.hover();
      const tip = page.getByRole('tooltip');
      await expect(tip).toContainText('Brand Name');
      await expect(tip).toContainText('Tracking Number');
      await shoot(page, `first-day-more-fields-${theme}.png`);
      expect(await axeFindings(page)).toEqual([]);
      await more.click();
      await page.getByRole('menuitemcheckbox', { name: 'Tracking Number', exact: true }).click();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('textbox', { name: 'Tracking Number', exact: true })).toBeVisible();
    });
  });
}
