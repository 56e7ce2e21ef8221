import type { Locator, Page } from '@playwright/test';
import { E2E_PASSWORD, mainNav, TEXTS } from './fixtures';
import { deleteOrdersOf } from './fixtures/orders';
import { expect, type SourceSeeder, saveButton, signInAt, test, unique } from './fixtures/sources';

/**
 * The problems a real operator hit in a browser walkthrough (issue 16), each checked on a desktop (1440 × 900)
 * and a phone (375 × 812) viewport.
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

/** Fully inside the viewport: not cut at an edge, not scrolled away. */
async function expectFullyOnScreen(locator: Locator) {
  await expect(locator).toBeVisible();
  await expect(locator).toBeInViewport({ ratio: 1 });
}

async function expectWithinViewportWidth(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, 'element has a box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport!.width);
}

/** A shipment file with ten filled columns and long values: the preview is far wider and taller than a phone. */
const WIDE_COLUMNS = {
  itemNumber: 'Item',
  qty: 'Qty',
  trackingNumbers: 'Tracking',
  supplierName: 'Supplier',
  brandName: 'Brand',
  customerName: 'Customer',
  shipToName: 'Ship To',
  customerPoNumber: 'Customer PO',
  documentNumber: 'Document',
  shippingCompany: 'Carrier',
} as const;

function wideShipmentCsv(token: string, rows: number): Buffer {
  const header = Object.values(WIDE_COLUMNS).join(',');
  const lines = Array.from({ length: rows }, (_, index) =>
    [
      `${token}-${index + 1}`,
      index + 1,
      `1Z${String(index).padStart(16, '0')}`,
      'Consolidated Industrial Fasteners International',
      'Weber Outdoor Cooking Equipment',
      'Johnson Family Holdings Incorporated',
      'Margaret Johnson-Williamson',
      `PO-${token}-${index + 1}`,
      `DOC-${token}-${index + 1}`,
      'United Parcel Service Freight',
    ].join(','),
  );
  return Buffer.from(`${[header, ...lines].join('\r\n')}\r\n`, 'utf8');
}

/** The header's Home link: in the header on a desktop, in the drawer on a phone. */
async function clickHomeLink(page: Page) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
}

