import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { emailSourceLabel } from '@app/contracts';
import type { Locator } from '@playwright/test';
import {
  TEST_CHROMIUM_FLAGS,
  testChromiumPath,
} from '../apps/server/src/integrations/browser/chromium-flags';
import { E2E_ADMIN } from './fixtures';
import { IMPORT_FIGURES, listRequest } from './fixtures/orders';
import { expect, rowAction, rowWith, signInAt, test, unique } from './fixtures/sources';
import { axeViolations, checkBothThemes, THEMES } from './fixtures/themes';

/**
 * Issue 34, items 9–14 ("an operator's first day"), through the screens: the e-mail source's one status, new and
 * changed orders, dates in the Process File preview, the audit log's labels, Home's Start here panel, a page width
 * that does not change between pages, and the cosmetics. Each changed screen is checked with axe and
 * photographed in both themes (e2e/.artifacts/first-day/).
 */

// Real scrollbars: Playwright hides them in headless Chromium, and the page-width test is about their room.
test.use({
  launchOptions: {
    executablePath: testChromiumPath(),
    args: TEST_CHROMIUM_FLAGS,
    ignoreDefaultArgs: ['--hide-scrollbars'],
  },
});

const SHOTS = path.resolve(import.meta.dirname, '.artifacts/first-day');

/** WCAG contrast ratio of two CSS colours as the browser computed them (rgb/rgba/oklch resolved by a canvas). */
async function contrastOf(
  locator: Locator,
  property: 'border-top-color' | 'background-color',
): Promise<number> {
  return locator.evaluate((element, cssProperty) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgbOf = (color: string, over: [number, number, number] = [255, 255, 255]) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = `rgb(${over.join(',')})`;
      context.fillRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!] as [number, number, number];
    };
    const luminance = ([r, g, b]: [number, number, number]) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    // The first opaque background behind the control.
    let backdrop: Element | null = element.parentElement;
    let background = 'rgb(255, 255, 255)';
    while (backdrop) {
      const color = getComputedStyle(backdrop).backgroundColor;
      if (color && color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') {
        background = color;
        break;
      }
      backdrop = backdrop.parentElement;
    }
    const behind = rgbOf(background);
    const style = getComputedStyle(element);
    // The control's own opacity (a disabled box is drawn at half) blends its edge into the background.
    const opacity = Number(style.opacity);
    const edge = rgbOf(style.getPropertyValue(cssProperty), behind);
    const drawn = edge.map((value, index) =>
      Math.round(value * opacity + behind[index]! * (1 - opacity)),
    ) as [number, number, number];
    const [lighter, darker] = [luminance(drawn), luminance(behind)].sort((a, b) => b - a);
    return (lighter! + 0.05) / (darker! + 0.05);
  }, property);
}

function csvUpload(name: string, rows: string[][]) {
  return {
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(`${rows.map((row) => row.join(',')).join('\r\n')}\r\n`, 'utf8'),
  };
}

test('9. the e-mail source list shows one status per mailbox: last success, last attempt and its outcome, what failed', async ({
  page,
  sources,
  signIn,
}) => {
  // A mailbox on a loopback port where nothing listens: every poll fails to connect.
  const source = await sources.emailSource({ incomingServer: '127.0.0.1', incomingPort: 1, ssl: false });
  await signIn(page, E2E_ADMIN.username, { password: E2E_ADMIN.password, path: '/email-sources' });
  await expect(page.getByRole('heading', { name: 'Email Sources' })).toBeVisible();
  const table = page.getByRole('table');
  // The headers are read once the table has loaded (allTextContents does not wait).
  await expect(table.getByRole('columnheader', { name: 'Mailbox Status' })).toBeVisible();
  const headers = (await table.getByRole('columnheader').allTextContents()).map((text) => text.trim());
  expect(headers).not.toContain('Last Poll');
  expect(headers).not.toContain('Last Run');
  const row = rowWith(page, source.username);
  await expect(row).toContainText('Never polled');

  await rowAction(page, row, 'Check now');
  const status = row.getByTestId('mailbox-status');
  await expect(status).toBeVisible({ timeout: 30_000 });
  await expect(status.getByRole('paragraph')).toHaveText([
    'Last success: never',
    /^Last attempt: just now\s*Failed$/,
    /Could not connect to 127\.0\.0\.1:1/,
  ]);
  await expect(status.getByRole('link', { name: 'Failed: open the poll history' })).toHaveAttribute(
    'href',
    `/email-sources/history/${source.id}`,
  );

  await checkBothThemes(page, { folder: 'first-day', name: 'email-source-status' }, async () => {
    await expect(rowWith(page, source.username).getByTestId('mailbox-status')).toContainText('Failed');
  });

  // The cards say the same, under one heading.
  await page.getByRole('radio', { name: 'Card view' }).click();
  const card = page.locator('[data-slot="card"]').filter({ hasText: source.username });
  await expect(card.getByRole('term')).toContainText(['Mailbox Status']);
  await expect(card.getByTestId('mailbox-status')).toContainText('Last success: never');
});

