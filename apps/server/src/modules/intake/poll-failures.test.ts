import { schema } from '@app/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DovecotServer, startDovecot } from '../../../../../test-servers/dovecot';
import { startSilentServer } from '../../../test/fake-servers';
import { createTestApp, type TestApp } from '../../../test/helper';
import {
  buildMail,
  type CuttableProxy,
  createMailboxSource,
  createTrackingSource,
  mailboxFlags,
  recordingProcessor,
  startCuttableProxy,
} from '../../../test/modules/intake';
import type { FileProcessor } from './file-processors';
import { pollMailbox } from './poll-mailbox';

const USER = { user: 'failures@shop.example', password: 'failure-secret' };
const SUPPLIER = 'shipping@supplier.example';
const TIMEOUT_SECONDS = 3;

let t: TestApp;
let dovecot: DovecotServer;
let proxy: CuttableProxy;

beforeAll(async () => {
  [t, dovecot] = await Promise.all([
    createTestApp({ env: { MAIL_POLL_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS) } }),
    startDovecot({ users: [USER] }),
  ]);
  proxy = await startCuttableProxy(dovecot);
});
afterAll(async () => {
  await proxy?.close();
  await Promise.all([t?.close(), dovecot?.stop()]);
});

async function sourceState(id: number) {
  const [row] = await t.db.db.select().from(schema.emailSources).where(eq(schema.emailSources.id, id));
  return row!;
}

function pollRuns(id: number) {
  return t.db.db
    .select()
    .from(schema.runs)
    .where(and(eq(schema.runs.sourceType, 'email'), eq(schema.runs.sourceId, id)))
    .orderBy(asc(schema.runs.id));
}

