/**
 * Delegated mailbox sign-in against real peers: the loopback OAuth provider (test-servers/oauth-provider.ts),
 * Dovecot with its oauth2 passdb (it introspects every token, so a wrong or expired one fails at the server)
 * and the SMTP catcher checking XOAUTH2 tokens the same way.
 */
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import {
  COOKIE_NAMES,
  type EmailSource,
  type EmailSourceListItem,
  MAILBOX_SIGN_IN_EXPIRED,
  type MailboxProvider,
} from '@app/contracts';
import { createDatabase, schema } from '@app/db';
import { and, desc, eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DovecotServer, startDovecot } from '../../../../../test-servers/dovecot';
import {
  type IdTokenFault,
  type OAuthProvider,
  startOAuthProvider,
} from '../../../../../test-servers/oauth-provider';
import { type SmtpCatcher, startSmtpCatcher } from '../../../../../test-servers/smtp-catcher';
import { createTestApp, recordingMailer, type Session, type TestApp } from '../../../test/helper';
import { loopbackMailboxForm } from '../../../test/modules/email-sources';
import { buildMail, createTrackingSource, trackingCsv, waitFor } from '../../../test/modules/intake';
import { createInventoryRun, createInventorySource } from '../../../test/modules/inventory-delivery';
import { setMicrosoftAuthorityHostForTests } from '../../integrations/msal';
import type { SystemMail } from '../../integrations/system-mailer';
import { createSecretBox } from '../../lib/secrets';
import { IdleWatchers } from '../intake/idle-watchers';
import { deliverInventoryRun } from '../inventory-delivery/deliver';
import { sendSubmissionEmail } from '../order-submission/engine/submission-mail';
import { mailboxAccessToken } from './mailbox-sign-in';
import { findEmailSourceById } from './repository';

const MAILBOX = 'orders@retailer.example';
const OTHER_MAILBOX = 'buyer@retailer.example';
const APP_MAILBOX = 'app-only@retailer.example';
const CLIENT = { clientId: 'inbox-ops-web', clientSecret: 'web-client-secret' };
const APP_CLIENT = { clientId: 'inbox-ops-daemon', clientSecret: 'daemon-secret', appMailbox: APP_MAILBOX };
const SUPPLIER = 'shipping@supplier.example';

let t: TestApp;
let provider: OAuthProvider;
let dovecot: DovecotServer;
let smtp: SmtpCatcher;
let operator: { user: { id: number; email: string }; session: Session };
/** What the system mailer sent (the error alerts). */
const systemMail: SystemMail[] = [];

beforeAll(async () => {
  provider = await startOAuthProvider({
    clients: [CLIENT, APP_CLIENT],
    accounts: [MAILBOX, OTHER_MAILBOX],
    // MSAL refuses an authority that is not https.
    tls: true,
  });
  setDefaultCACertificates([...getCACertificates('default'), provider.certificate ?? '']);
  [dovecot, smtp] = await Promise.all([
    startDovecot({
      users: [
        { user: MAILBOX, password: 'unused-password' },
        { user: APP_MAILBOX, password: 'unused-password-2' },
      ],
      oauth2: { introspectionUrl: provider.introspectionUrl },
    }),
    startSmtpCatcher({
      user: 'nobody',
      password: 'nobody',
      oauth2: { introspectionUrl: provider.introspectionUrl },
    }),
  ]);
  t = await createTestApp({
    env: appEnv(provider),
    mailer: recordingMailer(systemMail),
  });
  operator = await t.signIn({ orderUser: true, sendNotificationsToEmail: true });
});
afterAll(async () => {
  setMicrosoftAuthorityHostForTests(undefined);
  await Promise.all([t?.close(), dovecot?.stop(), smtp?.close()]);
  await provider?.close();
});
afterEach(() => {
  provider.refuseRefreshTokens(false);
  provider.signInAs(MAILBOX);
});

