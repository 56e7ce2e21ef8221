/**
 * Debug "Modify File" (docs/behaviour/inventory.md#manual-processing, docs/behaviour/inventory.md#debug-modify-file): rewrites the quantities of some rows of an uploaded supplier
 * file to simulate stock drops, so that the predictive algorithm can be tried on the result. Nothing is
 * stored. The picks are deterministic for a seed, so the same file and seed always give the same file:
 *
 * - every 5th item with a quantity above 0 (in file order) drops by 40–90%, and every 3rd of those sells out
 *   (drops to 0);
 * - the item with the largest quantity drops by more than the source's large drop threshold (100 when unset),
 *   when its quantity allows it.
 *
 * The file keeps its format: CSV in its own dialect; a workbook is read and written back with SheetJS with
 * only the quantity cells changed.
 */
import path from 'node:path';
import {
  failedDebugResult,
  type InventoryDebugModifyResult,
  type InventoryModification,
  seededRandom,
} from '@app/contracts';
import * as XLSX from '@e965/xlsx';
import { readWorkbook, type Table } from '../../integrations/spreadsheet';
import { extensionOf } from '../../integrations/spreadsheet/source-file';
import type { IncomingFile } from '../intake/file-processors';
import type { InventorySourceRow } from '../inventory-sources/repository';
import { availabilityRule, parseQuantity } from './availability';
import { csvDialectOf, writeCsv } from './csv-writer';
import { formatAmount } from './predictive';
import { LOG_CAP } from './processor';
import { collectItems, planColumns, readSupplierTable } from './supplier-file';

export const DEFAULT_DEBUG_SEED = 20_240_601;
const DEFAULT_LARGE_DROP_THRESHOLD = 100;

interface Candidate {
  rowIndex: number;
  itemNumber: string;
  quantity: number;
}

/** Picks the rows to change and their new quantities (pure, deterministic for a seed). */
export function pickModifications(
  candidates: readonly Candidate[],
  largeDropThreshold: number,
  seed: number,
): { modifications: InventoryModification[]; notes: string[] } {
  const random = seededRandom(seed);
  const byRow = new Map<number, InventoryModification>();
  const notes: string[] = [];
  let picked = 0;
  candidates.forEach((candidate, index) => {
    if ((index + 1) % 5 !== 0) return;
    const { quantity } = candidate;
    const soldOut = picked % 3 === 2;
    picked++;
    const percent = 40 + Math.floor(random() * 51);
    const newQuantity = soldOut ? 0 : Math.floor((quantity * (100 - percent)) / 100);
    byRow.set(candidate.rowIndex, {
      rowIndex: candidate.rowIndex,
      itemNumber: candidate.itemNumber,
      originalQuantity: quantity,
      newQuantity,
      reason: soldOut
        ? `Every 5th item: sold out (${formatAmount(quantity)} → 0)`
        : `Every 5th item: dropped ${percent}% (${formatAmount(quantity)} → ${formatAmount(newQuantity)})`,
    });
  });

  let largest: Candidate | undefined;
  for (const candidate of candidates)
    if (!largest || candidate.quantity > largest.quantity) largest = candidate;
  if (largest && largest.quantity > largeDropThreshold) {
    // New quantity in [0, quantity − threshold − 1]: the drop is always more than the threshold.
    const newQuantity = Math.floor(random() * Math.floor(largest.quantity - largeDropThreshold));
    const drop = largest.quantity - newQuantity;
    byRow.set(largest.rowIndex, {
      rowIndex: largest.rowIndex,
      itemNumber: largest.itemNumber,
      originalQuantity: largest.quantity,
      newQuantity,
      reason: `Large drop of ${formatAmount(drop)}, more than the large drop threshold of ${largeDropThreshold} (${formatAmount(largest.quantity)} → ${formatAmount(newQuantity)})`,
    });
  } else {
    notes.push(
      `No item has a quantity above the large drop threshold (${largeDropThreshold}), so no large drop was simulated.`,
    );
  }
  const modifications = [...byRow.values()].sort((a, b) => a.rowIndex - b.rowIndex);
  return { modifications, notes };
}

