/**
 * Microsoft 365 sign-in for mailboxes (docs/behaviour/sources.md#microsoft-365): basic auth is gone at Microsoft, so an MSAL source gets
 * an app-only token by the client-credentials flow and hands it to IMAP and SMTP as XOAUTH2.
 */
import { createHash } from 'node:crypto';
import type { ConfidentialClientApplication } from '@azure/msal-node';

export const MICROSOFT_AUTHORITY_HOST = 'https://login.microsoftonline.com';
export const OUTLOOK_SCOPE = 'https://outlook.office365.com/.default';
const TOKEN_TIMEOUT_MS = 15_000;
const MAX_CACHED_CLIENTS = 100;

/** The fields of an e-mail source that decide how its mailbox is signed in to. */
export interface MailSignInSettings {
  username: string;
  email: string;
  isMsal: boolean;
  msalClientId: string;
  msalTenantId: string;
}

/** What IMAP and SMTP authenticate with: the mailbox password, or a Microsoft token as XOAUTH2. */
export type MailSignIn =
  | { method: 'password'; user: string; password: string }
  | { method: 'oauth2'; user: string; accessToken: string };

/** Signing in to a mailbox's provider failed; its message is complete and meant for the user. */
export class MailSignInError extends Error {
  override name = 'MailSignInError';
}

/** Its message is complete and meant for the user ('Microsoft sign-in failed: ...'). */
export class MicrosoftSignInError extends MailSignInError {
  override name = 'MicrosoftSignInError';
}

let authorityHost = MICROSOFT_AUTHORITY_HOST;

/**
 * Tests have no Microsoft to talk to: they point sign-in at a closed loopback port to prove it fails fast
 * and clearly. Production code never calls this.
 */
export function setMicrosoftAuthorityHostForTests(host: string | undefined): void {
  authorityHost = host ?? MICROSOFT_AUTHORITY_HOST;
}

/**
 * The sign-in for a mailbox. `secret` is the decrypted password field: the mailbox password, or the
 * client secret when MSAL is on (then the XOAUTH2 user is the mailbox address, as Microsoft expects).
 */
export async function resolveMailSignIn(settings: MailSignInSettings, secret: string): Promise<MailSignIn> {
  if (!settings.isMsal) return { method: 'password', user: settings.username, password: secret };
  const accessToken = await acquireOutlookAccessToken({
    clientId: settings.msalClientId,
    tenantId: settings.msalTenantId,
    clientSecret: secret,
  });
  return { method: 'oauth2', user: settings.email, accessToken };
}

export interface MicrosoftAppCredentials {
  clientId: string;
  tenantId: string;
  clientSecret: string;
}

// One client per app registration: MSAL caches the token in it, so polls reuse it until it expires.
const clients = new Map<string, ConfidentialClientApplication>();

export async function acquireOutlookAccessToken(credentials: MicrosoftAppCredentials): Promise<string> {
  const clientId = credentials.clientId.trim();
  const tenantId = credentials.tenantId.trim();
  if (!clientId || !tenantId) {
    throw new MicrosoftSignInError(
      'Microsoft sign-in failed: the client ID and the tenant ID are both required.',
    );
  }
  if (!credentials.clientSecret) {
    throw new MicrosoftSignInError(
      'Microsoft sign-in failed: no client secret is saved for this email source.',
    );
  }
  const client = await clientFor(clientId, tenantId, credentials.clientSecret);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new MicrosoftSignInError(
            `Microsoft sign-in failed: no answer from ${authorityHost} within ${TOKEN_TIMEOUT_MS / 1000} s.`,
          ),
        ),
      TOKEN_TIMEOUT_MS,
    );
  });
  try {
    const result = await Promise.race([
      client.acquireTokenByClientCredential({ scopes: [OUTLOOK_SCOPE] }),
      timeout,
    ]);
    if (!result?.accessToken)
      throw new MicrosoftSignInError('Microsoft sign-in failed: no access token was returned.');
    return result.accessToken;
  } catch (error) {
    if (error instanceof MicrosoftSignInError) throw error;
    throw new MicrosoftSignInError(`Microsoft sign-in failed: ${describeMsalError(error, tenantId)}`);
  } finally {
    clearTimeout(timer);
  }
}

async function clientFor(
  clientId: string,
  tenantId: string,
  clientSecret: string,
): Promise<ConfidentialClientApplication> {
  const secretHash = createHash('sha256').update(clientSecret).digest('hex');
  const key = [authorityHost, tenantId, clientId, secretHash].join('\n');
  const cached = clients.get(key);
  if (cached) return cached;
  const isMicrosoft = authorityHost === MICROSOFT_AUTHORITY_HOST;
  // Imported on the first Microsoft sign-in, not at start-up (docs/decisions/0013-lazy-start-up.md).
  const { ConfidentialClientApplication } = await import('@azure/msal-node');
  const client = new ConfidentialClientApplication({
    auth: {
      clientId,
      clientSecret,
      authority: `${authorityHost}/${encodeURIComponent(tenantId)}`,
      // Any other host skips Microsoft's instance discovery, which only knows Microsoft's own hosts.
      ...(isMicrosoft ? {} : { knownAuthorities: [new URL(authorityHost).host] }),
    },
    system: { loggerOptions: { piiLoggingEnabled: false, loggerCallback: () => {} } },
  });
  if (clients.size >= MAX_CACHED_CLIENTS) {
    const oldest = clients.keys().next().value;
    if (oldest !== undefined) clients.delete(oldest);
  }
  clients.set(key, client);
  return client;
}

/** MSAL's own messages are often just an error code and a link; say what went wrong in words. */
function describeMsalError(error: unknown, tenantId: string): string {
  const details = error as { errorCode?: string; errorMessage?: string; message?: string };
  const code = details.errorCode ?? '';
  // Microsoft's answer starts with its AADSTS code and reason; the trace and correlation ids follow.
  const serverText =
    (details.errorMessage ?? details.message ?? String(error)).split(/\r?\n/)[0]?.trim() ?? '';
  switch (code) {
    case 'network_error':
      return `could not reach ${authorityHost} (${serverText}).`;
    case 'endpoints_resolution_error':
      return `could not find the sign-in endpoints of tenant "${tenantId}" at ${authorityHost}. Check the tenant ID and that the server can reach ${authorityHost}.`;
    case 'url_parse_error':
    case 'authority_uri_insecure':
    case 'invalid_authority_type':
      return `the tenant ID "${tenantId}" is not valid.`;
    default:
      return serverText && !serverText.startsWith('See https://')
        ? serverText
        : `${code || 'unknown error'}.`;
  }
}
