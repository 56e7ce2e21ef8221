/**
 * Order tracking ingestion benchmark: `npm run bench:ingest [-- --rounds N --rows N]`.
 *
 * Builds a shipment file (PO, item, ship-to, supplier, brand, order and ship dates, qty, one or two tracking
 * numbers separated by ';'; 100,000 rows by default) as CSV and as XLSX, and imports each through the order
 * tracking processor (not HTTP) into a new source, then the same file again (every row identical: 0 updated).
 *
 * Wall time on a shared 2-core machine says little by itself, so each import is set beside the floor measured
 * in the same round on the same server: PostgreSQL's own work on the very same rows, one `INSERT … SELECT`
 * from staging tables (filled before the clock) into copies of `orders` and `order_tracking_numbers` made
 * `LIKE … INCLUDING ALL` (the same indexes; no triggers, no foreign keys), its commit, and the merge of the
 * copies' GIN pending lists that the product also does after its commit. The ratio to that floor is the
 * figure (issue 35): the new-source imports aim at ≤ 1.3, the same file again at ≤ 0.3 of the new-source floor.
 *
 * Fair to both sides: every measurement starts from empty tables (orders are truncated, the copies made
 * anew) after a CHECKPOINT, on a connection opened like the product's (jit off); the import's reader process
 * has read a small file before the clock, as in a running server. Each import runs in a child process of its
 * own, so its peak RSS is its own; CPU of the child, of its reader process and of its PostgreSQL backend are
 * printed beside the wall time. Database: DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test),
 * database BENCH_INGEST_DATABASE (default `inboxops_bench_ingest`), created when missing. Never fails the
 * process for speed.
 */

import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ZOrderListRequestSchema } from '@app/contracts';
import { createDatabase, type Database, type DbOrTx, schema } from '@app/db';
import * as XLSX from '@e965/xlsx';
import type { AppContext } from '../apps/server/src/context';
import { closeReader } from '../apps/server/src/integrations/spreadsheet/read-table';
import { listOrders } from '../apps/server/src/modules/order-tracking/service';
import { arrayLiteral } from '../apps/server/src/modules/order-tracking-ingestion/ingest-orders-repository';
import type { IngestStep } from '../apps/server/src/modules/order-tracking-ingestion/ingest-steps';
import { DATE_FIELDS, NUMBER_FIELDS } from '../apps/server/src/modules/order-tracking-ingestion/map-rows';
import {
  prepareFile,
  processOrderTrackingFile,
} from '../apps/server/src/modules/order-tracking-ingestion/processor';
import { ORDER_SEARCH_INDEXES } from '../apps/server/src/modules/order-tracking-ingestion/search-indexes-repository';
import { findLiveOrderTrackingSource } from '../apps/server/src/modules/order-tracking-sources/repository';
import { storedCarrierOf } from '../apps/server/src/modules/tracking-numbers/stored-carrier';
import { benchDatabaseUrl, migratedBenchDatabase, random } from './bench-support';
import { recompressXlsx } from './recompress-xlsx';

const DATABASE = process.env.BENCH_INGEST_DATABASE || 'inboxops_bench_ingest';
const MAX_RSS_MB = 512;
const SEARCH_P95_TARGET_MS = 100;
/** Rows of the file each import's reader reads before the clock starts. */
const WARM_UP_ROWS = 2_000;
const FORMATS = ['csv', 'xlsx'] as const;
type Format = (typeof FORMATS)[number];
type Kind = 'new source' | 'same file';
const HEADER = [
  'PO Number',
  'Item Number',
  'Ship To',
  'Supplier',
  'Brand',
  'Order Date',
  'Ship Date',
  'Qty',
  'Tracking',
];
/** The breakdown's steps in the order they happen; commit and GIN merge are timed here, the rest by the processor. */
const STEPS = ['read', 'map', 'orders', 'tracking numbers', 'stale delete', 'commit', 'GIN merge'] as const;
type Step = (typeof STEPS)[number];

