import { readFileSync } from 'node:fs';
import { createDatabase, schema } from '@app/db';
import { processOrderTrackingFile } from '../apps/server/src/modules/order-tracking-ingestion/processor';
const mb = (n: number) => Math.round(n / 1048576);
const show = (label: string) => { const m = process.memoryUsage(); console.log(label, 'rss', mb(m.rss), 'heap', mb(m.heapUsed), 'heapTotal', mb(m.heapTotal), 'ext', mb(m.external), 'ab', mb(m.arrayBuffers), 'maxRSS', Math.round(process.resourceUsage().maxRSS / 1024)); };
const f = process.argv[2]!;
const fmt = f.endsWith('xlsx') ? 'xlsx' : 'csv';
const database = await createDatabase({ url: 'postgres://postgres@127.0.0.1:5432/inboxops_bench_ingest', poolSize: 2 });
const { db } = database;
const [source] = await db.insert(schema.orderTrackingSources).values({ sourceName: 'mem', fileType: `.${fmt}`, fromEmail: 'a@b.c', subjectValue: 'x', attachmentName: 'x', uniqueColumn: 'CustomerPoNumber', secondaryDelimiter: ';',
  columnMapping: { customerPoNumber: 'PO Number', itemNumber: 'Item Number', shipToName: 'Ship To', supplierName: 'Supplier', brandName: 'Brand', orderDate: 'Order Date', shippedDate: 'Ship Date', qty: 'Qty', trackingNumbers: 'Tracking' } }).returning();
show('start');
const content = readFileSync(f);
const timer = setInterval(() => show('tick'), 500);
for (const pass of (process.env.PASSES ?? "1,2").split(",").map(Number)) {
  const o = await db.transaction((tx) => processOrderTrackingFile({ db: tx as never, context: {} as never, sourceId: source!.id, file: { fileName: `x.${fmt}`, content }, trigger: 'manual' }));
  show(`after pass ${pass} ${o.status} ${o.message}`); (globalThis as any).gc?.(); show('after gc');
}
clearInterval(timer);
await database.close();
