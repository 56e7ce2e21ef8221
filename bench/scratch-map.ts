import { readFileSync } from 'node:fs';
import { readTable } from '../apps/server/src/integrations/spreadsheet';
import { mapTable } from '../apps/server/src/modules/order-tracking-ingestion/map-rows';
const settings = { fileHasHeader: true, headerRowIndex: null, columnsToIgnore: '', secondaryDelimiter: ';', uniqueColumn: 'CustomerPoNumber', lastGoodHeaders: null,
  columnMapping: { customerPoNumber: 'PO Number', itemNumber: 'Item Number', shipToName: 'Ship To', supplierName: 'Supplier', brandName: 'Brand', orderDate: 'Order Date', shippedDate: 'Ship Date', qty: 'Qty', trackingNumbers: 'Tracking' } };
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (const f of ['/tmp/bench-shipments.csv']) {
  let c = cpu();
  const table = readTable(readFileSync(f), { fileName: f });
  const read = cpu() - c;
  for (let i = 0; i < 5; i++) { c = cpu(); mapTable(table, settings); console.log(f, 'read cpu', Math.round(read), 'map cpu', Math.round(cpu() - c)); }
}
