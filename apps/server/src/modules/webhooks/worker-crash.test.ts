/**
 * A worker process killed mid-delivery (docs/design/webhooks.md#delivery): real worker processes
 * (apps/server/src/worker.ts) against one PostgreSQL database and a loopback receiver. PGlite is skipped: its
 * database cannot be shared between processes.
 */
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../test/helper';
import { type Receiver, startReceiver } from '../../../test/modules/webhooks';
import { type EntryProcess, killIfRunning, spawnWorkerBeside } from '../../../test/processes';
import { WORKER_STOPPED_MESSAGE } from './repository';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let admin: Session;
let hook: Receiver | undefined;
const workers: EntryProcess[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ env: { ORDER_LINKS_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  admin = (await t.signIn({ isAdmin: true })).session;
});
afterEach(async () => {
  for (const worker of workers.splice(0)) {
    if (worker.child.exitCode === null && worker.child.signalCode === null) {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
  }
  await hook?.close();
});
afterAll(async () => {
  await t?.close();
});

function startWorker(name: string): EntryProcess {
  const worker = spawnWorkerBeside(t, `webhook-worker-${name}`, {
    ORDER_LINKS_ALLOW_PRIVATE_ADDRESSES: 'true',
    // The lease is the timeout + 5 s: a short timeout keeps the takeover quick.
    WEBHOOK_TIMEOUT_SECONDS: '3',
    LOG_LEVEL: 'warn',
  });
  workers.push(worker);
  return worker;
}

async function deliveryOf(id: number) {
  const [row] = await t.db.db
    .select()
    .from(schema.webhookDeliveries)
    .where(eq(schema.webhookDeliveries.id, id));
  return row!;
}

describe.skipIf(!onPostgres)('a worker killed mid-delivery', () => {
  it('another worker delivers the event again with the same id, once', async () => {
    // The first request is never answered: the worker is killed while it waits.
    hook = await startReceiver(['hold']);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: admin.headers,
      payload: { url: hook.url, events: ['run.failed'], secret: 'crash-test-secret-0123', active: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const endpointId = created.json().id;

    const first = startWorker('first');
    // No queue in this process: the test event waits for a worker's dispatcher.
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${endpointId}/test`,
      headers: admin.headers,
    });
    expect(sent.statusCode).toBe(202);
    const { eventId, deliveryId } = sent.json();
    await hook.waitFor(1, 60_000);
    expect((await deliveryOf(deliveryId)).status).toBe('sending');
    first.child.kill('SIGKILL');
    await first.exited;

    startWorker('second');
    await hook.waitFor(2, 60_000);
    const deadline = Date.now() + 20_000;
    while ((await deliveryOf(deliveryId)).status !== 'succeeded' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const delivery = await deliveryOf(deliveryId);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 2, responseCode: 200 });

    // Both requests carry the same id: the receiver's idempotency key.
    expect(hook.received.map((request) => JSON.parse(request.body).id)).toEqual([eventId, eventId]);
    const attempts = await t.db.db
      .select()
      .from(schema.webhookDeliveryAttempts)
      .where(eq(schema.webhookDeliveryAttempts.deliveryId, deliveryId))
      .orderBy(schema.webhookDeliveryAttempts.attempt);
    expect(attempts.map((attempt) => [attempt.attempt, attempt.ok, attempt.error])).toEqual([
      [1, false, WORKER_STOPPED_MESSAGE],
      [2, true, null],
    ]);

    // And nothing more: a further dispatch finds nothing due.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(hook.received).toHaveLength(2);
  }, 150_000);
});

afterAll(async () => {
  for (const worker of workers) await killIfRunning(worker);
});
