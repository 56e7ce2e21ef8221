import { createHmac, timingSafeEqual } from 'node:crypto';
import { schema } from '@app/db';
import { DB_KIND } from '@app/db/testing';
import { and, asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../test/helper';
import { type Receiver, startReceiver } from '../../../test/modules/webhooks';
import { runHousekeeping } from '../../jobs/housekeeping';
import { type Jobs, startJobs } from '../../jobs/queue';
import { finishRun, startRun } from '../runs/repository';
import { deliverWebhook, MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, WEBHOOK_DELIVERY_QUEUE } from './deliver';
import { sealWebhookSecret } from './secret';

const SECRET = 'whsec-test-0123456789abcdef';

/** The verification snippet of docs/behaviour/webhooks.md, word for word. */
function verify(secret: string, header: string, rawBody: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A clock the test moves (retries are due after 30 s, 2 min, …). */
const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };

let t: TestApp;
let guarded: TestApp;
let admin: Session;
let user: Session;
const receivers: Receiver[] = [];

beforeAll(async () => {
  [t, guarded] = await Promise.all([
    createTestApp({
      env: { ORDER_LINKS_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_TIMEOUT_SECONDS: '2' },
      clock,
    }),
    createTestApp(),
  ]);
  admin = (await t.signIn({ isAdmin: true })).session;
  user = (await t.signIn({ inventoryUser: true, orderUser: true, submissionUser: true })).session;
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  clock.offsetMs = 0;
});
afterAll(async () => {
  await Promise.all([t?.close(), guarded?.close()]);
});

async function receiver(answers: Parameters<typeof startReceiver>[0] = []) {
  const started = await startReceiver(answers);
  receivers.push(started);
  return started;
}

function call(
  who: Session | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    ...(who ? { headers: who.headers } : {}),
    ...(payload ? { payload } : {}),
  });
}

