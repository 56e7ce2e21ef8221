/**
 * Delegated mailbox sign-in with Microsoft 365 and Google (docs/behaviour/sources.md#mailbox-sign-in): the
 * OAuth 2.0 authorization-code flow with PKCE, its `state` signed and bound to the signed-in user and the
 * source, the ID token checked against the provider's published keys, and the tokens kept on the source:
 * the refresh token sealed to the source's servers and the signed-in address, the access token shared by
 * every instance and refreshed under a short lease on the row (outside any transaction), so one refresh runs
 * at a time and a rotated refresh token is never lost. See docs/decisions/0022-delegated-mailbox-sign-in.md.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  MAILBOX_SIGN_IN_EXPIRED,
  type MailboxProvider,
  type MailboxSignInErrorCode,
  type MailSecretSettings,
  mailSecretBinding,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { createRemoteJWKSet, decodeJwt, type JWTPayload, jwtVerify } from 'jose';
import type { MailboxOAuthApp, MailboxOAuthConfig } from '../../config/env';
import { MailSignInError } from '../../integrations/msal';
import type { SystemMailer } from '../../integrations/system-mailer';
import { AppError } from '../../lib/app-error';
import { deriveKey } from '../../lib/crypto';
import type { SecretBox } from '../../lib/secrets';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { sendSystemAlert } from '../notifications/system-alert';
import {
  claimSignInRefreshLease,
  type EmailSourceRow,
  findEmailSourceById,
  lockEmailSource,
  saveSignInRefresh,
  updateEmailSource,
} from './repository';

export interface SignInContext {
  db: DbOrTx;
  secrets: SecretBox;
  config: { secretKey: string; publicUrl: string; mailboxOAuth: MailboxOAuthConfig };
  /** Sends the alert when a sign-in expires; without one the expiry is only shown and logged in runs. */
  mailer?: SystemMailer | undefined;
  /** Told when a caller waits for a token refresh another caller or instance is making. */
  onRefreshWait?: ((sourceId: number) => void) | undefined;
}

export const PROVIDER_NAMES: Record<MailboxProvider, string> = { microsoft: 'Microsoft', google: 'Google' };

/** Offline access (a refresh token), the address (ID token), and mail over IMAP and SMTP. */
const SCOPES: Record<MailboxProvider, string> = {
  microsoft:
    'openid email profile offline_access https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send',
  google: 'openid email https://mail.google.com/',
};

export const OAUTH_CALLBACK_PATH = '/api/email-sources/oauth/callback';
const STATE_LIFETIME_MS = 15 * 60_000;
const TOKEN_TIMEOUT_MS = 15_000;
/** An access token closer than this to its expiry is refreshed before use (a poll may run for minutes). */
const REFRESH_MARGIN_MS = 5 * 60_000;
const AUDIT = {
  entityType: 'email-source',
  secretFields: ['passwordEncrypted', 'oauthRefreshEncrypted', 'oauthAccessEncrypted'],
} as const;

export function configuredProviders(config: MailboxOAuthConfig): MailboxProvider[] {
  return (['microsoft', 'google'] as const).filter((provider) => config[provider] !== undefined);
}

function appOf(config: MailboxOAuthConfig, provider: MailboxProvider): MailboxOAuthApp {
  const app = config[provider];
  if (!app) throw AppError.notFound(`Sign-in with ${PROVIDER_NAMES[provider]} is not set up on this server.`);
  return app;
}

export function redirectUri(config: { publicUrl: string }): string {
  return `${config.publicUrl}${OAUTH_CALLBACK_PATH}`;
}

// ---------------------------------------------------------------------------------------------------------
// state and PKCE: nothing is stored between the start and the callback. The state is signed with a key
// derived from APP_SECRET_KEY; the PKCE verifier and the OpenID nonce are derived from its random part, so
// only this server can compute them, and any instance can finish a sign-in another one started.

interface StatePayload {
  u: number;
  s: number;
  p: MailboxProvider;
  n: string;
  e: number;
}

function stateKey(secretKey: string): Uint8Array {
  return deriveKey(secretKey, 'mailbox-oauth-state');
}

function mac(secretKey: string, text: string): string {
  return createHmac('sha256', stateKey(secretKey)).update(text).digest('base64url');
}

