/**
 * SMTP through an e-mail source's own outgoing server (test e-mails now; vendor submissions and
 * forwarded orders later). The TLS rules live here once so every sender connects the same way.
 */
import { type ConnectionCheck, DEFAULT_PORTS } from '@app/contracts';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { classifyConnectionError, describeConnectionFailure } from './connection-failure';
import { connectTimeoutOf } from './imap-connection';
import type { MailSignIn, MailSignInSettings } from './msal';

/** Port 587 (submission with STARTTLS) is what the editor suggests when none is entered. */
export const DEFAULT_SMTP_PORT = DEFAULT_PORTS.smtp;
const IMPLICIT_TLS_SMTP_PORT = 465;
const SOCKET_TIMEOUT_MS = 30_000;

export interface OutgoingServerSettings extends MailSignInSettings {
  outgoingServer: string;
  outgoingPort: number | null;
  ssl: boolean;
  /** How long to wait for the connection and the greeting (CONNECT_TIMEOUT_SECONDS). */
  connectTimeoutMs?: number;
}

export interface SmtpEndpoint {
  host: string;
  port: number;
}

export function smtpEndpoint(settings: OutgoingServerSettings): SmtpEndpoint {
  return { host: settings.outgoingServer.trim(), port: settings.outgoingPort ?? DEFAULT_SMTP_PORT };
}

/**
 * SSL on: implicit TLS on port 465, STARTTLS required on any other port (so a server that does not offer
 * it fails instead of silently sending the password in clear). SSL off: plain SMTP, as the operator chose.
 */
export function smtpTransportOptions(
  settings: OutgoingServerSettings,
  signIn: MailSignIn,
): SMTPTransport.Options {
  const { host, port } = smtpEndpoint(settings);
  const implicitTls = settings.ssl && port === IMPLICIT_TLS_SMTP_PORT;
  return {
    host,
    port,
    secure: implicitTls,
    requireTLS: settings.ssl && !implicitTls,
    ignoreTLS: !settings.ssl,
    tls: { rejectUnauthorized: true },
    auth:
      signIn.method === 'oauth2'
        ? { type: 'OAuth2', user: signIn.user, accessToken: signIn.accessToken }
        : { user: signIn.user, pass: signIn.password },
    connectionTimeout: connectTimeoutOf(settings),
    greetingTimeout: connectTimeoutOf(settings),
    dnsTimeout: connectTimeoutOf(settings),
    socketTimeout: SOCKET_TIMEOUT_MS,
  };
}

export function buildSmtpTransport(
  settings: OutgoingServerSettings,
  signIn: MailSignIn,
): Transporter<SMTPTransport.SentMessageInfo> {
  return nodemailer.createTransport(smtpTransportOptions(settings, signIn));
}

/**
 * Why signing in or sending failed, in the fixed vocabulary of connection-failure.ts: never the server's
 * greeting or reply text. A refused sender, recipient or message keeps only the SMTP reply code.
 */
export function smtpFailureMessage(error: unknown, settings: OutgoingServerSettings, user: string): string {
  const { host, port } = smtpEndpoint(settings);
  const where = `${host}:${port}`;
  const details = error as { code?: unknown; responseCode?: unknown };
  const replyCode = typeof details.responseCode === 'number' ? ` (SMTP ${details.responseCode})` : '';
  if (details.code === 'EENVELOPE') return `${where} refused the sender or a recipient${replyCode}.`;
  if (details.code === 'EMESSAGE') return `${where} refused the message${replyCode}.`;
  return describeConnectionFailure(classifyConnectionError(error), {
    protocol: 'SMTP',
    where,
    user,
    timeoutSeconds: connectTimeoutOf(settings) / 1000,
  });
}

/**
 * What a failed send means for the message (docs/behaviour/order-submission.md#sending-exactly-once):
 * - 'deferred': the relay answered 4xx, or could not be reached at all: it did not take the message, and
 *   it may take it later;
 * - 'refused': the relay answered 5xx: it did not take the message and will not;
 * - 'unknown': the connection broke or timed out without an answer, perhaps after the message's data was
 *   sent: the relay may have taken it.
 */
export type SmtpSendVerdict = 'deferred' | 'refused' | 'unknown';

export function smtpSendVerdict(error: unknown): SmtpSendVerdict {
  const { responseCode } = error as { responseCode?: unknown };
  if (typeof responseCode === 'number' && responseCode >= 400 && responseCode < 500) return 'deferred';
  if (typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600) return 'refused';
  const { kind } = classifyConnectionError(error);
  // No connection was made, so nothing was sent.
  if (kind === 'refused' || kind === 'host-not-found' || kind === 'unreachable') return 'deferred';
  // Signing in or the TLS handshake failed: no message was sent, and none will be until the source is fixed.
  if (kind === 'auth' || kind === 'tls' || kind === 'not-the-protocol') return 'refused';
  return 'unknown';
}

/** Connects and signs in without sending anything; a result for the editor's "Test connection". */
export async function checkSmtpConnection(
  settings: OutgoingServerSettings,
  signIn: MailSignIn,
): Promise<ConnectionCheck> {
  const endpoint = smtpEndpoint(settings);
  if (!endpoint.host) return { ok: false, message: 'No outgoing server is set.' };
  const transport = buildSmtpTransport(settings, signIn);
  try {
    await transport.verify();
    return { ok: true, message: `Connected to ${endpoint.host}:${endpoint.port} as ${signIn.user}` };
  } catch (error) {
    return { ok: false, message: smtpFailureMessage(error, settings, signIn.user) };
  } finally {
    transport.close();
  }
}
