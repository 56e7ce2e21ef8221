/**
 * SMTP through an e-mail source's own outgoing server (test e-mails now; vendor submissions and
 * forwarded orders later). The TLS rules live here once so every sender connects the same way.
 */
import type { ConnectionCheck } from '@app/contracts';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { type MailSignIn, type MailSignInSettings, resolveMailSignIn } from './msal';

/** Port 587 (submission with STARTTLS) is what the editor suggests when none is entered. */
export const DEFAULT_SMTP_PORT = 587;
const IMPLICIT_TLS_SMTP_PORT = 465;
const CONNECT_TIMEOUT_MS = 15_000;
const SOCKET_TIMEOUT_MS = 30_000;

export interface OutgoingServerSettings extends MailSignInSettings {
  outgoingServer: string;
  outgoingPort: number | null;
  ssl: boolean;
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
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    dnsTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  };
}

export function buildSmtpTransport(
  settings: OutgoingServerSettings,
  signIn: MailSignIn,
): Transporter<SMTPTransport.SentMessageInfo> {
  return nodemailer.createTransport(smtpTransportOptions(settings, signIn));
}

/** Signs in (Microsoft token first when MSAL is on) and returns a transport for the source's server. */
export async function createSmtpTransport(
  settings: OutgoingServerSettings,
  secret: string,
): Promise<Transporter<SMTPTransport.SentMessageInfo>> {
  return buildSmtpTransport(settings, await resolveMailSignIn(settings, secret));
}

/** Failures before the server could be talked to at all: wrong host or port, firewall, TLS. */
const CONNECTION_ERROR_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'EDNS', 'ESOCKET', 'ETLS']);

export function isSmtpConnectionFailure(error: unknown): boolean {
  return CONNECTION_ERROR_CODES.has((error as { code?: string })?.code ?? '');
}

export function connectFailureMessage(endpoint: SmtpEndpoint, error: unknown): string {
  return `Could not connect to ${endpoint.host}:${endpoint.port}: ${errorText(error)}`;
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
    if (isSmtpConnectionFailure(error)) return { ok: false, message: connectFailureMessage(endpoint, error) };
    return {
      ok: false,
      message: `Could not sign in to ${endpoint.host}:${endpoint.port} as ${signIn.user}: ${errorText(error)}`,
    };
  } finally {
    transport.close();
  }
}

export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).trim();
}
