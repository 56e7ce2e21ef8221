/**
 * Order tracking export benchmark: GET /api/order-tracking/export of a million orders, CSV and XLSX.
 *
 *   npm run bench:export                  (build first: npm run build; it runs apps/server/dist/server.js)
 *   npm run bench:export -- --orders 200000 --formats csv --node-flags "--max-semi-space-size=4" --no-floor
 *   npm run bench:export -- --settle 200     (the server idles 200 s after start, as a running server does)
 *
 * Uses the PostgreSQL server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and its own
 * database `inboxops_bench_export`, seeded with the orders unless it already holds exactly that many. For
 * each format it starts the built server as a child process, signs in as an order user, downloads the
 * whole export over loopback (every order, the grid's default columns and sort) and prints rows/s and the
 * server process's RSS: its peak during start-up, its idle RSS just before the download (after `--settle S`
 * seconds, default 0: V8 hands back the heap it grew while loading modules about 3 minutes after start), and
 * the export's peak (VmHWM, reset through /proc/<pid>/clear_refs just before the download: the highest RSS
 * while exporting). The CSV's row count is checked against the database. Then the floor: the same SELECT through `psql \copy … to /dev/null` (PostgreSQL alone) and a
 * bare cursor read in this process (pg, FETCH 2000, nothing of ours). Targets: CSV ≥ 50,000 rows/s, peak
 * RSS < 300 MB; reported as PASS/FAIL, never the exit code.
 *
 * Then exports under load, on both databases (docs/decisions/0025-exports-beside-other-requests.md): a server on
 * the embedded database (a fresh DATA_DIR seeded with `--load-orders`, default 100,000) and one on the PostgreSQL
 * server (its own database `inboxops_bench_export_load`), `--load-exports` (default 20) CSV downloads at once by
 * ten order users, read as fast as they come, while /health and the list call (the grid's first page) are asked
 * one after another, each about every 25 ms, until the last download ends. Prints p50/p95/max of both (target
 * p95 < 100 ms), how the downloads were answered (200, or 429 with Retry-After) and their throughput.
 *
 *   npm run bench:export -- --load-only                      (only the load part, both databases)
 *   npm run bench:export -- --load-only --load-databases pglite --load-exports 40
 *   npm run bench:export -- --no-load                        (only the single downloads)
 *   npm run bench:export -- --load-only --server-entry path/to/an/earlier/build/server.js
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ORDER_GRID_COLUMN_IDS, orderExportSearch } from '@app/contracts';
import { createDatabase, type Database } from '@app/db';
import pg from 'pg';
import { seedOrders } from '../apps/server/src/scripts/seed-orders';
import {
  createOrderUser,
  percentile,
  seededBenchDatabase,
  serverUrl,
  signIn,
  signInOrderUser,
  stopServer,
  waitForHealth,
} from './bench-support';

const root = path.resolve(import.meta.dirname, '..');
const BENCH_DATABASE = 'inboxops_bench_export';
const PORT = 3441;
const CSV_TARGET_ROWS_PER_S = 50_000;
const RSS_TARGET_MB = 300;

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}
const ORDERS = Number(option('--orders') ?? 1_000_000);
const FORMATS = (option('--formats') ?? 'csv,xlsx').split(',') as Array<'csv' | 'xlsx'>;
/** Extra flags for the server's node (e.g. V8 heap settings), to see what the peak RSS depends on. */
const NODE_FLAGS = (option('--node-flags') ?? '').split(' ').filter(Boolean);
/** Seconds the server stays idle after sign-in before the download. */
const SETTLE_SECONDS = Number(option('--settle') ?? 0);
/** The server to run: another build (of an earlier commit, say) to compare with. */
const SERVER_ENTRY = path.resolve(option('--server-entry') ?? path.join(root, 'apps/server/dist/server.js'));
const LOAD_ONLY = process.argv.includes('--load-only');
const LOAD = !process.argv.includes('--no-load');
const LOAD_ORDERS = Number(option('--load-orders') ?? 100_000);
const LOAD_EXPORTS = Number(option('--load-exports') ?? 20);
const LOAD_DATABASES = (option('--load-databases') ?? 'pglite,postgres').split(',') as LoadDatabase[];
const LOAD_USERS = 10;
const LOAD_BENCH_DATABASE = 'inboxops_bench_export_load';
const PROBE_TARGET_MS = 100;

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const rate = (rows: number, ms: number) => Math.round((rows / ms) * 1000);

/** A /proc/<pid>/status field in bytes (VmRSS now, VmHWM the peak so far). */
function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}

