import { createServer } from 'node:net';
import type { EmailConnectionTestResult, EmailSource } from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DovecotServer, startDovecot } from '../../../../../test-servers/dovecot';
import { type SmtpCatcher, startSmtpCatcher } from '../../../../../test-servers/smtp-catcher';
import {
  type FakeServer,
  startBannerServer,
  startBrokenStarttls,
  startSilentServer,
  startSlammingServer,
} from '../../../test/fake-servers';
import { createTestApp, type Session, type TestApp } from '../../../test/helper';
import { loopbackMailboxForm } from '../../../test/modules/email-sources';
import { imapClientOptions } from '../../integrations/imap-connection';
import { setMicrosoftAuthorityHostForTests } from '../../integrations/msal';
import { smtpTransportOptions } from '../../integrations/outgoing-mail';

const MAILBOX_USER = 'orders@shop.example';
const MAILBOX_PASSWORD = 'imap-and-smtp-secret';

let t: TestApp;
let smtp: SmtpCatcher;
let dovecot: DovecotServer;
let operator: Session;
let closedPort: number;

beforeAll(async () => {
  [t, smtp, dovecot, closedPort] = await Promise.all([
    // Short, so that the checks of servers that never answer stay quick.
    createTestApp({ env: { CONNECT_TIMEOUT_SECONDS: '2' } }),
    startSmtpCatcher({ user: MAILBOX_USER, password: MAILBOX_PASSWORD }),
    startDovecot({ users: [{ user: MAILBOX_USER, password: MAILBOX_PASSWORD }] }),
    unusedLoopbackPort(),
  ]);
  operator = (await t.signIn({ inventoryUser: true })).session;
});
afterAll(async () => {
  await Promise.all([t?.close(), smtp?.close(), dovecot?.stop()]);
});
afterEach(() => {
  setMicrosoftAuthorityHostForTests(undefined);
});

/** A port nothing listens on: connections to it are refused at once. */
function unusedLoopbackPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A source whose mailbox is the Dovecot user and whose outgoing server is the SMTP catcher, both plain. */
function loopbackForm(overrides: Record<string, unknown> = {}) {
  return loopbackMailboxForm(
    { imap: dovecot, smtp },
    { user: MAILBOX_USER, password: MAILBOX_PASSWORD },
    overrides,
  );
}

