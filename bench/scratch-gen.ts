import { writeFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { buildCsv, buildRows, buildXlsx } from './ingest';
const rows = buildRows();
writeFileSync('/tmp/bench-shipments.csv', buildCsv(rows));
let t = performance.now();
writeFileSync('/tmp/bench-shipments.xlsx', buildXlsx(rows));
console.log('xlsx write', Math.round(performance.now() - t));
