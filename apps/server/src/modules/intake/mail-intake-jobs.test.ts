import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DovecotServer, startDovecot } from '../../../../../test-servers/dovecot';
import { runsOf } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import {
  buildMail,
  type CuttableProxy,
  createMailboxSource,
  createTrackingSource,
  startCuttableProxy,
  startRecordingJobs,
  waitFor,
} from '../../../test/modules/intake';
import { MAIL_POLL_QUEUE, mailPollSingletonKey } from '../../jobs/mail-poll';
import type { Jobs } from '../../jobs/queue';

const USERS = [
  { user: 'timer@shop.example', password: 'timer-secret' },
  { user: 'idle@shop.example', password: 'idle-secret' },
];
const SUPPLIER = 'shipping@supplier.example';

let dovecot: DovecotServer;
beforeAll(async () => {
  dovecot = await startDovecot({ users: USERS });
});
afterAll(async () => {
  await dovecot?.stop();
});

const trackingMail = (name: string) =>
  buildMail({
    from: SUPPLIER,
    subject: 'Shipment report',
    attachments: [{ filename: name, content: `Line,Tracking\r\n${name},1Z\r\n` }],
  });

async function orderNames(t: TestApp, trackingSourceId: number): Promise<string[]> {
  const rows = await t.db.db
    .select({ name: schema.orders.documentNumber })
    .from(schema.orders)
    .where(eq(schema.orders.orderTrackingSourceId, trackingSourceId));
  return rows.map((row) => row.name ?? '').sort();
}

