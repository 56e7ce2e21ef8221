import { expect, type Page, test } from './fixtures';

/** Console messages the browser logged about the Content-Security-Policy, from now on. */
function watchCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

test('from Account, a signed-in user opens the API reference and sees the routes with their schemas', async ({
  page,
  createUser,
  signIn,
}) => {
  const violations = watchCspViolations(page);
  const user = await createUser();
  await signIn(page, user.username, { path: '/account' });

  await page.getByRole('link', { name: 'Open the API reference' }).click();
  await expect(page).toHaveURL(/\/api-reference$/);
  await expect(page.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible();

  // A known route, rendered from GET /api/openapi.json with its summary and its module's tag. Swagger UI's
  // OpenAPI 3.1 resolver takes about 4 s of processor time on this document before it draws anything (a CPU
  // profile puts it in apidom's refract and resolveSubtree), so a loaded machine needs more than the default.
  const list = page.locator('.opblock').filter({ hasText: 'Search, sort and page the orders (the grid)' });
  await expect(list.locator('.opblock-summary-path')).toHaveText('/api/order-tracking/list', {
    timeout: 45_000,
  });
  await expect(page.getByRole('heading', { name: 'Order tracking', exact: true })).toBeVisible();

  // Opened, it shows who may call it, the request body's fields from the zod contract and the error answers.
  await list.locator('.opblock-summary').first().click();
  await expect(list.getByText('Admins, or users with one of the flags: orderUser.')).toBeVisible();
  await expect(list.getByRole('heading', { name: /Request body/ })).toBeVisible();
  await expect(list.locator('.opblock-section-request-body')).toContainText('"PoNumberParam"');
  const forbidden = list
    .locator('.response')
    .filter({ has: page.getByRole('cell', { name: '403', exact: true }) });
  await expect(forbidden).toContainText('CROSS_ORIGIN_REQUEST');
  await expect(forbidden).toContainText('"statusCode"');

  expect(violations).toEqual([]);
});

test('"Try it out" calls the API with the user’s own session', async ({ page, createUser, signIn }) => {
  const user = await createUser();
  await signIn(page, user.username, { path: '/api-reference' });

  const currentUser = page.locator('.opblock').filter({ hasText: 'The signed-in user and their flags' });
  // The same slow first draw as above.
  await expect(currentUser).toBeVisible({ timeout: 45_000 });
  await currentUser.locator('.opblock-summary').first().click();
  await currentUser.getByRole('button', { name: 'Try it out' }).click();
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/auth/user');
  await currentUser.getByRole('button', { name: 'Execute' }).click();
  expect((await answer).status()).toBe(200);
  await expect(currentUser.locator('.live-responses-table')).toContainText(`"username": "${user.username}"`);
});

test('the document itself is for signed-in users only', async ({ page, createUser, signIn }) => {
  const anonymous = await page.request.get('/api/openapi.json');
  expect(anonymous.status()).toBe(401);

  const user = await createUser();
  await signIn(page, user.username, { path: '/account' });
  const document = await page.request.get('/api/openapi.json');
  expect(document.status()).toBe(200);
  const body = await document.json();
  expect(body.openapi).toMatch(/^3\.1\./);
  expect(body.paths['/api/order-tracking/order/{orderId}'].get.parameters[0].name).toBe('orderId');
});