function signState(secretKey: string, payload: StatePayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secretKey, `state|${body}`)}`;
}

function verifyState(secretKey: string, state: string, now: number): StatePayload | undefined {
  const [body = '', signature = '', ...rest] = state.split('.');
  if (rest.length > 0 || !body) return undefined;
  const expected = Buffer.from(mac(secretKey, `state|${body}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload;
    if (typeof payload.e !== 'number' || payload.e < now) return undefined;
    return payload;
  } catch {
    return undefined;
  }
}

const codeVerifier = (secretKey: string, nonce: string) => mac(secretKey, `pkce|${nonce}`);
const openIdNonce = (secretKey: string, nonce: string) => mac(secretKey, `nonce|${nonce}`);

/** Where "Sign in with …" sends the browser: the provider's consent page for this source. */
export async function signInStartUrl(
  context: SignInContext,
  user: { id: number },
  sourceId: number,
  provider: MailboxProvider,
): Promise<string> {
  const app = appOf(context.config.mailboxOAuth, provider);
  const row = await findEmailSourceById(context.db, sourceId);
  if (!row) throw AppError.notFound('Email source not found');
  const nonce = randomBytes(18).toString('base64url');
  const { secretKey } = context.config;
  const state = signState(secretKey, {
    u: user.id,
    s: sourceId,
    p: provider,
    n: nonce,
    e: Date.now() + STATE_LIFETIME_MS,
  });
  const challenge = createHash('sha256').update(codeVerifier(secretKey, nonce)).digest('base64url');
  const url = new URL(app.authorizeUrl);
  const params: Record<string, string> = {
    client_id: app.clientId,
    response_type: 'code',
    redirect_uri: redirectUri(context.config),
    scope: SCOPES[provider],
    state,
    nonce: openIdNonce(secretKey, nonce),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    // The mailbox the operator means: the provider suggests it on its sign-in page.
    login_hint: row.email,
    // Microsoft asks once per app; Google hands out a refresh token only with offline access and consent.
    ...(provider === 'google' ? { access_type: 'offline', prompt: 'consent' } : { prompt: 'select_account' }),
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  error_description?: string | undefined;
}

/** Where the browser goes after the callback, and what happened (a code for the editor, details for the log). */
export type CallbackOutcome =
  | { ok: true; sourceId: number; account: string }
  | { ok: false; sourceId: number | undefined; error: MailboxSignInErrorCode; detail?: string };

/**
 * The provider's redirect back: the state must be ours, unexpired and the signed-in user's; the code is
 * exchanged with the PKCE verifier only this server knows; the ID token must be signed by the provider.
 */
export async function completeSignIn(
  context: SignInContext,
  user: { id: number; username: string },
  query: CallbackQuery,
): Promise<CallbackOutcome> {
  const { secretKey } = context.config;
  const payload = verifyState(secretKey, query.state ?? '', Date.now());
  if (!payload || (payload.p !== 'microsoft' && payload.p !== 'google')) {
    return { ok: false, sourceId: undefined, error: 'link_invalid' };
  }
  const fail = (error: MailboxSignInErrorCode, detail?: string): CallbackOutcome => ({
    ok: false,
    sourceId: payload.s,
    error,
    ...(detail ? { detail } : {}),
  });
  if (payload.u !== user.id) return fail('link_invalid', 'the state was started by another user');
  const provider = payload.p;
  const name = PROVIDER_NAMES[provider];
  if (query.error) {
    const detail = `${query.error}: ${(query.error_description ?? '').split(/\r?\n/)[0]?.slice(0, 300)}`;
    return fail(query.error === 'access_denied' ? 'declined' : 'provider_error', detail);
  }
  if (!query.code) return fail('no_code');
  const app = context.config.mailboxOAuth[provider];
  if (!app) return fail('not_set_up');
  const tokens = await requestTokens(app, name, {
    grant_type: 'authorization_code',
    code: query.code,
    redirect_uri: redirectUri(context.config),
    code_verifier: codeVerifier(secretKey, payload.n),
  });
  if (!tokens.ok) return fail('token_failed', tokens.message);
  if (!tokens.refreshToken) return fail('no_refresh_token');
  let account: string;
  try {
    account = await verifiedAddress(provider, app, tokens.idToken, openIdNonce(secretKey, payload.n));
  } catch (error) {
    return fail('id_token_invalid', (error as Error).message);
  }
  const accessToken = tokens.accessToken;
  const refreshToken = tokens.refreshToken;
  const saved = await context.db.transaction(async (tx) => {
    const existing = await lockEmailSource(tx, payload.s);
    if (!existing) return undefined;
    const binding = tokenBinding(existing, provider, account);
    const row = await updateEmailSource(tx, existing.id, {
      oauthProvider: provider,
      oauthAccount: account,
      oauthRefreshEncrypted: context.secrets.seal(refreshToken, binding),
      oauthAccessEncrypted: context.secrets.seal(accessToken, binding),
      oauthAccessExpiresAt: new Date(Date.now() + tokens.expiresInSeconds * 1000),
      oauthExpiredAt: null,
      oauthRefreshLeaseUntil: null,
    });
    await recordAudit(tx, {
      ...AUDIT,
      actor: user,
      entityId: existing.id,
      action: 'updated',
      before: existing,
      after: row ?? null,
    });
    return row;
  });
  if (!saved) return { ok: false, sourceId: undefined, error: 'source_deleted' };
  return { ok: true, sourceId: payload.s, account };
}

/**
 * Sign-out: the tokens are deleted; the source signs in with its password or MSAL app again. Afterwards the
 * grant is revoked at the provider where it has an endpoint for it (Google), best effort: the tokens are gone
 * here whatever it answers. Microsoft has none for a refresh token (an administrator revokes the sessions).
 */
export async function signOutMailbox(
  context: SignInContext,
  sourceId: number,
  actor: AuditActor,
): Promise<EmailSourceRow> {
  const { row, refreshToken, provider } = await context.db.transaction(async (tx) => {
    const existing = await lockEmailSource(tx, sourceId);
    if (!existing) throw AppError.notFound('Email source not found');
    const updated = await updateEmailSource(tx, sourceId, SIGNED_OUT);
    await recordAudit(tx, {
      ...AUDIT,
      actor,
      entityId: sourceId,
      action: 'updated',
      before: existing,
      after: updated ?? null,
    });
    return {
      row: updated ?? existing,
      refreshToken: openRefreshToken(context.secrets, existing),
      provider: existing.oauthProvider as MailboxProvider | null,
    };
  });
  const revokeUrl = provider ? context.config.mailboxOAuth[provider]?.revokeUrl : undefined;
  if (revokeUrl && refreshToken) {
    await fetch(revokeUrl, {
      method: 'POST',
      body: new URLSearchParams({ token: refreshToken }),
      signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS),
    }).catch(() => undefined);
  }
  return row;
}

