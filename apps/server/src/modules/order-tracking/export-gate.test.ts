import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ORDER_GRID_COLUMN_IDS, type OrderListResponse, orderExportSearch } from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, TEST_PASSWORD, type TestApp } from '../../../test/helper';
import { seedOrders } from '../../scripts/seed-orders';
import { createApiToken } from '../api-tokens/service';
import { EXPORT_LIMITS, exportGate } from './export-gate';

/**
 * How many exports run at once, and what the rest of the app does meanwhile
 * (docs/behaviour/order-tracking.md#export): real downloads over a real socket, held open mid-stream by a
 * reader that stops reading, on the test's database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */

/** Enough orders that a download's file (about 8 MB) is more than twice what the loopback socket buffers hold. */
const ORDERS = 24_000;
const URL_PATH = `/api/order-tracking/export?${orderExportSearch(
  'csv',
  ORDER_GRID_COLUMN_IDS.filter((id) => id !== 'poDate'),
  {},
)}`;

let t: TestApp;
let base: URL;
let userA: Session;
let userB: Session;
let tokenOfA: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedOrders(t.db, { count: ORDERS });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
  const a = await t.signIn({ orderUser: true });
  userA = a.session;
  ({ session: userB } = await t.signIn({ orderUser: true }));
  tokenOfA = (
    await createApiToken(t.db.db, { now: () => new Date() }, a.user as never, {
      name: 'ERP pull',
      expiresInDays: 30,
      scope: 'read',
      currentPassword: TEST_PASSWORD,
    })
  ).token;
}, 180_000);

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  // Each test leaves the process's gate as it found it.
  expect([exportGate.running, exportGate.waiting]).toEqual([0, 0]);
});

/**
 * A download over a real socket whose reader stops once the headers are in: the server's writes back up
 * into the socket, and the export waits there, mid-stream, until `readAll`.
 */
function heldDownload(headers: Record<string, string>) {
  const request = http.get(new URL(URL_PATH, base), { headers });
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', (res) => {
      res.pause();
      resolve(res);
    });
    request.once('error', reject);
  });
  return {
    request,
    response,
    /** Reads on to the end: answers the file's row count (lines after the header). */
    async readAll(): Promise<number> {
      const res = await response;
      let newlines = 0;
      for await (const chunk of res as AsyncIterable<Buffer>) {
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines += 1;
      }
      return newlines - 1;
    },
  };
}

/** A call over a real socket, as a browser or a load balancer makes it: answers its status and body. */
function httpCall(
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(pathname, base), {
      method: options.method ?? 'GET',
      headers: options.headers,
    });
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    request.once('error', reject);
    request.end(options.body);
  });
}

const exportAs = (headers: Record<string, string | undefined>) =>
  t.app.inject({ method: 'GET', url: URL_PATH, headers });

