/**
 * IMAP sign-in to an e-mail source's mailbox, shared by the editor's connection test and the mail intake.
 * imapflow does not reconnect by itself (STACK-NOTES): callers open a new client for each poll.
 */
import type { ConnectionCheck } from '@app/contracts';
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import { type MailSignIn, type MailSignInSettings, resolveMailSignIn } from './msal';

export const DEFAULT_IMAPS_PORT = 993;
export const DEFAULT_IMAP_PORT = 143;
const CONNECT_TIMEOUT_MS = 15_000;
const SOCKET_TIMEOUT_MS = 60_000;
/** The whole connection test (connect, sign in, open INBOX) must answer within this. */
const CHECK_DEADLINE_MS = 20_000;

export interface IncomingServerSettings extends MailSignInSettings {
  incomingServer: string;
  incomingPort: number | null;
  ssl: boolean;
}

export interface ImapEndpoint {
  host: string;
  port: number;
}

export function imapEndpoint(settings: IncomingServerSettings): ImapEndpoint {
  const fallback = settings.ssl ? DEFAULT_IMAPS_PORT : DEFAULT_IMAP_PORT;
  return { host: settings.incomingServer.trim(), port: settings.incomingPort ?? fallback };
}

/**
 * SSL on: implicit TLS on port 993, STARTTLS required on any other port. SSL off: plain IMAP (no upgrade),
 * as the operator chose.
 */
export function imapClientOptions(settings: IncomingServerSettings, signIn: MailSignIn): ImapFlowOptions {
  const { host, port } = imapEndpoint(settings);
  const implicitTls = settings.ssl && port === DEFAULT_IMAPS_PORT;
  return {
    host,
    port,
    secure: implicitTls,
    doSTARTTLS: settings.ssl && !implicitTls,
    tls: { rejectUnauthorized: true },
    auth:
      signIn.method === 'oauth2'
        ? { user: signIn.user, accessToken: signIn.accessToken }
        : { user: signIn.user, pass: signIn.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  };
}

/**
 * A connected, signed-in client. Its 'error' events are swallowed here (an unhandled one would crash the
 * process); a broken connection still shows as a rejected command and a 'close' event.
 */
export async function openImapClient(
  settings: IncomingServerSettings,
  signIn: MailSignIn,
): Promise<ImapFlow> {
  const client = new ImapFlow(imapClientOptions(settings, signIn));
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    client.close();
    throw error;
  }
  return client;
}

/** Signs in (Microsoft token first when MSAL is on) and returns a connected client. */
export async function connectImap(settings: IncomingServerSettings, secret: string): Promise<ImapFlow> {
  return openImapClient(settings, await resolveMailSignIn(settings, secret));
}

/** Connects, signs in and opens INBOX read-only; a result for the editor's "Test connection". */
export async function checkImapConnection(
  settings: IncomingServerSettings,
  signIn: MailSignIn,
): Promise<ConnectionCheck> {
  const endpoint = imapEndpoint(settings);
  if (!endpoint.host) return { ok: false, message: 'No incoming server is set.' };
  const where = `${endpoint.host}:${endpoint.port}`;
  let client: ImapFlow | undefined;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<ConnectionCheck>((resolve) => {
    timer = setTimeout(() => {
      // A server that stalls mid-conversation is dropped, not left to the socket timeout.
      client?.close();
      resolve({ ok: false, message: `No answer from ${where} within ${CHECK_DEADLINE_MS / 1000} s.` });
    }, CHECK_DEADLINE_MS);
  });
  const attempt = (async (): Promise<ConnectionCheck> => {
    try {
      client = await openImapClient(settings, signIn);
    } catch (error) {
      return { ok: false, message: imapFailureMessage(error, where, signIn.user) };
    }
    try {
      const inbox = await client.mailboxOpen('INBOX', { readOnly: true });
      const count = `${inbox.exists} message${inbox.exists === 1 ? '' : 's'}`;
      return { ok: true, message: `Connected to ${where} as ${signIn.user}; INBOX has ${count}` };
    } catch (error) {
      return {
        ok: false,
        message: `Connected to ${where} as ${signIn.user}, but could not open INBOX: ${serverText(error)}`,
      };
    } finally {
      await closeQuietly(client);
    }
  })();
  try {
    return await Promise.race([attempt, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Logs out politely, or drops the connection when the server does not answer. */
export async function closeQuietly(client: ImapFlow | undefined): Promise<void> {
  if (!client) return;
  if (!client.usable) {
    client.close();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    client.logout().catch(() => client.close()),
    new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        client.close();
        resolve();
      }, 5_000);
    }),
  ]);
  clearTimeout(timer);
}

export function imapFailureMessage(error: unknown, where: string, user: string): string {
  const details = error as { authenticationFailed?: boolean; code?: string };
  if (details.authenticationFailed) return `Could not sign in to ${where} as ${user}: ${serverText(error)}`;
  return `Could not connect to ${where}: ${serverText(error)}`;
}

/** The server's own words ("[AUTHENTICATIONFAILED] Authentication failed.") beat imapflow's "Command failed". */
function serverText(error: unknown): string {
  const details = error as { response?: unknown; responseText?: string; message?: string; code?: string };
  if (typeof details.response === 'string' && details.response.trim()) {
    // Drop the command tag and status ("2 NO "): the rest is what the server said.
    return details.response.replace(/^\S+\s+(?:NO|BAD|BYE)\s+/i, '').trim();
  }
  if (details.responseText) return details.responseText;
  const message = details.message ?? String(error);
  return details.code && !message.includes(details.code) ? `${message} (${details.code})` : message;
}
