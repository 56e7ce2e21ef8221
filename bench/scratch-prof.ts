import { readFileSync } from 'node:fs';
import { createDatabase, schema } from '@app/db';
import { sql } from 'drizzle-orm';
import { readTable } from '../apps/server/src/integrations/spreadsheet';
import { upsertOrders } from '../apps/server/src/modules/order-tracking-ingestion/ingest-orders';
import { type MappingSuccess, mapTable } from '../apps/server/src/modules/order-tracking-ingestion/map-rows';
const table = readTable(readFileSync('/tmp/bench-shipments.csv'), { fileName: 'x.csv' });
const settings = { fileHasHeader: true, headerRowIndex: null, columnsToIgnore: '', secondaryDelimiter: ';', uniqueColumn: 'CustomerPoNumber', lastGoodHeaders: null,
  columnMapping: { customerPoNumber: 'PO Number', itemNumber: 'Item Number', shipToName: 'Ship To', supplierName: 'Supplier', brandName: 'Brand', orderDate: 'Order Date', shippedDate: 'Ship Date', qty: 'Qty', trackingNumbers: 'Tracking' } };
const m = mapTable(table, settings) as MappingSuccess;
const d = await createDatabase({ url: 'postgres://postgres@127.0.0.1:5432/inboxops_bench_ingest', poolSize: 1 });
await d.query('truncate order_tracking_numbers, orders');
const [src] = await d.db.insert(schema.orderTrackingSources).values({ sourceName: 'prof', fileType: '.csv', fromEmail: 'a@b.c', subjectValue: 'x', attachmentName: 'x', uniqueColumn: 'CustomerPoNumber', columnMapping: {} }).returning();
const [{ pid }] = await d.query<{ pid: number }>('select pg_backend_pid() as pid');
const ticks = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const bs = Number(process.argv[2] ?? 10000);
for (const pass of [] as number[]) {
  const t0 = performance.now(); const c0 = ticks();
  await d.db.transaction(async (tx) => { console.log('updated', await upsertOrders(tx as never, src!.id, m.orders, bs)); });
  console.log('pass', pass, 'wall', Math.round(performance.now() - t0), 'backend cpu ms', ticks() - c0);
}
await d.close();
// orders only (no tracking numbers)
const d2 = await createDatabase({ url: 'postgres://postgres@127.0.0.1:5432/inboxops_bench_ingest', poolSize: 1 });
await d2.query('truncate order_tracking_numbers, orders');
const [{ pid: pid2 }] = await d2.query<{ pid: number }>('select pg_backend_pid() as pid');
const ticks2 = () => { const f = readFileSync(`/proc/${pid2}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const noNumbers = { ...m.orders, trackingNumbers: m.orders.trackingNumbers.map(() => []) };
let c0 = ticks2(); let t0 = performance.now();
await d2.db.transaction(async (tx) => { await upsertOrders(tx as never, src!.id, noNumbers, bs); });
console.log('orders only: wall', Math.round(performance.now() - t0), 'cpu', ticks2() - c0);
c0 = ticks2(); t0 = performance.now();
await d2.db.transaction(async (tx) => { await upsertOrders(tx as never, src!.id, m.orders, bs); });
console.log('numbers only (orders identical): wall', Math.round(performance.now() - t0), 'cpu', ticks2() - c0);
await d2.close();
