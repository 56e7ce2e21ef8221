import { readFileSync } from 'node:fs';
import { createDatabase, schema } from '@app/db';
import { sql } from 'drizzle-orm';
import { readTable } from '../apps/server/src/integrations/spreadsheet';
import * as ing from '../apps/server/src/modules/order-tracking-ingestion/ingest-orders';
import { type MappingSuccess, mapTable } from '../apps/server/src/modules/order-tracking-ingestion/map-rows';
const table = readTable(readFileSync('/tmp/bench-shipments.csv'), { fileName: 'x.csv' });
const settings = { fileHasHeader: true, headerRowIndex: null, columnsToIgnore: '', secondaryDelimiter: ';', uniqueColumn: 'CustomerPoNumber', lastGoodHeaders: null,
  columnMapping: { customerPoNumber: 'PO Number', itemNumber: 'Item Number', shipToName: 'Ship To', supplierName: 'Supplier', brandName: 'Brand', orderDate: 'Order Date', shippedDate: 'Ship Date', qty: 'Qty', trackingNumbers: 'Tracking' } };
const m = mapTable(table, settings) as MappingSuccess;
const d = await createDatabase({ url: 'postgres://postgres@127.0.0.1:5432/inboxops_bench_ingest', poolSize: 1 });
await d.query('truncate order_tracking_numbers, orders');
const [src] = await d.db.insert(schema.orderTrackingSources).values({ sourceName: 'prof', fileType: '.csv', fromEmail: 'a@b.c', subjectValue: 'x', attachmentName: 'x', uniqueColumn: 'CustomerPoNumber', columnMapping: {} }).returning();
const n = 10000;
const sub = { ...m.orders, uniqueKeys: m.orders.uniqueKeys.slice(0, n), rowNumbers: m.orders.rowNumbers.slice(0, n), columns: m.orders.columns.map((c) => c.slice(0, n)), trackingNumbers: m.orders.trackingNumbers.slice(0, n) };
await d.db.transaction(async (tx) => {
  const origExec = tx.execute.bind(tx);
  (tx as any).execute = async (q: any) => {
    const r = await origExec(sql`explain (analyze, wal) ${q}`);
    console.log((r as any).rows.map((x: any) => x['QUERY PLAN']).filter((l: string) => /Insert|Update|Trigger|Execution|WAL|Join|Scan/.test(l)).join('\n'));
    console.log('-----');
    return { rows: [{}] };
  };
  await ing.upsertOrders(tx as never, src!.id, sub, n);
});
await d.close();