const REVOKE_TIMEOUT_MS = 5_000;

function openRefreshToken(secrets: SecretBox, row: EmailSourceRow): string | undefined {
  if (!row.oauthProvider || !row.oauthRefreshEncrypted) return undefined;
  try {
    return secrets.open(row.oauthRefreshEncrypted, tokenBinding(row, row.oauthProvider, row.oauthAccount));
  } catch {
    return undefined;
  }
}

/** The columns of a source without delegated sign-in. */
export const SIGNED_OUT = {
  oauthProvider: null,
  oauthAccount: '',
  oauthRefreshEncrypted: null,
  oauthAccessEncrypted: null,
  oauthAccessExpiresAt: null,
  oauthExpiredAt: null,
  oauthRefreshLeaseUntil: null,
} as const;

/**
 * The tokens belong to the mailbox servers and the address they were issued for: sealed to them, they
 * cannot be sent to another server by editing the source (docs/decisions/0005-stored-secrets-and-host-keys.md).
 */
function tokenBinding(row: MailSecretSettings, provider: string, account: string): string {
  return mailSecretBinding({ ...row, isMsal: false, username: `oauth:${provider}:${account.toLowerCase()}` });
}

/** Whether a save changes the servers the source's sign-in tokens are sealed to (they are then deleted). */
export function signInServersChanged(saved: EmailSourceRow, next: MailSecretSettings): boolean {
  if (!saved.oauthProvider) return false;
  const { oauthProvider: provider, oauthAccount: account } = saved;
  return tokenBinding(saved, provider, account) !== tokenBinding(next, provider, account);
}

// ---------------------------------------------------------------------------------------------------------
// Access tokens in use.

