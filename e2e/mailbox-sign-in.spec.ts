import { COOKIE_NAMES, MAILBOX_SIGN_IN_ERRORS } from '@app/contracts';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type OAuthProvider, startOAuthProvider } from '../test-servers/oauth-provider';
import { OAUTH_CLIENT, OAUTH_PROVIDER_PORT } from './fixtures/constants';
import { expect, signInAt, test, unique } from './fixtures/sources';

/**
 * Mailbox sign-in with Microsoft and Google (docs/behaviour/sources.md#mailbox-sign-in), in the browser: the
 * editor's button → the provider (test-servers/oauth-provider.ts on loopback, consenting at once for the
 * chosen account) → back to the editor, which says "Signed in as <address>"; sign-out; an expired sign-in.
 */

const MAILBOX = 'orders@retailer.example';

let provider: OAuthProvider;

test.beforeAll(async () => {
  provider = await startOAuthProvider({
    clients: [OAUTH_CLIENT],
    accounts: [MAILBOX, 'buyer@retailer.example'],
    port: OAUTH_PROVIDER_PORT,
    // Shorter than the server's refresh margin: every use of a token refreshes it first.
    accessTokenSeconds: 60,
  });
});
test.afterAll(async () => {
  await provider?.close();
});
test.afterEach(() => {
  provider.signInAs(MAILBOX);
  provider.refuseRefreshTokens(false);
});

const signInCard = (page: Page) =>
  page.locator('[data-slot="card"]').filter({ hasText: 'Sign in with Microsoft 365 or Google' });

