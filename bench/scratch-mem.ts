import { readFileSync } from 'node:fs';
import { readTable } from '../apps/server/src/integrations/spreadsheet';
import { mapTable } from '../apps/server/src/modules/order-tracking-ingestion/map-rows';
const settings = { fileHasHeader: true, headerRowIndex: null, columnsToIgnore: '', secondaryDelimiter: ';', uniqueColumn: 'CustomerPoNumber', lastGoodHeaders: null,
  columnMapping: { customerPoNumber: 'PO Number', itemNumber: 'Item Number', shipToName: 'Ship To', supplierName: 'Supplier', brandName: 'Brand', orderDate: 'Order Date', shippedDate: 'Ship Date', qty: 'Qty', trackingNumbers: 'Tracking' } };
const mb = (n: number) => Math.round(n / 1048576);
const show = (label: string) => { const m = process.memoryUsage(); console.log(label, 'rss', mb(m.rss), 'heap', mb(m.heapUsed), 'ext', mb(m.external), 'maxRSS', Math.round(process.resourceUsage().maxRSS / 1024)); };
const f = process.argv[2]!;
show('start');
const content = readFileSync(f);
const table = readTable(content, { fileName: f });
show('read');
const m = mapTable(table, settings);
show('mapped');
(globalThis as any).gc?.();
show('gc');
console.log(m.ok);