async function createSource(overrides: Record<string, unknown> = {}): Promise<EmailSource> {
  const response = await t.as(operator).post('/api/email-sources/email/save', loopbackForm(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function sendTestEmail(payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/email-sources/send-test-email',
    headers: operator.headers,
    payload,
  });
}

async function testConnection(form: Record<string, unknown>): Promise<EmailConnectionTestResult> {
  const response = await t.as(operator).post('/api/email-sources/test-connection', form);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const testMail = (source: EmailSource, overrides: Record<string, unknown> = {}) => ({
  ToEmail: 'buyer@example.com',
  SubjectLine: 'Connection test',
  MessageContent: 'If you can read this, the outgoing server works.',
  FileData: null,
  EmailSource: source,
  ...overrides,
});

describe('send-test-email through a real SMTP server', () => {
  it('sends from the source address with subject, body and the attachment bytes', async () => {
    const source = await createSource();
    const attachment = Buffer.from([0x00, 0xff, 0x10, 0x80, ...Buffer.from('Item,Qty\r\nA-1,5\r\n')]);
    const caughtBefore = smtp.messages.length;
    const response = await sendTestEmail(
      testMail(source, {
        ToEmail: 'buyer@example.com; second@example.com',
        FileData: { FileName: 'stock.csv', FileData: attachment.toString('base64') },
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Test email sent to buyer@example.com, second@example.com' });

    const [mail] = (await smtp.waitFor(caughtBefore + 1)).slice(caughtBefore);
    expect(mail?.envelopeFrom).toBe('sender@shop.example');
    expect(mail?.envelopeTo).toEqual(['buyer@example.com', 'second@example.com']);
    expect(mail?.parsed.from?.text).toBe('sender@shop.example');
    expect(mail?.parsed.subject).toBe('Connection test');
    expect(mail?.parsed.text?.trim()).toBe('If you can read this, the outgoing server works.');
    expect(mail?.parsed.attachments).toHaveLength(1);
    expect(mail?.parsed.attachments[0]?.filename).toBe('stock.csv');
    expect(Buffer.compare(mail!.parsed.attachments[0]!.content, attachment)).toBe(0);
  });

  it('uses the stored secret: a later edit with a blank password still signs in', async () => {
    const source = await createSource();
    const edited = await t
      .as(operator)
      .post(
        '/api/email-sources/email/save',
        loopbackForm({ id: source.id, email: 'renamed@shop.example', password: '' }),
      );
    expect(edited.statusCode).toBe(200);
    const caughtBefore = smtp.messages.length;
    // The browser's copy carries no secret (and may be stale): the server loads the stored source.
    const response = await sendTestEmail(testMail({ ...source, password: '' }));
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = (await smtp.waitFor(caughtBefore + 1)).slice(caughtBefore);
    expect(mail?.envelopeFrom).toBe('renamed@shop.example');
  });

  it('a wrong stored password fails with "authentication failed", not the server answer', async () => {
    const source = await createSource({ password: 'not-the-password' });
    const caughtBefore = smtp.messages.length;
    const response = await sendTestEmail(testMail(source));
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(
      `Could not sign in to 127.0.0.1:${smtp.port} as ${MAILBOX_USER}: authentication failed.`,
    );
    expect(response.body).not.toContain('Invalid username or password');
    expect(smtp.messages.length).toBe(caughtBefore);
  });

  it('an outgoing server that does not answer fails with where it tried to connect', async () => {
    const source = await createSource({ outgoingPort: closedPort });
    const response = await sendTestEmail(testMail(source));
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(
      `Could not connect to 127.0.0.1:${closedPort}: connection refused (check the server address and port, and that the server is running).`,
    );
  });

  it('with SSL on, a server without STARTTLS is refused instead of getting the password in clear', async () => {
    const source = await createSource({ ssl: true });
    const caughtBefore = smtp.messages.length;
    const response = await sendTestEmail(testMail(source));
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/STARTTLS/);
    expect(smtp.messages.length).toBe(caughtBefore);
  });

  it('missing fields: "Please fill in all required fields." and nothing is sent', async () => {
    const source = await createSource();
    const caughtBefore = smtp.messages.length;
    for (const missing of [
      { ToEmail: '' },
      { SubjectLine: '  ' },
      { MessageContent: '' },
      { ToEmail: ' ; ' },
      { EmailSource: null },
    ]) {
      const response = await sendTestEmail(testMail(source, missing));
      expect(response.statusCode, JSON.stringify(missing)).toBe(400);
      expect(response.json().message).toBe('Please fill in all required fields.');
      expect(Object.keys(response.json().fields)).toEqual(Object.keys(missing));
    }
    const noSource = await sendTestEmail(testMail({ ...source, id: 987_654 }));
    expect(noSource.statusCode).toBe(404);
    expect(smtp.messages.length).toBe(caughtBefore);
  });

  it('an attachment over 10 MB or not base64 is refused and nothing is sent', async () => {
    const source = await createSource();
    const caughtBefore = smtp.messages.length;
    const tooBig = Buffer.alloc(10_485_761, 0x41).toString('base64');
    const big = await sendTestEmail(
      testMail(source, { FileData: { FileName: 'big.csv', FileData: tooBig } }),
    );
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({
      message: 'File size must be less than 10MB',
      fields: { 'FileData.FileData': 'File size must be less than 10MB' },
    });
    const garbled = await sendTestEmail(
      testMail(source, { FileData: { FileName: 'x.csv', FileData: 'not base64 at all!' } }),
    );
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().fields).toEqual({ 'FileData.FileData': 'Not valid base64 data' });
    const unnamed = await sendTestEmail(testMail(source, { FileData: { FileName: '', FileData: 'QUJD' } }));
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().fields).toEqual({ 'FileData.FileName': 'The attachment needs a file name' });
    expect(smtp.messages.length).toBe(caughtBefore);
  });
});

describe('test-connection against real Dovecot and SMTP servers', () => {
  it('reports both servers reachable and the INBOX size', async () => {
    await dovecot.appendMessage(
      MAILBOX_USER,
      'From: supplier@example.com\r\nSubject: Stock\r\n\r\nHello\r\n',
    );
    const result = await testConnection(loopbackForm());
    expect(result.incoming).toEqual({
      ok: true,
      message: `Connected to 127.0.0.1:${dovecot.port} as ${MAILBOX_USER}; INBOX has 1 message`,
    });
    expect(result.outgoing).toEqual({
      ok: true,
      message: `Connected to 127.0.0.1:${smtp.port} as ${MAILBOX_USER}`,
    });
  });

  it('a wrong password fails both checks with "authentication failed", not the servers’ own answers', async () => {
    const result = await testConnection(loopbackForm({ password: 'wrong-password' }));
    expect(result).toEqual({
      incoming: {
        ok: false,
        message: `Could not sign in to 127.0.0.1:${dovecot.port} as ${MAILBOX_USER}: authentication failed.`,
      },
      outgoing: {
        ok: false,
        message: `Could not sign in to 127.0.0.1:${smtp.port} as ${MAILBOX_USER}: authentication failed.`,
      },
    });
  });

  it('unsaved edits of other fields with a blank password use the stored secret', async () => {
    const source = await createSource({ email: 'old@shop.example', activeStatus: false });
    const result = await testConnection(loopbackForm({ id: source.id, password: '' }));
    expect(result.incoming.ok, result.incoming.message).toBe(true);
    expect(result.outgoing.ok, result.outgoing.message).toBe(true);
  });

  it('one failing server does not stop the other check; a new source needs a password', async () => {
    const result = await testConnection(loopbackForm({ incomingPort: closedPort }));
    expect(result.incoming.ok).toBe(false);
    expect(result.incoming.message).toMatch(
      new RegExp(`^Could not connect to 127\\.0\\.0\\.1:${closedPort}: connection refused `),
    );
    expect(result.outgoing.ok).toBe(true);

    const noPassword = await testConnection(loopbackForm({ password: '' }));
    expect(noPassword).toEqual({
      incoming: { ok: false, message: 'Enter the password to test the connection.' },
      outgoing: { ok: false, message: 'Enter the password to test the connection.' },
    });
    const unknown = await t
      .as(operator)
      .post('/api/email-sources/test-connection', loopbackForm({ id: 987_654 }));
    expect(unknown.statusCode).toBe(404);
  });

  it('with SSL on and a port other than 993, IMAP insists on STARTTLS', async () => {
    const result = await testConnection(loopbackForm({ ssl: true }));
    const noStarttls = (port: number) =>
      `Could not connect to 127.0.0.1:${port}: TLS handshake failed (the server does not offer STARTTLS).`;
    expect(result).toEqual({
      incoming: { ok: false, message: noStarttls(dovecot.port) },
      outgoing: { ok: false, message: noStarttls(smtp.port) },
    });
  });
});

describe('connection results are classified, never the remote side’s words (not a port scanner)', () => {
  let banner: FakeServer;
  let silent: FakeServer;
  let slamming: FakeServer;
  let brokenImapTls: FakeServer;
  let brokenSmtpTls: FakeServer;
  beforeAll(async () => {
    [banner, silent, slamming, brokenImapTls, brokenSmtpTls] = await Promise.all([
      startBannerServer(),
      startSilentServer(),
      startSlammingServer(),
      startBrokenStarttls('IMAP'),
      startBrokenStarttls('SMTP'),
    ]);
  });
  afterAll(async () => {
    await Promise.all(
      [banner, silent, slamming, brokenImapTls, brokenSmtpTls].map((server) => server?.close()),
    );
  });

  const at = (incomingPort: number, outgoingPort: number, overrides: Record<string, unknown> = {}) =>
    loopbackForm({ incomingPort, outgoingPort, ...overrides });
  const failed = (port: number, phrase: string) => ({
    ok: false,
    message: `Could not connect to 127.0.0.1:${port}: ${phrase}.`,
  });

  it('test-connection: not an IMAP/SMTP server, timed out, refused, closed, TLS handshake failed', async () => {
    const refused = 'connection refused (check the server address and port, and that the server is running)';
    const cases: Array<[Record<string, unknown>, EmailConnectionTestResult]> = [
      [
        at(banner.port, banner.port),
        {
          incoming: failed(banner.port, 'not an IMAP server'),
          outgoing: failed(banner.port, 'not an SMTP server'),
        },
      ],
      [
        at(silent.port, silent.port),
        {
          incoming: failed(silent.port, 'timed out (no answer within 2 s)'),
          outgoing: failed(silent.port, 'timed out (no answer within 2 s)'),
        },
      ],
      [
        at(closedPort, closedPort),
        { incoming: failed(closedPort, refused), outgoing: failed(closedPort, refused) },
      ],
      [
        at(slamming.port, slamming.port),
        {
          incoming: failed(slamming.port, 'the server closed the connection'),
          outgoing: failed(slamming.port, 'the server closed the connection'),
        },
      ],
      [
        at(brokenImapTls.port, brokenSmtpTls.port, { ssl: true }),
        {
          incoming: failed(brokenImapTls.port, 'TLS handshake failed'),
          outgoing: failed(brokenSmtpTls.port, 'TLS handshake failed'),
        },
      ],
    ];
    for (const [form, expected] of cases) {
      const response = await t.as(operator).post('/api/email-sources/test-connection', form);
      expect(response.json(), JSON.stringify(form)).toEqual(expected);
      expect(response.body).not.toContain('SECRET-BANNER');
    }
  });

  it('send-test-email: the same words, and the banner never appears', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ outgoingPort: banner.port }, `Could not connect to 127.0.0.1:${banner.port}: not an SMTP server.`],
      [
        { outgoingPort: silent.port },
        `Could not connect to 127.0.0.1:${silent.port}: timed out (no answer within 2 s).`,
      ],
      [
        { outgoingPort: brokenSmtpTls.port, ssl: true },
        `Could not connect to 127.0.0.1:${brokenSmtpTls.port}: TLS handshake failed.`,
      ],
    ];
    for (const [settings, message] of cases) {
      const source = await createSource(settings);
      const response = await sendTestEmail(testMail(source));
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe(message);
      expect(response.body).not.toContain('SECRET-BANNER');
    }
  });
});

