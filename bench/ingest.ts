/**
 * Order tracking ingestion benchmark: `npm run bench:ingest`.
 *
 * Builds a 100,000-row shipment file (PO, item, ship-to, supplier, brand, order and ship dates, qty, one or
 * two tracking numbers separated by ';') as CSV and as XLSX (SheetJS XLSX.write), then imports each into
 * PostgreSQL through the order tracking processor (not HTTP) for a fresh source: once into an empty
 * source (every row inserted) and once more with the same file (every row identical: 0 updated).
 *
 * Each import runs in a child process of its own, so that its peak RSS (process.resourceUsage().maxRSS)
 * is its own and not the garbage of the import before it; CPU times of the child and of its PostgreSQL
 * backend are printed too, since wall time on a shared machine also measures everyone else. Database: DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test), database
 * `inboxops_bench_ingest`, created when missing; the orders of earlier bench runs are removed first so
 * every run starts from the same state. Prints PASS/FAIL against the targets; never fails the process
 * for speed.
 */

import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZOrderListRequestSchema } from '@app/contracts';
import { createDatabase, type DbOrTx, schema } from '@app/db';
import * as XLSX from '@e965/xlsx';
import type { AppContext } from '../apps/server/src/context';
import { listOrders } from '../apps/server/src/modules/order-tracking/service';
import { processOrderTrackingFile } from '../apps/server/src/modules/order-tracking-ingestion/processor';
import { benchDatabaseUrl, migratedBenchDatabase, random } from './bench-support';
import { recompressXlsx } from './recompress-xlsx';

const ROWS = 100_000;
const DATABASE = process.env.BENCH_INGEST_DATABASE || 'inboxops_bench_ingest';
const TARGETS = { csv: 20_000, xlsx: 10_000 } as const;
const MAX_RSS_MB = 512;
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
type Format = keyof typeof TARGETS;

interface RunResult {
  ms: number;
  /** Of `ms`: merging the trigram indexes' pending lists after the commit. */
  mergeMs: number;
  updated: number;
  status: string;
  message: string;
  /** CPU time of this process and of its PostgreSQL backend: unlike wall time, not inflated by other load. */
  nodeCpuMs: number;
  databaseCpuMs: number | null;
  maxRssMb: number;
  /** The grid's contains-search (PO and tracking number, OR) right after the import: p95 of 20. */
  searchP95Ms: number;
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

export function buildRows(): BenchRow[] {
  const next = random(20_240_305);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const ups = () => {
    let text = '1Z';
    for (let i = 0; i < 16; i++) text += ALNUM[Math.floor(next() * ALNUM.length)];
    return text;
  };
  const rows: BenchRow[] = [];
  const start = Date.UTC(2024, 0, 1);
  for (let i = 0; i < ROWS; i++) {
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

async function prepareDatabase(): Promise<void> {
  const database = await migratedBenchDatabase(DATABASE, 2);
  // Same starting point every run: no orders from earlier runs (the counter triggers handle truncate).
  await database.query('truncate order_tracking_numbers, orders');
  await database.close();
}

/** A fresh source for one format, bound to a bench mailbox. */
async function createBenchSource(format: Format): Promise<number> {
  const database = await createDatabase({ url: benchUrl(), poolSize: 1 });
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
  await database.close();
  return source!.id;
}

/** CPU milliseconds a local PostgreSQL backend has used, or null when its process cannot be read. */
function backendCpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 10 ms ticks
  } catch {
    return null;
  }
}

/** Child: import one file once, the way the process route does (its own transaction), and report. */
async function runChild(format: Format, file: string, sourceId: number): Promise<void> {
  const content = readFileSync(file);
  const database = await createDatabase({ url: benchUrl(), poolSize: 1 });
  const { db } = database;
  const context = { db, database } as unknown as AppContext;
  const [backend] = await database.query<{ pid: number }>('select pg_backend_pid() as pid');
  const cpuBefore = process.cpuUsage();
  const databaseBefore = backendCpuMs(backend!.pid);
  const started = performance.now();
  const outcome = await db.transaction((tx) =>
    processOrderTrackingFile({
      db: tx,
      context,
      sourceId,
      file: { fileName: `shipments.${format}`, content },
      trigger: 'manual',
    }),
  );
  // The merge of the search indexes' pending entries is part of an import's cost (see search-indexes-repository.ts).
  const mergeStarted = performance.now();
  await outcome.afterCommit?.();
  const mergeMs = performance.now() - mergeStarted;
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const databaseAfter = backendCpuMs(backend!.pid);
  const searchP95Ms = await searchP95(db);
  await database.close();
  const result: RunResult = {
    ms,
    mergeMs,
    updated: outcome.ordersUpdated ?? 0,
    status: outcome.status,
    message: outcome.message,
    nodeCpuMs: (cpu.user + cpu.system) / 1000,
    databaseCpuMs: databaseBefore === null || databaseAfter === null ? null : databaseAfter - databaseBefore,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    searchP95Ms,
  };
  process.send?.(result);
}

/** Each import runs in a process of its own, so that its peak RSS is its own. */
function runInChild(format: Format, file: string, sourceId: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--child', format, file, String(sourceId)], {
      stdio: 'inherit',
    });
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

