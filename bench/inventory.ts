/**
 * Inventory processing benchmark: `npm run bench:inventory`.
 *
 * A ~10 MB XLSX supplier file of 200,000 items (SKU, description, quantity, status, warehouse, UPC) is
 * processed by the inventory processor (not HTTP) for a source with 50,000 user-activated items, the
 * predictive algorithm on, and 30 days of history pre-seeded: 30 successful runs with a snapshot of every
 * item (6,000,000 rows) and yesterday's states of the activated items. That is one whole run: reading the
 * workbook, 200,000 snapshots stored, the predictive window of 50,000 items summarised in SQL, 50,000 states
 * updated, and the generated XLSX written and stored.
 *
 * PostgreSQL: DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test), database
 * `inboxops_bench_inventory`, created and seeded when missing (about a minute, once). The history is dated
 * relative to a fixed processing time saved with it, and every run first removes what earlier bench runs
 * wrote, so each run does the same work. The run itself goes in a child process, so that its peak RSS
 * (process.resourceUsage().maxRSS) is its own. Targets: under 10 s and under 1 GB. Prints PASS/FAIL; exits 0
 * either way (non-zero only when the run breaks).
 */

import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, schema } from '@app/db';
import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../apps/server/src/context';
import { storeFile } from '../apps/server/src/modules/files/stored-files';
import { processInventoryFile } from '../apps/server/src/modules/inventory-processing/processor';
import { benchDatabaseUrl, migratedBenchDatabase, random } from './bench-support';
import { recompressXlsx } from './recompress-xlsx';

const ITEMS = 200_000;
const ACTIVATED_EVERY = 4; // 50,000 activated items
const HISTORY_DAYS = 30;
const DATABASE = 'inboxops_bench_inventory';
const SOURCE_NAME = 'Bench inventory source';
const TARGET_SECONDS = 10;
const MAX_RSS_MB = 1024;
const DAY_MS = 86_400_000;
const HEADER = ['SKU', 'Description', 'Qty', 'Status', 'Warehouse', 'UPC'];

interface ChildResult {
  seconds: number;
  /** CPU time of the Node process (user + system); the database's work is not in it. */
  cpuSeconds: number;
  status: string;
  message: string;
  timings: string[];
  fileBytes: number;
  outputBytes: number;
  maxRssMb: number;
}

const benchUrl = () => benchDatabaseUrl(DATABASE);

const sku = (i: number) => `SKU${String(i).padStart(7, '0')}`;
/** Today's quantity of item i: 0–499, with every 10th item sold out. */
const quantityNow = (i: number) => (i % 10 === 0 ? 0 : (i * 7919) % 500);

const WORDS = [
  'Widget',
  'Bolt',
  'Hinge',
  'Bracket',
  'Valve',
  'Gasket',
  'Cable',
  'Switch',
  'Filter',
  'Lamp',
  'Hose',
];
const COLOURS = ['black', 'white', 'steel', 'brass', 'red', 'blue', 'green', 'chrome'];
const STATUSES = ['In Stock', 'In Stock', 'In Stock', 'Low Stock', 'Backorder'];
const WAREHOUSES = ['East', 'West', 'Central', 'North'];
const PACKS = ['pack', 'box', 'case', 'bag', 'set'];

export function buildSupplierXlsx(): Buffer {
  const next = random(20_250_301);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const data: XLSX.CellObject[][] = [HEADER.map((text) => ({ t: 's', v: text }) as XLSX.CellObject)];
  for (let i = 1; i <= ITEMS; i++) {
    data.push([
      { t: 's', v: sku(i) },
      {
        t: 's',
        v: `${pick(WORDS)} ${pick(COLOURS)} ${Math.floor(next() * 90_000) + 10_000}, ${pick(PACKS)} of ${1 + Math.floor(next() * 48)}, rev ${Math.floor(next() * 1000)}`,
      },
      { t: 'n', v: quantityNow(i) },
      { t: 's', v: quantityNow(i) === 0 ? 'Out of Stock' : pick(STATUSES) },
      { t: 's', v: pick(WAREHOUSES) },
      { t: 's', v: String(400_000_000_000 + Math.floor(next() * 99_999_999_999)) },
    ]);
  }
  const sheet = {
    '!data': data,
    '!ref': XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: ITEMS, c: HEADER.length - 1 } }),
  };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet as XLSX.WorkSheet, 'Stock');
  return recompressXlsx(XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: true }) as Buffer, 9);
}

