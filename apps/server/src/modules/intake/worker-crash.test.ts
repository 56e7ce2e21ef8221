/**
 * Exactly-once across processes: worker processes (apps/server/src/worker.ts, the real order tracking
 * processor) against one PostgreSQL database and a real Dovecot. PGlite is skipped: its database cannot
 * be shared between processes.
 */
import type { ChildProcess } from 'node:child_process';
import { schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DovecotServer, startDovecot } from '../../../../../test-servers/dovecot';
import { runsOf } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import {
  appendTrackingMails,
  createMailboxSource,
  createTrackingSource,
  mailboxFlags,
  waitFor,
} from '../../../test/modules/intake';
import { spawnWorkerBeside } from '../../../test/processes';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const USERS = [
  { user: 'crash@shop.example', password: 'crash-secret' },
  { user: 'pair@shop.example', password: 'pair-secret' },
];
const MESSAGES = 30;

let t: TestApp;
let dovecot: DovecotServer;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  if (!onPostgres) return;
  [t, dovecot] = await Promise.all([createTestApp(), startDovecot({ users: USERS })]);
});
afterEach(async () => {
  // Workers still running are stopped gently, so they let go of their database connections first.
  await Promise.all([...children].map((child) => stopGently(child)));
  children.clear();
});
afterAll(async () => {
  await Promise.all([t?.close(), dovecot?.stop()]);
});

/** One built worker process (test/processes.ts: a single pid, so SIGKILL really kills it). */
function startWorker(name: string, extraEnv: Record<string, string> = {}): ChildProcess {
  const worker = spawnWorkerBeside(t, `worker-${name}`, {
    MAIL_POLL_SECONDS: '1',
    // The default: the lease, not a short poll timeout, must bound the takeover after a crash.
    MAIL_POLL_TIMEOUT_SECONDS: '300',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  });
  const child = worker.child;
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (code !== 0 && signal !== 'SIGKILL' && signal !== 'SIGTERM') {
      console.error(`worker ${name} exited with ${code ?? signal}:\n${worker.output()}`);
    }
  });
  children.add(child);
  return child;
}

async function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function stopGently(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  // A worker that does not stop within its graceful window is killed after all.
  const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(forced);
}

async function countInbound(emailSourceId: number): Promise<number> {
  const [row] = await t.db.db
    .select({ count: sql<number>`count(*)::int` })
    .from(schema.inboundMessages)
    .where(eq(schema.inboundMessages.emailSourceId, emailSourceId));
  return row?.count ?? 0;
}

/** Every message handled once: one inbound row, one run and one order per message, all \Seen. */
async function expectEachMessageOnce(
  emailSourceId: number,
  trackingSourceId: number,
  user: (typeof USERS)[number],
) {
  const inbound = await t.db.db
    .select()
    .from(schema.inboundMessages)
    .where(eq(schema.inboundMessages.emailSourceId, emailSourceId));
  expect(inbound).toHaveLength(MESSAGES);
  expect(new Set(inbound.map((row) => row.uid)).size).toBe(MESSAGES);
  expect(inbound.every((row) => row.status === 'processed')).toBe(true);

  const orders = await t.db.db
    .select({ key: schema.orders.uniqueKey })
    .from(schema.orders)
    .where(eq(schema.orders.orderTrackingSourceId, trackingSourceId));
  expect(orders.map((row) => row.key).sort()).toEqual(
    Array.from({ length: MESSAGES }, (_, index) => `M-${index + 1}`).sort(),
  );

  const runs = await t.db.db
    .select()
    .from(schema.runs)
    .where(and(eq(schema.runs.sourceType, 'order-tracking'), eq(schema.runs.sourceId, trackingSourceId)));
  expect(runs).toHaveLength(MESSAGES);
  expect(runs.every((run) => run.status === 'succeeded')).toBe(true);
  expect(new Set(runs.map((run) => run.inboundMessageId)).size).toBe(MESSAGES);

  const flags = await mailboxFlags(dovecot, user);
  expect(flags.size).toBe(MESSAGES);
  expect([...flags.values()].every((set) => set.has('\\Seen'))).toBe(true);
}