async function wideTrackingSource(sources: SourceSeeder) {
  const mailbox = await sources.emailSource();
  return sources.orderTrackingSource(mailbox.id, {
    sourceName: unique('Wide shipments'),
    columnNormalizationValues: WIDE_COLUMNS,
  });
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} × ${viewport.height} (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('Process File: a wide, long preview scrolls inside the dialog and Import, Cancel and Close stay on screen', async ({
      page,
      createUser,
      sources,
    }) => {
      test.setTimeout(90_000);
      const user = await createUser({ orderUser: true });
      const source = await wideTrackingSource(sources);
      const token = unique('WK').replace(/-/g, '').toUpperCase();
      await signInAt(page, user.username, `/order-tracking-sources/edit/${source.id}`);
      await page.getByRole('button', { name: 'Process File' }).click({ timeout: 20_000 });
      const dialog = page.getByRole('dialog', { name: 'Process File' });
      await dialog.getByLabel('File', { exact: true }).setInputFiles({
        name: 'tracking_wide.csv',
        mimeType: 'text/csv',
        buffer: wideShipmentCsv(token, 40),
      });
      const preview = dialog.getByRole('table', { name: 'Mapped rows' });
      await expect(preview.getByRole('columnheader', { name: 'Shipping Company' })).toBeAttached();

      await expectWithinViewportWidth(page, dialog);
      const importButton = dialog.getByRole('button', { name: 'Import', exact: true });
      await expect(importButton).toBeEnabled();
      for (const control of [
        importButton,
        dialog.getByRole('button', { name: 'Cancel', exact: true }),
        dialog.getByRole('button', { name: 'Close', exact: true }),
      ]) {
        await expectFullyOnScreen(control);
      }
      // The table is wider than the dialog and scrolls sideways in its own frame, not the dialog or the page.
      const frame = preview.locator('xpath=..');
      const overflow = await frame.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow).toBeGreaterThan(0);

      try {
        await importButton.click();
        await expect(dialog.getByRole('region', { name: 'Import result' })).toContainText('Orders Updated');
        await expectFullyOnScreen(dialog.getByRole('button', { name: 'Done', exact: true }));
        await dialog.getByRole('button', { name: 'Done', exact: true }).click();
        await expect(dialog).toBeHidden();
      } finally {
        await deleteOrdersOf(sources.api, token);
      }
    });

    test('an editor with unsaved input asks before Cancel or a header link leaves it, and the browser asks before a reload', async ({
      page,
      createUser,
      sources,
    }) => {
      test.setTimeout(90_000);
      const user = await createUser({ orderUser: true });
      const mailbox = await sources.emailSource();
      const source = await sources.orderTrackingSource(mailbox.id, { sourceName: unique('Guarded') });
      const editPath = `/order-tracking-sources/edit/${source.id}`;
      await signInAt(page, user.username, editPath);
      const name = page.getByLabel('Source Name', { exact: true });
      // The first load of a screen on a shared, busy test machine can take longer than one expect.
      await expect(name).toHaveValue(source.sourceName, { timeout: 20_000 });
      const guard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });

      // Untouched: Cancel leaves at once.
      await page.getByRole('link', { name: 'Cancel', exact: true }).click();
      await expect(page).toHaveURL(/\/order-tracking-sources$/);
      await page.goBack();
      await expect(name).toHaveValue(source.sourceName);

      const edited = `${source.sourceName} (edited)`;
      await name.fill(edited);
      await page.getByRole('link', { name: 'Cancel', exact: true }).click();
      await expect(guard).toBeVisible();
      await expect(guard).toContainText('You have changes on this page that are not saved.');
      await expectFullyOnScreen(guard.getByRole('button', { name: 'Stay on Page' }));
      await guard.getByRole('button', { name: 'Stay on Page' }).click();
      await expect(guard).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`${editPath}$`));
      await expect(name).toHaveValue(edited);

      await clickHomeLink(page);
      await expect(guard).toBeVisible();
      // Escape as a person presses it: once the dialog has taken the focus, by which time it also listens for the
      // key. A dialog painted but not yet listening (a busy machine, the phone's drawer still closing) let an
      // immediate Escape go to the drawer, and the guard stayed open.
      await expect(guard.getByRole('button', { name: 'Stay on Page' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(guard).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`${editPath}$`));
      await expect(name).toHaveValue(edited);

      // Leaving the document (reload, closing the tab) gets the browser's own prompt.
      const prompts: string[] = [];
      page.once('dialog', (dialog) => {
        prompts.push(dialog.type());
        void dialog.dismiss();
      });
      await page.evaluate(() => window.location.reload()).catch(() => undefined);
      await expect.poll(() => prompts).toEqual(['beforeunload']);
      await expect(name).toHaveValue(edited);

      await page.getByRole('link', { name: 'Cancel', exact: true }).click();
      await guard.getByRole('button', { name: 'Discard Changes' }).click();
      await expect(page).toHaveURL(/\/order-tracking-sources$/);

      // Saved input is not unsaved: after Save, Cancel leaves without asking.
      await page.goto(editPath);
      await name.fill(edited);
      await saveButton(page).click();
      await expect(page.getByText('Order tracking source saved successfully!')).toBeVisible({
        timeout: 20_000,
      });
      await page.getByRole('link', { name: 'Cancel', exact: true }).click();
      await expect(page).toHaveURL(/\/order-tracking-sources$/);
      await expect(guard).toHaveCount(0);
    });

    test('a data page uses the width it has: row actions stay on screen and a table that scrolls shows it', async ({
      page,
      createUser,
      sources,
    }) => {
      test.setTimeout(90_000);
      const user = await createUser({ orderUser: true });
      const mailbox = await sources.emailSource();
      const source = await sources.orderTrackingSource(mailbox.id, {
        sourceName: unique('Wide list'),
        subjectValue: 'Daily shipment confirmation for all open purchase orders of the northern warehouse',
        attachmentName: 'northern_warehouse_shipment_confirmation_*.csv',
        fromEmail: 'shipment-confirmations@logistics.northern-warehouse.example.com',
      });
      await signInAt(page, user.username, '/order-tracking-sources');
      const actions = (scope: Locator) => scope.getByRole('button', { name: 'Actions' });

      if (viewport.name === 'phone') {
        // Cards on a phone: each card's actions are on screen and the page never scrolls sideways.
        const card = page.locator('[data-slot="card"]').filter({ hasText: source.sourceName });
        await expectFullyOnScreen(actions(card).first());
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        return;
      }

      const table = page.getByRole('table');
      const row = table.getByRole('row').filter({ hasText: source.sourceName });
      await expect(row).toBeVisible({ timeout: 20_000 });
      // Full width: past the 1,280 px reading measure, with Last Run and the actions in view without scrolling.
      const main = await page.locator('main').boundingBox();
      expect(main!.width).toBeGreaterThan(1300);
      await expectFullyOnScreen(table.getByRole('columnheader', { name: 'Last Run' }));
      await expectFullyOnScreen(actions(row));

      // Narrower (a small laptop): the table scrolls, says so with an edge shadow, and the actions stay in view.
      await page.setViewportSize({ width: 1024, height: 768 });
      const frame = page.locator('[data-slot="table-container"]');
      await expect(frame).toHaveAttribute('data-more-right', 'true');
      await expectFullyOnScreen(actions(row));
      await frame.evaluate((element) => {
        element.scrollLeft = element.scrollWidth;
      });
      await expect(frame).not.toHaveAttribute('data-more-right');
      await expectFullyOnScreen(table.getByRole('columnheader', { name: 'Last Run' }));
      await actions(row).click();
      await expect(page.getByRole('menuitem', { name: 'Process File' })).toBeVisible();
    });

    test('messages say what happened: no permission, a deliberate logout, a new attempt on the login page', async ({
      page,
      createUser,
    }) => {
      test.setTimeout(90_000);
      const user = await createUser({ orderUser: true });
      const notice = page.getByText(TEXTS.noPermission, { exact: true });

      // A page the user's flags do not open: Home says why.
      await signInAt(page, user.username, '/inventory-sources');
      await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
      await expect(notice).toBeVisible();
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/home$/);
      await expect(notice).toBeVisible();
      // Only for that one arrival: the next navigation inside the app drops it.
      await clickHomeLink(page);
      await expect(page.getByRole('heading', { name: TEXTS.homeHeading })).toBeVisible();
      await expect(notice).toHaveCount(0);

      // A deliberate logout is not an expired session.
      const menu = page.getByRole('button', { name: 'Open menu' });
      if (await menu.isVisible()) {
        await menu.click();
        await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
      } else {
        await page.getByRole('button', { name: 'Account' }).click();
        await page.getByRole('menuitem', { name: 'Logout' }).click();
      }
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      await page.goto('/order-tracking');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText(TEXTS.pleaseLogIn, { exact: true })).toBeVisible();
      await expect(page.getByText(TEXTS.sessionExpired, { exact: true })).toHaveCount(0);

      // A failed attempt, then one that stops at a field error: only the new error shows.
      await page.getByLabel('Username').fill(user.username);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText(TEXTS.loginFailed, { exact: true })).toBeVisible();
      await page.getByLabel('Username').fill('');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText(TEXTS.usernameRequired, { exact: true })).toBeVisible();
      await expect(page.getByText(TEXTS.loginFailed, { exact: true })).toHaveCount(0);

      // Signing in again ends the "logged out" state: a session that really ends later is called expired.
      await page.getByLabel('Username').fill(user.username);
      await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/home$/);
      await page.context().clearCookies();
      await page.goto('/order-tracking');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText(TEXTS.sessionExpired, { exact: true })).toBeVisible();
    });
  });
}
