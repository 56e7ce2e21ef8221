/**
 * The built server while its PostgreSQL goes away and comes back
 * (docs/behaviour/operations.md#what-the-product-survives): a server of the harness's own
 * (test-servers/postgres.ts) behind a proxy that can cut the network, so the machine's shared server is never
 * stopped. The process must not exit, /ready must answer 503 while the database is unreachable and 200 again
 * once it is back; how soon is the soak run's figure (bench/soak.ts), not a test's.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HarnessPostgres,
  startHarnessPostgres,
  startTcpProxy,
  type TcpProxy,
} from '../../../../../test-servers/postgres';
import { type EntryProcess, freePort, killIfRunning, spawnEntry } from '../../../test/processes';

let postgres: HarnessPostgres;
let proxy: TcpProxy;
let server: EntryProcess;
let port: number;

const status = async (route: '/ready' | '/health') =>
  (await fetch(`http://127.0.0.1:${port}${route}`, { signal: AbortSignal.timeout(10_000) })).status;
// The server starts on a database that was just created: start-up and migrations on a loaded machine.
const BACK = { timeout: 60_000, interval: 250 };

beforeAll(async () => {
  postgres = await startHarnessPostgres();
  proxy = await startTcpProxy({ host: postgres.host, port: () => postgres.port });
  port = await freePort();
  server = spawnEntry('server', {
    DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/postgres`,
    APP_SECRET_KEY: randomBytes(32).toString('base64url'),
    DATA_DIR: `/tmp/inbox-ops-database-faults-${process.pid}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_PASSWORD: 'a long enough password',
  });
  const deadline = Date.now() + 180_000;
  while ((await status('/ready').catch(() => 0)) !== 200) {
    if (server.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`the server did not become ready:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 240_000);

afterAll(async () => {
  await killIfRunning(server);
  await proxy?.close();
  await postgres?.destroy();
});

const stillRunning = () => server.child.exitCode === null && server.child.signalCode === null;

describe('the server while PostgreSQL is away', () => {
  it('a restart (down 5 s): /ready and /health answer 503 while it is down, 200 once it is back, and the process goes on', async () => {
    await postgres.stop();
    await expect.poll(() => status('/ready'), BACK).toBe(503);
    expect(await status('/health')).toBe(503);
    // Down long enough for the pool's connections, pg-boss's timers and the mail-poll scheduler to meet it.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(stillRunning()).toBe(true);
    await postgres.start();
    await expect.poll(() => status('/ready'), BACK).toBe(200);
    expect(await status('/health')).toBe(200);
    expect(stillRunning(), server.output()).toBe(true);
  });

  it('a network cut that holds the sockets: /ready answers 503 (not a hanging request) during it, 200 once restored', async () => {
    proxy.cut({ mode: 'hold' });
    try {
      await expect.poll(() => status('/ready'), BACK).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect(await status('/ready')).toBe(503);
      expect(stillRunning()).toBe(true);
    } finally {
      proxy.restore();
    }
    await expect.poll(() => status('/ready'), BACK).toBe(200);
    expect(stillRunning(), server.output()).toBe(true);
  });

  it('a process started while the database is down waits for it instead of exiting, and becomes ready once it is back', async () => {
    await postgres.stop();
    const laterPort = await freePort();
    const later = spawnEntry('server', {
      DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/postgres`,
      APP_SECRET_KEY: randomBytes(32).toString('base64url'),
      DATA_DIR: `/tmp/inbox-ops-database-faults-later-${process.pid}`,
      PORT: String(laterPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${laterPort}`,
      ADMIN_PASSWORD: 'a long enough password',
    });
    try {
      await expect.poll(() => later.output(), BACK).toContain('database unreachable');
      expect(later.child.exitCode).toBe(null);
      await postgres.start();
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${laterPort}/ready`).then(
              (response) => response.status,
              () => 0,
            ),
          { timeout: 120_000, interval: 250 },
        )
        .toBe(200);
    } finally {
      if (!postgres.running) await postgres.start();
      await killIfRunning(later);
    }
  });
});
