import { readFileSync } from 'node:fs';
import { readTable } from '../apps/server/src/integrations/spreadsheet';
import { mapTable } from '../apps/server/src/modules/order-tracking-ingestion/map-rows';
const settings = { fileHasHeader: true, headerRowIndex: null, columnsToIgnore: '', secondaryDelimiter: ';', uniqueColumn: 'CustomerPoNumber', lastGoodHeaders: null,
  columnMapping: { customerPoNumber: 'PO Number', itemNumber: 'Item Number', shipToName: 'Ship To', supplierName: 'Supplier', brandName: 'Brand', orderDate: 'Order Date', shippedDate: 'Ship Date', qty: 'Qty', trackingNumbers: 'Tracking' } };
const table = readTable(readFileSync('/tmp/bench-shipments.csv'), { fileName: 'x.csv' });
for (let i = 0; i < 3; i++) mapTable(table, settings);