async function allSeen(user: (typeof USERS)[number]): Promise<boolean> {
  const flags = await mailboxFlags(dovecot, user);
  return flags.size === MESSAGES && [...flags.values()].every((set) => set.has('\\Seen'));
}

describe.skipIf(!onPostgres)(
  'worker processes on PostgreSQL (skipped on PGlite: one process per database file)',
  () => {
    it('kill -9 mid-batch, restart: every message processed exactly once and flagged \\Seen', async () => {
      const user = USERS[0]!;
      const source = await createMailboxSource(t, dovecot, user);
      const tracking = await createTrackingSource(t, source.id);
      await appendTrackingMails(dovecot, user.user, { linePrefix: 'M', from: 1, to: MESSAGES });

      // A pause before each message (test hook) keeps the batch running long enough to be killed in it.
      const first = startWorker('crash-1', { INTAKE_TEST_DELAY_MS: '150' });
      await waitFor(
        async () => (await countInbound(source.id)) >= 8,
        30_000,
        'the first worker to be mid-batch',
      );
      await killHard(first);
      const killedAt = new Date();
      const doneBeforeKill = await countInbound(source.id);
      expect(doneBeforeKill).toBeGreaterThanOrEqual(8);
      expect(doneBeforeKill).toBeLessThan(MESSAGES);

      // The killed worker's lease runs out; the new worker takes the mailbox over and finishes.
      const second = startWorker('crash-2', { INTAKE_TEST_DELAY_MS: '20' });
      await waitFor(
        async () => (await countInbound(source.id)) === MESSAGES && (await allSeen(user)),
        45_000,
        'all messages',
      );
      await expectEachMessageOnce(source.id, tracking.id, user);
      const [nextPoll] = await runsOf(t.db.db, {
        sourceType: 'email',
        sourceId: source.id,
        startedAfter: killedAt,
      });
      // A figure for the notes, not an assertion (the machine's load decides it): kill -9 to the next poll.
      console.log(
        `crash recovery: ${((nextPoll!.startedAt.getTime() - killedAt.getTime()) / 1000).toFixed(1)} s from kill -9 to the next poll of the mailbox`,
      );

      // The killed poll's run does not stay "running" for ever (the second worker, stopped gently, first
      // finishes the poll it may be in, so every run is closed).
      await stopGently(second);
      const running = await runsOf(t.db.db, { sourceType: 'email', sourceId: source.id, status: 'running' });
      expect(running).toHaveLength(0);
    }, 60_000);

    it('two workers on one database and one mailbox: each message once', async () => {
      const user = USERS[1]!;
      const source = await createMailboxSource(t, dovecot, user);
      const tracking = await createTrackingSource(t, source.id);
      startWorker('pair-1', { INTAKE_TEST_DELAY_MS: '30' });
      startWorker('pair-2', { INTAKE_TEST_DELAY_MS: '30' });
      // Mail keeps arriving while both workers poll.
      // Each batch lands once the workers have started on the one before, so later mail arrives mid-poll.
      await appendTrackingMails(dovecot, user.user, { linePrefix: 'M', from: 1, to: 10 });
      await waitFor(async () => (await countInbound(source.id)) >= 1, 45_000, 'the first import');
      await appendTrackingMails(dovecot, user.user, { linePrefix: 'M', from: 11, to: 20 });
      await waitFor(async () => (await countInbound(source.id)) >= 11, 45_000, 'the second batch');
      await appendTrackingMails(dovecot, user.user, { linePrefix: 'M', from: 21, to: MESSAGES });
      await waitFor(
        async () => (await countInbound(source.id)) === MESSAGES && (await allSeen(user)),
        45_000,
        'all messages',
      );
      await expectEachMessageOnce(source.id, tracking.id, user);
    }, 60_000);
  },
);
