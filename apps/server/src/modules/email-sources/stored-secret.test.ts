/**
 * A stored mailbox secret follows the settings it was saved with: whatever a user with a source flag sends,
 * the stored password never reaches another host, port or user name. Recording IMAP and SMTP servers on
 * loopback stand where an attacker would point the source; the source itself lives on a real Dovecot and
 * SMTP catcher.
 */
import type { EmailConnectionTestResult, EmailSource } from '@app/contracts';
import { mailSecretBinding } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DovecotServer, startDovecot } from '../../../../../test-servers/dovecot';
import { type SmtpCatcher, startSmtpCatcher } from '../../../../../test-servers/smtp-catcher';
import { type FakeServer, startRecordingImap, startRecordingSmtp } from '../../../test/fake-servers';
import { createTestApp, legacySealedSecret, type Session, type TestApp } from '../../../test/helper';
import { loopbackMailboxForm } from '../../../test/modules/email-sources';
import { upgradeLegacySecrets } from '../../bootstrap';

const MAILBOX_USER = 'orders@shop.example';
const MAILBOX_PASSWORD = 'the-real-mailbox-secret';

let t: TestApp;
let smtp: SmtpCatcher;
let dovecot: DovecotServer;
let imapRecorder: FakeServer;
let smtpRecorder: FakeServer;
let attacker: Session;

beforeAll(async () => {
  [t, smtp, dovecot, imapRecorder, smtpRecorder] = await Promise.all([
    createTestApp({ env: { CONNECT_TIMEOUT_SECONDS: '2' } }),
    startSmtpCatcher({ user: MAILBOX_USER, password: MAILBOX_PASSWORD }),
    startDovecot({ users: [{ user: MAILBOX_USER, password: MAILBOX_PASSWORD }] }),
    startRecordingImap(),
    startRecordingSmtp(),
  ]);
  // Any one source flag is enough to call the e-mail source routes.
  attacker = (await t.signIn({ orderUser: true })).session;
});
afterAll(async () => {
  await Promise.all([
    t?.close(),
    smtp?.close(),
    dovecot?.stop(),
    imapRecorder?.close(),
    smtpRecorder?.close(),
  ]);
});

let source: EmailSource;
beforeEach(async () => {
  source = await saveOk(realForm());
  imapRecorder.reset();
  smtpRecorder.reset();
});

/** The saved source: its mailbox on Dovecot, its outgoing server the SMTP catcher (plain, SSL off). */
function realForm(overrides: Record<string, unknown> = {}) {
  return loopbackMailboxForm(
    { imap: dovecot, smtp },
    { user: MAILBOX_USER, password: MAILBOX_PASSWORD },
    overrides,
  );
}

/** The saved source pointed at the recorders, password left blank ("use the stored one"). */
function redirected(overrides: Record<string, unknown> = {}) {
  return realForm({
    id: source.id,
    password: '',
    incomingPort: imapRecorder.port,
    outgoingPort: smtpRecorder.port,
    ...overrides,
  });
}

const post = (url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: attacker.headers, ...(payload ? { payload } : {}) });

async function saveOk(form: Record<string, unknown>): Promise<EmailSource> {
  const response = await post('/api/email-sources/email/save', form);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function row(id: number) {
  const [found] = await t.db.db.select().from(schema.emailSources).where(eq(schema.emailSources.id, id));
  return found!;
}

function expectRecordersUntouched() {
  for (const recorder of [imapRecorder, smtpRecorder]) {
    expect(recorder.receivedSecret(MAILBOX_PASSWORD), recorder.received()).toBe(false);
    expect(recorder.connections()).toBe(0);
  }
}

describe('test-connection with a stored source and a blank password', () => {
  it('refuses other ports with a 400 on the password field, and contacts nothing', async () => {
    const response = await post('/api/email-sources/test-connection', redirected());
    expect(response.statusCode).toBe(400);
    const message = 'Incoming Port and Outgoing Port changed: enter the password again.';
    expect(response.json()).toMatchObject({ message, fields: { password: message } });
    expectRecordersUntouched();
  });

  it('refuses another host, user name, SSL or Microsoft setting just the same', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ incomingServer: 'localhost' }, 'Incoming Server'],
      [{ outgoingServer: 'smtp.attacker.example' }, 'Outgoing Server'],
      [{ username: 'someone-else@shop.example' }, 'Username'],
      [{ ssl: true }, 'Use SSL'],
      [{ isMsal: true, msalClientId: 'app', msalTennentId: 'tenant' }, 'Use Microsoft Authentication (MSAL)'],
    ];
    for (const [change, label] of cases) {
      const response = await post(
        '/api/email-sources/test-connection',
        realForm({ id: source.id, password: '', ...change }),
      );
      expect(response.statusCode, label).toBe(400);
      expect(response.json().fields.password).toMatch(
        new RegExp(`^${label.replace(/[()]/g, '\\$&')} changed: `),
      );
    }
    expectRecordersUntouched();
  });

  it('uses the stored secret with the saved settings; a typed password goes where the form says', async () => {
    const result: EmailConnectionTestResult = (
      await post('/api/email-sources/test-connection', realForm({ id: source.id, password: '' }))
    ).json();
    expect(result.incoming.ok, result.incoming.message).toBe(true);
    expect(result.outgoing.ok, result.outgoing.message).toBe(true);
    // Case and blanks of a host name and an empty port equal to the default are the same server.
    const sameServers = await post(
      '/api/email-sources/test-connection',
      realForm({
        id: source.id,
        password: '',
        incomingServer: ` ${dovecot.host} `,
        email: 'new@shop.example',
      }),
    );
    expect(sameServers.statusCode, sameServers.body).toBe(200);

    const typed = await post(
      '/api/email-sources/test-connection',
      redirected({ password: 'typed-by-the-user' }),
    );
    expect(typed.statusCode).toBe(200);
    expect(imapRecorder.receivedSecret('typed-by-the-user')).toBe(true);
    expect(imapRecorder.receivedSecret(MAILBOX_PASSWORD)).toBe(false);
    expect(smtpRecorder.receivedSecret(MAILBOX_PASSWORD)).toBe(false);
  });
});

