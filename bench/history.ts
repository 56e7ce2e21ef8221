/**
 * The chart APIs' benchmark (issue 33): `npm run bench:history`. Each history call, over HTTP, at the scale
 * the issue names — an inventory source with 1,000 user-activated items and a snapshot of each from 365 daily
 * runs (365,000 snapshot rows; every 17th day without a file, every 30th run held), 1,000,000 orders
 * (`npm run seed:orders`'s generator) with five order tracking sources that ran every hour for a year
 * (43,800 runs) — on PostgreSQL (DATABASE_URL's server, database `inboxops_bench_history`, seeded once and
 * reused) and on embedded PGlite (a temporary folder, seeded each time). Prints p50 and p95 per call against
 * the target (p95 < 100 ms) and PASS/FAIL; exits 0 either way. `--pglite-orders=N` seeds fewer orders on
 * PGlite (the history calls read the runs and snapshots, never the orders).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, type Database, schema } from '@app/db';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { insertSnapshots } from '../apps/server/src/modules/inventory-processing/repository';
import { seedOrders } from '../apps/server/src/scripts/seed-orders';
import { adminQuery, PAGE_TIMING, random, serverUrl, timeGetCalls } from './bench-support';

const DATABASE = 'inboxops_bench_history';
const ORDERS = 1_000_000;
const ITEMS = 1_000;
const DAYS = 365;
const TARGET_MS = PAGE_TIMING.targetMs;
const DAY_MS = 86_400_000;
const SOURCE_NAME = 'Bench history source';
/** The source's predictive settings, which each seeded run records as the settings it was decided with. */
const PREDICTIVE_SETTINGS = {
  lookbackDays: DAYS,
  minDataPoints: 3,
  safetyMultiplier: 1.5,
  safetyPadding: 2,
  largeDropThreshold: 500,
  largeDropMultiplier: 2,
};
const MIN_ITEMS_TO_BE_ACTIVE = 5;
const USER = { username: 'bench-history-user', password: randomBytes(12).toString('base64url') };
/** The runs are dated back from the seed's time, which is kept in the source's name-sake row. */
const itemNumber = (index: number) => `SKU-${String(index).padStart(5, '0')}`;