async function createEndpoint(url: string, events = ['run.succeeded'], active = true): Promise<number> {
  const response = await call(admin, 'POST', '/api/webhooks', { url, events, secret: SECRET, active });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function endpointCount(app = t) {
  return (await app.db.db.select().from(schema.webhookEndpoints)).length;
}

async function deliveries(endpointId: number) {
  const response = await call(admin, 'GET', `/api/webhooks/${endpointId}/deliveries`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe(`webhook endpoints (${DB_KIND})`, () => {
  it('an admin creates, lists, reads, updates and deletes an endpoint; the secret is never returned', async () => {
    const id = await createEndpoint('http://127.0.0.1:9/hook', ['run.failed', 'run.held']);
    const list = await call(admin, 'GET', '/api/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(
      expect.objectContaining({ id, url: 'http://127.0.0.1:9/hook', events: ['run.failed', 'run.held'] }),
    );
    const one = await call(admin, 'GET', `/api/webhooks/${id}`);
    expect(one.json()).toMatchObject({ id, active: true, hasSecret: true });
    expect(one.body).not.toContain(SECRET);
    const [stored] = await t.db.db
      .select()
      .from(schema.webhookEndpoints)
      .where(eq(schema.webhookEndpoints.id, id));
    expect(stored!.secretEncrypted).not.toContain(SECRET);

    const update = await call(admin, 'PUT', `/api/webhooks/${id}`, {
      url: 'http://127.0.0.1:9/other',
      events: ['run.succeeded'],
      secret: '',
      active: false,
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toMatchObject({
      url: 'http://127.0.0.1:9/other',
      events: ['run.succeeded'],
      active: false,
    });
    const [after] = await t.db.db
      .select()
      .from(schema.webhookEndpoints)
      .where(eq(schema.webhookEndpoints.id, id));
    expect(after!.secretEncrypted).toBe(stored!.secretEncrypted);

    expect((await call(admin, 'DELETE', `/api/webhooks/${id}`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `/api/webhooks/${id}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/api/webhooks/${id}`)).statusCode).toBe(404);
  });

  it('refuses users without the admin flag (403) and callers without a session (401); nothing stored', async () => {
    const id = await createEndpoint('http://127.0.0.1:9/hook');
    const before = await endpointCount();
    const body = { url: 'http://127.0.0.1:9/x', events: ['run.failed'], secret: SECRET, active: true };
    const calls: Array<[Parameters<typeof call>[1], string, object?]> = [
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks', body],
      ['GET', `/api/webhooks/${id}`],
      ['PUT', `/api/webhooks/${id}`, body],
      ['DELETE', `/api/webhooks/${id}`],
      ['POST', `/api/webhooks/${id}/test`],
      ['GET', `/api/webhooks/${id}/deliveries`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(user, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(undefined, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await endpointCount()).toBe(before);
    const [row] = await t.db.db
      .select()
      .from(schema.webhookEndpoints)
      .where(eq(schema.webhookEndpoints.id, id));
    expect(row!.url).toBe('http://127.0.0.1:9/hook');
    expect(
      await t.db.db
        .select()
        .from(schema.webhookDeliveries)
        .where(eq(schema.webhookDeliveries.endpointId, id)),
    ).toEqual([]);
  });

  it.each([
    ['no URL', { url: '', events: ['run.failed'], secret: SECRET }, 'url'],
    ['a URL that is not http', { url: 'ftp://example.com/x', events: ['run.failed'], secret: SECRET }, 'url'],
    [
      'a URL with a password',
      { url: 'https://a:b@example.com/x', events: ['run.failed'], secret: SECRET },
      'url',
    ],
    ['no events', { url: 'http://127.0.0.1:9/x', events: [], secret: SECRET }, 'events'],
    [
      'an unknown event',
      { url: 'http://127.0.0.1:9/x', events: ['run.exploded'], secret: SECRET },
      'events.0',
    ],
    ['a short secret', { url: 'http://127.0.0.1:9/x', events: ['run.failed'], secret: 'short' }, 'secret'],
    ['no secret', { url: 'http://127.0.0.1:9/x', events: ['run.failed'] }, 'secret'],
  ])('refuses %s with 400 naming the field, nothing stored', async (_name, payload, field) => {
    const before = await endpointCount();
    const response = await call(admin, 'POST', '/api/webhooks', payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields ?? {})).toContain(field);
    expect(await endpointCount()).toBe(before);
  });

  it('refuses a bad update, a bad limit and unknown ids; nothing changes', async () => {
    const id = await createEndpoint('http://127.0.0.1:9/keep', ['run.failed']);
    const [before] = await t.db.db
      .select()
      .from(schema.webhookEndpoints)
      .where(eq(schema.webhookEndpoints.id, id));
    const bad = await call(admin, 'PUT', `/api/webhooks/${id}`, { url: 'nope', events: [], secret: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['events', 'secret', 'url']);
    const [after] = await t.db.db
      .select()
      .from(schema.webhookEndpoints)
      .where(eq(schema.webhookEndpoints.id, id));
    expect(after).toEqual(before);
    expect((await call(admin, 'GET', `/api/webhooks/${id}/deliveries?limit=0`)).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/webhooks/abc')).statusCode).toBe(400);
    const missing = 999_999;
    expect((await call(admin, 'GET', `/api/webhooks/${missing}`)).statusCode).toBe(404);
    expect(
      (
        await call(admin, 'PUT', `/api/webhooks/${missing}`, {
          url: 'http://127.0.0.1:9/x',
          events: ['run.failed'],
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(admin, 'POST', `/api/webhooks/${missing}/test`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/webhooks/${missing}/deliveries`)).statusCode).toBe(404);
  });

  it('refuses a private address unless ORDER_LINKS_ALLOW_PRIVATE_ADDRESSES', async () => {
    const guardedAdmin = (await guarded.signIn({ isAdmin: true })).session;
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://[::1]/hook',
      'http://10.1.2.3/hook',
      'http://2130706433/',
    ]) {
      const response = await guarded.app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: guardedAdmin.headers,
        payload: { url, events: ['run.failed'], secret: SECRET, active: true },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().fields.url).toContain('private network address');
    }
    expect(await endpointCount(guarded)).toBe(0);
  });
});

describe(`webhook endpoints in the audit log (${DB_KIND})`, () => {
  it('records creation, a change of URL and secret, and deletion by the admin; the secret only as "changed"', async () => {
    const id = await createEndpoint('http://127.0.0.1:9/created', ['run.failed']);
    const newSecret = 'whsec-rotated-0123456789abcdef';
    const updated = await call(admin, 'PUT', `/api/webhooks/${id}`, {
      url: 'http://127.0.0.1:9/changed',
      events: ['run.failed', 'run.held'],
      secret: newSecret,
      active: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await call(admin, 'DELETE', `/api/webhooks/${id}`)).statusCode).toBe(204);

    const entries = await t.db.db
      .select()
      .from(schema.auditEntries)
      .where(and(eq(schema.auditEntries.entityType, 'webhook'), eq(schema.auditEntries.entityId, id)))
      .orderBy(asc(schema.auditEntries.id));
    expect(entries.map((entry) => entry.action)).toEqual(['created', 'updated', 'deleted']);
    expect(entries[1]!.changes).toEqual({
      active: { from: true, to: false },
      events: { from: ['run.failed'], to: ['run.failed', 'run.held'] },
      secret: 'changed',
      url: { from: 'http://127.0.0.1:9/created', to: 'http://127.0.0.1:9/changed' },
    });
    const stored = JSON.stringify(entries);
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain(newSecret);
  });
});

describe(`webhook deliveries to a loopback receiver (${DB_KIND})`, () => {
  it('sends a signed test event that the documented snippet verifies', async () => {
    const hook = await receiver();
    const id = await createEndpoint(hook.url, ['run.failed'], false);
    const sent = await call(admin, 'POST', `/api/webhooks/${id}/test`);
    expect(sent.statusCode, sent.body).toBe(202);
    const { eventId, deliveryId } = sent.json();
    expect(await deliverWebhook(t.app.context, deliveryId)).toBe('delivered');

    expect(hook.received).toHaveLength(1);
    const [request] = hook.received;
    expect(request!.headers['content-type']).toBe('application/json');
    const signature = String(request!.headers['x-inbox-ops-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(SECRET, signature, request!.body)).toBe(true);
    expect(verify('another-secret-0123456789', signature, request!.body)).toBe(false);
    expect(verify(SECRET, signature, request!.body.replace('test', 'tset'))).toBe(false);
    const body = JSON.parse(request!.body);
    expect(body).toMatchObject({ id: eventId, type: 'test', data: { endpointId: id } });
    expect(new Date(body.createdAt).toString()).not.toBe('Invalid Date');

    const [log] = await deliveries(id);
    expect(log).toMatchObject({
      eventId,
      eventType: 'test',
      status: 'succeeded',
      attempts: 1,
      responseCode: 200,
      nextRetryAt: null,
    });
    expect(log.attemptLog).toEqual([expect.objectContaining({ attempt: 1, ok: true, responseCode: 200 })]);
    // Delivered once: a late or repeated job sends nothing.
    expect(await deliverWebhook(t.app.context, deliveryId)).toBe('not-due');
    expect(hook.received).toHaveLength(1);
  });

  it('retries after a 500 at the next backoff time with the same event id, then succeeds', async () => {
    const hook = await receiver([500]);
    const id = await createEndpoint(hook.url);
    const { deliveryId } = (await call(admin, 'POST', `/api/webhooks/${id}/test`)).json();
    expect(await deliverWebhook(t.app.context, deliveryId)).toBe('retrying');
    const [first] = await deliveries(id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, responseCode: 500 });
    expect(first.error).toContain('500');
    const wait = new Date(first.nextRetryAt).getTime() - Date.now();
    expect(wait).toBeGreaterThan((RETRY_DELAYS_SECONDS[0] - 5) * 1000);
    expect(wait).toBeLessThanOrEqual(RETRY_DELAYS_SECONDS[0] * 1000 + 1000);

    // Not before its time.
    expect(await deliverWebhook(t.app.context, deliveryId)).toBe('not-due');
    clock.offsetMs = (RETRY_DELAYS_SECONDS[0] + 1) * 1000;
    expect(await deliverWebhook(t.app.context, deliveryId)).toBe('delivered');

    expect(hook.received).toHaveLength(2);
    const ids = hook.received.map((request) => JSON.parse(request.body).id);
    expect(ids[0]).toBe(ids[1]);
    for (const request of hook.received) {
      expect(verify(SECRET, String(request.headers['x-inbox-ops-signature']), request.body)).toBe(true);
    }
    const [done] = await deliveries(id);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2, responseCode: 200, nextRetryAt: null });
    expect(done.attemptLog.map((attempt: { responseCode: number }) => attempt.responseCode)).toEqual([
      500, 200,
    ]);
  });

  it('backs off 30 s, 2, 8, 32, 128 min and gives up after the sixth failure', async () => {
    const hook = await receiver(Array(MAX_ATTEMPTS).fill(503));
    const id = await createEndpoint(hook.url);
    const { deliveryId } = (await call(admin, 'POST', `/api/webhooks/${id}/test`)).json();
    const results: string[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      results.push(await deliverWebhook(t.app.context, deliveryId));
      const [state] = await deliveries(id);
      const delay = RETRY_DELAYS_SECONDS[attempt - 1];
      if (delay !== undefined) {
        const wait = new Date(state.nextRetryAt).getTime() - clock.now().getTime();
        expect(Math.round(wait / 1000), `after attempt ${attempt}`).toBe(delay);
        clock.offsetMs += delay * 1000;
      }
    }
    expect(results).toEqual(['retrying', 'retrying', 'retrying', 'retrying', 'retrying', 'failed']);
    const [final] = await deliveries(id);
    expect(final).toMatchObject({ status: 'failed', attempts: 6, nextRetryAt: null });
    expect(final.attemptLog).toHaveLength(6);
    expect(hook.received).toHaveLength(6);
  });

  it('counts a receiver that does not answer within WEBHOOK_TIMEOUT_SECONDS as a failed attempt', async () => {
    const hook = await receiver(['hold']);
    const id = await createEndpoint(hook.url);
    const { deliveryId } = (await call(admin, 'POST', `/api/webhooks/${id}/test`)).json();
    expect(await deliverWebhook(t.app.context, deliveryId)).toBe('retrying');
    const [state] = await deliveries(id);
    expect(state.error).toBe('No answer within 2 s');
    expect(state.responseCode).toBeNull();
  });

  it('checks the address again at delivery time: a private address is refused without a request', async () => {
    const hook = await receiver();
    const [row] = await guarded.db.db
      .insert(schema.webhookEndpoints)
      .values({
        url: hook.url,
        events: ['run.succeeded'],
        secretEncrypted: sealWebhookSecret(guarded.app.context.secrets, SECRET),
      })
      .returning();
    const guardedAdmin = (await guarded.signIn({ isAdmin: true })).session;
    const sent = await guarded.app.inject({
      method: 'POST',
      url: `/api/webhooks/${row!.id}/test`,
      headers: guardedAdmin.headers,
    });
    expect(sent.statusCode).toBe(202);
    expect(await deliverWebhook(guarded.app.context, sent.json().deliveryId)).toBe('retrying');
    const [delivery] = await guarded.db.db
      .select()
      .from(schema.webhookDeliveries)
      .where(eq(schema.webhookDeliveries.id, sent.json().deliveryId));
    expect(delivery!.error).toContain('private network address (127.0.0.1)');
    expect(hook.received).toHaveLength(0);
  });
});

describe(`webhook events in the reporting transaction (${DB_KIND})`, () => {
  async function runEvents(runId: number) {
    const events = await t.db.db.select().from(schema.webhookEvents);
    return events.filter((event) => (event.data as { runId?: number }).runId === runId);
  }

  it('a finished run records run.<status> for subscribed active endpoints only', async () => {
    const wantsFailed = await createEndpoint('http://127.0.0.1:9/failed', ['run.failed']);
    const inactive = await createEndpoint('http://127.0.0.1:9/inactive', ['run.failed'], false);
    const runId = await startRun(t.db.db, {
      sourceType: 'inventory',
      sourceId: null,
      sourceName: 'Supplier A',
      trigger: 'manual',
    });
    await finishRun(t.db.db, runId, { status: 'failed', message: 'Bad file' });
    const [event] = await runEvents(runId);
    expect(event).toMatchObject({
      type: 'run.failed',
      data: { runId, sourceName: 'Supplier A', status: 'failed', message: 'Bad file' },
    });
    const targets = await t.db.db
      .select()
      .from(schema.webhookDeliveries)
      .where(eq(schema.webhookDeliveries.eventId, event!.id));
    expect(targets.map((row) => row.endpointId)).toContain(wantsFailed);
    expect(targets.map((row) => row.endpointId)).not.toContain(inactive);

    const quiet = await startRun(t.db.db, {
      sourceType: 'inventory',
      sourceId: null,
      sourceName: 'Supplier B',
      trigger: 'manual',
    });
    await finishRun(t.db.db, quiet, { status: 'discarded' });
    expect(await runEvents(quiet)).toEqual([]);
  });

  it('a digest that could not be sent reports run.failed from its own transaction', async () => {
    await createEndpoint('http://127.0.0.1:9/digests', ['run.failed', 'notification.digest-sent']);
    const setting = await call(admin, 'POST', '/api/notification-settings', {
      name: 'Webhook digest',
      sourceTypeId: 1,
      sourceIds: [],
      notificationInterval: 'Daily',
      overrideEmailRecipients: 'ops@outside.example',
    });
    expect(setting.statusCode, setting.body).toBe(201);
    // This app has no system sender: the digest is tried, recorded as failed, and answers 503.
    expect(
      (await call(admin, 'POST', `/api/notification-settings/${setting.json().id}/test`)).statusCode,
    ).toBe(503);
    const events = await t.db.db.select().from(schema.webhookEvents);
    const digestEvents = events.filter(
      (event) => (event.data as { sourceName?: string }).sourceName === 'Webhook digest',
    );
    expect(
      digestEvents.map((event) => [event.type, (event.data as { sourceType: string }).sourceType]),
    ).toEqual([['run.failed', 'notification']]);
  });

  it('writes nothing when the work that would report it rolls back', async () => {
    await createEndpoint('http://127.0.0.1:9/ok', ['run.succeeded']);
    const runId = await startRun(t.db.db, {
      sourceType: 'inventory',
      sourceId: null,
      sourceName: 'Rolled back',
      trigger: 'manual',
    });
    await expect(
      t.db.db.transaction(async (tx) => {
        await finishRun(tx, runId, { status: 'succeeded' });
        throw new Error('the import failed after all');
      }),
    ).rejects.toThrow('the import failed after all');
    expect(await runEvents(runId)).toEqual([]);
  });
});

describe(`webhook log retention (${DB_KIND})`, () => {
  it('housekeeping deletes settled events older than 30 days, and keeps those still being delivered', async () => {
    const id = await createEndpoint('http://127.0.0.1:9/retention', ['run.failed'], false);
    const settled = (await call(admin, 'POST', `/api/webhooks/${id}/test`)).json();
    const waiting = (await call(admin, 'POST', `/api/webhooks/${id}/test`)).json();
    await t.db.db
      .update(schema.webhookDeliveries)
      .set({ status: 'succeeded' })
      .where(eq(schema.webhookDeliveries.id, settled.deliveryId));
    const later = new Date(Date.now() + 31 * 86_400_000);
    const removed = await runHousekeeping(t.db.db, later);
    expect(removed.webhookEvents).toBeGreaterThanOrEqual(1);
    // Housekeeping a month ahead also ended every sign-in.
    admin = (await t.signIn({ isAdmin: true })).session;
    const left = (await deliveries(id)).map((delivery: { eventId: string }) => delivery.eventId);
    expect(left).toEqual([waiting.eventId]);
  });
});

describe(`webhook deliveries through the job queue (${DB_KIND})`, () => {
  let jobs: Jobs | undefined;
  afterAll(async () => {
    await jobs?.stop({ graceful: false, timeoutMs: 2_000 });
  });

  it('a finished run reaches the receiver through the dispatcher and a delivery job', async () => {
    const hook = await receiver();
    const id = await createEndpoint(hook.url, ['run.succeeded']);
    jobs = await startJobs(t.db, pino({ level: 'silent' }), { context: t.app.context, idle: false });
    // A dispatched job wakes the workers (jobs/queue.ts) rather than waiting for their poll.
    expect((await jobs.boss.getQueue(WEBHOOK_DELIVERY_QUEUE))?.notify).toBe(true);
    const runId = await startRun(t.db.db, {
      sourceType: 'order-tracking',
      sourceId: null,
      sourceName: 'Tracking',
      trigger: 'manual',
    });
    await finishRun(t.db.db, runId, { status: 'succeeded', ordersUpdated: 3 });
    await jobs.webhooks!.dispatch();
    await hook.waitFor(1);
    const body = JSON.parse(hook.received[0]!.body);
    expect(body).toMatchObject({ type: 'run.succeeded', data: { runId, ordersUpdated: 3 } });
    expect(
      verify(SECRET, String(hook.received[0]!.headers['x-inbox-ops-signature']), hook.received[0]!.body),
    ).toBe(true);

    // "Send test event" hands its delivery to the queue at once.
    const test = await call(admin, 'POST', `/api/webhooks/${id}/test`);
    await hook.waitFor(2);
    expect(JSON.parse(hook.received[1]!.body).id).toBe(test.json().eventId);
  });
});