describe('save', () => {
  it('with changed servers and a blank password: 400 on the password field, nothing stored', async () => {
    const before = await row(source.id);
    const response = await post(
      '/api/email-sources/email/save',
      redirected({ email: 'changed@shop.example' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      password: 'Incoming Port and Outgoing Port changed: enter the password again.',
    });
    expect(await row(source.id)).toEqual(before);

    // A Microsoft source names its client secret.
    const msal = await saveOk(
      realForm({ isMsal: true, msalClientId: 'app-1', msalTennentId: 'tenant-1', password: 'client-secret' }),
    );
    const tenant = await post(
      '/api/email-sources/email/save',
      realForm({
        id: msal.id,
        isMsal: true,
        msalClientId: 'app-1',
        msalTennentId: 'attacker-tenant',
        password: '',
      }),
    );
    expect(tenant.json().fields).toEqual({ password: 'Tenant ID changed: enter the client secret again.' });
  });

  it('with changed servers and the password typed again: stored, sealed to the new settings', async () => {
    const saved = await saveOk(redirected({ password: 'new-secret' }));
    const stored = await row(saved.id);
    expect(stored.incomingPort).toBe(imapRecorder.port);
    expect(t.app.context.secrets.open(stored.passwordEncrypted!, mailSecretBinding(stored))).toBe(
      'new-secret',
    );
    // The old settings no longer open it.
    expect(() =>
      t.app.context.secrets.open(
        stored.passwordEncrypted!,
        mailSecretBinding({ ...stored, incomingPort: dovecot.port }),
      ),
    ).toThrow();
  });
});

describe('every path that uses a stored secret uses it only with the settings it was saved with', () => {
  it('send-test-email reads only the id of the EmailSource the client sends', async () => {
    const before = smtp.messages.length;
    const response = await post('/api/email-sources/send-test-email', {
      ToEmail: 'buyer@example.com',
      SubjectLine: 'Where does this go?',
      MessageContent: 'To the saved server only.',
      FileData: null,
      EmailSource: { ...source, outgoingServer: smtpRecorder.host, outgoingPort: smtpRecorder.port },
    });
    expect(response.statusCode, response.body).toBe(200);
    await smtp.waitFor(before + 1);
    expectRecordersUntouched();
  });

  it('a row changed behind the application (no new secret) cannot send or poll: the secret no longer opens', async () => {
    // As if a database write had redirected the saved source.
    await t.db.db
      .update(schema.emailSources)
      .set({ incomingPort: imapRecorder.port, outgoingPort: smtpRecorder.port })
      .where(eq(schema.emailSources.id, source.id));

    const send = await post('/api/email-sources/send-test-email', {
      ToEmail: 'buyer@example.com',
      SubjectLine: 'Redirected',
      MessageContent: 'Must not go out.',
      FileData: null,
      EmailSource: { id: source.id },
    });
    expect(send.statusCode).toBe(400);
    expect(send.json().message).toMatch(/^The saved password of the email source ".*" cannot be used: /);

    const poll = await post(`/api/email-sources/${source.id}/poll`);
    expect(poll.statusCode, poll.body).toBe(200);
    expect(poll.json()).toMatchObject({ status: 'failed' });
    expect(poll.json().message).toMatch(/cannot be used: /);

    const test = await post(
      '/api/email-sources/test-connection',
      realForm({
        id: source.id,
        password: '',
        incomingPort: imapRecorder.port,
        outgoingPort: smtpRecorder.port,
      }),
    );
    expect(test.statusCode).toBe(400);
    expect(test.json().fields.password).toMatch(/cannot be used: /);
    expectRecordersUntouched();
  });
});

describe('secrets stored before they were sealed to their settings', () => {
  it('are sealed to their row at start-up and keep working', async () => {
    const legacy = legacySealedSecret(t.config.secretKey, MAILBOX_PASSWORD);
    await t.db.db
      .update(schema.emailSources)
      .set({ passwordEncrypted: legacy })
      .where(eq(schema.emailSources.id, source.id));

    expect(await upgradeLegacySecrets(t.db.db, t.app.context.secrets)).toBeGreaterThanOrEqual(1);
    const upgraded = await row(source.id);
    expect(upgraded.passwordEncrypted).toMatch(/^v2:/);
    expect(t.app.context.secrets.open(upgraded.passwordEncrypted!, mailSecretBinding(upgraded))).toBe(
      MAILBOX_PASSWORD,
    );
    expect(await upgradeLegacySecrets(t.db.db, t.app.context.secrets)).toBe(0);

    const result: EmailConnectionTestResult = (
      await post('/api/email-sources/test-connection', realForm({ id: source.id, password: '' }))
    ).json();
    expect(result.incoming.ok, result.incoming.message).toBe(true);
  });
});
