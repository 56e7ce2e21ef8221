/**
 * Reads a supplier stock file with an inventory source's settings (docs/behaviour/sources.md#inventory-source-editor, docs/behaviour/inventory.md#reading-the-supplier-file): the header
 * row (row 0 when the file has one), the item number, quantity and optional status columns (a header name,
 * case-insensitive and trimmed, or a 0-based index), header drift against the last good file, and one
 * entry per item. Pure: no database.
 *
 * A mapping that no longer finds its column fails the file; a bad quantity is read as 0 with a warning.
 * Rows repeating an item number (one per warehouse, say) add their quantities; the last non-blank status
 * wins.
 */
import type { HeaderDrift, InventoryColumnInfo } from '@app/contracts';
import type { Table } from '../../integrations/spreadsheet';
import { readSourceTable } from '../../integrations/spreadsheet/source-file';
import type { IncomingFile } from '../intake/file-processors';
import {
  compareHeaders,
  describeHeaderDrift,
  normaliseHeader,
} from '../order-tracking-ingestion/header-drift';
import { normaliseItemNumber, parseQuantity } from './availability';

export interface SupplierSettings {
  fileType: string;
  fileHasHeader: boolean;
  itemNumberColumnName: string;
  qtyColumnName: string;
  itemStatusColumnName: string;
  statusSupersedesQuantity: boolean;
  stripLeadingZeroes: boolean;
  lastGoodHeaders: string[] | null;
}

/** A file that cannot be processed; its message is the run's message. */
export class InventoryFailure extends Error {
  constructor(
    message: string,
    readonly extra: {
      columnInfo?: InventoryColumnInfo;
      headerDrift?: HeaderDrift | null;
      warnings?: string[];
    } = {},
  ) {
    super(message);
  }
}

/**
 * Reads the file as the source expects it (integrations/spreadsheet/source-file.ts); a file of the other
 * family is refused with the upload screen's message.
 */
export function readSupplierTable(
  fileType: string,
  file: IncomingFile,
  /** The source's pinned encoding ('' or unknown: detected). */
  encoding = '',
): Promise<Table> {
  return readSourceTable(
    file,
    { fileType, textEncoding: encoding },
    (message) => new InventoryFailure(message),
  );
}

export interface ColumnPlan {
  /** Every row of the file is blank: there is nothing to map. */
  empty: boolean;
  hasHeader: boolean;
  firstDataRow: number;
  headers: string[];
  itemColumn: number;
  qtyColumn: number;
  statusColumn: number | null;
  headerDrift: HeaderDrift | null;
  warnings: string[];
  columnInfo: InventoryColumnInfo;
}

const INDEX = /^\d{1,5}$/;

function isBlankRow(row: readonly string[] | undefined): boolean {
  if (!row) return true;
  for (const cell of row) if (cell.trim() !== '') return false;
  return true;
}

function headerRowOf(table: Table): string[] {
  const row = (table.rows[0] ?? []).map((cell) => cell.trim());
  while (row.length > 0 && row[row.length - 1] === '') row.pop();
  return row;
}

/** Finds the configured columns in the table; throws InventoryFailure when one is not there. */
export function planColumns(table: Table, settings: SupplierSettings): ColumnPlan {
  const hasHeader = settings.fileHasHeader;
  const width = table.rows.reduce((widest, row) => Math.max(widest, row.length), 0);
  const empty = table.rows.every((row) => isBlankRow(row));
  const headers = hasHeader && !empty ? headerRowOf(table) : [];
  const keys = headers.map(normaliseHeader);
  // How the file was read (the encoding assumed, the sheet chosen) leads the run's warnings.
  const warnings: string[] = [...table.notes];
  const columnInfo: InventoryColumnInfo = {
    expectedItemColumn: settings.itemNumberColumnName,
    itemColumnIndex: -1,
    expectedQtyColumn: settings.qtyColumnName,
    qtyColumnIndex: -1,
    hasHeaders: hasHeader,
    foundHeaders: headers,
  };
  const plan: ColumnPlan = {
    empty,
    hasHeader,
    firstDataRow: hasHeader ? 1 : 0,
    headers,
    itemColumn: -1,
    qtyColumn: -1,
    statusColumn: null,
    headerDrift: null,
    warnings,
    columnInfo,
  };
  if (empty) return plan;

  if (hasHeader && settings.lastGoodHeaders && settings.lastGoodHeaders.length > 0) {
    plan.headerDrift = compareHeaders(settings.lastGoodHeaders, headers);
  }

  const problems: string[] = [];
  const resolve = (reference: string, label: string): number => {
    const ref = reference.trim();
    if (ref === '') {
      problems.push(`The ${label} column is not set on the source.`);
      return -1;
    }
    if (hasHeader) {
      const key = normaliseHeader(ref);
      const found = keys.flatMap((header, index) => (header === key ? [index] : []));
      if (found.length > 0) {
        if (found.length > 1) {
          warnings.push(
            `Column "${ref}" appears ${found.length} times in the header row; the ${label} is read from column ${found[0]! + 1}.`,
          );
        }
        return found[0]!;
      }
      if (INDEX.test(ref) && Number(ref) < Math.max(width, headers.length)) return Number(ref);
      problems.push(`Column "${ref}" (${label}) is not in the file.`);
      return -1;
    }
    if (!INDEX.test(ref)) {
      problems.push(
        `Column "${ref}" (${label}) must be a 0-based column index, because the file has no header row.`,
      );
      return -1;
    }
    const index = Number(ref);
    if (index >= width) {
      warnings.push(
        `Column ${index} (${label}) is beyond the last column holding data (the file has ${width} columns); its values are empty.`,
      );
    }
    return index;
  };

  plan.itemColumn = resolve(settings.itemNumberColumnName, 'item number');
  plan.qtyColumn = resolve(settings.qtyColumnName, 'quantity');
  columnInfo.itemColumnIndex = plan.itemColumn;
  columnInfo.qtyColumnIndex = plan.qtyColumn;
  if (settings.statusSupersedesQuantity) {
    if (settings.itemStatusColumnName.trim() === '') {
      warnings.push('Status supersedes quantity is on, but no item status column is set: quantities decide.');
    } else {
      const index = resolve(settings.itemStatusColumnName, 'item status');
      plan.statusColumn = index >= 0 ? index : null;
    }
  }

  if (problems.length > 0) {
    let context = '';
    if (hasHeader) {
      context = plan.headerDrift
        ? ` The header row has changed: ${describeHeaderDrift(plan.headerDrift, headers)}.`
        : ` The header row (row 1) is: ${headers.map((header) => `"${header}"`).join(', ')}.`;
    }
    throw new InventoryFailure(`${problems.join(' ')}${context}`, {
      columnInfo,
      headerDrift: plan.headerDrift,
      warnings,
    });
  }
  if (plan.headerDrift) {
    warnings.push(
      `The header row has changed since the last good file: ${describeHeaderDrift(plan.headerDrift, headers)}.`,
    );
  }
  return plan;
}