describe(`mail polls on the job queue (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let jobs: Jobs;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_POLL_SECONDS: '1', MAIL_POLL_TIMEOUT_SECONDS: '5' } });
    jobs = await startRecordingJobs(t, { idle: false });
  });
  afterAll(async () => {
    await jobs?.stop({ graceful: false, timeoutMs: 2_000 });
    await t?.close();
  });

  it('polls every active mailbox every MAIL_POLL_SECONDS and processes what arrives', async () => {
    const source = await createMailboxSource(t, dovecot, USERS[0]!);
    const tracking = await createTrackingSource(t, source.id);
    await dovecot.appendMessage(USERS[0]!.user, await trackingMail('tracking_a.csv'));
    await waitFor(async () => (await orderNames(t, tracking.id)).length === 1, 20_000, 'the first file');
    await dovecot.appendMessage(USERS[0]!.user, await trackingMail('tracking_b.csv'));
    await waitFor(async () => (await orderNames(t, tracking.id)).length === 2, 20_000, 'the second file');
    expect(await orderNames(t, tracking.id)).toEqual(['tracking_a.csv', 'tracking_b.csv']);
    const polls = await t.db.db
      .select()
      .from(schema.runs)
      .where(and(eq(schema.runs.sourceType, 'email'), eq(schema.runs.sourceId, source.id)));
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(polls.every((run) => run.trigger === 'schedule')).toBe(true);
  });

  it('leaves an unreachable server to the back-off rather than the queue retries, and shows the error on the source', async () => {
    const source = await createMailboxSource(t, { host: '127.0.0.1', port: 9 }, USERS[0]!, {
      username: 'unreachable@shop.example',
    });
    // docs/behaviour/mail-intake.md#back-off: the failed poll's job completes, and the mailbox counts it.
    const done = await waitFor(
      async () => {
        const found = await jobs.boss.findJobs(MAIL_POLL_QUEUE, { key: mailPollSingletonKey(source.id) });
        return found.find((job) => job.state === 'completed');
      },
      20_000,
      'a completed poll job',
    );
    expect(done.retryCount).toBe(0);
    const [row] = await t.db.db
      .select()
      .from(schema.emailSources)
      .where(eq(schema.emailSources.id, source.id));
    expect(row!.lastPollError).toMatch(/^Could not connect to 127\.0\.0\.1:9/);
    expect(row!.pollFailures).toBeGreaterThanOrEqual(1);
    // The other mailbox is not held up by the broken one.
    await dovecot.appendMessage(USERS[0]!.user, await trackingMail('tracking_c.csv'));
    const tracking = (await t.db.db.select().from(schema.orderTrackingSources))[0]!;
    await waitFor(async () => (await orderNames(t, tracking.id)).length === 3, 20_000, 'the third file');
  });
});

describe('IDLE wakes the poll early and survives a dropped connection', () => {
  let t: TestApp;
  let jobs: Jobs;
  let proxy: CuttableProxy;
  beforeAll(async () => {
    // Timer polls every 5 minutes: anything processed sooner was woken by IDLE.
    t = await createTestApp({ env: { MAIL_POLL_SECONDS: '300', MAIL_POLL_TIMEOUT_SECONDS: '10' } });
    proxy = await startCuttableProxy(dovecot);
    jobs = await startRecordingJobs(t);
  });
  afterAll(async () => {
    await jobs?.stop({ graceful: false, timeoutMs: 2_000 });
    await proxy?.close();
    await t?.close();
  });

  it('processes new mail within seconds, reconnects after a drop, and stops watching a deactivated mailbox', async () => {
    const user = USERS[1]!;
    const source = await createMailboxSource(t, proxy, user);
    const tracking = await createTrackingSource(t, source.id);
    const watchers = jobs.mailIntake!.idleWatchers!;
    // The first timer poll (never polled before) and the IDLE connection.
    await waitFor(async () => watchers.watching().includes(source.id), 15_000, 'the IDLE watcher');
    const lastPollSucceededAt = async () => {
      const [row] = await t.db.db
        .select()
        .from(schema.emailSources)
        .where(eq(schema.emailSources.id, source.id));
      return row?.lastPollSucceededAt?.getTime() ?? 0;
    };
    await waitFor(async () => (await lastPollSucceededAt()) > 0, 15_000, 'the first poll');

    await dovecot.appendMessage(user.user, await trackingMail('tracking_idle1.csv'));
    await waitFor(async () => (await orderNames(t, tracking.id)).length === 1, 10_000, 'the IDLE-woken poll');

    // The server drops every connection: a new client replaces the IDLE one.
    // Only the watcher asks for polls here (the timer's are 5 minutes apart), and a reconnected watcher asks for
    // one right before it starts IDLE (idle-watchers.ts). So once no poll is running at the cut, a poll that
    // succeeds after it proves the new connection is up, and that connection must notice the next message.
    await waitFor(
      async () => {
        const running = await runsOf(t.db.db, {
          sourceType: 'email',
          sourceId: source.id,
          status: 'running',
        });
        return running.length === 0;
      },
      10_000,
      'the IDLE-woken poll to finish',
    );
    const cutAt = Date.now();
    proxy.cutAll();
    await waitFor(async () => (await lastPollSucceededAt()) > cutAt, 15_000, 'the poll after reconnecting');
    await dovecot.appendMessage(user.user, await trackingMail('tracking_idle2.csv'));
    await waitFor(
      async () => (await orderNames(t, tracking.id)).length === 2,
      15_000,
      'the IDLE-woken poll on the new connection',
    );
    expect(await orderNames(t, tracking.id)).toEqual(['tracking_idle1.csv', 'tracking_idle2.csv']);
    const watcherOwner = async () => {
      const [lease] = await t.db.db
        .select()
        .from(schema.mailboxStates)
        .where(eq(schema.mailboxStates.emailSourceId, source.id));
      return lease!.watcherOwner;
    };
    expect(await watcherOwner()).not.toBeNull();

    await t.db.db
      .update(schema.emailSources)
      .set({ activeStatus: false })
      .where(eq(schema.emailSources.id, source.id));
    await waitFor(async () => !watchers.watching().includes(source.id), 15_000, 'the watcher to stop');
    // The watcher leaves the list when it starts to stop; its lease is released once its connection is closed.
    await waitFor(async () => (await watcherOwner()) === null, 15_000, 'the watcher lease to be released');
  });
});
