import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, TEXTS, test, uniqueName } from './fixtures';

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '.artifacts/screenshots');

async function shoot(page: Page, name: string) {
  const file = path.join(SCREENSHOT_DIR, name);
  fs.rmSync(file, { force: true });
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  expect(fs.statSync(file).size).toBeGreaterThan(1000);
}

/** Nothing may stick out sideways: the page must not scroll horizontally. */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

for (const width of [375, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 900 } });

    test(`Home and the user list render and are captured (home-${width}.png, users-${width}.png)`, async ({
      page,
      createUser,
      signIn,
    }) => {
      const admin = await createUser({ isAdmin: true, username: uniqueName('shotadmin') });
      // A long name and address show whether the layout truncates or wraps instead of overflowing.
      const long = await createUser({
        orderUser: true,
        inventoryUser: true,
        username: uniqueName('averylongusername'),
      });
      await createUser({ submissionUser: true, activeStatus: false, username: uniqueName('inactive') });
      // Other specs import orders, so Home may show statistics or the empty message: wait for the answer, either.
      await signIn(page, admin.username);
      const home = page.getByRole('main').locator('section[aria-busy]');
      await expect(home).toHaveAttribute('aria-busy', 'false');
      await expect(
        home.getByText(TEXTS.homeEmpty, { exact: true }).or(home.getByText('Orders Updated')).first(),
      ).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await shoot(page, `home-${width}.png`);

      await page.goto('/admin/manage/users');
      await expect(page.getByText(long.username, { exact: true })).toBeVisible();
      if (width < 1024) {
        await expect(page.getByRole('table')).toHaveCount(0);
      } else {
        // Long names and addresses wrap: every column, the row actions included, fits without sideways scrolling.
        await expect(page.getByRole('table')).toBeVisible();
        await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeInViewport({ ratio: 1 });
        const actions = page
          .getByRole('row')
          .filter({ hasText: long.username })
          .getByRole('button', { name: 'Actions' });
        await expect(actions).toBeInViewport({ ratio: 1 });
        const table = page.locator('[data-slot="table-container"]');
        expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      }
      if (width === 375) await expectNoHorizontalOverflow(page);
      await shoot(page, `users-${width}.png`);
    });
  });
}