export interface SupplierItem {
  key: string;
  /** The item number as the supplier wrote it (first row). */
  text: string;
  quantity: number;
  status: string;
  /** 0-based row of the file (first row holding the item). */
  rowIndex: number;
}

export interface SupplierCounts {
  totalRows: number;
  processedRows: number;
  skippedRows: number;
}

export interface SupplierData {
  items: Map<string, SupplierItem>;
  counts: SupplierCounts;
  warnings: string[];
}

const ROWS_LISTED = 10;

/** Rows that share a problem, reported once with their row numbers (1-based, as a spreadsheet shows them). */
export class RowIssues {
  private readonly groups = new Map<
    string,
    { text: string; rows: number[]; count: number; example?: string }
  >();

  add(key: string, text: string, rowIndex: number, example?: string) {
    let group = this.groups.get(key);
    if (!group) {
      group = { text, rows: [], count: 0, ...(example === undefined ? {} : { example }) };
      this.groups.set(key, group);
    }
    group.count++;
    if (group.rows.length < ROWS_LISTED) group.rows.push(rowIndex + 1);
  }

  messages(): string[] {
    return [...this.groups.values()].map((group) => {
      const more = group.count - group.rows.length;
      const rows = `${group.count === 1 ? 'row' : 'rows'} ${group.rows.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`;
      const example = group.example === undefined ? '' : ` (e.g. "${truncate(group.example, 40)}")`;
      return `${group.text}: ${rows}${example}.`;
    });
  }
}

function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** One entry per item number of the file. */
export function collectItems(table: Table, plan: ColumnPlan, stripLeadingZeroes: boolean): SupplierData {
  const items = new Map<string, SupplierItem>();
  const counts: SupplierCounts = { totalRows: 0, processedRows: 0, skippedRows: 0 };
  const issues = new RowIssues();
  if (plan.empty) return { items, counts, warnings: [] };
  const { itemColumn, qtyColumn, statusColumn } = plan;
  const rows = table.rows;
  let repeatedRows = 0;
  const repeatedExamples: string[] = [];

  for (let r = plan.firstDataRow; r < rows.length; r++) {
    const row = rows[r]!;
    counts.totalRows++;
    if (isBlankRow(row)) {
      counts.skippedRows++;
      continue;
    }
    const text = (row[itemColumn] ?? '').trim();
    if (text === '') {
      counts.skippedRows++;
      issues.add('no-item', 'No item number, row skipped', r);
      continue;
    }
    counts.processedRows++;
    const quantityText = row[qtyColumn] ?? '';
    let quantity = parseQuantity(quantityText);
    if (quantity === null) {
      issues.add('blank-qty', 'Quantity is blank and was read as 0', r);
      quantity = 0;
    } else if (quantity === undefined) {
      issues.add('bad-qty', 'Quantity is not a number and was read as 0', r, quantityText.trim());
      quantity = 0;
    }
    const status = statusColumn === null ? '' : (row[statusColumn] ?? '').trim();
    const key = normaliseItemNumber(text, stripLeadingZeroes);
    const earlier = items.get(key);
    if (earlier) {
      earlier.quantity += quantity;
      if (status !== '') earlier.status = status;
      repeatedRows++;
      if (repeatedExamples.length < ROWS_LISTED && !repeatedExamples.includes(earlier.text)) {
        repeatedExamples.push(earlier.text);
      }
    } else {
      items.set(key, { key, text, quantity, status, rowIndex: r });
    }
  }

  const warnings = issues.messages();
  if (repeatedRows > 0) {
    warnings.push(
      `${repeatedRows.toLocaleString('en-US')} ${repeatedRows === 1 ? 'row repeats' : 'rows repeat'} an item number of an earlier row; their quantities were added up (e.g. ${repeatedExamples.join(', ')}).`,
    );
  }
  return { items, counts, warnings };
}