interface RunResult {
  /** Wall time from the processor's call to the end of the merge after commit. */
  ms: number;
  steps: Partial<Record<Step, number>>;
  updated: number;
  status: string;
  message: string;
  /** CPU time of this process, of its reader process and of its PostgreSQL backend. */
  nodeCpuMs: number;
  readerCpuMs: number;
  databaseCpuMs: number | null;
  maxRssMb: number;
  readerMaxRssMb: number;
  /** The grid's contains-search (PO and tracking number, OR) right after the import: p95 of 20. */
  searchP95Ms: number;
}

interface FloorResult {
  ms: number;
  statementMs: number;
  commitMs: number;
  mergeMs: number;
  databaseCpuMs: number | null;
}

/**
 * Right after an import the grid must still search quickly: the trigram indexes' pending lists were merged
 * after the commit, so no search scans 100,000 pending entries.
 */
async function searchP95(db: DbOrTx): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < 22; run++) {
    const query = ZOrderListRequestSchema.parse({
      PageSize: 10,
      PageIndex: 1,
      PoNumberParam: `PO1${String(run).padStart(2, '0')}`,
      TrackingNumberParam: `1Z${ALNUM[run % ALNUM.length]}${ALNUM[(run * 7) % ALNUM.length]}`,
      AndOrParam: false,
    });
    const started = performance.now();
    await listOrders(db, query);
    if (run >= 2) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.ceil(times.length * 0.95) - 1]!;
}

const benchUrl = () => benchDatabaseUrl(DATABASE);

const FIRST = [
  'James',
  'Mary',
  'Robert',
  'Linda',
  'David',
  'Susan',
  'Maria',
  'Chen',
  'Aisha',
  'Omar',
  'Emma',
  'Noah',
];
const LAST = [
  'Smith',
  'Garcia',
  'Nguyen',
  'Brown',
  'Patel',
  'Kim',
  'Lopez',
  'Wilson',
  'Clark',
  'Young',
  'Diaz',
];
const SUPPLIERS = [
  'Keystone',
  'Essendant',
  'Ingram Micro',
  'TD Synnex',
  'Dorman',
  'Fastenal',
  'Uline',
  'Orgill',
  'KeHE',
];
const BRANDS = [
  'Bosch',
  'Moen',
  'DeWalt',
  'Makita',
  'Anker',
  'Belkin',
  'Weber',
  'Yeti',
  'OXO',
  'Lodge',
  'Kong',
];
const ALNUM = '0123456789ABCDEFGHJKLMNPRSTVWXYZ';

interface BenchRow {
  po: string;
  item: string;
  shipTo: string;
  supplier: string;
  brand: string;
  ordered: Date;
  shipped: Date;
  qty: number;
  tracking: string;
}

export function buildRows(count: number): BenchRow[] {
  const next = random(20_240_305);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const ups = () => {
    let text = '1Z';
    for (let i = 0; i < 16; i++) text += ALNUM[Math.floor(next() * ALNUM.length)];
    return text;
  };
  const rows: BenchRow[] = [];
  const start = Date.UTC(2024, 0, 1);
  for (let i = 0; i < count; i++) {
    const ordered = new Date(start + Math.floor(next() * 300) * 86_400_000);
    const shipped = new Date(ordered.getTime() + (1 + Math.floor(next() * 9)) * 86_400_000);
    rows.push({
      po: `PO${String(100_000 + i)}`,
      item: `${pick(['A', 'B', 'K', 'M'])}${String(Math.floor(next() * 90_000) + 10_000)}`,
      shipTo: `${pick(FIRST)} ${pick(LAST)}`,
      supplier: pick(SUPPLIERS),
      brand: pick(BRANDS),
      ordered,
      shipped,
      qty: 1 + Math.floor(next() * 12),
      tracking: next() < 0.7 ? ups() : `${ups()};${ups()}`,
    });
  }
  return rows;
}

