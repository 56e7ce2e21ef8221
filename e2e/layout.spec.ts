import { expect, mainNav, type Page, TEXTS, test } from './fixtures';

/**
 * Until the current user has loaded, the header shows only Home, so "Home only" would pass too early. The
 * Account menu names the signed-in user from the same query: once it does, the links are final.
 */
async function waitForCurrentUser(page: Page, username: string) {
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menu')).toContainText(`Signed in as ${username}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
}

test('the theme is dark by default and a Light choice survives a reload', async ({
  page,
  createUser,
  signIn,
}) => {
  const user = await createUser();
  await signIn(page, user.username);
  const html = page.locator('html');
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();

  await page.getByRole('button', { name: 'Toggle theme' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemradio')).toHaveText(['Light', 'Dark', 'System']);
  await expect(menu.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  await menu.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.reload();
  await expect(page.getByRole('heading', { name: TEXTS.homeHeading })).toBeVisible();
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute('aria-checked', 'true');
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`a skip link is the first stop of Tab, shows on focus and moves the focus to the page (${viewport.width} px)`, async ({
    page,
    createUser,
    signIn,
  }) => {
    await page.setViewportSize(viewport);
    const user = await createUser();
    await signIn(page, user.username);
    await expect(page.getByRole('heading', { name: TEXTS.homeHeading })).toBeVisible();
    const skip = page.getByRole('link', { name: 'Skip to content' });
    const width = async () => (await skip.boundingBox())?.width ?? 0;
    expect(await width()).toBeLessThanOrEqual(1);

    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect.poll(width).toBeGreaterThan(40);
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/home$/);
    // Hidden again once it has lost the focus, which the browser applies after the focus moved.
    await expect.poll(width).toBeLessThanOrEqual(1);
  });
}

test.describe('header links by role', () => {
  test('an order user sees Home, Order Tracking and Sources, not Admin', async ({
    page,
    createUser,
    signIn,
  }) => {
    const user = await createUser({ orderUser: true });
    await signIn(page, user.username);
    await waitForCurrentUser(page, user.username);
    await expect(mainNav(page).getByRole('link')).toHaveText(['Home', 'Order Tracking', 'Sources']);
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  });

  test('a user with no flags sees Home only', async ({ page, createUser, signIn }) => {
    const user = await createUser();
    await signIn(page, user.username);
    await waitForCurrentUser(page, user.username);
    await expect(mainNav(page).getByRole('link')).toHaveText(['Home']);
  });

  test('an inventory-only user sees Sources but not Order Tracking', async ({ page, createUser, signIn }) => {
    const user = await createUser({ inventoryUser: true });
    await signIn(page, user.username);
    await waitForCurrentUser(page, user.username);
    await expect(mainNav(page).getByRole('link')).toHaveText(['Home', 'Sources']);
  });

  test('an admin sees every link and the current one is marked', async ({ page, createUser, signIn }) => {
    const user = await createUser({ isAdmin: true });
    await signIn(page, user.username);
    const nav = mainNav(page);
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Order Tracking', 'Sources', 'Admin']);
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
  });
});

test('the Account menu opens the Account page and logs out', async ({ page, createUser, signIn }) => {
  const user = await createUser();
  await signIn(page, user.username);

  await page.getByRole('button', { name: 'Account' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Manage', 'Logout']);
  await menu.getByRole('menuitem', { name: 'Manage' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'User Information' })).toBeVisible();

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  // The server ended the session too: /home sends the browser back to the login page, which does not claim
  // that a session the user ended on purpose expired (issue 16).
  await page.goto('/home');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(TEXTS.pleaseLogIn, { exact: true })).toBeVisible();
  await expect(page.getByText(TEXTS.sessionExpired, { exact: true })).toHaveCount(0);
});

test('menus animate as they open and buttons transition, and nothing moves when the system asks for reduced motion', async ({
  page,
  createUser,
  signIn,
}) => {
  const user = await createUser();
  await signIn(page, user.username);
  // The running animation's name and length, read from the open menu's computed style: an animation that
  // has already ended would be missed by document.getAnimations().
  const menuAnimation = async () => {
    await page.getByRole('button', { name: 'Account' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const animation = await menu.evaluate((element) => {
      const style = getComputedStyle(element);
      return { name: style.animationName, seconds: Number.parseFloat(style.animationDuration) };
    });
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    return animation;
  };

  // Which properties of the Account button transition: none at all under reduced motion, not a very short
  // transition, which would still show an in-between colour until the next frame (docs/behaviour/screens.md#motion).
  const buttonTransition = () =>
    page
      .getByRole('button', { name: 'Account' })
      .evaluate((element) => getComputedStyle(element).transitionProperty);

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const moving = await menuAnimation();
  expect(moving.name).not.toBe('none');
  expect(moving.seconds).toBeGreaterThanOrEqual(0.1);
  expect(await buttonTransition()).not.toBe('none');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect((await menuAnimation()).seconds).toBeLessThan(0.001);
  expect(await buttonTransition()).toBe('none');
});

test('an unknown route inside the app shows the not-found page within the layout', async ({
  page,
  createUser,
  signIn,
}) => {
  const user = await createUser();
  await signIn(page, user.username);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Home' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the header becomes a drawer with links, Account Settings, theme and Logout', async ({
    page,
    createUser,
    signIn,
  }) => {
    const user = await createUser({ orderUser: true });
    await signIn(page, user.username);
    // The desktop navigation and menus are replaced by the drawer trigger.
    await expect(mainNav(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Account' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Toggle theme' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText(`Signed in as ${user.username}`)).toBeVisible();
    await expect(mainNav(drawer).getByRole('link')).toHaveText(['Home', 'Order Tracking', 'Sources']);
    await expect(drawer.getByRole('link', { name: 'Account Settings' })).toBeVisible();
    const theme = drawer.getByRole('radiogroup', { name: 'Theme' });
    await expect(theme.getByRole('radio')).toHaveText(['Light', 'Dark', 'System']);
    await expect(theme.getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();

    // Theme choice from the drawer applies and is remembered.
    await theme.getByRole('radio', { name: 'Light' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

    // A link navigates and closes the drawer.
    await drawer.getByRole('link', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'User Information' })).toBeVisible();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });
});
