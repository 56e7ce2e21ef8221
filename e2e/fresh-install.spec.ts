import { expect, signInAt, test } from './fixtures/sources';
import { checkBothThemes } from './fixtures/themes';

/**
 * What a fresh install shows before anyone has set it up (issue 34, item 13: Home's Start here panel). The
 * playwright config runs this file first, in a project of its own that the other specs depend on, so the
 * server's database has no source yet whatever order the other files run in.
 */

test('13. a fresh install’s Home has a Start here panel linking to the two editors, for the users with those flags', async ({
  page,
  createUser,
  sources,
}) => {
  // The server's database is fresh: no source exists yet (this project runs before every other spec).
  const orderUser = await createUser({ orderUser: true });
  await signInAt(page, orderUser.username, '/home');
  await expect(page.getByRole('heading', { name: 'Welcome to the Home Page' })).toBeVisible();
  // The spec's texts stay.
  await expect(page.getByText('Here are the stats for the past 24 hours:')).toBeVisible();
  await expect(page.getByText('No stats available for the past 24 hours.')).toBeVisible();
  const panel = page.getByRole('region', { name: 'Start here' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Add an e-mail source' })).toHaveAttribute(
    'href',
    '/email-sources/edit/0',
  );
  await expect(panel.getByRole('link', { name: 'Add an order tracking source' })).toHaveAttribute(
    'href',
    '/order-tracking-sources/edit/0',
  );
  await checkBothThemes(page, { folder: 'first-day', name: 'home-start-here' }, async () => {
    await expect(panel.getByRole('link', { name: 'Add an e-mail source' })).toBeVisible();
  });

  // An inventory user may add the e-mail source, not an order tracking source.
  const inventoryUser = await createUser({ inventoryUser: true });
  await signInAt(page, inventoryUser.username, '/home');
  await expect(panel.getByRole('link', { name: 'Add an e-mail source' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Add an order tracking source' })).toHaveCount(0);

  // A user with no source flag gets no panel.
  const plain = await createUser();
  await signInAt(page, plain.username, '/home');
  await expect(page.getByText('No stats available for the past 24 hours.')).toBeVisible();
  await expect(panel).toHaveCount(0);

  // The first step taken: it reads Done, the second still links to its editor; both taken, no panel.
  const mailbox = await sources.emailSource();
  await signInAt(page, orderUser.username, '/home');
  await expect(panel.getByRole('listitem').first()).toContainText('Done');
  await expect(panel.getByRole('link', { name: 'Add an e-mail source' })).toHaveCount(0);
  await panel.getByRole('link', { name: 'Add an order tracking source' }).click();
  await expect(page).toHaveURL(/\/order-tracking-sources\/edit\/0$/);
  await sources.orderTrackingSource(mailbox.id);
  await page.goto('/home');
  await expect(page.getByText('Here are the stats for the past 24 hours:')).toBeVisible();
  await expect(panel).toHaveCount(0);
});