describe('Microsoft (MSAL) sources', () => {
  it('an unreachable sign-in service fails fast with a clear message', async () => {
    setMicrosoftAuthorityHostForTests(`https://127.0.0.1:${closedPort}`);
    const source = await createSource({
      isMsal: true,
      msalClientId: '11111111-2222-3333-4444-555555555555',
      msalTennentId: 'contoso.onmicrosoft.com',
      password: 'client-secret-value',
    });
    const caughtBefore = smtp.messages.length;
    const started = Date.now();
    const send = await sendTestEmail(testMail(source));
    expect(send.statusCode).toBe(502);
    expect(send.json().message).toMatch(/^Microsoft sign-in failed: /);
    expect(send.json().message).toContain('contoso.onmicrosoft.com');
    expect(smtp.messages.length).toBe(caughtBefore);

    const check = await testConnection(
      loopbackForm({
        id: source.id,
        isMsal: true,
        msalClientId: '11111111-2222-3333-4444-555555555555',
        msalTennentId: 'contoso.onmicrosoft.com',
        password: '',
      }),
    );
    expect(check.incoming.ok).toBe(false);
    expect(check.incoming.message).toMatch(/^Microsoft sign-in failed: /);
    expect(check.outgoing).toEqual(check.incoming);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('missing client or tenant id is named before anything is contacted', async () => {
    const result = await testConnection(loopbackForm({ isMsal: true, msalClientId: 'client-only' }));
    expect(result.incoming).toEqual({
      ok: false,
      message: 'Microsoft sign-in failed: the client ID and the tenant ID are both required.',
    });
  });
});

describe('connection rules for the mail-intake engine', () => {
  const base = {
    username: 'user',
    email: 'user@example.com',
    isMsal: false,
    msalClientId: '',
    msalTenantId: '',
    incomingServer: 'imap.example.com',
    outgoingServer: 'smtp.example.com',
  };
  const password = { method: 'password', user: 'user', password: 'pw' } as const;

  it('SMTP: implicit TLS on 465, required STARTTLS on other ports with SSL on, plain with SSL off', () => {
    expect(smtpTransportOptions({ ...base, ssl: true, outgoingPort: 465 }, password)).toMatchObject({
      port: 465,
      secure: true,
      requireTLS: false,
      ignoreTLS: false,
      tls: { rejectUnauthorized: true },
    });
    expect(smtpTransportOptions({ ...base, ssl: true, outgoingPort: null }, password)).toMatchObject({
      port: 587,
      secure: false,
      requireTLS: true,
    });
    expect(smtpTransportOptions({ ...base, ssl: false, outgoingPort: 25 }, password)).toMatchObject({
      port: 25,
      secure: false,
      requireTLS: false,
      ignoreTLS: true,
      auth: { user: 'user', pass: 'pw' },
    });
    expect(
      smtpTransportOptions(
        { ...base, ssl: true, outgoingPort: 587, isMsal: true },
        { method: 'oauth2', user: 'user@example.com', accessToken: 'token' },
      ).auth,
    ).toEqual({ type: 'OAuth2', user: 'user@example.com', accessToken: 'token' });
  });

  it('IMAP: implicit TLS on 993, STARTTLS on other ports with SSL on, plain with SSL off', () => {
    expect(imapClientOptions({ ...base, ssl: true, incomingPort: null }, password)).toMatchObject({
      port: 993,
      secure: true,
      doSTARTTLS: false,
      tls: { rejectUnauthorized: true },
    });
    expect(imapClientOptions({ ...base, ssl: true, incomingPort: 143 }, password)).toMatchObject({
      port: 143,
      secure: false,
      doSTARTTLS: true,
    });
    expect(imapClientOptions({ ...base, ssl: false, incomingPort: null }, password)).toMatchObject({
      port: 143,
      secure: false,
      doSTARTTLS: false,
    });
    expect(
      imapClientOptions(
        { ...base, ssl: true, incomingPort: 993, isMsal: true },
        { method: 'oauth2', user: 'user@example.com', accessToken: 'token' },
      ).auth,
    ).toEqual({ user: 'user@example.com', accessToken: 'token' });
  });
});