function countNewlines(chunk: Uint8Array): number {
  let count = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) count += 1;
  return count;
}

/** `databaseUrl` undefined: the embedded database in `dataDir`. */
function startServer(databaseUrl: string | undefined, dataDir: string): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_SECRET_KEY: randomBytes(32).toString('base64url'),
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'export-bench-admin-1',
    LOG_LEVEL: 'warn',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return spawn(
    process.execPath,
    // The flags of `npm start` (apps/server/package.json), then --node-flags, which override them.
    ['--enable-source-maps', '--max-semi-space-size=16', ...NODE_FLAGS, SERVER_ENTRY],
    { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

interface Measured {
  ms: number;
  bytes: number;
  newlines: number;
  startupPeakRss: number;
  idleRss: number;
  peakRss: number;
}

/** Starts the process's peak RSS (VmHWM) over from its current RSS (Linux: "5" resets it). */
function resetPeakRss(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** One download on a fresh server process, so that its peak RSS belongs to this format alone. */
async function measure(
  databaseUrl: string,
  format: 'csv' | 'xlsx',
  signIn: (base: string) => Promise<string>,
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'inboxops-export-bench-'));
  const child = startServer(databaseUrl, dataDir);
  try {
    await waitForHealth(PORT, child, Date.now() + 60_000);
    const base = `http://127.0.0.1:${PORT}`;
    const cookie = await signIn(base);
    await new Promise((resolve) => setTimeout(resolve, 2000 + SETTLE_SECONDS * 1000));
    const startupPeakRss = statusBytes(child.pid!, 'VmHWM');
    const idleRss = statusBytes(child.pid!, 'VmRSS');
    resetPeakRss(child.pid!);
    const columns = ORDER_GRID_COLUMN_IDS.filter((id) => id !== 'poDate');
    const url = `${base}/api/order-tracking/export?${orderExportSearch(format, columns, {})}`;
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    if (response.status !== 200)
      throw new Error(`export answered ${response.status}: ${await response.text()}`);
    let bytes = 0;
    let newlines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      if (format === 'csv') newlines += countNewlines(chunk);
    }
    const ms = performance.now() - started;
    const peakRss = statusBytes(child.pid!, 'VmHWM');
    return { ms, bytes, newlines, startupPeakRss, idleRss, peakRss } satisfies Measured;
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The export's SELECT for the default view, written out here independently of the app's SQL. */
const FLOOR_SELECT = `select s.source_name, o.brand_name, o.customer_name, o.customer_number, o.customer_po_number,
  o.document_number, to_char(o.estimated_arrival_date, 'YYYY-MM-DD'), o.item_number, o.item_status, o.line_status,
  o.notes, to_char(o.order_date, 'YYYY-MM-DD'), o.qty, o.qty_fulfilled, o.ship_to_name,
  to_char(o.shipped_date, 'YYYY-MM-DD'), o.supplier_name, o.supplier_order_status, o.shipping_company,
  (select string_agg(t.tracking_number, ', ' order by t.id) from order_tracking_numbers t where t.order_id = o.id),
  o.wildcard1, o.wildcard2
  from orders o left join order_tracking_sources s on s.id = o.order_tracking_source_id
  where o.deleted_status = false order by o.last_updated desc, o.id desc`;

function psqlCopyMs(databaseUrl: string): number | undefined {
  const started = performance.now();
  const result = spawnSync('psql', [databaseUrl, '-qAtc', `\\copy (${FLOOR_SELECT}) to '/dev/null' csv`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (result.error || result.status !== 0) {
    console.log(`psql \\copy unavailable: ${result.error?.message ?? result.stderr.toString().trim()}`);
    return undefined;
  }
  return performance.now() - started;
}

async function bareCursorMs(databaseUrl: string): Promise<{ ms: number; rows: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    await client.query('begin');
    await client.query(`declare floor_cursor no scroll cursor for ${FLOOR_SELECT}`);
    let rows = 0;
    for (;;) {
      const batch = await client.query('fetch forward 2000 from floor_cursor');
      rows += batch.rowCount ?? 0;
      if ((batch.rowCount ?? 0) < 2000) break;
    }
    await client.query('commit');
    return { ms: performance.now() - started, rows };
  } finally {
    await client.end();
  }
}

type LoadDatabase = 'pglite' | 'postgres';

interface Download {
  status: number;
  retryAfter: string | undefined;
  rows: number;
  ms: number;
}

/** A call that gives up after 10 minutes; answers 0 for a call that failed or gave up. */
function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; retryAfter: string | undefined; newlines: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const failed = () =>
      resolve({ status: 0, retryAfter: undefined, newlines: 0, ms: performance.now() - started });
    const request = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        let newlines = 0;
        response.on('data', (chunk: Buffer) => {
          newlines += countNewlines(chunk);
        });
        response.on('error', failed);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'],
            newlines,
            ms: performance.now() - started,
          }),
        );
      },
    );
    request.setTimeout(600_000, () => request.destroy());
    request.on('error', failed);
    request.end(options.body);
  });
}

