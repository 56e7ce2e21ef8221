/**
 * A mailbox whose IMAP server goes down (docs/behaviour/mail-intake.md#back-off): the real Dovecot of the
 * test servers stopped and started again on the same port. Polls fail and say so on the e-mail source list,
 * come less and less often, raise one error alert for the whole outage, and the first poll after the server
 * is back reads everything, each message once. A server that goes away mid-poll leaves the rest for the next.
 */
import type { EmailSourceListItem } from '@app/contracts';
import { schema } from '@app/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DovecotServer, startDovecot } from '../../../../../test-servers/dovecot';
import type { Session } from '../../../test/helper';
import { createTestApp, recordingMailer, type TestApp } from '../../../test/helper';
import {
  buildMail,
  createMailboxSource,
  createTrackingSource,
  recordingProcessor,
  startRecordingJobs,
  waitFor,
} from '../../../test/modules/intake';
import type { SystemMail } from '../../integrations/system-mailer';
import type { Jobs } from '../../jobs/queue';
import type { FileProcessor } from './file-processors';
import { pollMailbox } from './poll-mailbox';

const OUTAGE_USER = { user: 'outage@shop.example', password: 'outage-secret' };
const MIDPOLL_USER = { user: 'mid-poll@shop.example', password: 'mid-poll-secret' };
const SUPPLIER = 'shipping@supplier.example';
const POLL_SECONDS = 1;
const BACKOFF_MAX_SECONDS = 4;

const trackingMail = (name: string) =>
  buildMail({
    from: SUPPLIER,
    subject: 'Shipment report',
    attachments: [{ filename: name, content: `Line,Tracking\r\n${name},1Z\r\n` }],
  });

let dovecot: DovecotServer;
let t: TestApp;
let operator: { user: { id: number; email: string }; session: Session };
const systemMail: SystemMail[] = [];

beforeAll(async () => {
  [dovecot, t] = await Promise.all([
    startDovecot({ users: [OUTAGE_USER, MIDPOLL_USER] }),
    createTestApp({
      env: {
        MAIL_POLL_SECONDS: String(POLL_SECONDS),
        MAIL_POLL_TIMEOUT_SECONDS: '10',
        MAIL_POLL_BACKOFF_MAX_SECONDS: String(BACKOFF_MAX_SECONDS),
      },
      mailer: recordingMailer(systemMail),
    }),
  ]);
  operator = await t.signIn({ orderUser: true, sendNotificationsToEmail: true });
});
afterAll(async () => {
  await Promise.all([t?.close(), dovecot?.stop()]);
});

async function sourceRow(id: number) {
  const [row] = await t.db.db.select().from(schema.emailSources).where(eq(schema.emailSources.id, id));
  return row!;
}

async function orderNames(trackingSourceId: number): Promise<string[]> {
  const rows = await t.db.db
    .select({ name: schema.orders.documentNumber })
    .from(schema.orders)
    .where(eq(schema.orders.orderTrackingSourceId, trackingSourceId))
    .orderBy(asc(schema.orders.id));
  return rows.map((row) => row.name ?? '');
}

async function listItem(id: number): Promise<EmailSourceListItem> {
  const response = await t.as(operator.session).get('/api/email-sources/emails');
  expect(response.statusCode).toBe(200);
  return (response.json() as EmailSourceListItem[]).find((item) => item.id === id)!;
}