test('10 and 11. Process File previews dates as the grid shows them; runs and results say how many orders were new and changed', async ({
  page,
  createUser,
  sources,
}) => {
  test.setTimeout(120_000);
  const user = await createUser({ orderUser: true });
  const mailbox = await sources.emailSource();
  const source = await sources.orderTrackingSource(mailbox.id, {
    sourceName: unique('First day'),
    attachmentName: '*.csv',
    columnNormalizationValues: { shippedDate: 'Shipped' },
  });
  const token = unique('FD').replace(/-/g, '').toUpperCase();
  const item = (n: number) => `${token}-${n}`;
  const header = ['Item', 'Qty', 'Tracking', 'Shipped'];
  const first = Array.from({ length: 20 }, (_, n) => [item(n + 1), '1', `1ZFD${n}`, '2024-03-05']);

  try {
    await signInAt(page, user.username, '/order-tracking-sources');
    await rowAction(page, rowWith(page, source.sourceName), 'Process File');
    let dialog = page.getByRole('dialog', { name: 'Process File' });
    await dialog
      .getByLabel('File', { exact: true })
      .setInputFiles(csvUpload('first.csv', [header, ...first]));

    // 11: the preview writes the shipped date as the grid does, not as the ISO text the server sends.
    const preview = dialog.getByRole('table', { name: 'Mapped rows' });
    await expect(preview).toBeVisible();
    const shippedIndex = (await preview.getByRole('columnheader').allTextContents()).indexOf('Shipped Date');
    expect(shippedIndex).toBeGreaterThan(0);
    const firstRow = preview
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
      .first();
    await expect(firstRow.getByRole('cell').nth(shippedIndex)).toHaveText('03/05/2024');
    await expect(preview).not.toContainText('2024-03-05');

    // 10: a first import of 20 new orders says so.
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    let result = dialog.getByRole('region', { name: 'Import result' });
    await expect(
      result.getByText('Imported 20 rows: 20 orders updated (20 new, 0 changed), 0 deleted', { exact: true }),
    ).toBeVisible();
    await expect(result.getByRole('term')).toHaveText([...IMPORT_FIGURES]);
    await expect(result.getByRole('definition')).toHaveText(['20', '20', '0', '0']);
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // A second file: one order changed, one new, the rest as stored.
    const second = [
      ...first.slice(1),
      [item(1), '9', '1ZFD0', '2024-03-05'],
      [item(21), '1', '1ZFD21', '2024-03-06'],
    ];
    await rowAction(page, rowWith(page, source.sourceName), 'Process File');
    dialog = page.getByRole('dialog', { name: 'Process File' });
    await dialog
      .getByLabel('File', { exact: true })
      .setInputFiles(csvUpload('second.csv', [header, ...second]));
    await expect(dialog.getByRole('table', { name: 'Mapped rows' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    result = dialog.getByRole('region', { name: 'Import result' });
    await expect(result.getByRole('definition')).toHaveText(['2', '1', '1', '0']);
    // The result in both themes (the dialog opened again after each reload, on the file just imported).
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The grid shows the same date as the preview did.
    await page.goto('/order-tracking');
    const itemSearch = page.getByRole('textbox', { name: 'Item Number', exact: true });
    await itemSearch.fill(item(21));
    await itemSearch.press('Enter');
    await expect(page.getByText('Records 1', { exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: item(21) })).toContainText('03/06/2024');

    // The run history: the split under Orders Updated, newest first.
    await page.goto(`/order-tracking-sources/history/${source.id}`);
    const runs = page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });
    await expect(runs).toHaveCount(2);
    await expect(runs.nth(0)).toContainText('2 (1 new, 1 changed)');
    await expect(runs.nth(0)).toContainText(
      'Imported 21 rows: 2 orders updated (1 new, 1 changed), 0 deleted',
    );
    await expect(runs.nth(1)).toContainText('20 (20 new, 0 changed)');
    await checkBothThemes(page, { folder: 'first-day', name: 'run-history-new-changed' }, async () => {
      await expect(runs.nth(0)).toContainText('2 (1 new, 1 changed)');
    });

    // Home keeps the spec's one count: 22 orders updated.
    await page.goto('/home');
    await expect(rowWith(page, source.sourceName).getByRole('cell')).toHaveText([
      source.sourceName,
      '22',
      '0',
    ]);

    // And the Process File result, photographed in both themes.
    await page.goto('/order-tracking-sources');
    await checkBothThemes(
      page,
      { folder: 'first-day', name: 'process-file-preview' },
      async () => {
        await rowAction(page, rowWith(page, source.sourceName), 'Process File');
        const again = page.getByRole('dialog', { name: 'Process File' });
        await again
          .getByLabel('File', { exact: true })
          .setInputFiles(csvUpload('first.csv', [header, ...first]));
        await expect(again.getByRole('table', { name: 'Mapped rows' })).toContainText('03/05/2024');
      },
      { scope: '[role="dialog"]', fullPage: false },
    );
  } finally {
    const response = await sources.api.post('/api/order-tracking/list', {
      data: listRequest({ PageSize: 100, ItemNumberParam: token }),
    });
    if (response.ok()) {
      const { orders } = (await response.json()) as { orders: Array<{ id: number }> };
      for (const order of orders) await sources.api.post(`/api/order-tracking/delete/${order.id}`);
    }
  }
});

test('12. the audit log names fields by the editors’ labels, the e-mail source by its name, and lists no empty-to-empty field', async ({
  page,
  sources,
  signIn,
}) => {
  const mailbox = await sources.emailSource({ ssl: false });
  const tracking = await sources.orderTrackingSource(mailbox.id, { sourceName: unique('Audited') });
  await signIn(page, E2E_ADMIN.username, { password: E2E_ADMIN.password, path: '/admin/audit' });
  await expect(page.getByRole('heading', { name: /Audit Log/i })).toBeVisible();

  const entries = page.getByRole('list', { name: 'Audit entries' });
  const mailboxEntry = entries
    .getByRole('listitem')
    .filter({ hasText: `E-mail source #${mailbox.id}` })
    .first();
  await expect(mailboxEntry).toBeVisible();
  const fields = async (entry: Locator) =>
    (
      await entry
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
        .locator('td:first-child')
        .allTextContents()
    ).map((text) => text.trim());
  const mailboxFields = await fields(mailboxEntry);
  expect(mailboxFields).toContain('Use SSL');
  expect(mailboxFields).toContain('Use Microsoft Authentication (MSAL)');
  expect(mailboxFields).not.toContain('Ssl');
  expect(mailboxFields).not.toContain('Is msal');
  // The unset Client ID and Tenant ID are not "— → —".
  expect(mailboxFields).not.toContain('Client ID');
  for (const row of await mailboxEntry
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .all()) {
    const cells = (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
    expect(
      cells.filter((text) => text === '—'),
      cells.join(' | '),
    ).not.toHaveLength(2);
  }

  const trackingEntry = entries
    .getByRole('listitem')
    .filter({ hasText: `Order tracking source #${tracking.id}` })
    .first();
  const emailSourceRow = trackingEntry
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Email Source', exact: true }) });
  await expect(emailSourceRow).toContainText(emailSourceLabel(mailbox));
  await expect(emailSourceRow).not.toContainText(`: ${mailbox.id}`);
  await expect(
    trackingEntry.getByRole('cell', { name: 'Column mapping: Item Number', exact: true }),
  ).toBeVisible();

  await checkBothThemes(page, { folder: 'first-day', name: 'audit-labels' }, async () => {
    await expect(entries.getByRole('listitem').first()).toBeVisible();
  });
});

test('14. the page width and the header stay put between a short page and a long one', async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 1366, height: 700 });
  await signIn(page, E2E_ADMIN.username, { password: E2E_ADMIN.password, path: '/admin' });
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const measure = async () => {
    const home = await page
      .getByRole('banner')
      .getByRole('link', { name: 'Home', exact: true })
      .first()
      .boundingBox();
    return {
      width: await page.evaluate(() => document.documentElement.clientWidth),
      scrolls: await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight),
      homeX: home?.x,
    };
  };
  const short = await measure();
  expect(short.scrolls).toBe(false);

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'User Information' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0, { timeout: 20_000 });
  const long = await measure();
  expect(long.scrolls).toBe(true);
  expect(long).toEqual({ ...short, scrolls: true });

  // The scrollbar is real here (its track is 15 px): the page is narrower than the window on both pages.
  expect(short.width).toBeLessThan(await page.evaluate(() => window.innerWidth));
});