async function seedHistory(database: Database, orders: number): Promise<void> {
  const { db } = database;
  const started = performance.now();
  console.log(`  seeding ${orders.toLocaleString('en-US')} orders…`);
  await seedOrders(database, { count: orders, log: () => {} });
  const now = Date.now();
  const [mailbox] = await db
    .insert(schema.emailSources)
    .values({ username: 'stock@bench.example', email: 'stock@bench.example' })
    .returning({ id: schema.emailSources.id });
  const items = Array.from({ length: ITEMS }, (_, index) => itemNumber(index));
  const [source] = await db
    .insert(schema.inventorySources)
    .values({
      sourceName: SOURCE_NAME,
      emailSourceId: mailbox!.id,
      fileType: '.csv',
      fromEmail: 'stock@bench.example',
      subjectValue: 'Stock',
      attachmentName: 'stock*',
      itemNumberColumnName: 'SKU',
      qtyColumnName: 'Qty',
      userActivatedItemNumbers: items.join(','),
      usesPredictiveAlgorithm: true,
      ...PREDICTIVE_SETTINGS,
      minItemsToBeActive: MIN_ITEMS_TO_BE_ACTIVE,
      outputItemNumberColumnName: 'Item',
      outputItemStatusColumnName: 'Status',
      outputItemStatusDateColumnName: 'Date',
    })
    .returning({ id: schema.inventorySources.id });
  const sourceId = source!.id;
  console.log(`  seeding ${DAYS} runs × ${ITEMS.toLocaleString('en-US')} snapshots…`);
  const next = random(33);
  const quantities = items.map(() => 200 + Math.floor(next() * 800));
  let lastRunId = 0;
  for (let day = DAYS - 1; day >= 0; day--) {
    if (day % 17 === 5) continue; // a day without a file
    const at = new Date(now - day * DAY_MS);
    const held = day % 30 === 7;
    for (let i = 0; i < ITEMS; i++) {
      quantities[i] = Math.max(0, quantities[i]! - Math.floor(next() * 6) + (next() < 0.05 ? 300 : 0));
    }
    const turnedInactive = items
      .slice(0, 12)
      .map((item) => ({ itemNumber: item, from: 'Active', to: 'Inactive' }));
    const [run] = await db
      .insert(schema.runs)
      .values({
        sourceType: 'inventory',
        sourceId,
        sourceName: SOURCE_NAME,
        trigger: 'mail',
        status: held ? 'held' : 'succeeded',
        startedAt: at,
        finishedAt: new Date(at.getTime() + 2_000 + Math.floor(next() * 3_000)),
        details: {
          counts: { processed: ITEMS, active: 900, inactive: 100, inactiveEarly: 4 },
          changes: { turnedInactive, turnedInactiveCount: 12, turnedActive: [], turnedActiveCount: 9 },
          predictions: turnedInactive.map(
            (change) => `Item ${change.itemNumber}: predicted 1 (bench) below 5 → Inactive early`,
          ),
          predictive: {
            capturedAt: at.toISOString(),
            settings: PREDICTIVE_SETTINGS,
            minItemsToBeActive: MIN_ITEMS_TO_BE_ACTIVE,
            horizonDays: 1,
            earlierRuns: DAYS - day,
            excludeRunIds: [],
          },
        },
      })
      .returning({ id: schema.runs.id });
    lastRunId = run!.id;
    await insertSnapshots(
      db,
      sourceId,
      run!.id,
      at,
      items.map((item, i) => ({ itemNumber: item, quantity: quantities[i]! })),
    );
  }
  await database.query(
    `insert into inventory_item_states (source_id, item_number, status, status_since, last_quantity, last_run_id, updated_at)
     select $1::int, 'SKU-' || lpad(i::text, 5, '0'), 'Active', now(), 100, $2::bigint, now() from generate_series(0, $3::int - 1) as i`,
    [sourceId, lastRunId, ITEMS],
  );
  console.log('  seeding a year of hourly order tracking runs…');
  await database.query(
    `insert into runs (source_type, source_id, source_name, trigger, status, started_at, finished_at, orders_updated, orders_deleted)
     select 'order-tracking', s.id, s.source_name, 'mail', case when h % 50 = 0 then 'failed' else 'succeeded' end,
            now() - make_interval(hours => h), now() - make_interval(hours => h) + interval '3 seconds', (h * 7) % 400, h % 5
     from order_tracking_sources s cross join generate_series(0, 24 * ${DAYS} - 1) as h`,
  );
  await database.query('analyze');
  console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

async function ensureUser(database: Database) {
  await database.query('delete from users where username = $1', [USER.username]);
  await database.db.insert(schema.users).values({
    username: USER.username,
    email: 'bench-history@example.com',
    passwordHash: await hashPassword(USER.password),
    orderUser: true,
    inventoryUser: true,
    activeStatus: true,
  });
}

async function measure(label: string, database: Database): Promise<boolean> {
  const [source] = await database.query<{ id: number }>(
    'select id from inventory_sources where source_name = $1',
    [SOURCE_NAME],
  );
  const [tracking] = await database.query<{ id: number }>(
    'select id from order_tracking_sources order by id limit 1',
  );
  const [older] = await database.query<{ id: number }>(
    `select id from runs where source_type = 'inventory' and source_id = $1 and status = 'succeeded' order by started_at limit 1 offset 180`,
    [source!.id],
  );
  const config = loadConfig({
    ...(database.connectionString ? { DATABASE_URL: database.connectionString } : {}),
    APP_SECRET_KEY: randomBytes(32).toString('base64url'),
    DATA_DIR: path.join(tmpdir(), 'inbox-ops-bench'),
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ database, config, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  let allPass = true;
  try {
    await ensureUser(database);
    const login = await fetch(`${address}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: address },
      body: JSON.stringify(USER),
    });
    if (login.status !== 204) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const id = source!.id;
    const cases = [
      ['orders per day, 14 days', '/api/stats/order-tracking/daily?days=14'],
      ['orders per day, 90 days', '/api/stats/order-tracking/daily?days=90'],
      ['stock history, 90 days', `/api/inventory-sources/${id}/history?days=90`],
      ['stock history, 365 days', `/api/inventory-sources/${id}/history?days=365`],
      [
        'item history, latest run (365 snapshots)',
        `/api/inventory-sources/${id}/items/${itemNumber(500)}/history`,
      ],
      [
        'item history, a run 6 months back',
        `/api/inventory-sources/${id}/items/${itemNumber(3)}/history?runId=${older!.id}`,
      ],
      ['runs per day, inventory, 30 days', `/api/runs/daily?sourceType=inventory&sourceId=${id}&days=30`],
      [
        'runs per day, order tracking, 365 days',
        `/api/runs/daily?sourceType=order-tracking&sourceId=${tracking!.id}&days=365`,
      ],
    ] as const;
    allPass = await timeGetCalls(label, { address, cookie }, cases, { ...PAGE_TIMING, width: 42 });
  } finally {
    await app.close();
  }
  return allPass;
}

async function postgres(): Promise<boolean> {
  const server = serverUrl();
  const url = new URL(server);
  url.pathname = `/${DATABASE}`;
  const exists = await adminQuery(server, `select 1 from pg_database where datname = '${DATABASE}'`);
  let database: Database;
  if (exists.rowCount) {
    database = await createDatabase({ url: url.toString() });
    await database.migrate();
    const [row] = await database.query<{ n: number }>(
      'select count(*)::int as n from inventory_sources where source_name = $1',
      [SOURCE_NAME],
    );
    if (row?.n !== 1) {
      await database.close();
      await adminQuery(server, `drop database ${DATABASE} with (force)`);
      return postgres();
    }
    console.log(`database ${DATABASE}: already seeded`);
  } else {
    await adminQuery(server, `create database ${DATABASE}`);
    database = await createDatabase({ url: url.toString() });
    await database.migrate();
    console.log(`database ${DATABASE}: seeding`);
    await seedHistory(database, ORDERS);
  }
  const [version] = await database.query<{ version: string }>(
    `select current_setting('server_version') as version`,
  );
  try {
    return await measure(`PostgreSQL ${version?.version}`, database);
  } finally {
    await database.close();
  }
}

async function pglite(orders: number): Promise<boolean> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-history-'));
  const database = await createDatabase({ dataDir: dir });
  try {
    await database.migrate();
    console.log(`\nPGlite in ${dir}: seeding`);
    await seedHistory(database, orders);
    return await measure(`PGlite (${orders.toLocaleString('en-US')} orders)`, database);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const pgliteOrders = Number(
  process.argv.find((arg) => arg.startsWith('--pglite-orders='))?.split('=')[1] ?? ORDERS,
);
const onlyPglite = process.argv.includes('--pglite-only');
const onlyPostgres = process.argv.includes('--postgres-only');
const results: boolean[] = [];
if (!onlyPglite) results.push(await postgres());
if (!onlyPostgres) results.push(await pglite(pgliteOrders));
console.log(`\n${results.every(Boolean) ? 'PASS' : 'FAIL'}: every history call p95 < ${TARGET_MS} ms`);
process.exit(0);
