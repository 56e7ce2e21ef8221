import { createDatabase, schema } from '@app/db';
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { readTable } from '../apps/server/src/integrations/spreadsheet';
import { mapTable, type MappingSuccess } from '../apps/server/src/modules/order-tracking-ingestion/map-rows';
import { upsertOrders } from '../apps/server/src/modules/order-tracking-ingestion/ingest-orders';
const file = process.argv[2]!;
let t0 = performance.now();
const table = readTable(readFileSync(file), { fileName: 'x.csv' });
console.log('read', Math.round(performance.now() - t0)); t0 = performance.now();
const settings = { fileHasHeader: true, headerRowIndex: null, columnsToIgnore: '', secondaryDelimiter: ';', uniqueColumn: 'CustomerPoNumber', lastGoodHeaders: null,
  columnMapping: { customerPoNumber: 'PO Number', itemNumber: 'Item Number', shipToName: 'Ship To', supplierName: 'Supplier', brandName: 'Brand', orderDate: 'Order Date', shippedDate: 'Ship Date', qty: 'Qty', trackingNumbers: 'Tracking' } };
const m = mapTable(table, settings) as MappingSuccess;
console.log('map', Math.round(performance.now() - t0), m.orders.length);
const d = await createDatabase({ url: 'postgres://postgres@127.0.0.1:5432/inboxops_bench_ingest' });
const [src] = await d.db.insert(schema.orderTrackingSources).values({ sourceName: 'prof', fileType: '.csv', fromEmail: 'a@b.c', subjectValue: 'x', attachmentName: 'x', uniqueColumn: 'CustomerPoNumber', columnMapping: {} }).returning();
const bs = Number(process.argv[3] ?? 5000);
for (const pass of [1, 2]) {
  t0 = performance.now();
  await d.db.transaction(async (tx) => { console.log('updated', await upsertOrders(tx as never, src!.id, m.orders, bs)); });
  console.log('upsert pass', pass, Math.round(performance.now() - t0));
}
await d.close();
console.log('stmt1', Math.round((globalThis as any).t1), 'stmt2', Math.round((globalThis as any).t2));
