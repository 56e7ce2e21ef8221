/**
 * The built server while its PostgreSQL goes away and comes back
 * (docs/behaviour/operations.md#what-the-product-survives): a server of the harness's own
 * (test-servers/postgres.ts) behind a proxy that can cut the network, so the machine's shared server is never
 * stopped. The process must not exit, /ready must answer 503 while the database is unreachable and 200 again
 * once it is back, within what the reconnect rules allow (READY_AGAIN below; the soak run prints the real
 * times, bench/soak.ts). And a mail poll whose commit is cut mid-way (its connection ended by a trigger) loses
 * and doubles nothing.
 */
import { randomBytes } from 'node:crypto';
import { CONNECT_TIMEOUT_MS, createDatabase, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrackedMailbox } from '../../../../../bench/bench-support';
import { startDovecot } from '../../../../../test-servers/dovecot';
import {
  type HarnessPostgres,
  startHarnessPostgres,
  startTcpProxy,
  type TcpProxy,
} from '../../../../../test-servers/postgres';
import { appendTrackingMails } from '../../../test/modules/intake';
import { type EntryProcess, freePort, killIfRunning, spawnEntry } from '../../../test/processes';
import { createSecretBox } from '../../lib/secrets';
import { PROBE_TIMEOUT_MS } from './routes';

let postgres: HarnessPostgres;
let proxy: TcpProxy;
let server: EntryProcess;
let port: number;

const status = async (route: '/ready' | '/health') =>
  (await fetch(`http://127.0.0.1:${port}${route}`, { signal: AbortSignal.timeout(10_000) })).status;
// The server starts on a database that was just created: start-up and migrations on a loaded machine.
const BACK = { timeout: 60_000, interval: 250 };
/**
 * A running instance is ready again once a probe gets a connection: the pool opens a new one for each request
 * (no back-off of its own), so the worst case is a probe that began just before the database returned (its
 * 2 s) followed by a connection attempt that began just before too (its 5 s). Twice that, for a loaded machine:
 * a bound on the reconnect rules, not a speed figure. A back-off or a second statement on a dying connection
 * (up to 30 s) would break it.
 */
const READY_AGAIN = { timeout: 2 * (CONNECT_TIMEOUT_MS + PROBE_TIMEOUT_MS), interval: 250 };

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
    await expect.poll(() => status('/ready'), READY_AGAIN).toBe(200);
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
    await expect.poll(() => status('/ready'), READY_AGAIN).toBe(200);
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

describe('a mail poll whose transaction is cut mid-way', () => {
  it('fails, its messages are read again by the next poll job, and each is imported exactly once', async () => {
    const user = { user: 'cut@shop.example', password: 'cut-secret' };
    const dovecot = await startDovecot({ users: [user] });
    const admin = new pg.Client({ connectionString: postgres.url() });
    await admin.connect();
    await admin.query('create database poll_cut');
    await admin.end();
    const database = await createDatabase({ url: postgres.url('poll_cut'), poolSize: 2 });
    let worker: EntryProcess | undefined;
    try {
      await database.migrate();
      const key = randomBytes(32).toString('base64url');
      const { source } = await createTrackedMailbox(database.db, createSecretBox(key), dovecot, user, {
        sourceName: 'Cut supplier',
        supplier: 'shipping@supplier.example',
      });
      // The first order row written ends its own connection: the commit of the poll's first message group
      // is cut after its inbound record and before its end. A sequence, since it is not rolled back with it.
      await database.db.execute(sql`create sequence cut_once`);
      await database.db.execute(
        sql.raw(`create function cut_first_order() returns trigger language plpgsql as $$
          begin
            if nextval('cut_once') = 1 then perform pg_terminate_backend(pg_backend_pid()); end if;
            return new;
          end $$`),
      );
      await database.db.execute(
        sql`create trigger cut_first_order after insert on orders for each row execute function cut_first_order()`,
      );
      await appendTrackingMails(dovecot, user.user, { linePrefix: 'CUT', to: 3 });
      worker = spawnEntry('worker', {
        DATABASE_URL: postgres.url('poll_cut'),
        APP_SECRET_KEY: key,
        DATA_DIR: `/tmp/inbox-ops-poll-cut-${process.pid}`,
        MAIL_POLL_SECONDS: '1',
      });
      const count = async (statement: ReturnType<typeof sql>) =>
        (await queryRows<{ n: number }>(database.db, statement))[0]?.n ?? 0;
      await expect
        .poll(() => count(sql`select count(*)::int as n from orders`), { timeout: 120_000, interval: 500 })
        .toBe(3);
      // The cut happened: one order row written and rolled back with its transaction, then the three that
      // stayed. And the process lived through it.
      expect(await count(sql`select last_value::int as n from cut_once`)).toBe(4);
      expect(worker.child.exitCode, worker.output()).toBe(null);
      // Exactly once: one order per line, one processed record per message, one succeeded run per file.
      expect(await count(sql`select count(distinct unique_key)::int as n from orders`)).toBe(3);
      expect(
        await count(
          sql`select count(*)::int as n from inbound_messages where email_source_id = ${source.id} and status = 'processed'`,
        ),
      ).toBe(3);
      expect(
        await count(
          sql`select count(*)::int as n from runs where source_type = 'order-tracking' and status = 'succeeded'`,
        ),
      ).toBe(3);
      // The cut is visible: the poll it hit failed with the database's words, the worker logged it, and its
      // job was retried by the queue rather than completed.
      expect(
        await count(
          sql`select count(*)::int as n from runs where source_type = 'email' and status = 'failed' and message like 'The poll failed: %'`,
        ),
        JSON.stringify(await queryRows(database.db, sql`select source_type, status, message from runs`)),
      ).toBe(1);
      expect(worker.output()).toContain('mail poll failed (retried by the queue)');
    } finally {
      await killIfRunning(worker);
      await database.close();
      await dovecot.stop();
    }
  });
});