const usDate = (date: Date) => `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;

export function buildCsv(rows: BenchRow[]): Buffer {
  const lines = [HEADER.join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.po,
        r.item,
        r.shipTo,
        r.supplier,
        r.brand,
        usDate(r.ordered),
        usDate(r.shipped),
        r.qty,
        r.tracking,
      ].join(','),
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

export function buildXlsx(rows: BenchRow[]): Buffer {
  // Dates as real date cells (serial numbers with a date format), quantities as numbers, codes as text.
  const serial = (date: Date) => date.getTime() / 86_400_000 + 25_569;
  const sheet: XLSX.WorkSheet = {};
  const put = (r: number, c: number, cell: XLSX.CellObject) => {
    sheet[XLSX.utils.encode_cell({ r, c })] = cell;
  };
  HEADER.forEach((text, c) => {
    put(0, c, { t: 's', v: text });
  });
  rows.forEach((row, index) => {
    const r = index + 1;
    put(r, 0, { t: 's', v: row.po });
    put(r, 1, { t: 's', v: row.item });
    put(r, 2, { t: 's', v: row.shipTo });
    put(r, 3, { t: 's', v: row.supplier });
    put(r, 4, { t: 's', v: row.brand });
    put(r, 5, { t: 'n', v: serial(row.ordered), z: 'm/d/yyyy' });
    put(r, 6, { t: 'n', v: serial(row.shipped), z: 'm/d/yyyy' });
    put(r, 7, { t: 'n', v: row.qty });
    put(r, 8, { t: 's', v: row.tracking });
  });
  sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length, c: HEADER.length - 1 } });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Shipments');
  const written = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: true }) as Buffer;
  return recompressXlsx(written, 6);
}

/** The source every import of a format goes to, bound to a bench mailbox; made anew for each round. */
async function createBenchSource(database: Database, format: Format): Promise<number> {
  const { db } = database;
  const [mailbox] = await db
    .insert(schema.emailSources)
    .values({ username: 'bench', email: 'bench@example.com' })
    .returning({ id: schema.emailSources.id });
  const [source] = await db
    .insert(schema.orderTrackingSources)
    .values({
      sourceName: `Bench ${format} ${new Date().toISOString()}`,
      emailSourceId: mailbox!.id,
      fileType: `.${format}`,
      fromEmail: 'shipments@supplier.example.com',
      subjectValue: 'Shipments',
      attachmentName: `shipments.${format}`,
      uniqueColumn: 'CustomerPoNumber',
      secondaryDelimiter: ';',
      deleteAfterDays: 90,
      columnMapping: {
        customerPoNumber: 'PO Number',
        itemNumber: 'Item Number',
        shipToName: 'Ship To',
        supplierName: 'Supplier',
        brandName: 'Brand',
        orderDate: 'Order Date',
        shippedDate: 'Ship Date',
        qty: 'Qty',
        trackingNumbers: 'Tracking',
      },
    })
    .returning({ id: schema.orderTrackingSources.id });
  return source!.id;
}

const STAGE_ORDERS = 'bench_floor_stage_orders';
const STAGE_NUMBERS = 'bench_floor_stage_numbers';
const FLOOR_ORDERS = 'bench_floor_orders';
const FLOOR_NUMBERS = 'bench_floor_tracking_numbers';
const NUMBER_COLUMNS = ['carrier', 'carrier_name', 'carrier_service', 'check_digit', 'tracking_url'] as const;

/**
 * Fills the staging tables with what the product's own mapping makes of the file (the same values it
 * writes), tracking numbers with their recognised carrier columns. Outside every clock.
 */
async function fillStaging(database: Database, sourceId: number, file: string): Promise<string[]> {
  const source = await findLiveOrderTrackingSource(database.db, sourceId);
  const mapping = await prepareFile(source!, { fileName: path.basename(file), content: readFileSync(file) });
  const { fields, columns, uniqueKeys, trackingNumbers } = mapping.orders;
  const names = fields.map((field) => schema.orders[field].name);
  const types = fields.map((field) =>
    DATE_FIELDS.has(field) ? 'date' : NUMBER_FIELDS.has(field) ? 'float8' : 'text',
  );
  await database.query(`drop table if exists ${STAGE_ORDERS}, ${STAGE_NUMBERS}`);
  await database.query(
    `create table ${STAGE_ORDERS} (unique_key text, ${names.map((name, f) => `${name} ${types[f]}`).join(', ')})`,
  );
  await database.query(
    `create table ${STAGE_NUMBERS} (unique_key text, tracking_number text, ${NUMBER_COLUMNS.map((c) => `${c} text`).join(', ')})`,
  );
  const chunk = 20_000;
  for (let start = 0; start < uniqueKeys.length; start += chunk) {
    const end = Math.min(start + chunk, uniqueKeys.length);
    const arrays = [uniqueKeys.slice(start, end), ...columns.map((values) => values.slice(start, end))];
    await database.query(
      `insert into ${STAGE_ORDERS} select * from unnest(${arrays.map((_, a) => `$${a + 1}::${a === 0 ? 'text' : types[a - 1]}[]`).join(', ')})`,
      arrays.map((values) => arrayLiteral(values)),
    );
    const numberArrays: Array<Array<string | null>> = [[], [], [], [], [], [], []];
    for (let n = start; n < end; n++) {
      for (const number of trackingNumbers[n]!) {
        const carrier = storedCarrierOf(number);
        const values = [
          uniqueKeys[n]!,
          number,
          carrier.carrier,
          carrier.carrierName,
          carrier.carrierService,
          carrier.checkDigit,
          carrier.trackingUrl,
        ];
        values.forEach((value, c) => {
          numberArrays[c]!.push(value ?? null);
        });
      }
    }
    await database.query(
      `insert into ${STAGE_NUMBERS} select * from unnest(${numberArrays.map((_, a) => `$${a + 1}::text[]`).join(', ')})`,
      numberArrays.map((values) => arrayLiteral(values)),
    );
  }
  await database.query(`analyze ${STAGE_ORDERS}, ${STAGE_NUMBERS}`);
  return names;
}

/**
 * Empty tables for the next measurement, for the product and the floor alike, and no dirty pages left from
 * the one before (a checkpoint in the middle of an import would charge it with the previous one's writes).
 */
async function resetTables(database: Database): Promise<void> {
  await database.query('truncate order_tracking_numbers, orders');
  await database.query(`drop table if exists ${FLOOR_NUMBERS}, ${FLOOR_ORDERS}`);
  await database.query(`create table ${FLOOR_ORDERS} (like orders including all)`);
  await database.query(`create table ${FLOOR_NUMBERS} (like order_tracking_numbers including all)`);
  await database.query('checkpoint');
}

async function ginIndexesOf(database: Database, tables: string[]): Promise<string[]> {
  const rows = await database.query<{ name: string }>(
    `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
       join pg_am a on a.oid = c.relam
     where a.amname = 'gin' and i.indrelid = any($1::regclass[]) order by 1`,
    [arrayLiteral(tables)],
  );
  return rows.map((row) => row.name);
}

/** The floor: one INSERT … SELECT of the staged orders and their tracking numbers, the commit, the GIN merge. */
async function measureFloor(database: Database, sourceId: number, names: string[]): Promise<FloorResult> {
  const indexes = await ginIndexesOf(database, [FLOOR_ORDERS, FLOOR_NUMBERS]);
  const client = await database.pool!.connect();
  try {
    const [{ pid }] = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [
      { pid: number },
    ];
    const columns = names.join(', ');
    const cpuBefore = backendCpuMs(pid);
    const started = performance.now();
    await client.query('begin');
    await client.query(
      `with o as (
         insert into ${FLOOR_ORDERS} (order_tracking_source_id, unique_key, ${columns}, last_updated)
         select $1::int, unique_key, ${columns}, now() from ${STAGE_ORDERS}
         returning id, unique_key
       )
       insert into ${FLOOR_NUMBERS} (order_id, tracking_number, ${NUMBER_COLUMNS.join(', ')})
       select o.id, n.tracking_number, ${NUMBER_COLUMNS.map((c) => `n.${c}`).join(', ')}
       from ${STAGE_NUMBERS} n join o on o.unique_key = n.unique_key`,
      [sourceId],
    );
    const committing = performance.now();
    await client.query('commit');
    const merging = performance.now();
    for (const index of indexes) await client.query(`select gin_clean_pending_list('${index}'::regclass)`);
    const ended = performance.now();
    const cpuAfter = backendCpuMs(pid);
    return {
      ms: ended - started,
      statementMs: committing - started,
      commitMs: merging - committing,
      mergeMs: ended - merging,
      databaseCpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
    };
  } finally {
    client.release();
  }
}

/** CPU milliseconds of a local process (a PostgreSQL backend, a reader), or null when it cannot be read. */
function processCpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 10 ms ticks
  } catch {
    return null;
  }
}
const backendCpuMs = processCpuMs;
/** CPU milliseconds of several backends together, or null when one cannot be read. */
function backendsCpuMs(pids: number[]): number | null {
  let sum = 0;
  for (const pid of pids) {
    const ms = processCpuMs(pid);
    if (ms === null) return null;
    sum += ms;
  }
  return sum;
}

/** This process's children (the spreadsheet reader's processes). */
function childPids(): number[] {
  const pids: number[] = [];
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    const text = readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim();
    if (text) pids.push(...text.split(' ').map(Number));
  }
  return pids;
}

function peakRssMb(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Child: import one file once, the way the process route does (its own transaction), and report. */
async function runChild(format: Format, file: string, warmFile: string, sourceId: number): Promise<void> {
  const content = readFileSync(file);
  const database = await createDatabase({ url: benchUrl(), poolSize: 1 });
  const { db } = database;
  // The import merges the search indexes beside its writes on a connection of its own, and after commit on
  // the context's: that backend's CPU is counted with the import's.
  const mergeDatabase = await createDatabase({ url: benchUrl(), poolSize: 1 });
  const context = { db: mergeDatabase.db, database: mergeDatabase } as unknown as AppContext;
  const [merger] = await mergeDatabase.query<{ pid: number }>('select pg_backend_pid() as pid');
  // A running server's reader process is started and its code compiled: so is this one's, before the clock.
  const source = await findLiveOrderTrackingSource(db, sourceId);
  await prepareFile(source!, { fileName: `warm-up.${format}`, content: readFileSync(warmFile) });
  const [backend] = await database.query<{ pid: number }>('select pg_backend_pid() as pid');
  const readers = childPids();
  const readerCpu = () => readers.reduce((sum, pid) => sum + (processCpuMs(pid) ?? 0), 0);
  const steps: Partial<Record<Step, number>> = {};
  const onStep = (step: IngestStep, ms: number) => {
    steps[step] = (steps[step] ?? 0) + ms;
  };
  const readerBefore = readerCpu();
  const cpuBefore = process.cpuUsage();
  const databaseBefore = backendsCpuMs([backend!.pid, merger!.pid]);
  const started = performance.now();
  let processed = 0;
  const outcome = await db.transaction(async (tx) => {
    const result = await processOrderTrackingFile(
      { db: tx, context, sourceId, file: { fileName: `shipments.${format}`, content }, trigger: 'manual' },
      { onStep },
    );
    processed = performance.now();
    return result;
  });
  const committed = performance.now();
  steps.commit = committed - processed;
  // The merge of the search indexes' pending entries is part of an import's cost (see search-indexes-repository.ts).
  await outcome.afterCommit?.();
  const ms = performance.now() - started;
  steps['GIN merge'] = ms - (committed - started);
  const cpu = process.cpuUsage(cpuBefore);
  const [mergerAfter] = await mergeDatabase.query<{ pid: number }>('select pg_backend_pid() as pid');
  // A merge connection closed while idle and opened again is another backend, whose CPU is not known here.
  const databaseAfter = mergerAfter!.pid === merger!.pid ? backendsCpuMs([backend!.pid, merger!.pid]) : null;
  const readerCpuMs = readerCpu() - readerBefore;
  const readerMaxRssMb = Math.max(0, ...readers.map(peakRssMb));
  const searchP95Ms = await searchP95(db);
  await database.close();
  await mergeDatabase.close();
  await closeReader();
  const result: RunResult = {
    ms,
    steps,
    updated: outcome.ordersUpdated ?? 0,
    status: outcome.status,
    message: outcome.message,
    nodeCpuMs: (cpu.user + cpu.system) / 1000 + readerCpuMs,
    readerCpuMs,
    databaseCpuMs: databaseBefore === null || databaseAfter === null ? null : databaseAfter - databaseBefore,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    readerMaxRssMb,
    searchP95Ms,
  };
  process.send?.(result);
}

/** Each import runs in a process of its own, so that its peak RSS is its own. */
function runInChild(format: Format, file: string, warmFile: string, sourceId: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = fork(
      fileURLToPath(import.meta.url),
      ['--child', format, file, warmFile, String(sourceId)],
      { stdio: 'inherit' },
    );
    let result: RunResult | undefined;
    child.on('message', (message) => {
      result = message as RunResult;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`the ${format} benchmark exited with code ${code}`));
    });
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function describeRun(label: string, run: RunResult, rows: number, floor: FloorResult): string {
  const rate = Math.round(rows / (run.ms / 1000)).toLocaleString('en-US');
  const database =
    run.databaseCpuMs === null ? 'database CPU unknown' : `database CPU ${seconds(run.databaseCpuMs)}`;
  const timed = STEPS.reduce((sum, step) => sum + (run.steps[step] ?? 0), 0);
  const steps = [
    ...STEPS.map((step) => `${step} ${seconds(run.steps[step] ?? 0)}`),
    `other ${seconds(run.ms - timed)}`,
  ];
  return [
    `  ${label}: ${seconds(run.ms)}, ${rate} rows/s; ${database}, Node CPU ${seconds(run.nodeCpuMs)} (reader ${seconds(run.readerCpuMs)}); peak RSS ${run.maxRssMb.toFixed(0)} MB (reader ${run.readerMaxRssMb.toFixed(0)} MB); grid search p95 after it ${run.searchP95Ms.toFixed(1)} ms`,
    `    ${run.message}`,
    `    steps: ${steps.join(', ')}`,
    `    ratio to the new-source floor (${seconds(floor.ms)}): ${(run.ms / floor.ms).toFixed(2)}`,
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { rounds: { type: 'string', default: '3' }, rows: { type: 'string', default: '100000' } },
  });
  const rounds = Number(values.rounds);
  const rowCount = Number(values.rows);
  if (!(Number.isInteger(rounds) && rounds > 0 && Number.isInteger(rowCount) && rowCount > 0)) {
    throw new Error('--rounds and --rows take positive whole numbers');
  }
  console.log(
    `Order tracking ingestion benchmark: ${rowCount.toLocaleString('en-US')} rows, ${rounds} rounds, database ${DATABASE}`,
  );
  // Other work on the machine skews every figure: say how busy it was.
  console.log(`  ${cpus().length} CPUs, load average at the start ${load()}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-ingest-'));
  const database = await migratedBenchDatabase(DATABASE, 2);
  try {
    const rows = buildRows(rowCount);
    const warmRows = rows.slice(0, WARM_UP_ROWS);
    const files: Record<Format, string> = {
      csv: path.join(dir, 'shipments.csv'),
      xlsx: path.join(dir, 'shipments.xlsx'),
    };
    const warmFiles: Record<Format, string> = {
      csv: path.join(dir, 'warm-up.csv'),
      xlsx: path.join(dir, 'warm-up.xlsx'),
    };
    writeFileSync(files.csv, buildCsv(rows));
    writeFileSync(files.xlsx, buildXlsx(rows));
    writeFileSync(warmFiles.csv, buildCsv(warmRows));
    writeFileSync(warmFiles.xlsx, buildXlsx(warmRows));
    for (const format of FORMATS) {
      console.log(`  ${format}: ${(statSync(files[format]).size / 1024 / 1024).toFixed(1)} MB`);
    }
    await resetTables(database);
    const stagingSource = await createBenchSource(database, 'csv');
    const names = await fillStaging(database, stagingSource, files.csv);
    await closeReader();
    const [staged] = await database.query<{ orders: number; numbers: number }>(
      `select (select count(*) from ${STAGE_ORDERS})::int as orders, (select count(*) from ${STAGE_NUMBERS})::int as numbers`,
    );
    console.log(
      `  floor: ${staged!.orders.toLocaleString('en-US')} orders and ${staged!.numbers.toLocaleString('en-US')} tracking numbers staged`,
    );
    const productGin = await ginIndexesOf(database, ['orders', 'order_tracking_numbers']);
    const floorGin = await ginIndexesOf(database, [FLOOR_ORDERS, FLOOR_NUMBERS]);
    if (productGin.length !== ORDER_SEARCH_INDEXES.length || floorGin.length !== productGin.length) {
      console.log(
        `  unexpected GIN indexes: product ${productGin.join(', ')}; copies ${floorGin.join(', ')}`,
      );
    }

    const ratios = new Map<string, number[]>();
    const floors = new Map<Format, number[]>();
    const stepTimes = new Map<string, Array<Partial<Record<Step, number>>>>();
    let peakRss = 0;
    let peakSearch = 0;
    let allSucceeded = true;
    for (let round = 1; round <= rounds; round++) {
      console.log(`Round ${round} of ${rounds} (load average ${load()})`);
      for (const format of FORMATS) {
        await resetTables(database);
        const sourceId = await createBenchSource(database, format);
        const floor = await measureFloor(database, sourceId, names);
        floors.set(format, [...(floors.get(format) ?? []), floor.ms]);
        console.log(
          `  ${format} floor: ${seconds(floor.ms)} (INSERT … SELECT ${seconds(floor.statementMs)}, commit ${seconds(floor.commitMs)}, GIN merge ${seconds(floor.mergeMs)}; database CPU ${floor.databaseCpuMs === null ? 'unknown' : seconds(floor.databaseCpuMs)})`,
        );
        await database.query('checkpoint');
        const first = await runInChild(format, files[format], warmFiles[format], sourceId);
        await database.query('checkpoint');
        const second = await runInChild(format, files[format], warmFiles[format], sourceId);
        for (const [kind, run] of [
          ['new source', first],
          ['same file', second],
        ] as Array<[Kind, RunResult]>) {
          const key = `${format}, ${kind}`;
          console.log(describeRun(key, run, rowCount, floor));
          ratios.set(key, [...(ratios.get(key) ?? []), run.ms / floor.ms]);
          stepTimes.set(key, [...(stepTimes.get(key) ?? []), run.steps]);
          peakRss = Math.max(peakRss, run.maxRssMb);
          peakSearch = Math.max(peakSearch, run.searchP95Ms);
          allSucceeded &&= run.status === 'succeeded';
        }
        if (second.updated !== 0)
          console.log(`  unexpected: the second import updated ${second.updated} orders`);
      }
    }

    console.log(`Summary: median of ${rounds} rounds (each round's in brackets)`);
    for (const format of FORMATS) {
      const times = floors.get(format)!;
      console.log(`floor (${format}): ${seconds(median(times))} [${times.map(seconds).join(', ')}]`);
    }
    for (const [key, values] of ratios) {
      console.log(`ratio to floor (${key}): ${median(values).toFixed(2)}`);
      console.log(`  rounds: ${values.map((value) => value.toFixed(2)).join(', ')}`);
    }
    for (const [key, runs] of stepTimes) {
      const parts = STEPS.map((step) => `${step} ${seconds(median(runs.map((steps) => steps[step] ?? 0)))}`);
      console.log(`steps (${key}, median): ${parts.join(', ')}`);
    }
    console.log(
      `peak RSS of an import ${peakRss.toFixed(0)} MB: ${peakRss < MAX_RSS_MB ? 'PASS' : 'FAIL'} (< ${MAX_RSS_MB} MB)`,
    );
    console.log(
      `grid search p95 right after an import, worst ${peakSearch.toFixed(1)} ms: ${peakSearch < SEARCH_P95_TARGET_MS ? 'PASS' : 'FAIL'} (< ${SEARCH_P95_TARGET_MS} ms)`,
    );
    if (!allSucceeded) console.log('unexpected: an import did not succeed');
    console.log(`load average at the end ${load()}`);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain && process.argv[2] === '--child') {
  await runChild(process.argv[3] as Format, process.argv[4]!, process.argv[5]!, Number(process.argv[6]));
} else if (isMain) await main();
