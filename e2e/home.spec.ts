import { expect, type Page, TEXTS, test } from './fixtures';

/**
 * Statistics are global and other specs import orders, so the empty state is shown with the answer an
 * empty database gives rather than by hoping nothing ran before.
 */
async function answerNoStats(page: Page) {
  await page.route('**/api/order-tracking/list/update-stats', (route) => route.fulfill({ json: [] }));
}

test('on a wide screen the statistics are a table with the three columns', async ({
  page,
  createUser,
  signIn,
}) => {
  const user = await createUser({ orderUser: true });
  await answerNoStats(page);
  await signIn(page, user.username);

  await expect(page.getByRole('heading', { name: TEXTS.homeHeading })).toBeVisible();
  await expect(page.getByText(TEXTS.homeIntro, { exact: true })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Source Name',
    'Orders Updated',
    'Orders Deleted',
  ]);
  await expect(table.getByRole('cell', { name: TEXTS.homeEmpty })).toBeVisible();
});

test('the statistics rows from the server fill the table', async ({ page, createUser, signIn }) => {
  // No source has processed files in a fresh database, so the rows are served here to check the rendering.
  await page.route('**/api/order-tracking/list/update-stats', (route) =>
    route.fulfill({
      json: [
        { orderTrackingSourceName: 'Acme Shipments', ordersUpdated: 1234, ordersDeleted: 5 },
        { orderTrackingSourceName: 'Globex Tracking', ordersUpdated: 0, ordersDeleted: 0 },
      ],
    }),
  );
  const user = await createUser({ orderUser: true });
  await signIn(page, user.username);

  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByRole('cell')).toHaveText(['Acme Shipments', '1,234', '5']);
  await expect(rows.nth(2).getByRole('cell')).toHaveText(['Globex Tracking', '0', '0']);
  await expect(page.getByText(TEXTS.homeEmpty)).toHaveCount(0);
});

test('until the server answers, placeholders stand in for the list and no empty message is shown', async ({
  page,
  createUser,
  signIn,
}) => {
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/api/order-tracking/list/update-stats', async (route) => {
    await answered;
    await route.fulfill({ json: [] });
  });
  const user = await createUser({ orderUser: true });
  await signIn(page, user.username);

  const home = page.getByRole('main').locator('section[aria-busy]');
  await expect(home).toHaveAttribute('aria-busy', 'true');
  await expect(home.locator('[data-slot="skeleton"]').first()).toBeVisible();
  await expect(page.getByText(TEXTS.homeEmpty)).toHaveCount(0);

  answer();
  await expect(home).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('cell', { name: TEXTS.homeEmpty })).toBeVisible();
  await expect(home.locator('[data-slot="skeleton"]')).toHaveCount(0);
});

test('a failed statistics call says it could not load, not that there is no data, and Try again loads it', async ({
  page,
  createUser,
  signIn,
}) => {
  let failing = true;
  await page.route('**/api/order-tracking/list/update-stats', (route) =>
    failing
      ? route.fulfill({ status: 500, json: { statusCode: 500, message: 'Internal Server Error' } })
      : // The answer an empty database gives: specs before this one import orders (see answerNoStats).
        route.fulfill({ json: [] }),
  );
  const user = await createUser({ orderUser: true });
  await signIn(page, user.username);

  await expect(
    page.getByText('The stats for the past 24 hours could not be loaded. Please try again later.'),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(TEXTS.homeEmpty)).toHaveCount(0);

  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('cell', { name: TEXTS.homeEmpty })).toBeVisible();
  await expect(page.getByText('could not be loaded', { exact: false })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the statistics are cards, and the empty list is a message', async ({ page, createUser, signIn }) => {
    const user = await createUser({ orderUser: true });
    await answerNoStats(page);
    await signIn(page, user.username);
    await expect(page.getByRole('heading', { name: TEXTS.homeHeading })).toBeVisible();
    await expect(page.getByText(TEXTS.homeEmpty, { exact: true })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('each source gets a card with its figures', async ({ page, createUser, signIn }) => {
    await page.route('**/api/order-tracking/list/update-stats', (route) =>
      route.fulfill({
        json: [{ orderTrackingSourceName: 'Acme Shipments', ordersUpdated: 42, ordersDeleted: 3 }],
      }),
    );
    const user = await createUser({ orderUser: true });
    await signIn(page, user.username);

    const sourceCard = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Acme Shipments' }) });
    await expect(sourceCard).toBeVisible();
    await expect(sourceCard.getByRole('term')).toHaveText(['Orders Updated', 'Orders Deleted']);
    await expect(sourceCard.getByRole('definition')).toHaveText(['42', '3']);
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});