/** One CSV download of the default view, read as fast as it comes; its rows counted. */
async function downloadCsv(base: string, cookie: string): Promise<Download> {
  const columns = ORDER_GRID_COLUMN_IDS.filter((id) => id !== 'poDate');
  const answer = await call(`${base}/api/order-tracking/export?${orderExportSearch('csv', columns, {})}`, {
    headers: { cookie },
  });
  return { ...answer, rows: answer.status === 200 ? answer.newlines - 1 : 0 };
}

/**
 * Calls `ask` one call after another, about every 25 ms, until `done`: each call's milliseconds (a call that
 * failed counts with the time it took to fail, and in `failed`).
 */
async function probe(ask: () => ReturnType<typeof call>, done: () => boolean) {
  const times: number[] = [];
  let failed = 0;
  while (!done()) {
    const answer = await ask();
    if (answer.status !== 200) failed += 1;
    times.push(answer.ms);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { times, failed };
}

/** The orders and users of the load run: the embedded database seeded in `dataDir`, or the server's own database. */
async function loadDatabase(
  kind: LoadDatabase,
  dataDir: string,
): Promise<{ url?: string; database: Database }> {
  if (kind === 'postgres') {
    const database = await seededBenchDatabase(serverUrl(), LOAD_BENCH_DATABASE, LOAD_ORDERS);
    return { url: database.connectionString!, database };
  }
  const database = await createDatabase({ dataDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  console.log(`seeding ${LOAD_ORDERS.toLocaleString('en-US')} orders into a fresh embedded database…`);
  await seedOrders(database, { count: LOAD_ORDERS });
  return { database };
}

async function loadRun(kind: LoadDatabase) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'inboxops-export-load-'));
  const { url, database } = await loadDatabase(kind, dataDir);
  const users: Array<{ username: string; password: string }> = [];
  for (let n = 0; n < LOAD_USERS; n++) users.push(await createOrderUser(database, `bench-export-user-${n}`));
  // The embedded database is the server's alone once it runs.
  await database.close();
  const child = startServer(url, dataDir);
  try {
    await waitForHealth(PORT, child, Date.now() + 120_000);
    const base = `http://127.0.0.1:${PORT}`;
    const cookies: string[] = [];
    for (const user of users) cookies.push(await signIn(base, user));
    // Each probe once before the load, so that neither measures its first call's start-up.
    const health = () => call(`${base}/health`);
    const list = () =>
      call(`${base}/api/order-tracking/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookies[0]!, origin: base },
        body: JSON.stringify({}),
      });
    for (const ask of [health, list])
      if ((await ask()).status !== 200) throw new Error('a probe failed before the load');
    let finished = false;
    const started = performance.now();
    const downloads = Promise.all(
      Array.from({ length: LOAD_EXPORTS }, (_, n) => downloadCsv(base, cookies[n % cookies.length]!)),
    ).finally(() => {
      finished = true;
    });
    const [results, healthProbe, listProbe] = await Promise.all([
      downloads,
      probe(health, () => finished),
      probe(list, () => finished),
    ]);
    return { results, healthProbe, listProbe, wallMs: performance.now() - started, load: loadavg()[0]! };
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printLoad(kind: LoadDatabase, run: Awaited<ReturnType<typeof loadRun>>) {
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const summary = (name: string, { times, failed }: { times: number[]; failed: number }) => {
    const sorted = [...times].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    return `${name} ${sorted.length} calls${failed ? ` (${failed} failed)` : ''}, p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (target p95 < ${PROBE_TARGET_MS} ms: ${pass(p95 < PROBE_TARGET_MS)})`;
  };
  const ok = run.results.filter((result) => result.status === 200);
  const refused = run.results.filter((result) => result.status === 429);
  const others = run.results.filter((result) => result.status !== 200 && result.status !== 429);
  const other = others.length;
  // 0: the connection failed or was cut.
  const otherStatuses = others.map((result) => result.status).join(', ');
  const rows = ok.reduce((sum, result) => sum + result.rows, 0);
  const durations = ok.map((result) => result.ms).sort((a, b) => a - b);
  const wrong = ok.filter((result) => result.rows !== LOAD_ORDERS).length;
  console.log(
    `\n${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}: ${LOAD_EXPORTS} CSV exports of ${LOAD_ORDERS.toLocaleString('en-US')} orders at once by ${LOAD_USERS} users, load average ${run.load.toFixed(1)}`,
  );
  console.log(`  ${summary('/health', run.healthProbe)}`);
  console.log(`  ${summary('list call', run.listProbe)}`);
  console.log(
    `  exports: ${ok.length} × 200${refused.length ? `, ${refused.length} × 429 (Retry-After ${refused[0]!.retryAfter})` : ''}${other ? `, ${other} other (status ${otherStatuses})` : ''}` +
      `${wrong ? `, ${wrong} with a wrong row count` : ''}; all done in ${(run.wallMs / 1000).toFixed(1)} s, ` +
      `${rate(rows, run.wallMs).toLocaleString('en-US')} rows/s together; ` +
      (durations.length
        ? `each ${(durations[0]! / 1000).toFixed(1)}–${(durations.at(-1)! / 1000).toFixed(1)} s from request to last byte (waiting included)`
        : 'none answered'),
  );
  if (wrong || other) process.exitCode = 1;
}

async function main() {
  if (!LOAD_ONLY) await singleDownloads();
  if (LOAD) for (const kind of LOAD_DATABASES) printLoad(kind, await loadRun(kind));
}

async function singleDownloads() {
  const server = serverUrl();
  const database = await seededBenchDatabase(server, BENCH_DATABASE, ORDERS);
  const databaseUrl = database.connectionString!;
  const [live] = await database.query<{ n: number }>(
    'select count(*)::int as n from orders where not deleted_status',
  );
  const [settings] = await database.query<{ version: string }>(
    `select current_setting('server_version') as version`,
  );
  console.log(
    `\nPostgreSQL ${settings?.version}, Node ${process.version} ${NODE_FLAGS.join(' ')}, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}; ${live!.n.toLocaleString('en-US')} live orders, 22 columns, default sort\n`,
  );
  let failed = false;
  const results: Array<[string, Measured]> = [];
  for (const format of FORMATS) {
    const measured = await measure(databaseUrl, format, (base) => signInOrderUser(database, base));
    results.push([format, measured]);
    if (format === 'csv' && measured.newlines - 1 !== live!.n) {
      console.log(`CSV has ${measured.newlines - 1} rows, the database ${live!.n}`);
      failed = true;
    }
  }
  const floor = !process.argv.includes('--no-floor');
  const floorCopy = floor ? psqlCopyMs(databaseUrl) : undefined;
  const floorCursor = floor ? await bareCursorMs(databaseUrl) : undefined;
  await database.close();

  if (failed) process.exitCode = 1;
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  for (const [format, m] of results) {
    const rowsPerS = rate(live!.n, m.ms);
    const rowTarget =
      format === 'csv'
        ? ` (target ≥ ${CSV_TARGET_ROWS_PER_S.toLocaleString('en-US')}: ${pass(rowsPerS >= CSV_TARGET_ROWS_PER_S)})`
        : '';
    console.log(
      `${format.toUpperCase().padEnd(5)} ${(m.ms / 1000).toFixed(1)} s, ${rowsPerS.toLocaleString('en-US')} rows/s${rowTarget}, ` +
        `${mb(m.bytes)} file; server RSS: start-up peak ${mb(m.startupPeakRss)}, idle ${mb(m.idleRss)} ` +
        `after ${SETTLE_SECONDS} s settling, peak while exporting ${mb(m.peakRss)} ` +
        `(target < ${RSS_TARGET_MB} MB: ${pass(m.peakRss < RSS_TARGET_MB * MB)})`,
    );
  }
  const csv = results.find(([format]) => format === 'csv')?.[1];
  if (!csv || !floorCursor) return;
  if (floorCopy !== undefined)
    console.log(
      `floor: psql \\copy of the same SELECT to /dev/null ${(floorCopy / 1000).toFixed(1)} s, ` +
        `${rate(live!.n, floorCopy).toLocaleString('en-US')} rows/s (CSV export at ${((floorCopy / csv.ms) * 100).toFixed(0)} % of it)`,
    );
  console.log(
    `floor: bare pg cursor read (FETCH 2000) ${(floorCursor.ms / 1000).toFixed(1)} s, ` +
      `${rate(floorCursor.rows, floorCursor.ms).toLocaleString('en-US')} rows/s (CSV export at ${((floorCursor.ms / csv.ms) * 100).toFixed(0)} % of it)`,
  );
}

await main();