/** The retailer's feed format: a small XLSX with a header row and date cells. */
function buildSampleXlsx(): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Item Number', 'Status', 'Status Date'],
    ['SKU0000001', 'Active', { t: 'n', v: 45_658, z: 'mm/dd/yyyy' }],
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Feed');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/**
 * Creates the database, the source and its history when missing. Returns the source id and the fixed
 * processing time the history is dated against.
 */
async function prepareDatabase(): Promise<{ sourceId: number; now: Date }> {
  const database = await migratedBenchDatabase(DATABASE, 2);
  const { db } = database;
  try {
    const [existing] = await db
      .select()
      .from(schema.inventorySources)
      .where(eq(schema.inventorySources.sourceName, SOURCE_NAME));
    if (existing) {
      const [seed] = await database.query<{ last: Date; runs: string }>(
        `select max(started_at) as last, count(*) as runs from runs where source_id = $1 and trigger = 'schedule'`,
        [existing.id],
      );
      if (Number(seed?.runs) === HISTORY_DAYS) {
        // What earlier bench runs wrote goes, so that this run does the same work.
        await database.query(
          `delete from inventory_item_snapshots where source_id = $1 and run_id in (select id from runs where source_id = $1 and source_type = 'inventory' and trigger <> 'schedule')`,
          [existing.id],
        );
        await database.query(
          `delete from runs where source_id = $1 and source_type = 'inventory' and trigger <> 'schedule'`,
          [existing.id],
        );
        await seedStates(database, existing.id);
        // As autovacuum keeps a live table: settled pages all-visible, dead rows of the last bench run gone.
        await database.query('vacuum analyze inventory_item_snapshots, inventory_item_states');
        return { sourceId: existing.id, now: new Date(new Date(seed!.last).getTime() + DAY_MS) };
      }
      await database.query('delete from inventory_item_snapshots where source_id = $1', [existing.id]);
      await database.query(`delete from runs where source_id = $1 and source_type = 'inventory'`, [
        existing.id,
      ]);
      await database.query('delete from inventory_sources where id = $1', [existing.id]);
    }
    console.log(
      `  seeding ${HISTORY_DAYS} days of history (${(ITEMS * HISTORY_DAYS).toLocaleString('en-US')} snapshots)…`,
    );
    const seedStarted = performance.now();
    const [mailbox] = await db
      .insert(schema.emailSources)
      .values({ username: 'bench', email: 'bench@example.com' })
      .returning({ id: schema.emailSources.id });
    const sampleFileId = await storeFile(db, 'retailer-feed.xlsx', buildSampleXlsx());
    const activated: string[] = [];
    for (let i = ACTIVATED_EVERY; i <= ITEMS; i += ACTIVATED_EVERY) activated.push(sku(i));
    const [source] = await db
      .insert(schema.inventorySources)
      .values({
        sourceName: SOURCE_NAME,
        emailSourceId: mailbox!.id,
        fileType: '.xlsx',
        fromEmail: 'stock@supplier.example',
        subjectValue: 'Stock',
        attachmentName: 'stock*.xlsx',
        itemNumberColumnName: 'SKU',
        qtyColumnName: 'Qty',
        itemStatusColumnName: 'Status',
        minItemsToBeActive: 1,
        usesPredictiveAlgorithm: true,
        lookbackDays: 30,
        minDataPoints: 5,
        safetyMultiplier: 1.5,
        safetyPadding: 2,
        largeDropThreshold: 500,
        largeDropMultiplier: 2,
        sampleFileId,
        userActivatedItemNumbers: activated.join(','),
        outputHeaderRowIndex: 0,
        outputItemNumberColumnName: 'Item Number',
        outputItemStatusColumnName: 'Status',
        outputItemStatusDateColumnName: 'Status Date',
      })
      .returning({ id: schema.inventorySources.id });
    const sourceId = source!.id;
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    for (let day = HISTORY_DAYS; day >= 1; day--) {
      const at = new Date(now.getTime() - day * DAY_MS).toISOString();
      const [run] = await database.query<{ id: string }>(
        `insert into runs (source_type, source_id, source_name, trigger, status, started_at, finished_at)
         values ('inventory', $1, $2, 'schedule', 'succeeded', $3, $3) returning id`,
        [sourceId, SOURCE_NAME, at],
      );
      // Item i had today's quantity plus (i mod 5) per day since; every 97th item had 1,000 more yesterday
      // (a large drop today).
      await database.query(
        `insert into inventory_item_snapshots (source_id, run_id, item_number, quantity, captured_at)
         select $1, $2, 'SKU' || lpad(i::text, 7, '0'),
                (case when i % 10 = 0 then 0 else (i::bigint * 7919) % 500 end) + (i % 5) * $3
                  + (case when $3 = 1 and i % 97 = 0 then 1000 else 0 end),
                $4
         from generate_series(1, $5::int) as i`,
        [sourceId, Number(run!.id), day, at, ITEMS],
      );
    }
    await seedStates(database, sourceId);
    await database.query('vacuum analyze inventory_item_snapshots, inventory_item_states');
    console.log(`  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    return { sourceId, now };
  } finally {
    await database.close();
  }
}

/** Yesterday's outcome: the activated items' states, Active where yesterday's quantity was at least 1. */
async function seedStates(database: Awaited<ReturnType<typeof createDatabase>>, sourceId: number) {
  await database.query('delete from inventory_item_states where source_id = $1', [sourceId]);
  await database.query(
    `insert into inventory_item_states (source_id, item_number, status, status_since, last_quantity, updated_at)
     select $1, 'SKU' || lpad(i::text, 7, '0'),
            case when q >= 1 then 'Active' else 'Inactive' end, now(), q, now()
     from (select i, (case when i % 10 = 0 then 0 else (i::bigint * 7919) % 500 end) + (i % 5)
                       + (case when i % 97 = 0 then 1000 else 0 end) as q
           from generate_series($2::int, $3::int, $2::int) as i) s`,
    [sourceId, ACTIVATED_EVERY, ITEMS],
  );
}

/** Child: one processing run, timed, with its peak RSS. */
async function runChild(file: string, sourceId: number, nowIso: string): Promise<void> {
  const content = readFileSync(file);
  const database = await createDatabase({ url: benchUrl(), poolSize: 2 });
  const { db } = database;
  const context = { db, database } as unknown as AppContext;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const outcome = await db.transaction((tx) =>
    processInventoryFile(
      { db: tx, context, sourceId, file: { fileName: 'stock.xlsx', content }, trigger: 'sftp' },
      { now: new Date(nowIso) },
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  await database.close();
  const result: ChildResult = {
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    status: outcome.status,
    message: outcome.message,
    timings: outcome.report.debugLogs.filter((line) => / ms$/.test(line)),
    fileBytes: content.length,
    outputBytes: outcome.output?.content.length ?? 0,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  };
  process.send?.(result);
}

function runInChild(file: string, sourceId: number, now: Date): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = fork(
      fileURLToPath(import.meta.url),
      ['--child', file, String(sourceId), now.toISOString()],
      {
        stdio: 'inherit',
      },
    );
    let result: ChildResult | undefined;
    child.on('message', (message) => {
      result = message as ChildResult;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`the benchmark run exited with code ${code}`));
    });
  });
}

async function main(): Promise<void> {
  console.log(
    `Inventory processing benchmark: ${ITEMS.toLocaleString('en-US')} supplier items, ${(ITEMS / ACTIVATED_EVERY).toLocaleString('en-US')} activated, predictive on, ${HISTORY_DAYS} days of history; database ${DATABASE}`,
  );
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-inventory-'));
  try {
    const file = path.join(dir, 'stock.xlsx');
    writeFileSync(file, buildSupplierXlsx());
    console.log(`  supplier file: ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB XLSX`);
    const { sourceId, now } = await prepareDatabase();
    const result = await runInChild(file, sourceId, now);
    const fast = result.seconds < TARGET_SECONDS;
    const small = result.maxRssMb < MAX_RSS_MB;
    const ok = result.status === 'succeeded';
    console.log(
      [
        `  run: ${result.status}: ${result.message}`,
        ...result.timings.map((line) => `    ${line}`),
        `  generated file: ${(result.outputBytes / 1024 / 1024).toFixed(1)} MB`,
        `  time: ${result.seconds.toFixed(2)} s (target < ${TARGET_SECONDS} s): ${fast ? 'PASS' : 'FAIL'}`,
        `  node CPU time: ${result.cpuSeconds.toFixed(2)} s; load average ${loadavg()
          .map((value) => value.toFixed(1))
          .join(' / ')} on ${cpus().length} CPUs (a busy machine stretches the wall time)`,
        `  peak RSS: ${result.maxRssMb.toFixed(0)} MB (target < ${MAX_RSS_MB} MB): ${small ? 'PASS' : 'FAIL'}`,
        ok && fast && small ? 'PASS: all targets met' : 'FAIL: some targets missed',
      ].join('\n'),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain && process.argv[2] === '--child')
  await runChild(process.argv[3]!, Number(process.argv[4]), process.argv[5]!);
else if (isMain) await main();
