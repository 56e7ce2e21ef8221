import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SmtpCatcher, smtpEnv, startSmtpCatcher } from '../../../../../test-servers/smtp-catcher';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/helper';
import { MovableClock } from '../../../test/modules/notifications';
import { changePasswordBody } from '../../../test/payloads';
import { type Jobs, startJobs } from '../../jobs/queue';
import { RESET_MAILS_PER_ACCOUNT, RESET_REQUESTED_MESSAGE, RESET_REQUESTS_PER_ADDRESS } from './auth-service';
import { PASSWORD_RESET_MAIL_QUEUE } from './password-reset-queue';

const clock = new MovableClock(new Date());
const logLines: string[] = [];
let t: TestApp;
let smtp: SmtpCatcher;
let jobs: Jobs;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({
    env: smtpEnv(smtp),
    clock,
    // Everything the server and its jobs log, at the most talkative level.
    logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
  });
  jobs = await startJobs(t.db, t.app.log, { context: t.app.context, idle: false });
});
afterAll(async () => {
  await jobs.stop({ graceful: false, timeoutMs: 2000 });
  await t.close();
  await smtp.close();
});
afterEach(async () => {
  await resetJobsDone();
  smtp.messages.length = 0;
});

let addressCounter = 0;
/** Each test asks from its own address, so the per-address allowance of one test does not reach another. */
function freshAddress() {
  addressCounter += 1;
  return `192.0.2.${addressCounter}`;
}

function requestReset(username: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/reset-password',
    remoteAddress,
    payload: JSON.stringify(username),
    headers: { 'content-type': 'application/json' },
  });
}

function confirm(token: string, newPassword: string) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/reset-password/confirm',
    payload: { token, newPassword },
  });
}

/** Waits until the queue has handled every reset request sent so far. */
async function resetJobsDone() {
  await vi.waitFor(
    async () => {
      const queued = await jobs.boss.findJobs(PASSWORD_RESET_MAIL_QUEUE);
      expect(queued.filter((job) => job.state !== 'completed').map((job) => job.state)).toEqual([]);
    },
    { timeout: 20_000, interval: 100 },
  );
}