describe(`a mailbox whose IMAP server is down (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let jobs: Jobs;
  beforeAll(async () => {
    jobs = await startRecordingJobs(t, { idle: false });
  });
  afterAll(async () => {
    await jobs?.stop({ graceful: false, timeoutMs: 2_000 });
  });

  it('fails on the list, backs off, alerts once, and the first poll after the server is back imports each message once', async () => {
    // The mail is on the server before it goes down; the source is switched on once it is down.
    const source = await createMailboxSource(t, dovecot, OUTAGE_USER, { activeStatus: false });
    const tracking = await createTrackingSource(t, source.id);
    for (const name of ['tracking_outage_1.csv', 'tracking_outage_2.csv', 'tracking_outage_3.csv']) {
      await dovecot.appendMessage(OUTAGE_USER.user, await trackingMail(name));
    }
    await dovecot.pause();
    const alertsBefore = systemMail.length;
    await t.db.db
      .update(schema.emailSources)
      .set({ activeStatus: true })
      .where(eq(schema.emailSources.id, source.id));

    // Each attempt's start, in the order the polls came, until five attempts have failed.
    const attempts: Date[] = [];
    await waitFor(
      async () => {
        const row = await sourceRow(source.id);
        const last = attempts.at(-1);
        if (row.lastPollAt && (!last || row.lastPollAt.getTime() !== last.getTime()))
          attempts.push(row.lastPollAt);
        return row.pollFailures >= 5;
      },
      60_000,
      'five failed polls',
    );
    // Backing off: each pause is at least MAIL_POLL_SECONDS × 1, 2, 4 …, never more than the cap, rather
    // than the job queue's retries within seconds. Lower bounds only: the dispatcher never polls sooner.
    expect(attempts.length).toBeGreaterThanOrEqual(5);
    for (let index = 1; index < 5; index += 1) {
      const pauseMs = attempts[index]!.getTime() - attempts[index - 1]!.getTime();
      const backoffMs = Math.min(POLL_SECONDS * 2 ** (index - 1), BACKOFF_MAX_SECONDS) * 1000;
      expect(pauseMs, `pause before attempt ${index + 1}`).toBeGreaterThanOrEqual(backoffMs - 50);
    }

    // The list says what failed.
    const failing = await listItem(source.id);
    expect(failing.lastPollError).toMatch(
      new RegExp(`^Could not connect to 127\\.0\\.0\\.1:${dovecot.port}: connection refused`),
    );
    expect(failing.lastPollSucceededAt).toBeNull();
    // One failed run counts the repeats, and one error alert went out for the whole outage.
    const runs = await t.db.db
      .select()
      .from(schema.runs)
      .where(eq(schema.runs.sourceId, source.id))
      .orderBy(asc(schema.runs.id));
    const pollRuns = runs.filter((run) => run.sourceType === 'email');
    expect(pollRuns).toHaveLength(1);
    expect(pollRuns[0]).toMatchObject({ status: 'failed', message: failing.lastPollError });
    expect((pollRuns[0]!.details as { repeated?: { count: number } }).repeated?.count).toBeGreaterThanOrEqual(
      5,
    );
    const alerts = systemMail.slice(alertsBefore);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.to).toContain(operator.user.email);
    expect(alerts[0]?.subject).toBe(`Mailbox not reachable: email source "${OUTAGE_USER.user}"`);
    expect(alerts[0]?.text).toContain(failing.lastPollError!);

    // The server is back: the next poll reads the three messages, each once, and the outage is over.
    await dovecot.resume();
    await waitFor(async () => (await orderNames(tracking.id)).length === 3, 30_000, 'the three files');
    expect(await orderNames(tracking.id)).toEqual([
      'tracking_outage_1.csv',
      'tracking_outage_2.csv',
      'tracking_outage_3.csv',
    ]);
    await waitFor(
      async () => (await sourceRow(source.id)).lastPollSucceededAt !== null,
      10_000,
      'a successful poll',
    );
    const recovered = await sourceRow(source.id);
    expect(recovered).toMatchObject({ pollFailures: 0, pollOutageAlertedAt: null, lastPollError: null });
    expect((await listItem(source.id)).lastPollError).toBeNull();
    // Polled again at the usual pace: nothing more is imported, and no second alert.
    await dovecot.appendMessage(OUTAGE_USER.user, await trackingMail('tracking_outage_4.csv'));
    await waitFor(async () => (await orderNames(tracking.id)).length === 4, 30_000, 'the fourth file');
    expect(await orderNames(tracking.id)).toEqual([
      'tracking_outage_1.csv',
      'tracking_outage_2.csv',
      'tracking_outage_3.csv',
      'tracking_outage_4.csv',
    ]);
    expect(systemMail.slice(alertsBefore)).toHaveLength(1);
    await t.db.db
      .update(schema.emailSources)
      .set({ activeStatus: false })
      .where(eq(schema.emailSources.id, source.id));
  });
});

describe('an IMAP server that goes away mid-poll', () => {
  it('keeps what was committed, and the next poll reads the rest, each message once', async () => {
    const source = await createMailboxSource(t, dovecot, MIDPOLL_USER);
    const tracking = await createTrackingSource(t, source.id);
    // More than a commit group (10 messages with work on PostgreSQL, 3 on PGlite): the server stops while
    // the first group's files are processed, with messages still to read.
    const names = Array.from(
      { length: 14 },
      (_, index) => `tracking_mid_${String(index + 1).padStart(2, '0')}.csv`,
    );
    for (const name of names) await dovecot.appendMessage(MIDPOLL_USER.user, await trackingMail(name));
    let calls = 0;
    const stopAtFirst: FileProcessor = {
      ...recordingProcessor,
      async process(request) {
        calls += 1;
        if (calls === 1) await dovecot.pause();
        return recordingProcessor.process(request);
      },
    };
    const broken = await pollMailbox(t.app.context, source.id, {
      trigger: 'manual',
      processors: [stopAtFirst],
    });
    expect(broken).toMatchObject({ status: 'failed', serverFault: true });
    if (broken.status !== 'failed') return;
    expect(broken.counts.processed).toBeLessThan(names.length);
    expect((await sourceRow(source.id)).lastPollError).toBe(broken.message);
    // What the broken poll committed stays; nothing of the rest was recorded.
    expect(await orderNames(tracking.id)).toEqual(names.slice(0, broken.counts.processed));

    await dovecot.resume();
    const recovered = await pollMailbox(t.app.context, source.id, {
      trigger: 'manual',
      processors: [recordingProcessor],
    });
    expect(recovered).toMatchObject({ status: 'succeeded' });
    if (recovered.status !== 'succeeded') return;
    expect(broken.counts.processed + recovered.counts.processed).toBe(names.length);
    expect(await orderNames(tracking.id)).toEqual(names);
    const inbound = await t.db.db
      .select({ status: schema.inboundMessages.status })
      .from(schema.inboundMessages)
      .where(eq(schema.inboundMessages.emailSourceId, source.id));
    expect(inbound.map((row) => row.status)).toEqual(names.map(() => 'processed'));
  });
});