/**
 * A live access token for the source's mailbox. A token valid for more than REFRESH_MARGIN_MS is used as
 * stored. Otherwise one refresh runs per source: in this process the callers share one promise; across
 * instances the one that claims the row's short lease (a conditional UPDATE) asks the provider, outside any
 * transaction, so no database connection waits on the network; the others re-read the row until the new
 * token is there. The result is saved only if the refresh token used is still the stored one, and the
 * rotated refresh token with it. A refused refresh token marks the source "Sign-in expired": later uses
 * fail at once, without asking the provider again (docs/decisions/0022-delegated-mailbox-sign-in.md).
 */
export async function mailboxAccessToken(context: SignInContext, row: EmailSourceRow): Promise<string> {
  const stored = usableAccessToken(context.secrets, row);
  if (stored) return stored;
  if (row.oauthExpiredAt || !row.oauthRefreshEncrypted) throw new MailSignInError(MAILBOX_SIGN_IN_EXPIRED);
  let perDatabase = refreshing.get(context.db);
  if (!perDatabase) {
    perDatabase = new Map();
    refreshing.set(context.db, perDatabase);
  }
  const running = perDatabase.get(row.id);
  if (running) {
    context.onRefreshWait?.(row.id);
    return running;
  }
  const flight = refreshAccessToken(context, row).finally(() => perDatabase.delete(row.id));
  perDatabase.set(row.id, flight);
  return flight;
}

/** The refreshes under way in this process, per database (an instance) and source. */
const refreshing = new WeakMap<object, Map<number, Promise<string>>>();
/** Long enough for one token request (TOKEN_TIMEOUT_MS) and its save; a crashed holder blocks no longer. */
const REFRESH_LEASE_MS = TOKEN_TIMEOUT_MS + 5_000;
const REFRESH_WAIT_STEP_MS = 100;

async function refreshAccessToken(context: SignInContext, row: EmailSourceRow): Promise<string> {
  const provider = row.oauthProvider as MailboxProvider;
  const name = PROVIDER_NAMES[provider] ?? 'The provider';
  const deadline = Date.now() + REFRESH_LEASE_MS + 5_000;
  let waited = false;
  for (;;) {
    const claimed = await claimSignInRefreshLease(
      context.db,
      row.id,
      new Date(Date.now() + REFRESH_LEASE_MS),
    );
    if (claimed) return refreshWithLease(context, claimed, provider, name);
    // Lost the race (or the sign-in is gone): the row says which.
    const current = await findEmailSourceById(context.db, row.id);
    if (!current || current.oauthProvider !== provider) {
      throw new MailSignInError('The sign-in of this email source was removed.');
    }
    const fresh = usableAccessToken(context.secrets, current);
    if (fresh) return fresh;
    if (current.oauthExpiredAt || !current.oauthRefreshEncrypted) {
      throw new MailSignInError(MAILBOX_SIGN_IN_EXPIRED);
    }
    if (Date.now() > deadline) {
      throw new MailSignInError(`${name} sign-in failed: another instance's token refresh did not finish.`);
    }
    if (!waited) {
      waited = true;
      context.onRefreshWait?.(row.id);
    }
    await new Promise((resolve) => setTimeout(resolve, REFRESH_WAIT_STEP_MS));
  }
}

async function refreshWithLease(
  context: SignInContext,
  locked: EmailSourceRow,
  provider: MailboxProvider,
  name: string,
): Promise<string> {
  const used = locked.oauthRefreshEncrypted ?? '';
  const release = () => saveSignInRefresh(context.db, locked.id, used, {});
  const fail = async (message: string): Promise<never> => {
    await release();
    throw new MailSignInError(message);
  };
  const fresh = usableAccessToken(context.secrets, locked);
  if (fresh) {
    await release();
    return fresh;
  }
  const app = context.config.mailboxOAuth[provider];
  if (!app) return fail(`Sign-in with ${name} is no longer set up on this server.`);
  const binding = tokenBinding(locked, provider, locked.oauthAccount);
  let refreshToken: string;
  try {
    refreshToken = context.secrets.open(used, binding);
  } catch {
    return fail(`The saved ${name} sign-in cannot be used (APP_SECRET_KEY changed): sign in again.`);
  }
  const tokens = await requestTokens(app, name, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    // Microsoft's v2 endpoint wants the scopes on a refresh too; Google's accepts them (a subset of the grant).
    scope: SCOPES[provider],
  });
  if (!tokens.ok) {
    if (tokens.refused) {
      const marked = await saveSignInRefresh(context.db, locked.id, used, {
        oauthRefreshEncrypted: null,
        oauthAccessEncrypted: null,
        oauthAccessExpiresAt: null,
        oauthExpiredAt: new Date(),
      });
      if (marked) await sendExpiryAlert(context, locked, name);
      throw new MailSignInError(MAILBOX_SIGN_IN_EXPIRED);
    }
    if (tokens.clientRefused) await sendClientAlert(context, locked, name, tokens.message);
    return fail(tokens.message);
  }
  const saved = await saveSignInRefresh(context.db, locked.id, used, {
    // Microsoft rotates refresh tokens: the new one replaces the spent one, or the mailbox is locked out.
    ...(tokens.refreshToken
      ? { oauthRefreshEncrypted: context.secrets.seal(tokens.refreshToken, binding) }
      : {}),
    oauthAccessEncrypted: context.secrets.seal(tokens.accessToken, binding),
    oauthAccessExpiresAt: new Date(Date.now() + tokens.expiresInSeconds * 1000),
  });
  if (!saved) throw new MailSignInError('The sign-in of this email source changed during the token refresh.');
  return tokens.accessToken;
}

