/**
 * The PostgreSQL pool when the database goes away (docs/behaviour/operations.md#what-the-product-survives), on
 * a server of the harness's own (test-servers/postgres.ts) behind a proxy that can cut the network: the
 * machine's shared server is never stopped. Short timeouts here so that a cut is noticed in a second; the
 * product's are in client.ts.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HarnessPostgres,
  startHarnessPostgres,
  startTcpProxy,
  type TcpProxy,
} from '../../../test-servers/postgres';
import { createDatabase } from './client';
import { type Database, queryRows } from './database';

let server: HarnessPostgres;
let proxy: TcpProxy;
let database: Database;
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  server = await startHarnessPostgres();
  proxy = await startTcpProxy({ host: server.host, port: () => server.port });
  const url = `postgres://postgres@127.0.0.1:${proxy.port}/postgres`;
  database = await createDatabase({ url, poolSize: 4, queryTimeoutMs: 1_000, connectTimeoutMs: 1_000 });
  await database.query('create table effects (id int primary key)');
  process.on('uncaughtException', onUncaught);
}, 120_000);

afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  await database?.close().catch(() => {});
  await proxy?.close();
  await server?.destroy();
});

async function terminate(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  await admin.query('select pg_terminate_backend($1)', [pid]);
  await admin.end();
}

const backendPid = async () =>
  (await database.query<{ pid: number }>('select pg_backend_pid() as pid'))[0]!.pid;

describe('the pool when PostgreSQL goes away', () => {
  it('a connection killed server-side (pg_terminate_backend) is not handed out again: the next query succeeds', async () => {
    const killed = await backendPid();
    await terminate(killed);
    await expect.poll(() => database.pool!.totalCount, { timeout: 10_000 }).toBe(0);
    const next = await backendPid();
    expect(next).not.toBe(killed);
    expect(uncaught).toEqual([]);
  });

  it('a transaction whose connection is killed mid-way fails cleanly, leaves nothing, and the process goes on', async () => {
    const attempt = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into effects values (1)`);
      const [row] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      await terminate(row!.pid);
      await tx.execute(sql`insert into effects values (2)`);
    });
    await expect(attempt).rejects.toThrow();
    expect(await database.query('select id from effects')).toEqual([]);
    expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);
    expect(uncaught).toEqual([]);
  });

  it('a restart (fast shutdown, start): queries fail while it is down, and succeed again once it is back', async () => {
    await server.stop();
    await expect(database.query('select 1')).rejects.toThrow();
    expect(await database.ping(500)).toBe(false);
    await server.start();
    await expect.poll(() => database.ping(500), { timeout: 20_000 }).toBe(true);
    expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);
    expect(uncaught).toEqual([]);
  });

  it('a statement running past the timeout is ended by the server: it runs no longer, and its connection serves the next query', async () => {
    expect(await database.query('show statement_timeout')).toEqual([{ statement_timeout: '1s' }]);
    const client = await database.pool!.connect();
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    try {
      await expect(client.query('select pg_sleep(10)')).rejects.toMatchObject({ code: '57014' });
      const admin = new pg.Client({ connectionString: server.url() });
      await admin.connect();
      const activity = await admin.query<{ state: string; query: string }>(
        'select state, query from pg_stat_activity where pid = $1',
        [pid],
      );
      await admin.end();
      expect(activity.rows).toEqual([expect.objectContaining({ state: 'idle' })]);
      expect((await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid).toBe(pid);
    } finally {
      client.release();
    }
    expect(uncaught).toEqual([]);
  });

  it('a network cut that holds the sockets: a statement in flight fails with the statement timeout, new ones with the connection timeout; all work again once restored', async () => {
    // One connection borrowed and idle, so the cut holds both a live and a new connection.
    const held = await database.pool!.connect();
    const heldPid = (await held.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    proxy.cut({ mode: 'hold' });
    try {
      await expect(held.query('select 1')).rejects.toThrow('Query read timeout');
      held.release();
      await expect(database.query('select 1')).rejects.toThrow();
      expect(await database.ping(500)).toBe(false);
    } finally {
      proxy.restore();
    }
    await expect.poll(() => database.ping(500), { timeout: 20_000 }).toBe(true);
    // The timed-out connection was given up, not returned to the pool.
    const pids = await Promise.all([backendPid(), backendPid(), backendPid()]);
    expect(pids).not.toContain(heldPid);
    expect(uncaught).toEqual([]);
  });

  it('a network cut that resets every connection: the pool drops them and reconnects once restored', async () => {
    const before = await backendPid();
    proxy.cut({ mode: 'drop' });
    try {
      await expect(database.query('select 1')).rejects.toThrow();
    } finally {
      proxy.restore();
    }
    await expect.poll(() => database.ping(500), { timeout: 20_000 }).toBe(true);
    expect(await backendPid()).not.toBe(before);
    expect(uncaught).toEqual([]);
  });
});