function appEnv(p: OAuthProvider): Record<string, string> {
  return {
    MICROSOFT_OAUTH_CLIENT_ID: CLIENT.clientId,
    MICROSOFT_OAUTH_CLIENT_SECRET: CLIENT.clientSecret,
    MICROSOFT_OAUTH_AUTHORITY: p.url,
    GOOGLE_OAUTH_CLIENT_ID: CLIENT.clientId,
    GOOGLE_OAUTH_CLIENT_SECRET: CLIENT.clientSecret,
    GOOGLE_OAUTH_AUTH_URL: p.google.authUrl,
    GOOGLE_OAUTH_TOKEN_URL: p.google.tokenUrl,
    GOOGLE_OAUTH_JWKS_URL: p.google.jwksUrl,
    GOOGLE_OAUTH_ISSUER: p.google.issuer,
    GOOGLE_OAUTH_REVOKE_URL: `${p.url}/revoke`,
  };
}

/** A saved source on the test Dovecot and SMTP catcher (its password is never used once signed in). */
async function createSource(overrides: Record<string, unknown> = {}): Promise<EmailSource> {
  const form = loopbackMailboxForm(
    { imap: dovecot, smtp },
    { user: 'placeholder', password: 'placeholder-password' },
    { email: MAILBOX, ...overrides },
  );
  const response = await t.as(operator.session).post('/api/email-sources/email/save', form);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The browser's way through the flow: start → provider (auto-consent) → callback; the callback's answer. */
async function signIn(sourceId: number, options: { provider?: MailboxProvider; session?: Session } = {}) {
  const { code, state } = await authorize(sourceId, options);
  return callback({ code, state }, options.session);
}

async function authorize(sourceId: number, options: { provider?: MailboxProvider; session?: Session } = {}) {
  const start = await t
    .as(options.session ?? operator.session)
    .get(`/api/email-sources/${sourceId}/oauth/${options.provider ?? 'microsoft'}/start`);
  expect(start.statusCode, start.body).toBe(302);
  const atProvider = await fetch(String(start.headers.location), { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location') ?? '');
  expect(back.origin + back.pathname).toBe('http://localhost:3000/api/email-sources/oauth/callback');
  return {
    start: new URL(String(start.headers.location)),
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
  };
}

function callback(query: Record<string, string>, session?: Session) {
  return t
    .as(session ?? operator.session)
    .get(`/api/email-sources/oauth/callback?${new URLSearchParams(query)}`);
}

async function row(id: number) {
  const found = await findEmailSourceById(t.db.db, id);
  if (!found) throw new Error(`no source ${id}`);
  return found;
}

async function getSource(id: number): Promise<EmailSource> {
  return (await t.as(operator.session).get(`/api/email-sources/email/${id}`)).json();
}

/** Makes the stored access token look nearly expired, so its next use refreshes it. */
async function ageAccessToken(id: number) {
  await t.db.db
    .update(schema.emailSources)
    .set({ oauthAccessExpiresAt: new Date(Date.now() + 60_000) })
    .where(eq(schema.emailSources.id, id));
}

async function appendReport(name: string) {
  await dovecot.appendMessage(
    MAILBOX,
    await buildMail({
      from: SUPPLIER,
      subject: 'Shipment report',
      attachments: [{ filename: name, content: trackingCsv([[`L-${name}`, '1Z900']]) }],
    }),
  );
}

function poll(id: number) {
  return t.as(operator.session).post(`/api/email-sources/${id}/poll`);
}

describe('signing a mailbox in with Microsoft (authorization code + PKCE)', () => {
  it('sends the browser to the provider with PKCE S256, a signed state and the IMAP/SMTP scopes; back, the editor says "Signed in as"', async () => {
    const source = await createSource();
    const { start, code, state } = await authorize(source.id);
    expect(start.origin).toBe(provider.url);
    expect(start.pathname).toBe('/organizations/oauth2/v2.0/authorize');
    expect(start.searchParams.get('code_challenge_method')).toBe('S256');
    expect(start.searchParams.get('scope')).toContain('offline_access');
    expect(start.searchParams.get('scope')).toContain('https://outlook.office.com/IMAP.AccessAsUser.All');
    expect(start.searchParams.get('scope')).toContain('https://outlook.office.com/SMTP.Send');
    expect(start.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/email-sources/oauth/callback',
    );

    const back = await callback({ code, state });
    expect(back.statusCode, back.body).toBe(302);
    expect(back.headers.location).toBe(`/email-sources/edit/${source.id}?signedIn=1`);
    const shown = await t.as(operator.session).get(`/api/email-sources/email/${source.id}`);
    expect(shown.json().signIn).toEqual({ provider: 'microsoft', account: MAILBOX, expired: false });
    // Neither token ever reaches the browser; both are stored sealed.
    for (const token of provider.refreshTokensIssued) expect(shown.body).not.toContain(token);
    const stored = await row(source.id);
    expect(stored.oauthRefreshEncrypted).toMatch(/^v2:/);
    expect(stored.oauthRefreshEncrypted).not.toContain(provider.refreshTokensIssued.at(-1));
    expect(stored.oauthAccessEncrypted).toMatch(/^v2:/);
  });

  it('signs in with Google the same way (its own endpoints, offline access, keys)', async () => {
    const source = await createSource();
    const { start, code, state } = await authorize(source.id, { provider: 'google' });
    expect(start.pathname).toBe('/o/oauth2/v2/auth');
    expect(start.searchParams.get('access_type')).toBe('offline');
    expect(start.searchParams.get('scope')).toContain('https://mail.google.com/');
    const back = await callback({ code, state });
    expect(back.headers.location).toBe(`/email-sources/edit/${source.id}?signedIn=1`);
    expect((await getSource(source.id)).signIn).toEqual({
      provider: 'google',
      account: MAILBOX,
      expired: false,
    });
  });

  it('refuses a tampered state, another user’s state and a code without its PKCE verifier; nothing is stored', async () => {
    const source = await createSource();
    const { code, state } = await authorize(source.id);
    const [body = '', signature = ''] = state.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    const forged = `${Buffer.from(JSON.stringify({ ...payload, s: payload.s + 1 })).toString('base64url')}.${signature}`;
    for (const bad of [forged, `${state}x`, '', 'not-a-state']) {
      const answer = await callback({ code, state: bad });
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe('/email-sources?signInError=link_invalid');
    }
    const other = await t.signIn({ orderUser: true });
    const stolen = await callback({ code, state }, other.session);
    expect(stolen.headers.location).toBe(`/email-sources/edit/${source.id}?signInError=link_invalid`);

    // A code issued for one sign-in, brought back with another's (valid) state: the provider's PKCE check fails.
    const second = await authorize(source.id);
    const injected = await callback({ code, state: second.state });
    expect(injected.statusCode).toBe(302);
    expect(injected.headers.location).toBe(`/email-sources/edit/${source.id}?signInError=token_failed`);
    expect((await row(source.id)).oauthProvider).toBeNull();
    expect((await getSource(source.id)).signIn).toBeNull();

    // A refused consent comes back as a code for the editor, never the provider's free text.
    const refused = await callback({
      error: 'access_denied',
      error_description: 'The user declined',
      state: second.state,
    });
    expect(refused.headers.location).toBe(`/email-sources/edit/${source.id}?signInError=declined`);
    const failed = await callback({ error: 'server_error', state: second.state });
    expect(failed.headers.location).toBe(`/email-sources/edit/${source.id}?signInError=provider_error`);
    const oversized = await callback({ state: 'x'.repeat(3000) });
    expect(oversized.headers.location).toBe('/email-sources?signInError=link_invalid');
  });

  it('the session lapsed at the provider: the callback renews it from the refresh cookie and finishes the sign-in', async () => {
    const source = await createSource();
    const { code, state } = await authorize(source.id);
    // Only the refresh cookie is left (the access cookie lasts minutes); the browser sends it to /auth only.
    const refreshOnly = Object.entries(operator.session.cookies)
      .filter(([name]) => name === COOKIE_NAMES.refreshToken)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const query = new URLSearchParams({ code, state }).toString();
    const back = await t.app.inject({ method: 'GET', url: `/api/email-sources/oauth/callback?${query}` });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/auth/mailbox-sign-in/resume?${query}`);
    const resumed = await t.app.inject({
      method: 'GET',
      url: String(back.headers.location),
      headers: { cookie: refreshOnly },
    });
    expect(resumed.statusCode).toBe(302);
    expect(resumed.headers.location).toBe(`/api/email-sources/oauth/callback?${query}`);
    const renewed = resumed.cookies.find((cookie) => cookie.name === COOKIE_NAMES.accessToken);
    expect(renewed?.value).toBeTruthy();
    const done = await t.app.inject({
      method: 'GET',
      url: String(resumed.headers.location),
      headers: { cookie: `${COOKIE_NAMES.accessToken}=${renewed?.value}` },
    });
    expect(done.headers.location).toBe(`/email-sources/edit/${source.id}?signedIn=1`);
    expect((await getSource(source.id)).signIn?.account).toBe(MAILBOX);
  });

  it('the session ended while at the provider: the browser goes to the login page, nothing is stored', async () => {
    const source = await createSource();
    const { code, state } = await authorize(source.id);
    const query = new URLSearchParams({ code, state }).toString();
    const resumed = await t.app.inject({
      method: 'GET',
      url: `/auth/mailbox-sign-in/resume?${query}`,
      headers: { cookie: `${COOKIE_NAMES.refreshToken}=not-a-refresh-token` },
    });
    expect(resumed.statusCode).toBe(302);
    expect(resumed.headers.location).toBe('/');
    expect((await row(source.id)).oauthProvider).toBeNull();
  });

  it('refuses an ID token signed with another key, from another issuer, for another client, expired, without iat, with another nonce, unsigned or HS256; nothing is stored', async () => {
    const faults: Array<[IdTokenFault, MailboxProvider]> = [
      ['wrong-key', 'microsoft'],
      ['wrong-issuer', 'microsoft'],
      ['wrong-audience', 'google'],
      ['expired', 'microsoft'],
      ['no-issued-at', 'google'],
      ['wrong-nonce', 'microsoft'],
      ['alg-none', 'google'],
      ['hs256', 'microsoft'],
      ['email-unverified', 'google'],
    ];
    const source = await createSource();
    for (const [fault, name] of faults) {
      provider.idTokenFault(fault);
      try {
        const back = await signIn(source.id, { provider: name });
        expect(back.statusCode, fault).toBe(302);
        expect(String(back.headers.location), fault).toContain('signInError=id_token_invalid');
      } finally {
        provider.idTokenFault(undefined);
      }
      expect((await row(source.id)).oauthProvider, fault).toBeNull();
    }
    // The same flow with a correct token signs in.
    expect((await signIn(source.id, { provider: 'google' })).headers.location).toBe(
      `/email-sources/edit/${source.id}?signedIn=1`,
    );
  });

  it('takes Microsoft’s preferred_username as the address before an email claim (an alias)', async () => {
    const source = await createSource();
    provider.idTokenEmailClaim('alias@elsewhere.example');
    try {
      await signIn(source.id);
    } finally {
      provider.idTokenEmailClaim(undefined);
    }
    expect((await getSource(source.id)).signIn?.account).toBe(MAILBOX);
  });

  it('signs out: the tokens are deleted and the editor shows no sign-in', async () => {
    const source = await createSource();
    await signIn(source.id);
    const out = await t.as(operator.session).post(`/api/email-sources/${source.id}/oauth/sign-out`);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().signIn).toBeNull();
    const stored = await row(source.id);
    expect(stored).toMatchObject({
      oauthProvider: null,
      oauthAccount: '',
      oauthRefreshEncrypted: null,
      oauthAccessEncrypted: null,
    });
  });

  it('signing out of Google revokes the grant at Google; Microsoft has no such endpoint (its token stays valid there)', async () => {
    const google = await createSource();
    await signIn(google.id, { provider: 'google' });
    const googleToken = provider.refreshTokensIssued.at(-1) ?? '';
    const microsoft = await createSource();
    await signIn(microsoft.id);
    const microsoftToken = provider.refreshTokensIssued.at(-1) ?? '';
    for (const source of [google, microsoft]) {
      const out = await t.as(operator.session).post(`/api/email-sources/${source.id}/oauth/sign-out`);
      expect(out.statusCode, out.body).toBe(200);
    }
    expect(provider.refreshTokenActive(googleToken)).toBe(false);
    expect(provider.refreshTokenActive(microsoftToken)).toBe(true);
  });

  it('deletes the sign-in when the source’s servers change, keeps it when only its name does', async () => {
    const source = await createSource();
    await signIn(source.id);
    const form = loopbackMailboxForm(
      { imap: dovecot, smtp },
      { user: 'renamed', password: 'placeholder-password' },
      { id: source.id, email: MAILBOX },
    );
    await t.as(operator.session).post('/api/email-sources/email/save', form);
    expect((await getSource(source.id)).signIn?.account).toBe(MAILBOX);
    await t
      .as(operator.session)
      .post('/api/email-sources/email/save', { ...form, incomingPort: dovecot.port + 1 });
    expect((await getSource(source.id)).signIn).toBeNull();
    expect((await row(source.id)).oauthRefreshEncrypted).toBeNull();
  });
});

describe('using the sign-in', () => {
  it('polls with XOAUTH2 and imports a file; Dovecot checked the token with the provider', async () => {
    const source = await createSource();
    await signIn(source.id);
    await createTrackingSource(t, source.id);
    await appendReport('tracking_oauth_1.csv');
    const result = await poll(source.id);
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toMatchObject({ status: 'succeeded', processed: 1 });
    expect(dovecot.log()).toMatch(new RegExp(`Login: user=<${MAILBOX}>, method=(XOAUTH2|OAUTHBEARER)`));
  });

  it('watches the mailbox with IDLE signed in with XOAUTH2, and new mail wakes it', async () => {
    const source = await createSource();
    await signIn(source.id);
    const woken: number[] = [];
    const watchers = new IdleWatchers({
      context: t.app.context,
      log: pino({ level: 'silent' }),
      onNewMail: async (id) => {
        woken.push(id);
      },
      tickMs: 200,
    });
    watchers.start();
    try {
      // A watcher asks for a poll right after it has signed in and opened INBOX.
      await waitFor(async () => woken.includes(source.id), 15_000, 'the IDLE watcher to sign in');
      const before = woken.filter((id) => id === source.id).length;
      await appendReport('tracking_idle_oauth.csv');
      await waitFor(
        async () => woken.filter((id) => id === source.id).length > before,
        15_000,
        'IDLE to announce the new mail',
      );
    } finally {
      await watchers.stop();
    }
  });

  it('a wrong or expired token is refused by Dovecot itself', async () => {
    const attempt = async (accessToken: string) => {
      const client = new ImapFlow({
        host: dovecot.host,
        port: dovecot.port,
        secure: false,
        doSTARTTLS: false,
        auth: { user: MAILBOX, accessToken },
        logger: false,
      });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.logout();
        return 'signed in';
      } catch {
        return 'refused';
      }
    };
    const source = await createSource();
    await signIn(source.id);
    const token = await mailboxAccessToken(t.app.context, await row(source.id));
    expect(await attempt(token)).toBe('signed in');
    expect(await attempt('at-made-up')).toBe('refused');
    provider.expireAccessTokens();
    expect(await attempt(token)).toBe('refused');
  });

  it('refreshes a token before it expires and saves the rotated refresh token (the old one is refused by the provider)', async () => {
    const source = await createSource();
    await signIn(source.id);
    const first = provider.refreshTokensIssued.at(-1) ?? '';
    const refreshes = provider.counts.refreshToken;
    await ageAccessToken(source.id);
    const test = await t
      .as(operator.session)
      .post(
        '/api/email-sources/test-connection',
        loopbackMailboxForm(
          { imap: dovecot, smtp },
          { user: 'placeholder', password: '' },
          { id: source.id, email: MAILBOX },
        ),
      );
    expect(test.json().incoming, test.body).toMatchObject({ ok: true });
    expect(test.json().outgoing).toMatchObject({ ok: true });
    expect(provider.counts.refreshToken).toBe(refreshes + 1);
    const second = provider.refreshTokensIssued.at(-1) ?? '';
    expect(second).not.toBe(first);
    expect(provider.refreshTokenActive(first)).toBe(false);
    expect(provider.refreshTokenActive(second)).toBe(true);
    // The next refresh works: it uses the saved new token, not the spent one.
    await ageAccessToken(source.id);
    await mailboxAccessToken(t.app.context, await row(source.id));
    expect(provider.counts.refreshToken).toBe(refreshes + 2);
    // A fresh token is used as stored: no refresh.
    await mailboxAccessToken(t.app.context, await row(source.id));
    expect(provider.counts.refreshToken).toBe(refreshes + 2);
  });

  it('sends Send Test Email through the SMTP server with XOAUTH2, from the signed-in mailbox', async () => {
    const source = await createSource();
    await signIn(source.id);
    const before = smtp.messages.length;
    const sent = await t.as(operator.session).post('/api/email-sources/send-test-email', {
      ToEmail: 'someone@example.com',
      SubjectLine: 'Signed in',
      MessageContent: 'Hello',
      EmailSource: { id: source.id },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.envelopeFrom).toBe(MAILBOX);
  });

  it('a vendor submission reports the signed-in mailbox as its sender (not the source’s own address)', async () => {
    const source = await createSource();
    provider.signInAs(OTHER_MAILBOX);
    await signIn(source.id);
    const before = smtp.messages.length;
    const outcome = await sendSubmissionEmail(t.app.context, source.id, {
      to: ['vendor@supplier.example'],
      cc: [],
      bcc: [],
      subject: 'Order 1',
      body: 'Order attached',
      attachments: [],
    });
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true, from: OTHER_MAILBOX });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.envelopeFrom).toBe(OTHER_MAILBOX);
  });

  it('delivers an inventory file by e-mail through the signed-in mailbox (XOAUTH2)', async () => {
    const source = await createSource();
    await signIn(source.id);
    await t.createUser({
      inventoryUser: true,
      email: 'stock.keeper@retailer.example',
      sendNotificationsToEmail: true,
    });
    const inventory = await createInventorySource(t, { emailSourceId: source.id });
    const runId = await createInventoryRun(t, {
      sourceId: inventory.id,
      output: { fileName: 'availability.csv', content: Buffer.from('SKU,Qty\r\nA1,3\r\n') },
    });
    const before = smtp.messages.length;
    const result = await deliverInventoryRun(t.app.context, {
      runId,
      sourceId: inventory.id,
      sendEmail: true,
      submitSftp: false,
    });
    expect(result.email, JSON.stringify(result)).toMatchObject({ ok: true });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.envelopeFrom).toBe(MAILBOX);
    expect(mail?.envelopeTo).toContain('stock.keeper@retailer.example');
  });

  it('a refused refresh token: "Sign-in expired — sign in again" on the source and the failed run, one error alert e-mail, and no retries against the provider', async () => {
    const source = await createSource();
    await signIn(source.id);
    await createTrackingSource(t, source.id);
    provider.refuseRefreshTokens(true);
    await ageAccessToken(source.id);
    const refusedBefore = provider.counts.refused;
    const mailBefore = systemMail.length;
    const failed = await poll(source.id);
    expect(failed.json()).toMatchObject({ status: 'failed', message: MAILBOX_SIGN_IN_EXPIRED });
    expect(provider.counts.refused).toBe(refusedBefore + 1);
    // The error alert: one e-mail to the users who can sign the mailbox in again, with the editor's link.
    const alerts = systemMail.slice(mailBefore);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.to).toContain(operator.user.email);
    expect(alerts[0]?.subject).toContain(MAILBOX_SIGN_IN_EXPIRED);
    expect(alerts[0]?.text).toContain(`http://localhost:3000/email-sources/edit/${source.id}`);
    expect((await getSource(source.id)).signIn).toEqual({
      provider: 'microsoft',
      account: MAILBOX,
      expired: true,
    });
    const list: EmailSourceListItem[] = (
      await t.as(operator.session).get('/api/email-sources/emails')
    ).json();
    expect(list.find((item) => item.id === source.id)?.lastPollError).toBe(MAILBOX_SIGN_IN_EXPIRED);
    const [run] = await t.db.db
      .select()
      .from(schema.runs)
      .where(and(eq(schema.runs.sourceType, 'email'), eq(schema.runs.sourceId, source.id)))
      .orderBy(desc(schema.runs.id));
    expect(run).toMatchObject({ status: 'failed', message: MAILBOX_SIGN_IN_EXPIRED });

    // Later polls and sends fail at once with the same words; the provider is not asked again.
    const again = await poll(source.id);
    expect(again.json()).toMatchObject({ status: 'failed', message: MAILBOX_SIGN_IN_EXPIRED });
    const send = await t.as(operator.session).post('/api/email-sources/send-test-email', {
      ToEmail: 'someone@example.com',
      SubjectLine: 'x',
      MessageContent: 'x',
      EmailSource: { id: source.id },
    });
    expect(send.statusCode).toBe(502);
    expect(send.json().message).toBe(MAILBOX_SIGN_IN_EXPIRED);
    expect(provider.counts.refused).toBe(refusedBefore + 1);
    expect(systemMail.length).toBe(mailBefore + 1);

    // Signing in again mends it.
    provider.refuseRefreshTokens(false);
    await signIn(source.id);
    expect((await getSource(source.id)).signIn?.expired).toBe(false);
    expect((await poll(source.id)).json()).toMatchObject({ status: 'succeeded' });
  });

  it('two instances needing a new token at once: one refresh outside any transaction, the other waits and gets the same token', async () => {
    const source = await createSource();
    await signIn(source.id);
    await ageAccessToken(source.id);
    const waits: number[] = [];
    const ctx = { ...t.app.context, onRefreshWait: (id: number) => waits.push(id) };
    // A second instance: its own database connection pool where the database is shared (PostgreSQL); on
    // PGlite (one process only) the second caller joins the refresh under way in the process.
    const url = t.db.connectionString;
    const second = url ? await createDatabase({ url, poolSize: 2 }) : undefined;
    const release = provider.holdTokens();
    try {
      const other = second ? { ...ctx, db: second.db } : ctx;
      const refreshes = provider.counts.refreshToken;
      const stale = await row(source.id);
      const a = mailboxAccessToken(ctx, stale);
      await waitFor(async () => provider.heldTokenRequests() === 1, 10_000, 'the first refresh to ask');
      // The provider is answering slowly: the database is not held meanwhile (PGlite has one connection).
      const leased = await row(source.id);
      if (second) expect(leased.oauthRefreshLeaseUntil).not.toBeNull();
      const b = mailboxAccessToken(other, stale);
      await waitFor(async () => waits.includes(source.id), 10_000, 'the second caller to wait');
      expect(provider.heldTokenRequests()).toBe(1);
      release();
      const [tokenA, tokenB] = await Promise.all([a, b]);
      expect(tokenA).toBe(tokenB);
      expect(provider.counts.refreshToken).toBe(refreshes + 1);
      expect((await row(source.id)).oauthRefreshLeaseUntil).toBeNull();
      expect(provider.refreshTokenActive(provider.refreshTokensIssued.at(-1) ?? '')).toBe(true);
    } finally {
      release();
      await second?.close();
    }
  });

  it('a refresh sends the scopes at Microsoft (its v2 endpoint requires them) and at Google', async () => {
    for (const name of ['microsoft', 'google'] as const) {
      const source = await createSource();
      await signIn(source.id, { provider: name });
      await ageAccessToken(source.id);
      const refreshes = provider.counts.refreshToken;
      await mailboxAccessToken(t.app.context, await row(source.id));
      expect(provider.counts.refreshToken, name).toBe(refreshes + 1);
    }
  });

  it('interaction_required and consent_required expire the sign-in like invalid_grant', async () => {
    for (const error of ['interaction_required', 'consent_required']) {
      const source = await createSource();
      await signIn(source.id);
      await ageAccessToken(source.id);
      provider.failRefreshWith(error);
      try {
        await expect(mailboxAccessToken(t.app.context, await row(source.id))).rejects.toThrow(
          MAILBOX_SIGN_IN_EXPIRED,
        );
      } finally {
        provider.failRefreshWith(undefined);
      }
      expect((await getSource(source.id)).signIn?.expired, error).toBe(true);
    }
  });

  it('invalid_client (an expired client secret) fails the use, keeps the sign-in, and alerts once', async () => {
    const sources = [await createSource(), await createSource()];
    for (const source of sources) await signIn(source.id);
    const mailBefore = systemMail.length;
    provider.failRefreshWith('invalid_client');
    try {
      for (const source of [...sources, sources[0]]) {
        await ageAccessToken(source?.id ?? 0);
        await expect(mailboxAccessToken(t.app.context, await row(source?.id ?? 0))).rejects.toThrow(
          'Microsoft sign-in failed: invalid_client',
        );
      }
    } finally {
      provider.failRefreshWith(undefined);
    }
    const alerts = systemMail.slice(mailBefore);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.subject).toBe('Microsoft sign-in is misconfigured on this server');
    expect(alerts[0]?.text).toContain('MICROSOFT_OAUTH_CLIENT_SECRET');
    for (const source of sources) {
      expect((await getSource(source.id)).signIn?.expired).toBe(false);
      expect((await row(source.id)).oauthRefreshLeaseUntil).toBeNull();
    }
    // Once the secret is renewed, the same sign-in works.
    await expect(mailboxAccessToken(t.app.context, await row(sources[0]?.id ?? 0))).resolves.toMatch(/^at-/);
  });
});

describe('the app-only (client-credentials, MSAL) mode', () => {
  it('signs in to Dovecot with a token from the provider', async () => {
    setMicrosoftAuthorityHostForTests(provider.url);
    const before = provider.counts.clientCredentials;
    const form = loopbackMailboxForm(
      { imap: dovecot, smtp },
      { user: 'app-only', password: APP_CLIENT.clientSecret },
      {
        email: APP_MAILBOX,
        isMsal: true,
        msalClientId: APP_CLIENT.clientId,
        msalTennentId: 'retailer-tenant',
      },
    );
    const test = await t.as(operator.session).post('/api/email-sources/test-connection', form);
    expect(test.json().incoming, test.body).toMatchObject({ ok: true });
    expect(test.json().incoming.message).toContain(`as ${APP_MAILBOX}`);
    expect(test.json().outgoing).toMatchObject({ ok: true });
    expect(provider.counts.clientCredentials).toBe(before + 1);
    expect(dovecot.log()).toMatch(new RegExp(`Login: user=<${APP_MAILBOX}>, method=(XOAUTH2|OAUTHBEARER)`));

    const wrongSecret = await t
      .as(operator.session)
      .post('/api/email-sources/test-connection', { ...form, password: 'not-the-secret' });
    expect(wrongSecret.json().incoming.ok).toBe(false);
    expect(wrongSecret.json().incoming.message).toMatch(/^Microsoft sign-in failed/);
  });
});

describe('who may use the sign-in routes', () => {
  it('lists the configured providers to source users only', async () => {
    const providers = await t.as(operator.session).get('/api/email-sources/oauth/providers');
    expect(providers.json()).toEqual({ providers: ['microsoft', 'google'] });
    const plain = await t.signIn({});
    expect((await t.as(plain.session).get('/api/email-sources/oauth/providers')).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/email-sources/oauth/providers' })).statusCode,
    ).toBe(401);
  });

  it('refuses the start, callback and sign-out without a session, to the wrong role and with bad input', async () => {
    const source = await createSource();
    const plain = await t.signIn({});
    for (const [method, url] of [
      ['GET', `/api/email-sources/${source.id}/oauth/microsoft/start`],
      ['POST', `/api/email-sources/${source.id}/oauth/sign-out`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      const asPlain =
        method === 'GET' ? await t.as(plain.session).get(url) : await t.as(plain.session).post(url);
      expect(asPlain.statusCode).toBe(403);
    }
    // The callback ends in the web app whatever happens: renewing the session, or saying why not.
    const callbackUrl = '/api/email-sources/oauth/callback?code=x&state=y';
    expect((await t.app.inject({ method: 'GET', url: callbackUrl })).headers.location).toBe(
      '/auth/mailbox-sign-in/resume?code=x&state=y',
    );
    expect((await t.as(plain.session).get(callbackUrl)).headers.location).toBe(
      '/email-sources?signInError=not_allowed',
    );
    expect(
      (await t.as(operator.session).get(`/api/email-sources/${source.id}/oauth/yahoo/start`)).statusCode,
    ).toBe(400);
    expect(
      (await t.as(operator.session).get('/api/email-sources/999999/oauth/microsoft/start')).statusCode,
    ).toBe(404);
    expect((await t.as(operator.session).post('/api/email-sources/999999/oauth/sign-out')).statusCode).toBe(
      404,
    );
  });

  it('offers no provider that is not set up', async () => {
    const bare = await createTestApp();
    try {
      const { session } = await bare.signIn({ orderUser: true });
      expect((await bare.as(session).get('/api/email-sources/oauth/providers')).json()).toEqual({
        providers: [],
      });
      const start = await bare.as(session).get('/api/email-sources/1/oauth/google/start');
      expect(start.statusCode).toBe(404);
      expect(start.json().message).toBe('Sign-in with Google is not set up on this server.');
    } finally {
      await bare.close();
    }
  });
});

// The sealed tokens can be opened by the app's own key only.
describe('sealing', () => {
  it('a token sealed for one source cannot be opened with another key', async () => {
    const source = await createSource();
    await signIn(source.id);
    const stored = await row(source.id);
    const otherBox = createSecretBox('another-secret-key-another-secret-key-000');
    expect(() => otherBox.open(stored.oauthRefreshEncrypted ?? '', 'x')).toThrow();
  });
});
