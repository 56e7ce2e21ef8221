/**
 * Graceful shutdown (docs/behaviour/operations.md#graceful-shutdown): the worker and server entries as
 * processes of their own, stopped with SIGTERM. The mid-poll case needs PostgreSQL (two processes on one
 * database) and a real Dovecot; the server's clean exit runs on embedded PGlite too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DovecotServer, startDovecot } from '../../../test-servers/dovecot';
import { createTestApp, type TestApp } from '../test/helper';
import {
  appendTrackingMails,
  createMailboxSource,
  createTrackingSource,
  mailboxFlags,
  waitFor,
} from '../test/modules/intake';
import { type EntryProcess, killIfRunning, spawnWorkerBeside, startServerOnPglite } from '../test/processes';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const USER = { user: 'stop@shop.example', password: 'stop-secret' };
const MESSAGES = 24;
const started: EntryProcess[] = [];

afterEach(async () => {
  await Promise.all(started.map((entry) => killIfRunning(entry)));
  started.length = 0;
});

describe.skipIf(!onPostgres)('SIGTERM to a worker during a poll (PostgreSQL and Dovecot)', () => {
  let t: TestApp;
  let dovecot: DovecotServer;
  beforeAll(async () => {
    [t, dovecot] = await Promise.all([createTestApp(), startDovecot({ users: [USER] })]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  const worker = (name: string, delayMs: number) => {
    const entry = spawnWorkerBeside(t, `shutdown-${name}`, {
      MAIL_POLL_SECONDS: '1',
      // Far above the batch's length on a loaded machine: the poll must be stopped by SIGTERM, not time out.
      MAIL_POLL_TIMEOUT_SECONDS: '600',
      // A pause before each message keeps the poll running long enough to be stopped in it.
      INTAKE_TEST_DELAY_MS: String(delayMs),
    });
    started.push(entry);
    return entry;
  };

  const inboundCount = async (emailSourceId: number) => {
    const [row] = await t.db.db
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.inboundMessages)
      .where(eq(schema.inboundMessages.emailSourceId, emailSourceId));
    return row?.count ?? 0;
  };

  it('exits 0, releases the lease at once, hands the mailbox on, and loses nothing', async () => {
    const source = await createMailboxSource(t, dovecot, USER);
    const tracking = await createTrackingSource(t, source.id);
    await appendTrackingMails(dovecot, USER.user, { linePrefix: 'S', to: MESSAGES });

    // Without the hand-over the next poll would wait for the lease to run out, then for the other
    // instance's list of busy mailboxes to be refreshed (up to two minutes).
    const first = worker('first', 2_000);
    await waitFor(async () => (await inboundCount(source.id)) >= 3, 180_000, 'the first worker mid-poll');
    const [held] = await t.db.db
      .select()
      .from(schema.mailboxStates)
      .where(eq(schema.mailboxStates.emailSourceId, source.id));
    expect(held?.leaseOwner).toContain(`:${first.child.pid}:`);

    // Another instance is up and waiting when the first one is told to stop.
    const second = worker('second', 0);
    await waitFor(async () => second.output().includes('worker started'), 180_000, 'the second worker');
    expect(await inboundCount(source.id)).toBeLessThan(MESSAGES);
    first.child.kill('SIGTERM');
    const { code } = await first.exited;
    expect(code, first.output()).toBe(0);

    // Released at once, not left to run out: free, or already taken by the second worker.
    const [released] = await t.db.db
      .select()
      .from(schema.mailboxStates)
      .where(eq(schema.mailboxStates.emailSourceId, source.id));
    expect(released?.leaseOwner ?? '').not.toContain(`:${first.child.pid}:`);

    // The abandoned poll's run says why, and the source shows no error for an instance stopping.
    const runs = await t.db.db
      .select()
      .from(schema.runs)
      .where(and(eq(schema.runs.sourceType, 'email'), eq(schema.runs.sourceId, source.id)));
    const abandoned = runs.filter((run) => run.status !== 'running' && run.status !== 'succeeded');
    expect(abandoned).toHaveLength(1);
    expect(abandoned[0]?.status).toBe('failed');
    expect(abandoned[0]?.message).toMatch(/instance was stopped during the poll/);
    const [after] = await t.db.db
      .select()
      .from(schema.emailSources)
      .where(eq(schema.emailSources.id, source.id));
    expect(after?.lastPollError).toBeNull();

    // The second worker takes the mailbox over and finishes: every message exactly once, all \Seen.
    await waitFor(
      async () => {
        const flags = await mailboxFlags(dovecot, USER);
        return (
          (await inboundCount(source.id)) === MESSAGES &&
          [...flags.values()].every((set) => set.has('\\Seen'))
        );
      },
      180_000,
      'every message handled by the second worker',
    );
    const orders = await t.db.db
      .select({ key: schema.orders.uniqueKey })
      .from(schema.orders)
      .where(eq(schema.orders.orderTrackingSourceId, tracking.id));
    expect(orders.map((row) => row.key).sort()).toEqual(
      Array.from({ length: MESSAGES }, (_, index) => `S-${index + 1}`).sort(),
    );
    const inbound = await t.db.db
      .select({ uid: schema.inboundMessages.uid })
      .from(schema.inboundMessages)
      .where(eq(schema.inboundMessages.emailSourceId, source.id));
    expect(new Set(inbound.map((row) => row.uid)).size).toBe(MESSAGES);

    const [next] = await t.db.db
      .select({ startedAt: schema.runs.startedAt })
      .from(schema.runs)
      .where(
        and(
          eq(schema.runs.sourceType, 'email'),
          eq(schema.runs.sourceId, source.id),
          sql`${schema.runs.startedAt} >= ${abandoned[0]!.finishedAt}`,
        ),
      )
      .orderBy(schema.runs.startedAt)
      .limit(1);
    // The behaviour the operations spec promises (docs/behaviour/operations.md#graceful-shutdown): the
    // next poll of the mailbox by another instance within 5 s, not after a lease or a queue cache runs out.
    const handOverSeconds = (next!.startedAt.getTime() - abandoned[0]!.finishedAt!.getTime()) / 1000;
    console.info(
      `graceful shutdown: the second worker's poll started ${handOverSeconds} s after the first one abandoned its poll`,
    );
    expect(handOverSeconds).toBeLessThan(5);

    second.child.kill('SIGTERM');
    expect((await second.exited).code, second.output()).toBe(0);
  }, 300_000);
});

// The web server's own database: PGlite (the PostgreSQL run covers the worker above).
describe.skipIf(onPostgres)('SIGTERM to the web server', () => {
  it('stops listening and exits 0 (embedded PGlite)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'inbox-ops-stop-'));
    try {
      const { server, port } = await startServerOnPglite(dataDir);
      started.push(server);
      server.child.kill('SIGTERM');
      const { code } = await server.exited;
      expect(code, server.output()).toBe(0);
      expect(server.output()).toContain('shut down');
      await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
