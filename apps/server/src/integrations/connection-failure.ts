/**
 * Why a connection to a mail or SFTP server failed, in a fixed vocabulary. The editors' connection tests,
 * Send Test Email and the polls report only these words, never the remote side's banner or reply text:
 * otherwise a user could aim a source at any host and port the server can reach and read back what
 * answers there (an internal service's greeting, an HTTP error page).
 */

export type ConnectionProtocol = 'IMAP' | 'SMTP' | 'SSH';

export type ConnectionFailureKind =
  | 'refused'
  | 'host-not-found'
  | 'unreachable'
  | 'timeout'
  | 'closed'
  | 'tls'
  | 'not-the-protocol'
  | 'auth'
  | 'failed';

export interface ConnectionFailure {
  kind: ConnectionFailureKind;
  /** For 'tls': what about TLS went wrong, in our words. */
  tlsReason?: 'certificate' | 'no-starttls';
}

interface ErrorDetails {
  code?: unknown;
  originalCode?: unknown;
  library?: unknown;
  tlsFailed?: unknown;
  authenticationFailed?: unknown;
  level?: unknown;
  message?: unknown;
}

const REFUSED = new Set(['ECONNREFUSED']);
const NOT_FOUND = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA']);
const UNREACHABLE = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL']);
const TIMEOUT = new Set(['ETIMEDOUT', 'ETIMEOUT', 'CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'ESOCKETTIMEDOUT']);
const CLOSED = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNECTION',
  'ECONNABORTED',
  'NoConnection',
  'EConnectionClosed',
  'ClosedAfterConnectText',
  'ClosedAfterConnectTLS',
]);
const CERTIFICATE = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
]);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Classifies a socket, DNS, TLS or client-library error (Node, imapflow, nodemailer, ssh2). Protocol-level
 * findings the error cannot show (a server that answered in another protocol) are the caller's to add.
 */
export function classifyConnectionError(error: unknown): ConnectionFailure {
  const details = (error ?? {}) as ErrorDetails;
  // nodemailer wraps socket errors (ESOCKET, EDNS) and keeps the cause's code as originalCode.
  const code = text(details.originalCode) || text(details.code);
  const message = text(details.message);
  if (details.authenticationFailed === true || code === 'EAUTH' || details.level === 'client-authentication')
    return { kind: 'auth' };
  if (CERTIFICATE.has(code)) return { kind: 'tls', tlsReason: 'certificate' };
  if (code === 'ETLS' || /STARTTLS/.test(message)) {
    // nodemailer: the STARTTLS command was refused; imapflow: the server does not list it.
    if (/not support|upgrading connection/i.test(message)) return { kind: 'tls', tlsReason: 'no-starttls' };
    return { kind: 'tls' };
  }
  if (
    details.tlsFailed === true ||
    details.library === 'SSL routines' ||
    /^ERR_(SSL|TLS)_/.test(code) ||
    code === 'EPROTO' ||
    code === 'UPGRADE_TIMEOUT'
  ) {
    return { kind: 'tls' };
  }
  if (REFUSED.has(code) || /\bECONNREFUSED\b/.test(message)) return { kind: 'refused' };
  if (NOT_FOUND.has(code) || /\bENOTFOUND\b/.test(message)) return { kind: 'host-not-found' };
  if (UNREACHABLE.has(code)) return { kind: 'unreachable' };
  if (code === 'EPROTOCOL') return { kind: 'not-the-protocol' };
  if (TIMEOUT.has(code) || details.level === 'client-timeout' || /timed out/i.test(message))
    return { kind: 'timeout' };
  if (CLOSED.has(code) || /connection lost|closed unexpectedly|unexpected close/i.test(message))
    return { kind: 'closed' };
  return { kind: 'failed' };
}

export interface FailureContext {
  protocol: ConnectionProtocol;
  /** 'host:port' */
  where: string;
  /** The sign-in name, for authentication failures. */
  user: string;
  timeoutSeconds: number;
}

/** One sentence for the operator: where, and what kind of failure. */
export function describeConnectionFailure(failure: ConnectionFailure, context: FailureContext): string {
  const { where } = context;
  if (failure.kind === 'auth')
    return `Could not sign in to ${where} as ${context.user}: authentication failed.`;
  return `Could not connect to ${where}: ${failurePhrase(failure, context)}.`;
}

function failurePhrase(failure: ConnectionFailure, context: FailureContext): string {
  switch (failure.kind) {
    case 'refused':
      return 'connection refused (check the server address and port, and that the server is running)';
    case 'host-not-found':
      return 'host not found (the server name does not resolve)';
    case 'unreachable':
      return 'network unreachable';
    case 'timeout':
      return `timed out (no answer within ${context.timeoutSeconds} s)`;
    case 'closed':
      return 'the server closed the connection';
    case 'tls':
      if (failure.tlsReason === 'certificate')
        return "TLS handshake failed (the server's certificate is not trusted)";
      if (failure.tlsReason === 'no-starttls')
        return 'TLS handshake failed (the server does not offer STARTTLS)';
      return 'TLS handshake failed';
    case 'not-the-protocol':
      return `not an ${context.protocol} server`;
    case 'auth':
      return 'authentication failed';
    default:
      return 'the connection failed';
  }
}