test('Sign in with Microsoft: button → provider → back to the editor, "Signed in as", then Sign out', async ({
  page,
  sources,
  createUser,
}) => {
  const user = await createUser({ orderUser: true });
  const source = await sources.emailSource({ username: unique('m365'), email: MAILBOX });
  await signInAt(page, user.username, `/email-sources/edit/${source.id}`);
  const card = signInCard(page);
  await expect(card.getByRole('button', { name: 'Sign in with Microsoft' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  await expect(card.getByText('Signed in as')).toHaveCount(0);

  const before = provider.counts.authorizationCode;
  await card.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await page.waitForURL(new RegExp(`/email-sources/edit/${source.id}\\?signedIn=1$`));
  expect(provider.counts.authorizationCode).toBe(before + 1);
  await expect(card.getByText(`Signed in as ${MAILBOX} (Microsoft)`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Sign out' })).toBeVisible();

  // Reloaded, the editor still says so: it comes from the server, not from the address.
  await page.goto(`/email-sources/edit/${source.id}`);
  await expect(signInCard(page).getByText(`Signed in as ${MAILBOX} (Microsoft)`)).toBeVisible();
  await expectNoSeriousAxeViolation(page);

  await signInCard(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(signInCard(page).getByText('Signed in as')).toHaveCount(0);
  await expect(signInCard(page).getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  const stored = await (await sources.api.get(`/api/email-sources/email/${source.id}`)).json();
  expect(stored.signIn).toBeNull();
});

test('Sign in with Google shows the address the provider signed in', async ({
  page,
  sources,
  createUser,
}) => {
  const user = await createUser({ inventoryUser: true });
  const source = await sources.emailSource({ username: unique('gmail'), email: MAILBOX });
  provider.signInAs('buyer@retailer.example');
  await signInAt(page, user.username, `/email-sources/edit/${source.id}`);
  await signInCard(page).getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(signInCard(page).getByText('Signed in as buyer@retailer.example (Google)')).toBeVisible();
});

test('a sign-in the provider refuses comes back as a message on the editor', async ({
  page,
  sources,
  createUser,
}) => {
  const user = await createUser({ orderUser: true });
  const source = await sources.emailSource({ username: unique('refused'), email: MAILBOX });
  await signInAt(page, user.username, `/email-sources/edit/${source.id}`);
  // What the provider sends back when the user declines consent (the state is the editor's own).
  const start = await page.request.get(`/api/email-sources/${source.id}/oauth/microsoft/start`, {
    maxRedirects: 0,
  });
  const state = new URL(start.headers().location ?? '').searchParams.get('state') ?? '';
  await page.goto(
    `/api/email-sources/oauth/callback?${new URLSearchParams({ error: 'access_denied', error_description: 'The user declined to consent.', state })}`,
  );
  await expect(page).toHaveURL(new RegExp(`/email-sources/edit/${source.id}\\?signInError=declined$`));
  await expect(signInCard(page).getByText(MAILBOX_SIGN_IN_ERRORS.declined)).toBeVisible();
  // The provider's own words never reach the page (they go to the server log).
  await expect(page.getByText('The user declined to consent.')).toHaveCount(0);
  await signInCard(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(page).toHaveURL(new RegExp(`/email-sources/edit/${source.id}$`));
  await expect(signInCard(page).getByText(MAILBOX_SIGN_IN_ERRORS.declined)).toHaveCount(0);

  // A link that is not ours names no source: it ends on the e-mail source list, with the reason.
  await page.goto('/api/email-sources/oauth/callback?code=x&state=forged.link');
  await expect(page).toHaveURL(/\/email-sources\?signInError=link_invalid$/);
  await expect(page.getByText(MAILBOX_SIGN_IN_ERRORS.link_invalid)).toBeVisible();
});

test('the session lapsed while at the provider: back in the app it is renewed and the sign-in finishes', async ({
  page,
  sources,
  createUser,
}) => {
  const user = await createUser({ orderUser: true });
  const source = await sources.emailSource({ username: unique('lapsed'), email: MAILBOX });
  await signInAt(page, user.username, `/email-sources/edit/${source.id}`);
  const start = await page.request.get(`/api/email-sources/${source.id}/oauth/microsoft/start`, {
    maxRedirects: 0,
  });
  const atProvider = await page.request.get(start.headers().location ?? '', { maxRedirects: 0 });
  const back = atProvider.headers().location ?? '';
  // The access cookie (minutes) ran out meanwhile; the refresh cookie is still there.
  await page.context().clearCookies({ name: COOKIE_NAMES.accessToken });
  await page.goto(back);
  await expect(page).toHaveURL(new RegExp(`/email-sources/edit/${source.id}\\?signedIn=1$`));
  await expect(signInCard(page).getByText(`Signed in as ${MAILBOX} (Microsoft)`)).toBeVisible();
});

test('an expired sign-in says "Sign-in expired — sign in again" and signing in mends it', async ({
  page,
  sources,
  createUser,
}) => {
  const user = await createUser({ orderUser: true });
  const source = await sources.emailSource({ username: unique('expired'), email: MAILBOX });
  await signInAt(page, user.username, `/email-sources/edit/${source.id}`);
  await signInCard(page).getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await expect(signInCard(page).getByText(`Signed in as ${MAILBOX}`)).toBeVisible();
  // The provider refuses the refresh token from now on; a Send Test Email needs a new access token.
  provider.refuseRefreshTokens(true);
  const send = await sources.api.post('/api/email-sources/send-test-email', {
    data: { ToEmail: 'x@example.com', SubjectLine: 'x', MessageContent: 'x', EmailSource: { id: source.id } },
  });
  expect(send.status()).toBe(502);
  expect((await send.json()).message).toBe('Sign-in expired — sign in again');
  await page.reload();
  await expect(
    signInCard(page).getByText(`Sign-in expired — sign in again (${MAILBOX}, Microsoft)`),
  ).toBeVisible();
  provider.refuseRefreshTokens(false);
  await signInCard(page).getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await expect(signInCard(page).getByText(`Signed in as ${MAILBOX} (Microsoft)`)).toBeVisible();
  await expect(signInCard(page).getByText('Sign-in expired')).toHaveCount(0);
});

test('a new source offers the providers’ servers and asks to save first', async ({ page, createUser }) => {
  const user = await createUser({ orderUser: true });
  await signInAt(page, user.username, '/email-sources/edit/0');
  const card = signInCard(page);
  await expect(card.getByText('Save the source first, then sign in here.')).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await expect(card.getByRole('button', { name: 'Sign in with Microsoft' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Use the Microsoft 365 servers' }).click();
  await expect(page.getByLabel('Incoming Server', { exact: true })).toHaveValue('outlook.office365.com');
  await expect(page.getByLabel('Incoming Port', { exact: true })).toHaveValue('993');
  await expect(page.getByLabel('Outgoing Server', { exact: true })).toHaveValue('smtp.office365.com');
  await expect(page.getByLabel('Outgoing Port', { exact: true })).toHaveValue('587');
  await card.getByRole('button', { name: 'Use the Google servers' }).click();
  await expect(page.getByLabel('Incoming Server', { exact: true })).toHaveValue('imap.gmail.com');
});

/** axe-core on the sign-in card, as e2e/accessibility.spec.ts checks whole screens. */
async function expectNoSeriousAxeViolation(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('[data-slot="card"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => v.id)).toEqual([]);
}