test('14. cosmetics: the admin buttons line up, Ready to Process is no spinner, unchecked boxes are visible in both themes', async ({
  page,
  sources,
  signIn,
}) => {
  await signIn(page, E2E_ADMIN.username, { password: E2E_ADMIN.password, path: '/admin' });
  const buttons = page
    .getByRole('main')
    .getByRole('link', { name: /^(Manage Users|Manage Webhooks|View Audit Log)$/ });
  await expect(buttons).toHaveCount(3);
  const tops = await Promise.all(
    (await buttons.all()).map(async (button) => (await button.boundingBox())!.y),
  );
  expect(new Set(tops).size, tops.join(', ')).toBe(1);
  await checkBothThemes(page, { folder: 'first-day', name: 'admin-dashboard' }, async () => {
    await expect(buttons).toHaveCount(3);
  });

  const mailbox = await sources.emailSource();
  const inventory = await sources.inventorySource(mailbox.id);
  await page.goto(`/inventory-sources/manually-process/${inventory.id}`);
  const ready = page.getByText('Ready to Process', { exact: true });
  await expect(ready).toBeVisible();
  const card = page.locator('[data-slot="card"]').filter({ has: ready });
  await expect(card.locator('svg.lucide-circle-dashed, svg.animate-spin')).toHaveCount(0);
  await expect(card.locator('svg.lucide-file-up')).toHaveCount(1);
  await checkBothThemes(page, { folder: 'first-day', name: 'inventory-ready' }, async () => {
    await expect(page.getByText('Ready to Process', { exact: true })).toBeVisible();
  });

  // The unchecked "Use SSL" box, in the editor (enabled) and in the list (read-only), at 3:1 or more.
  const plain = await sources.emailSource({ ssl: false });
  for (const theme of THEMES) {
    await page.evaluate((chosen) => localStorage.setItem('theme', chosen), theme);
    await page.goto(`/email-sources/edit/${plain.id}`);
    // In the editor it is a switch: its off track.
    const editorBox = page.getByRole('switch', { name: 'Use SSL' });
    await expect(editorBox).not.toBeChecked();
    expect(await contrastOf(editorBox, 'background-color'), `editor, ${theme}`).toBeGreaterThanOrEqual(3);
    expect(await axeViolations(page), `email source editor, ${theme}`).toEqual([]);
    await mkdir(SHOTS, { recursive: true });
    await editorBox.screenshot({ path: path.join(SHOTS, `use-ssl-editor-unchecked-${theme}.png`) });
    await page.screenshot({ path: path.join(SHOTS, `email-source-editor-${theme}.png`), fullPage: true });

    await page.goto('/email-sources');
    const listBox = page.getByRole('checkbox', { name: `Use SSL for ${plain.username}` });
    await expect(listBox).not.toBeChecked();
    expect(await contrastOf(listBox, 'border-top-color'), `list, ${theme}`).toBeGreaterThanOrEqual(3);
    await listBox.screenshot({ path: path.join(SHOTS, `use-ssl-list-unchecked-${theme}.png`) });
    // Every unchecked box on the list (the Active column's too) at 3:1 or more.
    for (const box of await page.getByRole('checkbox', { checked: false }).all())
      expect(await contrastOf(box, 'border-top-color'), `list box, ${theme}`).toBeGreaterThanOrEqual(3);
  }
});
