import fs from 'node:fs';
import path from 'node:path';
import type { DailyStatsResponse, InventoryHistoryResponse, ItemHistoryResponse } from '@app/contracts';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { PREDICTIVE_SETTINGS } from '../apps/server/test/payloads';
import { itemQtyCsvSource } from './fixtures/inventory';
import { expect, type SourceSeeder, signInAt, test } from './fixtures/sources';

/**
 * The charts (issue 33; docs/behaviour/home.md#orders-per-day, docs/behaviour/inventory.md#charts,
 * docs/behaviour/runs-and-history.md#runs-per-day): their names state the main figure, the data table opens on
 * demand, the keyboard reaches each point's tooltip, axe finds nothing in either theme, and each chart is
 * captured in both themes and at phone width (e2e/.artifacts/screenshots/chart-*.png).
 */

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '.artifacts/screenshots');

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, name);
  fs.rmSync(file, { force: true });
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  expect(fs.statSync(file).size).toBeGreaterThan(1000);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

const DAYS = Array.from({ length: 14 }, (_, index) => `2026-11-${String(14 + index).padStart(2, '0')}`);

/** Three sources over 14 days; Bolt sent nothing on the 20th and the 26th. */
function dailyStats(): DailyStatsResponse {
  return {
    timeZone: 'UTC',
    days: DAYS.map((date, index) => ({
      date,
      sources: [
        {
          sourceId: 1,
          sourceName: 'Acme Shipping',
          ordersUpdated: 100 + index * 10,
          ordersDeleted: index % 3 === 0 ? 12 : 0,
          runs: 3,
        },
        {
          sourceId: 2,
          sourceName: 'Bolt Freight',
          ordersUpdated: [6, 12].includes(index) ? 0 : 40 - index,
          ordersDeleted: [6, 12].includes(index) ? 0 : 5,
          runs: [6, 12].includes(index) ? 0 : 1,
        },
        {
          sourceId: 3,
          sourceName: 'Carrier with a rather long source name',
          ordersUpdated: index === 13 ? 0 : 7,
          ordersDeleted: 1,
          runs: 1,
        },
      ],
    })),
  };
}

/** 12 runs over 14 days: two days without a file, one run held by the drift guard. */
function stockHistory(sourceId: number): InventoryHistoryResponse {
  const runs: InventoryHistoryResponse['runs'] = [];
  const daysWithoutFile = ['2026-11-18', '2026-11-19'];
  let runId = 500;
  for (const date of DAYS) {
    if (daysWithoutFile.includes(date)) continue;
    runId++;
    const held = date === '2026-11-23';
    runs.push({
      runId,
      startedAt: `${date}T08:00:00.000Z`,
      date,
      status: held ? 'held' : 'succeeded',
      active: held ? 30 : 180 - (runId % 5) * 6,
      inactive: held ? 170 : 20 + (runId % 5) * 6,
      turnedActive: held ? 0 : (runId % 3) * 4,
      turnedInactive: held ? 150 : (runId % 4) * 3,
      inactiveEarly: held ? 0 : runId % 2,
      held,
    });
  }
  return {
    sourceId,
    sourceName: 'Acme stock',
    timeZone: 'UTC',
    from: DAYS[0]!,
    to: DAYS[13]!,
    runs,
    daysWithoutFile,
  };
}

async function pickTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
}

/** An Item,Qty source with the predictive algorithm on, items A1–A4. */
function predictiveSource(sources: SourceSeeder) {
  return itemQtyCsvSource(sources, {
    usesPredictiveAlgorithm: true,
    lookbackDays: 30,
    minDataPoints: 2,
    safetyMultiplier: 1.5,
    safetyPadding: 0,
    largeDropThreshold: 1000,
    largeDropMultiplier: 2,
  });
}