/** The modified file and what was changed. A file that cannot be read is a result with success false. */
export async function debugModifyFile(
  source: InventorySourceRow,
  file: IncomingFile,
  seed = DEFAULT_DEBUG_SEED,
): Promise<InventoryDebugModifyResult> {
  let table: Table;
  let plan: ReturnType<typeof planColumns>;
  try {
    table = await readSupplierTable(source.fileType, file, source.textEncoding);
    plan = planColumns(table, { ...source, lastGoodHeaders: null });
  } catch (error) {
    return failedDebugResult(error instanceof Error ? error.message : String(error), source);
  }
  const debugLogs: string[] = [
    `Seed ${seed}.`,
    `Item number column "${source.itemNumberColumnName}" → index ${plan.itemColumn}; quantity column "${source.qtyColumnName}" → index ${plan.qtyColumn}.`,
    ...plan.warnings.map((warning) => `Warning: ${warning}`),
  ];
  if (plan.empty)
    return {
      ...failedDebugResult('The file has no data rows to modify.', source, debugLogs),
      columnInfo: plan.columnInfo,
    };

  const candidates: Candidate[] = [];
  for (let r = plan.firstDataRow; r < table.rows.length; r++) {
    const row = table.rows[r]!;
    const itemNumber = (row[plan.itemColumn] ?? '').trim();
    const quantity = parseQuantity(row[plan.qtyColumn] ?? '');
    if (itemNumber !== '' && typeof quantity === 'number' && quantity > 0) {
      candidates.push({ rowIndex: r, itemNumber, quantity });
    }
  }
  const threshold = source.largeDropThreshold ?? DEFAULT_LARGE_DROP_THRESHOLD;
  const { modifications, notes } = pickModifications(candidates, threshold, seed);
  debugLogs.push(
    `${candidates.length.toLocaleString('en-US')} rows have an item number and a quantity above 0.`,
    ...notes,
    ...modifications.slice(0, LOG_CAP).map((m) => `Row ${m.rowIndex + 1}, item ${m.itemNumber}: ${m.reason}`),
  );
  if (modifications.length > LOG_CAP)
    debugLogs.push(`… and ${modifications.length - LOG_CAP} more modifications.`);

  const modifiedRows = table.rows.map((row) => row);
  for (const m of modifications) {
    const row = [...modifiedRows[m.rowIndex]!];
    row[plan.qtyColumn] = String(m.newQuantity);
    modifiedRows[m.rowIndex] = row;
  }

  let content: Buffer;
  try {
    content =
      table.format === 'csv'
        ? writeCsv(modifiedRows, csvDialectOf(table, file.content))
        : await rewriteWorkbook(file, table.format, plan.qtyColumn, modifications);
  } catch (error) {
    return failedDebugResult(
      `The modified file could not be written: ${error instanceof Error ? error.message : String(error)}`,
      source,
      debugLogs,
    );
  }

  const extension = extensionOf(file.fileName) || source.fileType;
  const baseName = path.basename(file.fileName, path.extname(file.fileName)) || 'inventory';
  const fileName = `${baseName}_modified${extension}`;
  const after = collectItems({ ...table, rows: modifiedRows }, plan, source.stripLeadingZeroes);
  const rule = availabilityRule(source);
  let activeItemsFound = 0;
  for (const item of after.items.values())
    if (rule.decide(item.quantity, item.status).status === 'Active') activeItemsFound++;

  return {
    success: true,
    message: `Modified ${modifications.length.toLocaleString('en-US')} of ${after.items.size.toLocaleString('en-US')} items to simulate stock drops. Download ${fileName}, upload it and choose Process File to try the predictive algorithm.`,
    fileName,
    fileData: content.toString('base64'),
    errors: [],
    debugLogs,
    modificationsCount: modifications.length,
    columnInfo: plan.columnInfo,
    processingSummary: {
      totalRows: after.counts.totalRows,
      processedRows: after.counts.processedRows,
      skippedRows: after.counts.skippedRows,
      activeItemsFound,
      itemsModified: modifications.length,
      modifications,
    },
  };
}

/** The workbook with only the quantity cells of the modified rows replaced (numbers stay numbers). */
async function rewriteWorkbook(
  file: IncomingFile,
  format: string,
  qtyColumn: number,
  modifications: readonly InventoryModification[],
): Promise<Buffer> {
  // Parsed in the reader process, like every supplier file; only the writing happens here.
  const workbook = await readWorkbook(file.content, file.fileName, {
    dense: true,
    cellNF: true,
    cellStyles: true,
  });
  const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  for (const m of modifications) {
    const row = data[m.rowIndex] ?? [];
    data[m.rowIndex] = row;
    const old = row[qtyColumn];
    row[qtyColumn] =
      old && old.t === 's'
        ? { t: 's', v: String(m.newQuantity) }
        : { t: 'n', v: m.newQuantity, ...(old?.z !== undefined ? { z: old.z } : {}) };
  }
  const bookType: XLSX.BookType = format === 'xlsx' ? 'xlsx' : format === 'xlsb' ? 'xlsb' : 'xls';
  return XLSX.write(workbook, { type: 'buffer', bookType, compression: true }) as Buffer;
}