// A guard against hangs, not a speed check: three 8 MB exports of 24,000 orders each, two held mid-stream, take
// over a minute on a 2-core machine that also runs the browser tests.
describe('exports under way', { timeout: 180_000 }, () => {
  it('answers /health and the list call while two exports are held mid-stream; a third of one user is refused 429 (session or token), another user’s waits its turn', async () => {
    const first = heldDownload(userA.headers);
    const second = heldDownload(userA.headers);
    expect((await first.response).statusCode).toBe(200);
    expect((await second.response).statusCode).toBe(200);
    expect(exportGate.running).toBe(2);

    // The embedded database's one connection is not held by the exports: other requests get it.
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    const ownFramePolicy = String(health.headers['content-security-policy']).replace(
      "frame-ancestors 'none'",
      "frame-ancestors 'self'",
    );
    expect(ownFramePolicy).toContain("frame-ancestors 'self'");
    const list = await t.as(userB).post('/api/order-tracking/list', { PageSize: 25 });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as OrderListResponse).totalRecordCount).toBe(ORDERS);
    // …and the exports had not finished: both are still under way, their files not read.
    expect(exportGate.running).toBe(2);

    for (const refused of [
      await exportAs(userA.headers),
      await exportAs({ authorization: `Bearer ${tokenOfA}`, origin: undefined }),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(EXPORT_LIMITS.retryAfterSeconds));
      // The web app reads the refusal in a frame of its own page: only that may frame it.
      expect(refused.headers['content-security-policy']).toBe(ownFramePolicy);
      expect(refused.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(refused.json().message).toBe(
        `You already have 2 exports under way. Please wait for one to finish, or try again in ${EXPORT_LIMITS.retryAfterSeconds} seconds.`,
      );
    }

    // A third user's export waits (no answer yet) and runs once a turn is free.
    let answered = false;
    const waiting = exportAs(userB.headers).finally(() => {
      answered = true;
    });
    await expect.poll(() => exportGate.waiting).toBe(1);
    expect(answered).toBe(false);

    expect(await first.readAll()).toBe(ORDERS);
    const third = await waiting;
    expect(third.statusCode).toBe(200);
    expect(third.body.split('\r\n').length - 2).toBe(ORDERS);
    expect(await second.readAll()).toBe(ORDERS);
    await expect.poll(() => exportGate.running).toBe(0);
  });

  it('answers /health and the list call over the network while an export is read as fast as it is written', async () => {
    const download = heldDownload(userA.headers);
    expect((await download.response).statusCode).toBe(200);
    const read = download.readAll();
    // Each answer comes while the export is still under way: its batches leave the server free to read requests.
    const health = await httpCall('/health');
    expect(health.status).toBe(200);
    expect(exportGate.running).toBe(1);
    const list = await httpCall('/api/order-tracking/list', {
      method: 'POST',
      headers: {
        ...userB.headers,
        'content-type': 'application/json',
        origin: new URL(t.config.publicUrl).origin,
      },
      body: JSON.stringify({ PageSize: 25 }),
    });
    expect(list.status, list.body).toBe(200);
    expect(exportGate.running).toBe(1);
    expect(await read).toBe(ORDERS);
    await expect.poll(() => exportGate.running).toBe(0);
  });

  it(`refuses 429 once ${EXPORT_LIMITS.waiting} exports wait, before reading anything`, async () => {
    const closed = new AbortController();
    const ends = [];
    // Other users' exports: two running, the rest waiting (each user's own bound is not reached).
    for (let n = 0; n < EXPORT_LIMITS.running; n++) ends.push(await exportGate.admit(-1 - n, closed.signal));
    const waiters = Array.from({ length: EXPORT_LIMITS.waiting }, (_, n) =>
      exportGate.admit(-100 - n, closed.signal),
    );
    expect(exportGate.waiting).toBe(EXPORT_LIMITS.waiting);

    const refused = await exportAs(userB.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(EXPORT_LIMITS.retryAfterSeconds));
    expect(refused.json().message).toBe(
      `Too many exports are under way. Please try again in ${EXPORT_LIMITS.retryAfterSeconds} seconds.`,
    );

    // Closed downloads give their places up.
    closed.abort();
    await Promise.allSettled(waiters);
    for (const end of ends) end();
  });

  it('lets a download closed while it waits give its place up, for everyone and for its user', async () => {
    const closed = new AbortController();
    const ends = [];
    for (let n = 0; n < EXPORT_LIMITS.running; n++) ends.push(await exportGate.admit(-1 - n, closed.signal));
    const gone = heldDownload(userA.headers);
    gone.response.catch(() => {});
    await expect.poll(() => exportGate.waiting).toBe(1);
    gone.request.destroy();
    await expect.poll(() => exportGate.waiting).toBe(0);
    for (const end of ends) end();

    // User A's bound counts only what is under way: two exports of theirs run again.
    const [one, two] = [heldDownload(userA.headers), heldDownload(userA.headers)];
    expect((await one.response).statusCode).toBe(200);
    expect((await two.response).statusCode).toBe(200);
    expect(await one.readAll()).toBe(ORDERS);
    expect(await two.readAll()).toBe(ORDERS);
    await expect.poll(() => exportGate.running).toBe(0);
  });

  it('checks the request before taking a turn: a bad one is 400, a caller without access 401/403, and no place is taken', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/order-tracking/export?format=pdf',
          headers: userA.headers,
        })
      ).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: URL_PATH })).statusCode).toBe(401);
    const { session: inventoryOnly } = await t.signIn({ orderUser: false, inventoryUser: true });
    expect((await exportAs(inventoryOnly.headers)).statusCode).toBe(403);
    expect([exportGate.running, exportGate.waiting]).toEqual([0, 0]);
  });
});
