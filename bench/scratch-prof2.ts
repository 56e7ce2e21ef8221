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
const [src] = await d.db.insert(schema.orderTrackingSources).values({ sourceName: 'prof', fileType: '.csv', fromEmail: 'a@b.c', subjectValue: 'x', attachmentName: 'x', uniqueColumn: 'CustomerPoNumber', columnMapping: {} }).returning();
const [{ pid }] = await d.query<{ pid: number }>('select pg_backend_pid() as pid');
const ticks = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
for (const bs of process.argv.slice(2).map(Number)) {
  await d.query('truncate order_tracking_numbers, orders');
  await d.query('checkpoint');
  const t0 = performance.now(); const c0 = ticks();
  await d.db.transaction(async (tx) => { if (process.env.GINLIMIT) await tx.execute(sql.raw(`set local gin_pending_list_limit = '${process.env.GINLIMIT}'`)); await upsertOrders(tx as never, src!.id, m.orders, bs); });
  const c1 = ticks(); const t1 = performance.now();
  await d.db.transaction(async (tx) => { await upsertOrders(tx as never, src!.id, m.orders, bs); });
  console.log('batch', bs, 'first: wall', Math.round(t1 - t0), 'cpu', c1 - c0, '| second: wall', Math.round(performance.now() - t1), 'cpu', ticks() - c1);
}
await d.close();
