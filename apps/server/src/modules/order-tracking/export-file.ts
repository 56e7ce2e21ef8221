/**
 * The order tracking export's file formats (docs/behaviour/order-tracking.md#export): CSV or XLSX, written
 * batch by batch as the rows come from the database cursor. The layout (headers, cell kinds) comes in from
 * the caller: this module also runs in the export's worker thread (export-worker.ts), which loads nothing
 * it does not need (of the contracts only the formula guard, no ORM).
 */
import type { Writable } from 'node:stream';
import type { OrderExportFormat } from '@app/contracts';
import { guardFormulaField, quoteField } from '@app/contracts/spreadsheet-formulas';
import {
  OutputSink,
  type XlsxCellKind,
  XlsxStreamWriter,
} from '../../integrations/spreadsheet/xlsx-stream-writer';
import type { ExportRow } from './export-repository';

/** Reads the export's rows, handing each batch to `onBatch` and waiting for it; answers the row count. */
export type ReadBatches = (onBatch: (rows: ExportRow[]) => Promise<void>) => Promise<number>;

/**
 * Reads a cursor until it runs dry, the way both export paths do: `fetchBatch` answers the next FETCH's rows
 * (at most `batchSize`); each batch is handed to `onBatch`, and the next FETCH waits for it. Answers the row
 * count.
 */
export async function readCursorBatches(
  fetchBatch: () => Promise<ExportRow[]>,
  batchSize: number,
  onBatch: (rows: ExportRow[]) => Promise<void>,
): Promise<number> {
  let count = 0;
  for (;;) {
    const rows = await fetchBatch();
    if (rows.length === 0) break;
    count += rows.length;
    await onBatch(rows);
    if (rows.length < batchSize) break;
  }
  return count;
}

/** The file's format and columns: a header and a cell kind per column, in the file's order. */
export interface ExportLayout {
  format: OrderExportFormat;
  headers: string[];
  kinds: XlsxCellKind[];
}

/** RFC 4180 quoting; only what needs it is quoted. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field. Text a spreadsheet would run as a formula, at its start or after a list separator inside
 * it (CSV injection: order data comes from supplier files), is quoted and defused with `'`
 * (`@app/contracts/spreadsheet-formulas`, the grid's copy uses the same guard).
 */
export function csvText(text: string): string {
  const guarded = guardFormulaField(text);
  if (guarded.guarded) return guarded.text;
  return NEEDS_QUOTES.test(text) ? quoteField(text) : text;
}

function csvLine(row: readonly (string | number | null)[]): string {
  let line = '';
  for (let index = 0; index < row.length; index++) {
    const value = row[index];
    if (index > 0) line += ',';
    if (value === null || value === undefined) continue;
    line += typeof value === 'number' ? String(value) : csvText(value);
  }
  return `${line}\r\n`;
}

/** UTF-8 with a byte-order mark, so Excel reads accented names right; CRLF line ends (RFC 4180). */
async function writeCsv(out: Writable, headers: string[], readBatches: ReadBatches): Promise<number> {
  const sink = new OutputSink(out);
  sink.push(`\ufeff${csvLine(headers)}`);
  return readBatches(async (rows) => {
    let text = '';
    for (const row of rows) text += csvLine(row);
    sink.push(text);
    await sink.drained();
  });
}

async function writeXlsx(out: Writable, layout: ExportLayout, readBatches: ReadBatches): Promise<number> {
  const writer = new XlsxStreamWriter(new OutputSink(out), layout.kinds, 'Orders');
  await writer.start(layout.headers);
  const count = await readBatches((rows) => writer.addRows(rows));
  await writer.finish();
  return count;
}

/** Writes the whole file to `out` (without ending it); answers the number of orders written. */
export function writeExportFile(
  out: Writable,
  layout: ExportLayout,
  readBatches: ReadBatches,
): Promise<number> {
  return layout.format === 'csv'
    ? writeCsv(out, layout.headers, readBatches)
    : writeXlsx(out, layout, readBatches);
}

export const EXPORT_CONTENT_TYPES: Record<OrderExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `order-tracking-2026-11-24-1830.csv`: the UTC time of the export, so two downloads do not collide. */
export function exportFileName(format: OrderExportFormat, now: Date): string {
  const stamp = now.toISOString().slice(0, 16).replace('T', '-').replace(':', '');
  return `order-tracking-${stamp}.${format}`;
}