/**
 * The error alert of an expired sign-in, sent once (when the provider first refuses): to the users who can
 * sign the mailbox in again (order, inventory and submission users who receive e-mail notifications).
 */
async function sendExpiryAlert(
  context: SignInContext,
  row: EmailSourceRow,
  providerName: string,
): Promise<void> {
  await sendSystemAlert(context, `${MAILBOX_SIGN_IN_EXPIRED}: email source "${row.username}"`, [
    `${providerName} refused the saved sign-in of the email source "${row.username}" (${row.oauthAccount}):`,
    'consent was revoked, the password was reset, or it went unused too long.',
    '',
    'Its polls and the mail it sends fail until someone signs in again:',
    `${context.config.publicUrl}/email-sources/edit/${row.id}`,
  ]);
}

/** The client credentials already alerted about in this process: one alert per secret, not one per poll. */
const clientAlerts = new Set<string>();

/**
 * The provider refused this server's own application (an expired or wrong client secret): every signed-in
 * mailbox of that provider fails until the administrator renews it, so it is said once, not per source.
 */
async function sendClientAlert(
  context: SignInContext,
  row: EmailSourceRow,
  providerName: string,
  message: string,
): Promise<void> {
  const app = context.config.mailboxOAuth[row.oauthProvider as MailboxProvider];
  if (!app) return;
  const key = createHash('sha256')
    .update(`${app.tokenUrl}|${app.clientId}|${app.clientSecret}`)
    .digest('hex');
  if (clientAlerts.has(key)) return;
  clientAlerts.add(key);
  const prefix = row.oauthProvider === 'google' ? 'GOOGLE' : 'MICROSOFT';
  await sendSystemAlert(context, `${providerName} sign-in is misconfigured on this server`, [
    `${providerName} refused this server's application (client ${app.clientId}): ${message}`,
    `The client secret has probably expired. Until ${prefix}_OAUTH_CLIENT_SECRET is renewed, no mailbox`,
    `signed in with ${providerName} can be polled or send mail (the first one to fail: "${row.username}").`,
  ]);
}

