/**
 * IMAP sign-in to an e-mail source's mailbox, shared by the editor's connection test and the mail intake.
 * imapflow does not reconnect by itself: callers open a new client for each poll.
 */
import { type ConnectionCheck, DEFAULT_PORTS } from '@app/contracts';
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import { classifyConnectionError, describeConnectionFailure } from './connection-failure';
import type { MailSignIn, MailSignInSettings } from './msal';

export const DEFAULT_IMAPS_PORT = DEFAULT_PORTS.imaps;
export const DEFAULT_IMAP_PORT = DEFAULT_PORTS.imap;
export const DEFAULT_CONNECT_TIMEOUT_MS = 15_000;
const SOCKET_TIMEOUT_MS = 60_000;
/** The connection test adds this to the connect timeout for signing in and opening INBOX. */
const CHECK_EXTRA_MS = 5_000;

export interface IncomingServerSettings extends MailSignInSettings {
  incomingServer: string;
  incomingPort: number | null;
  ssl: boolean;
  /** How long to wait for the connection and the greeting (CONNECT_TIMEOUT_SECONDS). */
  connectTimeoutMs?: number;
}

export interface ImapEndpoint {
  host: string;
  port: number;
}

export function imapEndpoint(settings: IncomingServerSettings): ImapEndpoint {
  const fallback = settings.ssl ? DEFAULT_IMAPS_PORT : DEFAULT_IMAP_PORT;
  return { host: settings.incomingServer.trim(), port: settings.incomingPort ?? fallback };
}

export function connectTimeoutOf(settings: { connectTimeoutMs?: number }): number {
  return settings.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
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
    connectionTimeout: connectTimeoutOf(settings),
    greetingTimeout: connectTimeoutOf(settings),
    socketTimeout: SOCKET_TIMEOUT_MS,
  };
}

/** Whether the server of each client sent anything at all: it tells "not an IMAP server" from silence. */
const serverSpoke = new WeakMap<ImapFlow, { spoke: boolean }>();

/**
 * A new, unconnected client. Its 'error' events are swallowed here (an unhandled one would crash the
 * process); a broken connection still shows as a rejected command and a 'close' event. imapflow logs
 * every line it reads from the server (`src: 's'`); the logger only notes that one arrived.
 */
export function newImapClient(settings: IncomingServerSettings, signIn: MailSignIn): ImapFlow {
  const heard = { spoke: false };
  const note = (entry: unknown) => {
    if ((entry as { src?: unknown } | undefined)?.src === 's') heard.spoke = true;
  };
  const logger = { trace: note, debug: note, info: note, warn: note, error: note, fatal: note };
  const client = new ImapFlow({ ...imapClientOptions(settings, signIn), logger });
  serverSpoke.set(client, heard);
  client.on('error', () => {});
  return client;
}

/** A connected, signed-in client. */
export async function openImapClient(
  settings: IncomingServerSettings,
  signIn: MailSignIn,
): Promise<ImapFlow> {
  const client = newImapClient(settings, signIn);
  try {
    await client.connect();
  } catch (error) {
    client.close();
    throw new ImapConnectError(imapFailureMessage(error, client, settings, signIn.user), { cause: error });
  }
  return client;
}

/** Its message is complete and fit for the operator (see imapFailureMessage). */
export class ImapConnectError extends Error {
  override name = 'ImapConnectError';
}

/** Connects, signs in and opens INBOX read-only; a result for the editor's "Test connection". */
export async function checkImapConnection(
  settings: IncomingServerSettings,
  signIn: MailSignIn,
): Promise<ConnectionCheck> {
  const endpoint = imapEndpoint(settings);
  if (!endpoint.host) return { ok: false, message: 'No incoming server is set.' };
  const where = `${endpoint.host}:${endpoint.port}`;
  const deadlineMs = connectTimeoutOf(settings) + CHECK_EXTRA_MS;
  let client: ImapFlow | undefined;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<ConnectionCheck>((resolve) => {
    timer = setTimeout(() => {
      // A server that stalls mid-conversation is dropped, not left to the socket timeout.
      client?.close();
      resolve({
        ok: false,
        message: `Could not connect to ${where}: timed out (no answer within ${deadlineMs / 1000} s).`,
      });
    }, deadlineMs);
  });
  const attempt = (async (): Promise<ConnectionCheck> => {
    client = newImapClient(settings, signIn);
    try {
      await client.connect();
    } catch (error) {
      client.close();
      return { ok: false, message: imapFailureMessage(error, client, settings, signIn.user) };
    }
    try {
      const inbox = await client.mailboxOpen('INBOX', { readOnly: true });
      const count = `${inbox.exists} message${inbox.exists === 1 ? '' : 's'}`;
      return { ok: true, message: `Connected to ${where} as ${signIn.user}; INBOX has ${count}` };
    } catch {
      return {
        ok: false,
        message: `Connected to ${where} as ${signIn.user}, but INBOX could not be opened.`,
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

/**
 * Why connecting or signing in failed, in the fixed vocabulary of connection-failure.ts. A greeting that
 * never came although the server sent lines means something other than IMAP answers on that port.
 */
export function imapFailureMessage(
  error: unknown,
  client: ImapFlow,
  settings: IncomingServerSettings,
  user: string,
): string {
  const { host, port } = imapEndpoint(settings);
  let failure = classifyConnectionError(error);
  if ((error as { code?: unknown }).code === 'GREETING_TIMEOUT' && serverSpoke.get(client)?.spoke) {
    failure = { kind: 'not-the-protocol' };
  }
  return describeConnectionFailure(failure, {
    protocol: 'IMAP',
    where: `${host}:${port}`,
    user,
    timeoutSeconds: connectTimeoutOf(settings) / 1000,
  });
}