function tokenOf(text: string | undefined): string {
  const match = /\/reset-password#token=([\w-]+)/.exec(text ?? '');
  expect(match, text).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

function comparable(response: LightMyRequestResponse) {
  const { date: _date, ...headers } = response.headers;
  return { status: response.statusCode, headers, body: response.body };
}

describe('POST /auth/reset-password', () => {
  it('answers at once and the same for known and unknown usernames; the e-mail comes from the queue', async () => {
    const user = await t.createUser({ email: 'known@example.com' });
    // A slow SMTP server: whatever reaches it waits until the test lets it answer.
    const release = smtp.hold();
    try {
      // Had the request waited for the e-mail, the SMTP server would hold it while the answer is pending.
      const reachedSmtp = smtp.waitForHeld(1, 20_000).then(() => 'reached SMTP' as const);
      const first = await Promise.race([
        requestReset(user.username, freshAddress()).then((response) => ({ response })),
        reachedSmtp,
      ]);
      if (first === 'reached SMTP') throw new Error('the request waited for the SMTP server to answer');
      const known = first.response;
      const unknown = await requestReset('nobody-by-that-name', freshAddress());
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
      expect(comparable(unknown)).toEqual(comparable(known));
      // The answers were given while no e-mail had been accepted; the job then reaches the server.
      await reachedSmtp;
      expect(smtp.messages).toHaveLength(0);
    } finally {
      release();
    }
    const [mail] = await smtp.waitFor(1);
    // The queued job woke the workers (jobs/queue.ts) rather than waiting for their poll.
    expect((await jobs.boss.getQueue(PASSWORD_RESET_MAIL_QUEUE))?.notify).toBe(true);
    expect(mail!.envelopeTo).toEqual(['known@example.com']);
    expect(mail!.parsed.subject).toBe('Reset your password');
    expect(mail!.parsed.text).toContain('http://localhost:3000/reset-password#token=');
    await resetJobsDone();
    // Only the known user got one.
    expect(smtp.messages).toHaveLength(1);
  });

  it('sends nothing for an inactive account', async () => {
    const user = await t.createUser({ activeStatus: false });
    const response = await requestReset(user.username, freshAddress());
    expect(response.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    await resetJobsDone();
    expect(smtp.messages).toHaveLength(0);
  });

  it(`sends at most ${RESET_MAILS_PER_ACCOUNT.limit} e-mails per account per hour; the last link stays valid`, async () => {
    const user = await t.createUser();
    for (let index = 0; index < RESET_MAILS_PER_ACCOUNT.limit + 2; index++) {
      // From many addresses: the account's allowance holds whoever asks.
      const response = await requestReset(user.username, freshAddress());
      expect(response.statusCode).toBe(200);
      await resetJobsDone();
    }
    const mails = await smtp.waitFor(RESET_MAILS_PER_ACCOUNT.limit);
    expect(mails).toHaveLength(RESET_MAILS_PER_ACCOUNT.limit);
    const tokens = mails.map((mail) => tokenOf(mail.parsed.text));
    // The requests past the allowance made no new link, so the last one sent still works.
    expect((await confirm(tokens.at(-1)!, 'chosen after the flood')).statusCode).toBe(200);

    clock.set(new Date(clock.now().getTime() + RESET_MAILS_PER_ACCOUNT.windowSeconds * 1000));
    await requestReset(user.username, freshAddress());
    await smtp.waitFor(RESET_MAILS_PER_ACCOUNT.limit + 1);
  });

  it(`refuses more than ${RESET_REQUESTS_PER_ADDRESS.limit} requests per address per hour, whatever the username`, async () => {
    const user = await t.createUser();
    const address = freshAddress();
    for (let index = 0; index < RESET_REQUESTS_PER_ADDRESS.limit; index++) {
      const response = await requestReset(`someone-${index}`, address);
      expect(response.statusCode).toBe(200);
    }
    const known = await requestReset(user.username, address);
    const unknown = await requestReset('someone-else', address);
    expect(known.statusCode).toBe(429);
    expect(known.json().message).toMatch(
      /^Too many password reset requests from your network\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(known.headers['retry-after'])).toBeGreaterThan(0);
    expect(comparable(unknown)).toEqual(comparable(known));
    expect((await requestReset(user.username, freshAddress())).statusCode).toBe(200);
    await resetJobsDone();
    expect(smtp.messages).toHaveLength(1);
  });

  it('keeps the token out of every log line', async () => {
    const user = await t.createUser();
    const address = freshAddress();
    await requestReset(user.username, address);
    const [mail] = await smtp.waitFor(1);
    const token = tokenOf(mail!.parsed.text);
    // An old-style link, or a client that puts the token in the query: the request log must not keep it.
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${token}&from=mail` });
    expect((await confirm(token, 'new and logged nowhere')).statusCode).toBe(200);
    expect((await confirm(token, 'again with the same link')).statusCode).toBe(400);
    await resetJobsDone();

    const requestLines = logLines.filter((line) => line.includes('/reset-password?'));
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines[0]).toContain('/reset-password?token=[redacted]&from=mail');
    expect(logLines.filter((line) => line.includes(token))).toEqual([]);
    expect(logLines.some((line) => line.includes('password reset request handled'))).toBe(true);
  });
});

describe('password links', () => {
  it('a new link kills every older one, the set-password link of a new user too', async () => {
    const { session } = await t.signIn({ isAdmin: true });
    const created = await t.as(session).post('/api/accounts/update/user', {
      userId: 0,
      username: 'invited-twice',
      email: 'invited@example.com',
      activeStatus: true,
    });
    expect(created.statusCode).toBe(200);
    const [invitation] = await smtp.waitFor(1);
    const setPasswordToken = tokenOf(invitation!.parsed.text);

    await requestReset('invited-twice', freshAddress());
    await requestReset('invited-twice', freshAddress());
    const [, first, second] = await smtp.waitFor(3);
    const firstToken = tokenOf(first!.parsed.text);
    const secondToken = tokenOf(second!.parsed.text);

    expect((await confirm(setPasswordToken, 'from the invitation')).statusCode).toBe(400);
    expect((await confirm(firstToken, 'from the first reset')).statusCode).toBe(400);
    expect((await confirm(secondToken, 'from the second reset')).statusCode).toBe(200);
    await t.loginAs({ id: created.json().user.userId, username: 'invited-twice' }, 'from the second reset');
  });

  it('using a link sets the password once and ends the old sessions', async () => {
    const user = await t.createUser();
    const old = await t.loginAs(user);
    await requestReset(user.username, freshAddress());
    const [mail] = await smtp.waitFor(1);
    const token = tokenOf(mail!.parsed.text);

    expect((await confirm(token, 'brand new secret')).statusCode).toBe(200);
    await t.loginAs(user, 'brand new secret');
    const oldSession = await t.app.inject({ method: 'GET', url: '/auth/allowed', headers: old.headers });
    expect(oldSession.statusCode).toBe(401);
    const again = await confirm(token, 'another secret');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
  });

  it('a password changed on the Account page kills the links still out', async () => {
    const user = await t.createUser();
    await requestReset(user.username, freshAddress());
    const [mail] = await smtp.waitFor(1);
    const session = await t.loginAs(user);
    const changed = await t
      .as(session)
      .post(
        '/api/accounts/update/password',
        changePasswordBody(user, TEST_PASSWORD, 'remembered it after all'),
      );
    expect(changed.statusCode).toBe(200);
    expect((await confirm(tokenOf(mail!.parsed.text), 'too late for this')).statusCode).toBe(400);
  });

  it('refuses an expired link, a short password and a blank username', async () => {
    const user = await t.createUser();
    await requestReset(user.username, freshAddress());
    const [mail] = await smtp.waitFor(1);
    const token = tokenOf(mail!.parsed.text);
    expect((await confirm(token, 'short')).statusCode).toBe(400);
    clock.set(new Date(clock.now().getTime() + 61 * 60_000));
    expect((await confirm(token, 'long enough now')).statusCode).toBe(400);
    expect((await requestReset('  ', freshAddress())).statusCode).toBe(400);
  });
});

describe('password reset without outgoing mail settings', () => {
  it('tells the user that no e-mail can be sent', async () => {
    const bare = await createTestApp();
    try {
      const user = await bare.createUser();
      const response = await bare.app.inject({
        method: 'POST',
        url: '/auth/reset-password',
        payload: JSON.stringify(user.username),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toMatch(/no outgoing mail settings/);
    } finally {
      await bare.close();
    }
  });
});
