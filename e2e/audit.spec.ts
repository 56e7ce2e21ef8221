import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { E2E_ADMIN } from './fixtures/constants';
import { choose, expect, saveButton, signInAt, test, unique } from './fixtures/sources';

/** The audit log, docs/behaviour/audit-log.md: an editor's History, and the admins' audit page with its filters. */

const EDITOR = (id: number) => `/order-tracking-sources/edit/${id}`;

function historyDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'History' });
}

/** The entry of the list whose header reads e.g. "Updated by alice". */
function entry(scope: Page | Locator, action: string, username: string): Locator {
  return scope.getByRole('listitem', { name: `${action} by ${username}` });
}

/** The Field / Before / After row of a changed field. */
function changeRow(scope: Locator, field: string): Locator {
  return scope.getByRole('row').filter({ has: scope.page().getByRole('cell', { name: field, exact: true }) });
}

/** Serious or critical axe findings (the rule of e2e/accessibility.spec.ts) within `selector`. */
async function seriousViolations(page: Page, selector?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (selector ? builder.include(selector) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

test.describe('audit log', () => {
  test('a source change shows in its History and on the admin audit page, with the filters', async ({
    page,
    createUser,
    sources,
  }) => {
    const user = await createUser({ orderUser: true });
    const mailbox = await sources.emailSource();
    const before = unique('Audit feed');
    const after = `${before} renamed`;
    const source = await sources.orderTrackingSource(mailbox.id, { sourceName: before });

    // The order user edits the source and opens its History.
    await signInAt(page, user.username, EDITOR(source.id));
    const name = page.getByLabel('Source Name', { exact: true });
    await expect(name).toHaveValue(before);
    await name.fill(after);
    await saveButton(page).click();
    await expect(saveButton(page)).toHaveText('Saved!');

    await page.getByRole('button', { name: 'History' }).click();
    const dialog = historyDialog(page);
    await expect(dialog).toBeVisible();
    const updated = entry(dialog, 'Updated', user.username);
    await expect(updated).toBeVisible();
    await expect(changeRow(updated, 'Source Name')).toContainText(before);
    await expect(changeRow(updated, 'Source Name')).toContainText(after);
    // The seeding admin's creation is there too, older, below the update.
    const created = entry(dialog, 'Created', E2E_ADMIN.username);
    await expect(created).toBeVisible();
    await expect(changeRow(created, 'Source Name')).toContainText(before);
    await expect(dialog.getByText('Page 1 of 1 · 2 entries')).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // An order user has no audit page: it is admins' only.
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: 'Audit Log' })).toHaveCount(0);
  });

  test('admins filter the audit page by user, entity type and dates', async ({
    page,
    createUser,
    signIn,
    sources,
  }) => {
    const user = await createUser({ orderUser: true });
    const mailbox = await sources.emailSource();
    const source = await sources.orderTrackingSource(mailbox.id, { sourceName: unique('Filtered feed') });
    // The order user switches the source off through the API, as the list's switch does.
    const userApi = page.request;
    await signInAt(page, user.username, '/home');
    const origin = new URL(page.url()).origin;
    const toggled = await userApi.post(`/api/order-tracking-sources/${source.id}/active`, {
      data: { activeStatus: false },
      headers: { origin },
    });
    expect(toggled.status(), await toggled.text()).toBe(200);
    await page.context().clearCookies();

    const admin = await createUser({ isAdmin: true });
    await signIn(page, admin.username, { path: '/admin' });
    await page.getByRole('link', { name: 'View Audit Log' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();

    await choose(page, 'User', user.username);
    await expect(page).toHaveURL(/userId=\d+/);
    const switchedOff = entry(page, 'Switched off', user.username);
    await expect(switchedOff).toBeVisible();
    await expect(switchedOff).toContainText(`Order tracking source #${source.id}`);
    await expect(changeRow(switchedOff, 'Active')).toContainText('Yes');
    await expect(page.getByText('Page 1 of 1 · 1 entry')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await choose(page, 'Entity type', 'User');
    await expect(page.getByText('No changes match these filters.')).toBeVisible();
    await choose(page, 'Entity type', 'Order tracking source');
    await expect(switchedOff).toBeVisible();

    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}|to=${today}`));
    await expect(switchedOff).toBeVisible();
    await page.getByLabel('From', { exact: true }).fill('2001-01-01');
    await page.getByLabel('To', { exact: true }).fill('2001-01-02');
    await expect(page.getByText('No changes match these filters.')).toBeVisible();

    // The filters live in the URL: a reload keeps them.
    await page.reload();
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('2001-01-01');
    await expect(page.getByText('No changes match these filters.')).toBeVisible();
  });
});
