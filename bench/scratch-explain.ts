import { createDatabase, schema } from '@app/db';
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { readTable } from '../apps/server/src/integrations/spreadsheet';
import { mapTable, type MappingSuccess } from '../apps/server/src/modules/order-tracking-ingestion/map-rows';
import * as ing from '../apps/server/src/modules/order-tracking-ingestion/ingest-orders';
const table = readTable(readFileSync('/tmp/bench-shipments.csv'), { fileName: 'x.csv' });
const settings = { fileHasHeader: true, headerRowIndex: null, columnsToIgnore: '', secondaryDelimiter: ';', uniqueColumn: 'CustomerPoNumber', lastGoodHeaders: null,
  columnMapping: { customerPoNumber: 'PO Number', itemNumber: 'Item Number', shipToName: 'Ship To', supplierName: 'Supplier', brandName: 'Brand', orderDate: 'Order Date', shippedDate: 'Ship Date', qty: 'Qty', trackingNumbers: 'Tracking' } };
const m = mapTable(table, settings) as MappingSuccess;
const d = await createDatabase({ url: 'postgres://postgres@127.0.0.1:5432/inboxops_bench_ingest' });
const [src] = await d.db.insert(schema.orderTrackingSources).values({ sourceName: 'prof', fileType: '.csv', fromEmail: 'a@b.c', subjectValue: 'x', attachmentName: 'x', uniqueColumn: 'CustomerPoNumber', columnMapping: {} }).returning();
const c = await d.pool!.connect();
const orig = d.pool!.query.bind(d.pool);
await d.db.transaction(async (tx) => {
  const origExec = tx.execute.bind(tx);
  (tx as any).execute = async (q: any) => {
    const r = await origExec(sql`explain (analyze, buffers off, timing on) ${q}`);
    console.log((r as any).rows.map((x: any) => x['QUERY PLAN']).join('\n'));
    console.log('-----');
    return origExec(q);
  };
  await ing.upsertOrders(tx as never, src!.id, m.orders.slice(0, 5000), 5000);
  throw new Error('rollback');
}).catch((e) => console.log(e.message));
c.release();
await d.close();