async function processCsv(sources: SourceSeeder, sourceId: number, rows: Array<[string, number]>) {
  const response = await sources.api.post('/api/inventory-sources/manually-process', {
    multipart: {
      sourceId: String(sourceId),
      sendEmailNotification: 'false',
      submitViaSftp: 'false',
      file: {
        name: 'stock_1.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`Item,Qty\n${rows.map(([item, qty]) => `${item},${qty}`).join('\n')}\n`),
      },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { runId: number; status: string };
}

test.describe('Home: orders per day', () => {
  test.describe.configure({ timeout: 120_000 });

  test('below the spec’s table; the name states the totals, the keyboard reads each day, a day without a file says so', async ({
    page,
    createUser,
    signIn,
  }) => {
    await page.route('**/api/stats/order-tracking/daily*', (route) => route.fulfill({ json: dailyStats() }));
    const user = await createUser({ orderUser: true });
    await signIn(page, user.username);
    const figure = page.getByRole('figure', { name: /^Orders per day, last 14 days\./ });
    await expect(figure).toHaveAccessibleName(
      'Orders per day, last 14 days. 2,808 orders updated and 134 deleted over 14 days by 3 sources; Bolt Freight sent nothing on 2 days.',
    );
    // The spec's table stays above, unchanged.
    await expect(page.getByRole('table').first().getByRole('columnheader')).toHaveText([
      'Source Name',
      'Orders Updated',
      'Orders Deleted',
    ]);

    const bolt = figure.getByRole('group', { name: /^Bolt Freight: / });
    await expect(bolt).toHaveAccessibleName(
      'Bolt Freight: 407 updated, 60 deleted, no file on 2 days. Use the arrow keys to read each day.',
    );
    await bolt.focus();
    await expect(figure.getByText('Nov 27: 27 updated, 5 deleted (1 file)')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(figure.getByText('Nov 26: no file')).toBeVisible();
    await page.keyboard.press('Home');
    await expect(figure.getByText('Nov 14: 40 updated, 5 deleted (1 file)')).toBeVisible();

    await figure.getByRole('button', { name: 'Show data table' }).click();
    const table = figure.getByRole('table', { name: 'Orders per day, last 14 days: data' });
    await expect(table.getByRole('row')).toHaveCount(1 + 14 * 3);
    await expect(table.getByRole('row', { name: /Nov 20 Bolt Freight/ }).getByRole('cell')).toHaveText([
      'Nov 20',
      'Bolt Freight',
      '0',
      '0',
      'none',
    ]);
    await figure.getByRole('button', { name: 'Hide data table' }).click();
    await expect(table).toHaveCount(0);
  });

  test('the real endpoint: a signed-in user sees every active source over 14 days', async ({
    page,
    createUser,
    signIn,
    sources,
  }) => {
    const mailbox = await sources.emailSource();
    const tracking = await sources.orderTrackingSource(mailbox.id);
    const user = await createUser({ orderUser: true });
    await signIn(page, user.username);
    const figure = page.getByRole('figure', { name: /^Orders per day, last 14 days\./ });
    await expect(
      figure.getByRole('group', {
        name: new RegExp(`^${tracking.sourceName}: 0 updated, 0 deleted, no file on 14 days`),
      }),
    ).toBeVisible();
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1440, 375]) {
      test(`${theme} theme at ${width} px: no axe violation; captured (chart-home-${theme}-${width}.png)`, async ({
        page,
        createUser,
        signIn,
      }) => {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await pickTheme(page, theme);
        await page.route('**/api/stats/order-tracking/daily*', (route) =>
          route.fulfill({ json: dailyStats() }),
        );
        const user = await createUser({ orderUser: true });
        await signIn(page, user.username);
        const figure = page.getByRole('figure', { name: /^Orders per day/ });
        await expect(figure).toBeVisible();
        if (width === 375) await expect(figure.getByRole('listitem')).toHaveCount(3);
        await figure.getByRole('group', { name: /^Bolt Freight/ }).focus();
        await page.keyboard.press('ArrowLeft');
        await expectNoAxeViolations(page);
        await shoot(page, `chart-home-${theme}-${width}.png`);
      });
    }
  }
});

test.describe('Inventory: stock history, Why this item?, runs per day', () => {
  // Three screens, each read by axe and captured: more than the default minute on a busy 2-core machine.
  test.describe.configure({ timeout: 240_000 });

  test('from the list’s Actions and the run history; a real prediction explained with the figures it used', async ({
    page,
    createUser,
    sources,
  }) => {
    const source = await predictiveSource(sources);
    const first = await processCsv(sources, source.id, [
      ['A1', 10],
      ['A2', 10],
      ['A3', 10],
      ['A4', 10],
    ]);
    expect(first.status).toBe('succeeded');
    // Seconds later A1 dropped by 1: a steep rate per day, predicted below 0, so Inactive early.
    const second = await processCsv(sources, source.id, [
      ['A1', 9],
      ['A2', 10],
      ['A3', 10],
      ['A4', 10],
    ]);
    expect(second.status).toBe('succeeded');

    const user = await createUser({ inventoryUser: true });
    await signInAt(page, user.username, `/inventory-sources/stock-history/${source.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${source.sourceName} — Stock History`);
    const items = page.getByRole('figure', { name: /^Items Active and Inactive per run\./ });
    await expect(items).toHaveAccessibleName(
      /Latest delivered run \(\w{3} \d+\): 3 Active, 1 Inactive\. 2 runs in 90 days, 0 held; 89 days without a file\.$/,
    );
    const switched = page.getByRole('figure', { name: /^Items switched per run\./ });
    await expect(switched).toHaveAccessibleName(
      /Over 90 days: 4 switched to Active, 1 to Inactive \(1 early by prediction\)\.$/,
    );
    // The chart is one tab stop; the arrow keys move its tooltip from run to run.
    await items.locator('svg[role="application"]').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await expect(items.getByText(/^\w{3} \d+–\w{3} \d+: no file$/)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(items.getByText(/· run \d+ · Delivered$/)).toBeVisible();

    await page.getByLabel('Item number').fill('a1');
    await page.getByRole('button', { name: 'Why this item?' }).click();
    await expect(page).toHaveURL(new RegExp(`/inventory-sources/stock-history/${source.id}/items/a1$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Why this item? a1');
    await expect(page.getByText(`Run ${second.runId} of`)).toContainText(
      'decided Inactive — early, by prediction.',
    );
    const figures = page
      .getByRole('region', { name: 'The prediction' })
      .or(page.locator('[data-slot="card"]', { hasText: 'The prediction' }));
    await expect(figures.getByText('below the threshold: Inactive early')).toBeVisible();
    await expect(figures.getByText(/^Item A1: predicted -\d+/)).toBeVisible();
    const chart = page.getByRole('figure', { name: /^Quantity of A1 over the last 30 days\./ });
    await expect(chart).toHaveAccessibleName(
      /Quantity 9 at the last snapshot; predicted -[\d,.]+ at the next expected update, below the threshold \(above 0\): Inactive early\.$/,
    );
    await chart.getByRole('button', { name: 'Show data table' }).click();
    await expect(chart.getByRole('table').getByRole('row')).toHaveCount(1 + 3);
    await expect(page.getByRole('listitem').filter({ hasText: /^Active → Inactive/ })).toContainText(
      `run ${second.runId}`,
    );

    // A2 did not move: a rate of 0 keeps it Active.
    await page.getByLabel('Item number').fill('A2');
    await page.getByRole('button', { name: 'Why this item?' }).click();
    await expect(page.getByText('not below the threshold: no early switch')).toBeVisible();

    // The list's Actions and the run history both lead here; the run history draws its runs per day.
    await page.goto('/inventory-sources');
    const row = page.getByRole('row', { name: new RegExp(source.sourceName) });
    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Stock History' }).click();
    await expect(page).toHaveURL(new RegExp(`/inventory-sources/stock-history/${source.id}$`));
    await page.getByRole('link', { name: 'Run History' }).click();
    const runsChart = page.getByRole('figure', { name: /^Runs per day, last 30 days\./ });
    await expect(runsChart).toHaveAccessibleName(
      /Last 30 days: 2 succeeded, 0 failed, 0 held; median duration [\d.,]+ m?s on \w{3} \d+, longest [\d.,]+ m?s on \w{3} \d+\.$/,
    );
    // A run's item list: the latest run's Details name the item it switched, linked to its explanation.
    await page.getByRole('row').nth(1).getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run Details' });
    await dialog
      .getByRole('region', { name: 'Items switched to Inactive' })
      .getByRole('link', { name: 'A1', exact: true })
      .click();
    await expect(page).toHaveURL(
      new RegExp(`/inventory-sources/stock-history/${source.id}/items/A1\\?runId=${second.runId}$`),
    );
    await expect(page.getByText(`Run ${second.runId} of`)).toContainText('decided Inactive');
    await page.goBack();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Stock History' }).click();
    await expect(page).toHaveURL(new RegExp(`/inventory-sources/stock-history/${source.id}$`));
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1440, 375]) {
      test(`${theme} theme at ${width} px: stock history, item and runs charts have no axe violation and are captured`, async ({
        page,
        createUser,
        sources,
      }) => {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await pickTheme(page, theme);
        const source = await predictiveSource(sources);
        const first = await processCsv(sources, source.id, [
          ['A1', 10],
          ['A2', 10],
          ['A3', 10],
          ['A4', 10],
        ]);
        await processCsv(sources, source.id, [
          ['A1', 9],
          ['A2', 10],
          ['A3', 0],
          ['A4', 10],
        ]);
        const user = await createUser({ inventoryUser: true });

        // A richer picture than a fresh database has: two weeks with gaps and a held run.
        await page.route(`**/api/inventory-sources/${source.id}/history*`, (route) =>
          route.fulfill({ json: stockHistory(source.id) }),
        );
        await signInAt(page, user.username, `/inventory-sources/stock-history/${source.id}`);
        await expect(
          page.getByRole('figure', { name: /^Items Active and Inactive per run\./ }),
        ).toBeVisible();
        await expect(page.getByText('No file').first()).toBeVisible();
        await expect(page.getByText('Held', { exact: true }).first()).toBeVisible();
        await expectNoAxeViolations(page);
        await shoot(page, `chart-stock-history-${theme}-${width}.png`);

        await page.goto(`/inventory-sources/stock-history/${source.id}/items/A1`);
        await expect(page.getByRole('figure', { name: /^Quantity of A1/ })).toBeVisible();
        await expectNoAxeViolations(page);
        await shoot(page, `chart-item-${theme}-${width}.png`);

        await page.goto(`/inventory-sources/history/${source.id}`);
        await expect(page.getByRole('figure', { name: /^Runs per day/ })).toBeVisible();
        await expectNoAxeViolations(page);
        await shoot(page, `chart-runs-${theme}-${width}.png`);
        expect(first.status).toBe('succeeded');
      });
    }
  }
});

test('a fulfilled item history draws the held run’s snapshot hollow and the threshold', async ({
  page,
  createUser,
  sources,
}) => {
  const source = await predictiveSource(sources);
  const now = Date.parse('2026-11-27T08:00:00Z');
  const at = (days: number) => new Date(now - days * 86_400_000).toISOString();
  const history: ItemHistoryResponse = {
    sourceId: source.id,
    sourceName: source.sourceName,
    itemNumber: 'C-300',
    run: { id: 42, at: at(0), status: 'succeeded', decided: 'Inactive' },
    window: { from: at(30), to: at(0), lookbackDays: 30 },
    snapshots: [
      { runId: 38, at: at(4), quantity: 16, counted: true },
      { runId: 39, at: at(3), quantity: 14, counted: true },
      { runId: 40, at: at(2), quantity: 0, counted: false },
      { runId: 41, at: at(1), quantity: 12, counted: true },
      { runId: 42, at: at(0), quantity: 7, counted: true },
    ],
    threshold: { minItemsToBeActive: 5, text: 'at least 5' },
    settings: PREDICTIVE_SETTINGS,
    prediction: {
      quantity: 7,
      points: 4,
      baseRate: 2.25,
      largeDrop: false,
      rate: 2.25,
      horizonDays: 1,
      predicted: 0.625,
      belowThreshold: true,
      reason: 'Item C-300: predicted 0.63 (qty 7, rate 2.25/day × 1.5 + padding 3) below 5 → Inactive early',
    },
    noPredictionReason: null,
    current: { status: 'Inactive', since: at(0) },
    statusChanges: [
      {
        runId: 42,
        at: at(0),
        from: 'Active',
        to: 'Inactive',
        reason:
          'Inactive early by prediction. Item C-300: predicted 0.63 (qty 7, rate 2.25/day × 1.5 + padding 3) below 5 → Inactive early',
      },
    ],
  };
  await page.route(`**/api/inventory-sources/${source.id}/items/C-300/history*`, (route) =>
    route.fulfill({ json: history }),
  );
  const user = await createUser({ inventoryUser: true });
  await signInAt(page, user.username, `/inventory-sources/stock-history/${source.id}/items/C-300`);
  const chart = page.getByRole('figure', { name: /^Quantity of C-300/ });
  await expect(chart).toHaveAccessibleName(
    'Quantity of C-300 over the last 30 days. Quantity 7 at the last snapshot; predicted 0.63 at the next expected update, below the threshold (at least 5): Inactive early.',
  );
  await expect(page.getByText('7 − 2.25 × 1 × 1.5 − 3 = 0.63')).toBeVisible();
  await chart.getByRole('button', { name: 'Show data table' }).click();
  await expect(chart.getByRole('row', { name: /40/ }).getByRole('cell').last()).toHaveText(
    'no (held or running run)',
  );
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((chosen) => localStorage.setItem('theme', chosen), theme);
    await page.reload();
    await expect(chart).toBeVisible();
    await shoot(page, `chart-item-fulfilled-${theme}-1280.png`);
  }
});
