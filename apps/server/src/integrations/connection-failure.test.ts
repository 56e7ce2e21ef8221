import { describe, expect, it } from 'vitest';
import { classifyConnectionError, describeConnectionFailure } from './connection-failure';

/** Errors as Node, nodemailer, imapflow and ssh2 raise them for what loopback tests cannot stage (DNS, routes). */
const error = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message ?? '')), fields);

describe('classifying connection errors', () => {
  it('reads the cause behind the library wrappers', () => {
    expect(
      classifyConnectionError(error({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND x.invalid' })),
    ).toEqual({
      kind: 'host-not-found',
    });
    // nodemailer: EDNS / ESOCKET with the socket's own code kept as originalCode.
    expect(classifyConnectionError(error({ code: 'EDNS', originalCode: 'EAI_AGAIN' }))).toEqual({
      kind: 'host-not-found',
    });
    expect(classifyConnectionError(error({ code: 'ESOCKET', originalCode: 'EHOSTUNREACH' }))).toEqual({
      kind: 'unreachable',
    });
    // ssh2-sftp-client keeps only the message.
    expect(
      classifyConnectionError(error({ message: 'getConnection: connect ECONNREFUSED 10.0.0.5:22' })),
    ).toEqual({
      kind: 'refused',
    });
  });

  it('tells certificate problems and a missing STARTTLS from other TLS failures', () => {
    expect(
      classifyConnectionError(error({ code: 'ESOCKET', originalCode: 'DEPTH_ZERO_SELF_SIGNED_CERT' })),
    ).toEqual({
      kind: 'tls',
      tlsReason: 'certificate',
    });
    expect(classifyConnectionError(error({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' }))).toEqual({
      kind: 'tls',
      tlsReason: 'certificate',
    });
    expect(
      classifyConnectionError(error({ tlsFailed: true, message: 'Server does not support STARTTLS' })),
    ).toEqual({
      kind: 'tls',
      tlsReason: 'no-starttls',
    });
    expect(classifyConnectionError(error({ code: 'ERR_SSL_WRONG_VERSION_NUMBER' }))).toEqual({ kind: 'tls' });
  });

  it('never repeats what the server said', () => {
    const banner = '554 5.7.1 internal-relay.corp ESMTP Postfix (Debian) says go away';
    const failure = classifyConnectionError(
      error({ code: 'EPROTOCOL', message: `Invalid greeting. response=${banner}` }),
    );
    const message = describeConnectionFailure(failure, {
      protocol: 'SMTP',
      where: 'relay:25',
      user: 'u',
      timeoutSeconds: 15,
    });
    expect(message).toBe('Could not connect to relay:25: not an SMTP server.');
    const unknown = describeConnectionFailure(classifyConnectionError(error({ message: banner })), {
      protocol: 'IMAP',
      where: 'relay:143',
      user: 'u',
      timeoutSeconds: 15,
    });
    expect(unknown).toBe('Could not connect to relay:143: the connection failed.');
  });
});