describe(`a mailbox that misbehaves (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('records a dropped connection on the source, and the next poll finishes the work and the \\Seen flags', async () => {
    const source = await createMailboxSource(t, proxy, USER);
    const tracking = await createTrackingSource(t, source.id);
    for (let index = 1; index <= 3; index += 1) {
      const raw = await buildMail({
        from: SUPPLIER,
        subject: 'Shipment report',
        attachments: [
          { filename: `tracking_${index}.csv`, content: `Line,Tracking\r\n${index},1Z${index}\r\n` },
        ],
      });
      await dovecot.appendMessage(USER.user, raw);
    }
    // The first file's work commits, then the server hangs up: its \Seen cannot be set in this poll.
    let calls = 0;
    const cutAfterFirst: FileProcessor = {
      ...recordingProcessor,
      async process(request) {
        const outcome = await recordingProcessor.process(request);
        calls += 1;
        if (calls === 1) proxy.cutAll();
        return outcome;
      },
    };
    const broken = await pollMailbox(t.app.context, source.id, {
      trigger: 'schedule',
      processors: [cutAfterFirst],
    });
    expect(broken.status).toBe('failed');
    if (broken.status !== 'failed') return;
    expect(broken.message).toMatch(
      new RegExp(`^The connection to 127\\.0\\.0\\.1:${proxy.port} was lost while trying to `),
    );
    const afterFailure = await sourceState(source.id);
    expect(afterFailure.lastPollError).toBe(broken.message);
    expect(afterFailure.lastPollErrorAt).toBeInstanceOf(Date);
    expect(afterFailure.lastPollSucceededAt).toBeNull();
    const [failedRun] = await pollRuns(source.id);
    expect(failedRun).toMatchObject({ status: 'failed', message: broken.message, trigger: 'schedule' });
    expect((await mailboxFlags(dovecot, USER)).get(1)?.has('\\Seen')).toBe(false);

    const recovered = await pollMailbox(t.app.context, source.id, {
      trigger: 'schedule',
      processors: [cutAfterFirst],
    });
    expect(recovered.status).toBe('succeeded');
    if (recovered.status !== 'succeeded') return;
    // Whatever the broken poll committed is not done again; the rest is done now.
    expect(broken.counts.processed + recovered.counts.processed).toBe(3);
    expect(recovered.counts.failed + recovered.counts.ignored).toBe(0);
    const afterRecovery = await sourceState(source.id);
    expect(afterRecovery.lastPollError).toBeNull();
    expect(afterRecovery.lastPollSucceededAt).toBeInstanceOf(Date);

    // Each file exactly once, and every message now \Seen (the lost flag was set by the second poll).
    const orders = await t.db.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.orderTrackingSourceId, tracking.id))
      .orderBy(asc(schema.orders.id));
    expect(orders.map((order) => order.documentNumber)).toEqual([
      'tracking_1.csv',
      'tracking_2.csv',
      'tracking_3.csv',
    ]);
    const flags = await mailboxFlags(dovecot, USER);
    expect([...flags.values()].every((set) => set.has('\\Seen'))).toBe(true);
    const inbound = await t.db.db
      .select()
      .from(schema.inboundMessages)
      .where(eq(schema.inboundMessages.emailSourceId, source.id));
    expect(inbound.map((row) => row.needsSeenFlag)).toEqual([false, false, false]);
  });

  it('abandons a poll of a server that never answers after MAIL_POLL_TIMEOUT_SECONDS, with a clear error', async () => {
    const silent = await startSilentServer();
    try {
      const source = await createMailboxSource(t, silent, USER, { username: 'silent@shop.example' });
      const started = Date.now();
      const outcome = await pollMailbox(t.app.context, source.id, {
        trigger: 'schedule',
        processors: [recordingProcessor],
      });
      const elapsed = Date.now() - started;
      expect(outcome.status).toBe('failed');
      if (outcome.status !== 'failed') return;
      expect(outcome.message).toBe(
        `The poll of 127.0.0.1:${silent.port} did not finish within ${TIMEOUT_SECONDS} s; it was abandoned (connection closed) and will be retried.`,
      );
      expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_SECONDS * 1000 - 100);
      expect(elapsed).toBeLessThan(TIMEOUT_SECONDS * 1000 + 5_000);
      const state = await sourceState(source.id);
      expect(state.lastPollError).toBe(outcome.message);
      const [run] = await pollRuns(source.id);
      expect(run).toMatchObject({ status: 'failed', message: outcome.message });
      // The lease is released: the next poll may start at once.
      const [lease] = await t.db.db
        .select()
        .from(schema.mailboxStates)
        .where(eq(schema.mailboxStates.emailSourceId, source.id));
      expect(lease!.leaseOwner).toBeNull();
    } finally {
      await silent.close();
    }
  });

  it('says so when the server refuses the connection or the password', async () => {
    const wrongPassword = await createMailboxSource(
      t,
      dovecot,
      { user: USER.user, password: 'not-it' },
      {
        username: USER.user,
      },
    );
    const refused = await pollMailbox(t.app.context, wrongPassword.id, { trigger: 'manual', processors: [] });
    expect(refused.status).toBe('failed');
    if (refused.status === 'failed') {
      expect(refused.message).toMatch(
        new RegExp(`^Could not sign in to 127\\.0\\.0\\.1:${dovecot.port} as ${USER.user}`),
      );
    }
  });

  it('folds identical consecutive failures of a mailbox into one run with a count, first and last time', async () => {
    const wrongPassword = await createMailboxSource(t, dovecot, {
      user: USER.user,
      password: 'still-not-it',
    });
    const poll = () => pollMailbox(t.app.context, wrongPassword.id, { trigger: 'manual', processors: [] });
    const outcomes = [await poll(), await poll(), await poll()];
    const runIds = outcomes.map((outcome) => (outcome.status === 'failed' ? outcome.runId : 0));
    expect(new Set(runIds).size).toBe(1);
    const pollRuns = () =>
      t.db.db
        .select()
        .from(schema.runs)
        .where(and(eq(schema.runs.sourceType, 'email'), eq(schema.runs.sourceId, wrongPassword.id)))
        .orderBy(asc(schema.runs.id));
    const [only, ...others] = await pollRuns();
    expect(others).toEqual([]);
    expect(only!.message).toMatch(/^Could not sign in to .*authentication failed/);
    // The worded message is for a person; the server's own words stay in the details.
    expect((only!.details as { rawError?: string }).rawError).toMatch(/\S/);
    const repeated = (only!.details as { repeated: { count: number; firstAt: string; lastAt: string } })
      .repeated;
    expect(repeated.count).toBe(3);
    expect(repeated.firstAt).toBe(only!.startedAt.toISOString());
    expect(Date.parse(repeated.lastAt)).toBeGreaterThanOrEqual(Date.parse(repeated.firstAt));

    // Another failure is a run of its own.
    await t.db.db
      .update(schema.emailSources)
      .set({ incomingPort: 1 })
      .where(eq(schema.emailSources.id, wrongPassword.id));
    const other = await poll();
    expect(other.status === 'failed' && other.runId).not.toBe(runIds[0]);
    expect(await pollRuns()).toHaveLength(2);
  });
});
