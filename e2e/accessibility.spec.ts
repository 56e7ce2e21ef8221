import AxeBuilder from '@axe-core/playwright';
import { E2E_ADMIN, expect, type Page, test } from './fixtures';

/**
 * axe-core on the screens an admin can open, in both themes (issue 16, item 7): no serious or critical
 * violation of WCAG 2.1 A/AA, colour contrast included (4.5:1 text, 3:1 controls).
 */

const SIGNED_OUT = ['/', '/reset-password?token=not-a-real-token'] as const;
const SIGNED_IN = [
  '/home',
  '/account',
  '/sources',
  '/email-sources',
  '/email-sources/edit/0',
  '/order-tracking-sources',
  '/order-tracking-sources/edit/0',
  '/inventory-sources',
  '/inventory-sources/edit/0',
  '/order-submission/sources',
  '/order-submission/sources/edit/0',
  '/order-submission/vendor',
  '/order-submission/vendor/edit/0',
  '/notification-settings',
  '/notification-settings/edit/0',
  '/order-tracking',
  '/admin',
  '/admin/manage/users',
  '/admin/manage/users/edit/0',
  '/admin/webhooks',
  '/admin/webhooks/edit/0',
] as const;

async function seriousViolations(page: Page, path: string) {
  await page.goto(path);
  // Wait for the screen itself, not its loading spinner.
  await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0, { timeout: 20_000 });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      path,
      rule: violation.id,
      nodes: violation.nodes.slice(0, 3).map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
    }));
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
    });

    test('signed-out screens have no serious or critical axe violation', async ({ page }) => {
      const found = [];
      for (const path of SIGNED_OUT) found.push(...(await seriousViolations(page, path)));
      expect(found).toEqual([]);
    });

    test('every admin screen has no serious or critical axe violation', async ({ page, signIn }) => {
      test.setTimeout(180_000);
      await signIn(page, E2E_ADMIN.username, { password: E2E_ADMIN.password });
      const found = [];
      for (const path of SIGNED_IN) found.push(...(await seriousViolations(page, path)));
      expect(found).toEqual([]);
    });
  });
}