function usableAccessToken(secrets: SecretBox, row: EmailSourceRow): string | undefined {
  if (!row.oauthAccessEncrypted || !row.oauthAccessExpiresAt || row.oauthExpiredAt) return undefined;
  if (row.oauthAccessExpiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS) return undefined;
  try {
    return secrets.open(
      row.oauthAccessEncrypted,
      tokenBinding(row, row.oauthProvider ?? '', row.oauthAccount),
    );
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The provider's token endpoint and keys.

type TokenAnswer =
  | {
      ok: true;
      accessToken: string;
      refreshToken: string | undefined;
      idToken: string | undefined;
      expiresInSeconds: number;
    }
  | { ok: false; refused: boolean; clientRefused?: boolean; message: string };

/**
 * Answers that only a new sign-in mends: the grant is revoked, expired or spent (invalid_grant), or the
 * user must sign in or consent again (a policy or scope change, Microsoft's interaction_required).
 */
const SIGN_IN_AGAIN = new Set([
  'invalid_grant',
  'interaction_required',
  'consent_required',
  'login_required',
]);

async function requestTokens(
  app: MailboxOAuthApp,
  name: string,
  grant: Record<string, string>,
): Promise<TokenAnswer> {
  let response: Response;
  try {
    response = await fetch(app.tokenUrl, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams({ ...grant, client_id: app.clientId, client_secret: app.clientSecret }),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      ok: false,
      refused: false,
      message: `${name} sign-in failed: ${timedOut ? `no answer within ${TOKEN_TIMEOUT_MS / 1000} s` : 'the sign-in server could not be reached'} (${new URL(app.tokenUrl).host}).`,
    };
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const text = (key: string) => (typeof answer[key] === 'string' ? (answer[key] as string) : undefined);
  const accessToken = text('access_token');
  if (response.ok && accessToken) {
    const expiresIn = Number(answer.expires_in);
    return {
      ok: true,
      accessToken,
      refreshToken: text('refresh_token'),
      idToken: text('id_token'),
      expiresInSeconds: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600,
    };
  }
  const code = text('error') ?? `HTTP ${response.status}`;
  const description = (text('error_description') ?? '').split(/\r?\n/)[0]?.slice(0, 300);
  return {
    ok: false,
    refused: SIGN_IN_AGAIN.has(code),
    // The app's own credentials (an expired client secret): the server's configuration, not the mailbox.
    clientRefused: code === 'invalid_client' || code === 'unauthorized_client',
    message: `${name} sign-in failed: ${code}${description ? ` (${description})` : ''}.`,
  };
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
const metadata = new Map<string, { jwksUri: string; issuer: string; at: number }>();
const METADATA_TTL_MS = 60 * 60_000;

async function signingKeys(
  app: MailboxOAuthApp,
): Promise<{ jwks: ReturnType<typeof createRemoteJWKSet>; issuers: (payload: JWTPayload) => string[] }> {
  let jwksUri: string;
  let issuers: (payload: JWTPayload) => string[];
  if (app.keys.kind === 'jwks') {
    jwksUri = app.keys.url;
    const listed = app.keys.issuers;
    issuers = () => listed;
  } else {
    const url = app.keys.url;
    let known = metadata.get(url);
    if (!known || Date.now() - known.at > METADATA_TTL_MS) {
      const response = await fetch(url, { signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`the provider's metadata answered HTTP ${response.status}`);
      const document = (await response.json()) as { jwks_uri?: string; issuer?: string };
      if (!document.jwks_uri || !document.issuer) throw new Error("the provider's metadata names no keys");
      known = { jwksUri: document.jwks_uri, issuer: document.issuer, at: Date.now() };
      metadata.set(url, known);
    }
    jwksUri = known.jwksUri;
    const template = known.issuer;
    // Microsoft's multi-tenant metadata names the issuer as …/{tenantid}/v2.0: the token's own tenant fills it.
    issuers = (payload) => [template.replace('{tenantid}', String(payload.tid ?? ''))];
  }
  let jwks = keySets.get(jwksUri);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: TOKEN_TIMEOUT_MS });
    keySets.set(jwksUri, jwks);
  }
  return { jwks, issuers };
}

/** The mailbox address of a verified ID token: signature, issuer, audience, expiry and nonce all checked. */
async function verifiedAddress(
  provider: MailboxProvider,
  app: MailboxOAuthApp,
  idToken: string | undefined,
  nonce: string,
): Promise<string> {
  if (!idToken) throw new Error('no ID token came back');
  const { jwks, issuers } = await signingKeys(app);
  const { payload } = await jwtVerify(idToken, jwks, {
    audience: app.clientId,
    issuer: issuers(decodeJwt(idToken)),
    algorithms: ['RS256'],
    requiredClaims: ['exp', 'iat'],
    clockTolerance: 120,
  });
  if (payload.nonce !== nonce) throw new Error('the nonce does not match');
  const address = mailboxAddressOf(provider, payload);
  if (!address) throw new Error('it names no verified e-mail address');
  return address.trim();
}

/**
 * Google: `email`, only when Google says it verified it. Microsoft: `preferred_username` (the sign-in name,
 * which is the mailbox's address in Microsoft 365) before `email`, which can be any alias or unverified.
 */
function mailboxAddressOf(provider: MailboxProvider, payload: JWTPayload): string | undefined {
  const isAddress = (value: unknown): value is string => typeof value === 'string' && value.includes('@');
  if (provider === 'google')
    return payload.email_verified === true && isAddress(payload.email) ? payload.email : undefined;
  return [payload.preferred_username, payload.email].find(isAddress);
}