async function main(): Promise<void> {
  console.log(
    `Order tracking ingestion benchmark: ${ROWS.toLocaleString('en-US')} rows, database ${DATABASE}`,
  );
  // Other work on the machine skews every figure: say how busy it was.
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
  console.log(`  ${cpus().length} CPUs, load average ${load()}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-ingest-'));
  try {
    const rows = buildRows();
    const files: Record<Format, string> = {
      csv: path.join(dir, 'shipments.csv'),
      xlsx: path.join(dir, 'shipments.xlsx'),
    };
    writeFileSync(files.csv, buildCsv(rows));
    writeFileSync(files.xlsx, buildXlsx(rows));
    for (const format of ['csv', 'xlsx'] as const) {
      console.log(`  ${format}: ${(statSync(files[format]).size / 1024 / 1024).toFixed(1)} MB`);
    }
    await prepareDatabase();

    let allPass = true;
    for (const format of ['csv', 'xlsx'] as const) {
      const sourceId = await createBenchSource(format);
      const first = await runInChild(format, files[format], sourceId);
      const second = await runInChild(format, files[format], sourceId);
      const rate = (run: RunResult) => Math.round(ROWS / (run.ms / 1000));
      const peak = Math.max(first.maxRssMb, second.maxRssMb);
      const pass =
        first.status === 'succeeded' &&
        second.status === 'succeeded' &&
        rate(first) >= TARGETS[format] &&
        rate(second) >= TARGETS[format] &&
        peak < MAX_RSS_MB;
      allPass &&= pass;
      const line = (label: string, run: RunResult) => {
        const cpu = `Node CPU ${(run.nodeCpuMs / 1000).toFixed(2)} s${run.databaseCpuMs === null ? '' : `, database CPU ${(run.databaseCpuMs / 1000).toFixed(2)} s`}`;
        return `  ${label} ${(run.ms / 1000).toFixed(2)} s, ${rate(run).toLocaleString('en-US')} rows/s, peak RSS ${run.maxRssMb.toFixed(0)} MB (${cpu}; of which index merge after commit ${(run.mergeMs / 1000).toFixed(2)} s; grid search p95 after it ${run.searchP95Ms.toFixed(1)} ms): ${run.message}`;
      };
      console.log(
        [
          `${format.toUpperCase()}: ${pass ? 'PASS' : 'FAIL'} (targets: ≥ ${TARGETS[format].toLocaleString('en-US')} rows/s, peak RSS < ${MAX_RSS_MB} MB)`,
          line('new source:     ', first),
          line('same file again:', second),
        ].join('\n'),
      );
      if (second.updated !== 0)
        console.log(`  unexpected: the second import updated ${second.updated} orders`);
    }
    console.log(`  load average at the end: ${load()}`);
    console.log(allPass ? 'PASS: all targets met' : 'FAIL: some targets missed');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain && process.argv[2] === '--child') {
  await runChild(process.argv[3] as Format, process.argv[4]!, Number(process.argv[5]));
} else if (isMain) await main();
