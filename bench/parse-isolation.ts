/**
 * Issue 15's event-loop target: while a 10 MB file is parsed, `GET /health` and the order grid's list call
 * (`POST /api/order-tracking/list`, signed in) answer with p95 < 100 ms.
 *
 * The real app (buildApp + listen on loopback, PostgreSQL database `inboxops_bench_parse` with 20,000
 * seeded orders) parses 10 MB files in its own process, as the server does, while a separate load process
 * (this file with --client, so its own timers are never held up) calls both routes back to back, 10 ms
 * apart, and times every answer. Each file is read three times per mode:
 *
 * - reader process: readTable, as the server reads every file now (a child process, rows in slices);
 * - in-process (before): parseTable on the server's own event loop, as readTable worked before issue 15.
 *
 * Prints p50/p95/max per route and mode, and PASS/FAIL of the reader process against the target; never
 * fails a build on speed.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createDatabase, type Database } from '@app/db';
import * as XLSX from '@e965/xlsx';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { closeReader, parseTable, readTable } from '../apps/server/src/integrations/spreadsheet';
import { seedOrders } from '../apps/server/src/scripts/seed-orders';
import { adminQuery, percentile, serverUrl, signInOrderUser } from './bench-support';
import { buildSupplierXlsx } from './inventory';

const DATABASE = 'inboxops_bench_parse';
const ORDERS = 20_000;
const READS = 3;
const TARGET_MS = 100;
const PAUSE_MS = 10;

interface Timings {
  health: number[];
  list: number[];
}

// -------------------------------------------------------------------------------------------------------
// The load process: calls both routes until told to stop, then reports what it timed.

async function runClient(baseUrl: string, cookie: string) {
  let running = false;
  let timings: Timings = { health: [], list: [] };
  let loops: Promise<void>[] = [];
  const loop = async (route: keyof Timings, call: () => Promise<Response>) => {
    while (running) {
      const started = performance.now();
      const response = await call();
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${route} answered ${response.status}`);
      timings[route].push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  };
  process.on('message', async (message: 'start' | 'stop') => {
    if (message === 'start') {
      running = true;
      timings = { health: [], list: [] };
      loops = [
        loop('health', () => fetch(`${baseUrl}/health`)),
        loop('list', () =>
          fetch(`${baseUrl}/api/order-tracking/list`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ PageIndex: 1, PageSize: 50 }),
          }),
        ),
      ];
      process.send!('started');
    } else {
      running = false;
      await Promise.all(loops);
      process.send!(timings);
    }
  });
}

// -------------------------------------------------------------------------------------------------------
// The server process.

async function prepareDatabase(): Promise<Database> {
  const server = serverUrl();
  const url = new URL(server);
  url.pathname = `/${DATABASE}`;
  const exists = await adminQuery(server, `select 1 from pg_database where datname = '${DATABASE}'`);
  if (!exists.rowCount) await adminQuery(server, `create database ${DATABASE}`);
  const database = await createDatabase({ url: url.toString() });
  await database.migrate();
  const [row] = await database.query<{ n: number }>('select count(*)::int as n from orders');
  if ((row?.n ?? 0) < ORDERS) await seedOrders(database, { count: ORDERS - (row?.n ?? 0) });
  return database;
}

function csvOf10Mb(): Buffer {
  const lines = ['Item Number,Description,Qty,Status,Warehouse,UPC'];
  let size = lines[0]!.length;
  for (let i = 1; size < 10_000_000; i++) {
    const line = `${String(i).padStart(6, '0')},Widget ${i % 977} in steel with a longer description,${i % 120},In Stock,East,4${String(i).padStart(11, '0')}`;
    lines.push(line);
    size += line.length + 1;
  }
  return Buffer.from(lines.join('\n'));
}

/** An Excel 97–2003 workbook of 42,000 rows × 10 columns (SheetJS's writer), just under 10 MB. */
function xlsOf10Mb(): Buffer {
  const rows: (string | number)[][] = [
    ['SKU', 'Description', 'Qty', 'Status', 'Warehouse', 'UPC', 'A', 'B', 'C', 'D'],
  ];
  for (let i = 1; i <= 42_000; i++) {
    rows.push([
      String(i).padStart(6, '0'),
      `Widget ${i % 977} in steel`,
      i % 120,
      'In Stock',
      'East',
      `4${i}`,
      i,
      i * 2,
      `x${i}`,
      i / 7,
    ]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Stock');
  return XLSX.write(book, { type: 'buffer', bookType: 'xls' }) as Buffer;
}

async function main() {
  const database = await prepareDatabase();
  const config = loadConfig({
    DATABASE_URL: database.connectionString!,
    APP_SECRET_KEY: randomBytes(32).toString('base64url'),
    DATA_DIR: path.join(tmpdir(), 'inbox-ops-bench-parse'),
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ database, config, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const cookie = await signInOrderUser(database, address);
  const client = fork(fileURLToPath(import.meta.url), ['--client', address, cookie], {
    execArgv: process.execArgv,
  });
  const nextMessage = <T>() =>
    new Promise<T>((resolve) => client.once('message', (message) => resolve(message as T)));

  const files: [string, Buffer][] = [
    ['CSV, 10.0 MB', csvOf10Mb()],
    ['XLSX, 200,000 rows', buildSupplierXlsx()],
    ['XLS, 42,000 rows', xlsOf10Mb()],
  ];
  const modes: [string, (name: string, bytes: Buffer) => Promise<unknown>][] = [
    ['reader process', (name, bytes) => readTable(bytes, { fileName: name })],
    ['in-process (before)', async (name, bytes) => parseTable(bytes, { fileName: name })],
  ];
  console.log(
    `Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}; ${ORDERS.toLocaleString('en-US')} orders; each file read ${READS} times per mode\n`,
  );
  const table: string[] = [
    '| file | mode | read s (mean) | event-loop delay p95 / max ms | route | requests | p50 ms | p95 ms | max ms |',
    '| --- | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |',
  ];
  const verdicts: string[] = [];
  for (const [fileLabel, bytes] of files) {
    const fileName = fileLabel.startsWith('CSV')
      ? 'stock.csv'
      : fileLabel.startsWith('XLSX')
        ? 'stock.xlsx'
        : 'stock.xls';
    for (const [mode, read] of modes) {
      await read(fileName, bytes); // warm: the reader process started, the parser's code compiled
      const started = nextMessage<'started'>();
      client.send('start');
      await started;
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const readStarted = performance.now();
      for (let i = 0; i < READS; i++) await read(fileName, bytes);
      const readSeconds = (performance.now() - readStarted) / 1000 / READS;
      delay.disable();
      const loopDelay = `${(delay.percentile(95) / 1e6).toFixed(0)} / ${(delay.max / 1e6).toFixed(0)}`;
      const timed = nextMessage<Timings>();
      client.send('stop');
      const timings = await timed;
      for (const route of ['health', 'list'] as const) {
        const sorted = [...timings[route]].sort((a, b) => a - b);
        const p95 = percentile(sorted, 95);
        table.push(
          `| ${fileLabel} (${(bytes.length / 1024 / 1024).toFixed(1)} MB) | ${mode} | ${readSeconds.toFixed(2)} | ${loopDelay} | ${route === 'health' ? 'GET /health' : 'POST /api/order-tracking/list'} | ${sorted.length} | ${percentile(sorted, 50).toFixed(1)} | ${p95.toFixed(1)} | ${sorted.at(-1)!.toFixed(1)} |`,
        );
        console.log(table.at(-1));
        if (mode === 'reader process') {
          verdicts.push(
            `${fileLabel}, ${route}: p95 ${p95.toFixed(1)} ms ${p95 < TARGET_MS ? 'PASS' : 'FAIL'}`,
          );
        }
      }
    }
  }
  console.log(`\n${table.join('\n')}`);
  console.log(`\nTarget p95 < ${TARGET_MS} ms while the reader process parses:\n  ${verdicts.join('\n  ')}`);
  client.kill();
  await closeReader();
  await app.close();
  await database.close();
}

if (process.argv[2] === '--client') await runClient(process.argv[3]!, process.argv[4]!);
else await main();
