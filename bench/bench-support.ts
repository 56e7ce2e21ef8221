/**
 * What several benchmarks share: the loopback PostgreSQL server they use, an order user's session, and a
 * Dovecot mailbox read by an order tracking source.
 */

import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { createDatabase, type Database, type DbOrTx, schema } from '@app/db';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/lib/passwords';
import type { SecretBox } from '../apps/server/src/lib/secrets';
import { sealMailboxSecret } from '../apps/server/src/modules/email-sources/source-connection';
import { seedOrders } from '../apps/server/src/scripts/seed-orders';
import { seededRandom } from '../packages/contracts/src/tracking-numbers/labelled-set';

/** The PostgreSQL server of DATABASE_URL (default the test server); only loopback addresses are used. */
export function serverUrl(): URL {
  const url = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    throw new Error(`the benchmark only talks to a loopback PostgreSQL server, not ${url.hostname}`);
  }
  return url;
}

export async function adminQuery(url: URL, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** The URL of the database `name` on the benchmarks' server. */
export function benchDatabaseUrl(name: string): string {
  const url = serverUrl();
  url.pathname = `/${name}`;
  return url.toString();
}

/** The database `name` on the benchmarks' server, created when missing and migrated; what it holds is kept. */
export async function migratedBenchDatabase(name: string, poolSize: number): Promise<Database> {
  const server = serverUrl();
  const exists = await adminQuery(server, `select 1 from pg_database where datname = '${name}'`);
  if (!exists.rowCount) await adminQuery(server, `create database ${name}`);
  const database = await createDatabase({ url: benchDatabaseUrl(name), poolSize });
  await database.migrate();
  return database;
}

/** A fresh order user, signed in through the real login route: the cookie header for later calls. */
export async function signInOrderUser(database: Database, baseUrl: string): Promise<string> {
  const user = await createOrderUser(database, 'bench-order-user');
  return signIn(baseUrl, user);
}

/** An active order user `username` (replacing one of that name) with a random password. */
export async function createOrderUser(
  database: Database,
  username: string,
): Promise<{ username: string; password: string }> {
  const password = randomBytes(12).toString('base64url');
  await database.db.delete(schema.users).where(eq(schema.users.username, username));
  await database.db.insert(schema.users).values({
    username,
    email: `${username}@example.com`,
    passwordHash: await hashPassword(password),
    orderUser: true,
    activeStatus: true,
  });
  return { username, password };
}

/** Signs in through the real login route: the cookie header for later calls. */
export async function signIn(baseUrl: string, user: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (response.status !== 204) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** How a page of the API is timed: the p95 target every list and history call has (100 ms), over 100 calls. */
export const PAGE_TIMING = { warmups: 5, runs: 100, targetMs: 100 } as const;

/**
 * Times GET calls over HTTP as a signed-in user: warm-ups, then timed requests per call, printing p50 and p95
 * against the p95 target. True when every call met it.
 */
export async function timeGetCalls(
  label: string,
  target: { address: string; cookie: string },
  cases: ReadonlyArray<readonly [string, string]>,
  options: { warmups: number; runs: number; targetMs: number; width: number },
): Promise<boolean> {
  const { warmups, runs, targetMs, width } = options;
  console.log(
    `\n${label}: ${warmups} warm-ups and ${runs} timed requests per call (load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')})`,
  );
  console.log(
    `  ${'call'.padEnd(width)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  target p95 < ${targetMs} ms`,
  );
  let allPass = true;
  for (const [name, url] of cases) {
    const call = async () => {
      const response = await fetch(`${target.address}${url}`, { headers: { cookie: target.cookie } });
      if (response.status !== 200)
        throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
      return response.json();
    };
    for (let i = 0; i < warmups; i++) await call();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await call();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const pass = p95 < targetMs;
    allPass &&= pass;
    console.log(
      `  ${name.padEnd(width)} ${percentile(times, 50).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}  ${pass ? 'PASS' : 'FAIL'}`,
    );
  }
  return allPass;
}

/** A small deterministic generator (mulberry32), so every run of a benchmark reads the same data. */
export const random = seededRandom;

/**
 * An e-mail source on a Dovecot user (plain IMAP on loopback) and an order tracking source reading its
 * `tracking_*.csv` reports from `supplier` (columns Line and Tracking).
 */
export async function createTrackedMailbox(
  db: DbOrTx,
  secrets: SecretBox,
  server: { host: string; port: number },
  user: { user: string; password: string },
  options: { sourceName: string; supplier: string },
) {
  const mailbox = {
    username: user.user,
    email: user.user,
    incomingServer: server.host,
    incomingPort: server.port,
    outgoingServer: '',
    outgoingPort: null,
    ssl: false,
    isMsal: false,
    msalClientId: '',
    msalTenantId: '',
  };
  const [source] = await db
    .insert(schema.emailSources)
    .values({ ...mailbox, passwordEncrypted: sealMailboxSecret(secrets, mailbox, user.password) })
    .returning();
  const [tracking] = await db
    .insert(schema.orderTrackingSources)
    .values({
      sourceName: options.sourceName,
      emailSourceId: source!.id,
      fileType: '.csv',
      fromEmail: options.supplier,
      subjectValue: 'Shipment report',
      attachmentName: 'tracking_*.csv',
      uniqueColumn: 'DocumentNumber',
      columnMapping: { documentNumber: 'Line', trackingNumbers: 'Tracking' },
    })
    .returning();
  return { source: source!, tracking: tracking! };
}

/**
 * The database `name` on the server holding exactly `orders` seeded orders (npm run seed:orders): reused
 * (and analyzed) when it does, rebuilt and seeded otherwise.
 */
export async function seededBenchDatabase(server: URL, name: string, orders: number): Promise<Database> {
  const url = new URL(server);
  url.pathname = `/${name}`;
  const exists = await adminQuery(server, `select 1 from pg_database where datname = '${name}'`);
  if (exists.rowCount) {
    const database = await createDatabase({ url: url.toString() });
    await database.migrate();
    const [row] = await database.query<{ n: number }>(
      'select count(*)::int as n from orders where deleted_status = false',
    );
    if (row?.n === orders) {
      // Fresh statistics, in case a migration changed a statistics target since the seed.
      await database.query('analyze orders');
      await database.query('analyze order_tracking_numbers');
      console.log(`database ${name}: ${orders.toLocaleString('en-US')} orders already there (analyzed)`);
      return database;
    }
    console.log(`database ${name}: ${row?.n ?? 0} orders, rebuilding it`);
    await database.close();
    await adminQuery(server, `drop database ${name} with (force)`);
  }
  await adminQuery(server, `create database ${name}`);
  const database = await createDatabase({ url: url.toString() });
  await database.migrate();
  console.log(`seeding ${orders.toLocaleString('en-US')} orders into ${name}…`);
  await seedOrders(database, {
    count: orders,
    log: (line) => {
      if (!line.startsWith('  orders')) console.log(`  ${line}`);
    },
  });
  return database;
}

/** Waits for a spawned server's first 200 from /health; fails if it exits first. */
export async function waitForHealth(port: number, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no 200 from /health within 60 s');
}

/** SIGTERM, and SIGKILL after 30 s. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
