import type { Page } from '@playwright/test';
import { expect, GRID_PATH, gridRow, headerLabels, readClipboard, test } from './fixtures/orders';

/**
 * Ctrl/Cmd+C in the order grid copies formula-like text as text, with the export's guard
 * (docs/design/security.md#spreadsheet-formulas): a pasted `=HYPERLINK(…)` must not become a live link, nor
 * `x;=cmd…` a formula where Excel splits on `;`.
 */

/** Double-clicks the cell of the row holding `rowText` under `label`, copies it, and answers the clipboard. */
async function copyCell(page: Page, rowText: string, label: string): Promise<string> {
  const column = (await headerLabels(page)).indexOf(label);
  expect(column, label).toBeGreaterThanOrEqual(0);
  // In the cell's corner, off its text: the Customer PO Number is a link to the order, which a click follows.
  await gridRow(page, rowText)
    .getByRole('gridcell')
    .nth(column)
    .dblclick({ position: { x: 3, y: 3 } });
  await page.evaluate(() => navigator.clipboard.writeText('(nothing copied)'));
  await page.keyboard.press('ControlOrMeta+c');
  await expect.poll(() => readClipboard(page)).not.toBe('(nothing copied)');
  return readClipboard(page);
}

test('copied cells that a spreadsheet would run are quoted and start with an apostrophe', async ({
  page,
  context,
  createUser,
  orders,
  signIn,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await createUser({ orderUser: true });
  const { token } = await orders.seed([
    {
      customerPoNumber: `=HYPERLINK("http://evil.example","PO")`,
      lineStatus: "x;=cmd|' /C calc'!A0",
      shipToName: 'Plain, -Ship To',
    },
  ]);
  await signIn(page, user.username, { path: GRID_PATH });
  await page.getByRole('textbox', { name: 'Item Number', exact: true }).fill(token);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Records 1', { exact: true })).toBeVisible();
  const row = 'Plain, -Ship To';

  expect(await copyCell(page, row, 'Customer PO Number')).toBe(
    `"'=HYPERLINK(""http://evil.example"",""PO"")"`,
  );
  expect(await copyCell(page, row, 'Line Status')).toBe(`"'x;'=cmd|' /C calc'!A0"`);
  expect(await copyCell(page, row, 'Ship To Name')).toBe('Plain, -Ship To');
});
