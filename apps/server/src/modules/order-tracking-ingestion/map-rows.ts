/**
 * Applies an order tracking source's settings (docs/behaviour/sources.md#order-tracking-source-editor, docs/behaviour/order-tracking.md#column-mapping) to a table read from a file:
 * finds the header row, resolves each column mapping (a header name, or a 0-based index), drops ignored
 * columns, and turns every data row into order values keyed by the source's unique column.
 *
 * Pure: no database. A mapping that no longer finds its column makes the whole file fail (docs/behaviour/runs-and-history.md#header-drift)
 * rather than import empty values; a bad cell only leaves that value empty and adds a warning.
 */
import {
  type HeaderDrift,
  ORDER_MAPPING_FIELDS,
  ORDER_MAPPING_LABELS,
  type OrderMappingField,
  UNIQUE_COLUMN_FIELD,
  type UniqueColumn,
} from '@app/contracts';
import { inferDateOrder, parseDateCell, type Table } from '../../integrations/spreadsheet';
import { CarrierChecks } from './carrier-warnings';
import { compareHeaders, describeHeaderDrift, normaliseHeader } from './header-drift';

/** The order fields stored in `orders` columns, in a fixed order (tracking numbers have their own table). */
export const VALUE_FIELDS = ORDER_MAPPING_FIELDS.filter(
  (field): field is Exclude<OrderMappingField, 'trackingNumbers'> => field !== 'trackingNumbers',
);
export type ValueField = (typeof VALUE_FIELDS)[number];

export const DATE_FIELDS: ReadonlySet<OrderMappingField> = new Set([
  'orderDate',
  'poDate',
  'shippedDate',
  'estimatedArrivalDate',
]);
export const NUMBER_FIELDS: ReadonlySet<OrderMappingField> = new Set(['qty', 'qtyFulfilled']);

export type OrderValue = string | number | null;

/** One order as mapped (preview, tests). */
export interface MappedOrder {
  /** The row of the file (1-based, as a spreadsheet numbers it); for a repeated key, its last row. */
  rowNumber: number;
  uniqueKey: string;
  /** The mapped fields: text, 'YYYY-MM-DD' for dates, numbers for quantities, null when empty. */
  values: Partial<Record<ValueField, OrderValue>>;
  trackingNumbers: string[];
}

/**
 * Every order of a file, one per unique key in the order keys first appear, stored by column: a
 * 100,000-row file is a few dozen arrays rather than 100,000 objects, and each batch of the upsert is a
 * slice of them.
 */
export interface MappedOrders {
  /** The fields the source maps (the unique column's among them), in VALUE_FIELDS order. */
  fields: ValueField[];
  uniqueKeys: string[];
  rowNumbers: number[];
  /** columns[f][n]: the value of fields[f] for order n. */
  columns: OrderValue[][];
  trackingNumbers: string[][];
}

export function listMappedOrders(orders: MappedOrders): MappedOrder[] {
  return orders.uniqueKeys.map((uniqueKey, n) => ({
    rowNumber: orders.rowNumbers[n]!,
    uniqueKey,
    values: Object.fromEntries(orders.fields.map((field, f) => [field, orders.columns[f]![n]!])),
    trackingNumbers: orders.trackingNumbers[n]!,
  }));
}

/** What a source contributes to mapping: the row of `order_tracking_sources`, or the parts that matter. */
export interface MappingSettings {
  fileHasHeader: boolean;
  headerRowIndex: number | null;
  columnMapping: Partial<Record<string, string>> | null;
  columnsToIgnore: string;
  secondaryDelimiter: string;
  uniqueColumn: string;
  lastGoodHeaders: string[] | null;
}

export interface MappingCounts {
  /** Data rows that hold anything (wholly blank rows are not counted). */
  rowsRead: number;
  /** Rows applied to orders, repeated keys included. */
  rowsImported: number;
  /** Rows without a unique key. */
  rowsSkipped: number;
}

interface MappingBase {
  /** The header row as written (trimmed, trailing blanks dropped); column indexes as text without a header. */
  headers: string[];
  headerDrift: HeaderDrift | null;
  warnings: string[];
}

export interface MappingFailure extends MappingBase {
  ok: false;
  error: string;
}

export interface MappingSuccess extends MappingBase {
  ok: true;
  orders: MappedOrders;
  /** The first `previewRows` data rows as mapped, before repeated keys are merged. */
  preview: MappedOrder[];
  counts: MappingCounts;
}

export type MappingResult = MappingFailure | MappingSuccess;

export interface MapTableOptions {
  /** How many mapped rows to keep in `preview`. Default 0. */
  previewRows?: number;
}

const MAX_ROWS_LISTED = 10;
const MAX_WARNINGS = 50;

/** A column reference as stored: digits are an index, anything else a header name. */
const INDEX = /^\d{1,5}$/;

type ColumnSource = { kind: 'column'; index: number } | { kind: 'constant'; value: string };

/** Rows that share a problem, reported once with their row numbers. */
class RowIssues {
  private readonly groups = new Map<
    string,
    { text: string; rows: number[]; count: number; example?: string }
  >();

  add(key: string, text: string, row: number, example?: string) {
    let group = this.groups.get(key);
    if (!group) {
      group = { text, rows: [], count: 0, ...(example === undefined ? {} : { example }) };
      this.groups.set(key, group);
    }
    group.count++;
    if (group.rows.length < MAX_ROWS_LISTED) group.rows.push(row);
  }

  messages(): string[] {
    return [...this.groups.values()].map((group) => {
      const more = group.count - group.rows.length;
      const rows = `${group.count === 1 ? 'row' : 'rows'} ${group.rows.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
      const example = group.example === undefined ? '' : ` (e.g. "${truncate(group.example, 40)}")`;
      return `${group.text}: ${rows}${example}.`;
    });
  }
}

function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** '1,234', '1 234', '+12', '12.50' → number; '' → null; anything else → undefined (not a number). */
export function parseQuantity(text: string): number | null | undefined {
  let value = text.trim();
  if (value === '') return null;
  value = value.replace(/[\s\u00a0\u202f']/g, '');
  if (/^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(value)) value = value.replace(/,/g, '');
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(value)) return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** Splits a tracking number cell on new lines and the source's delimiter; trimmed, blanks dropped, no repeats. */
export function splitTrackingNumbers(text: string, delimiter: string): string[] {
  if (text === '') return [];
  // Most cells hold one number: no split, no list to de-duplicate.
  if (!text.includes('\n') && !text.includes('\r') && (delimiter === '' || !text.includes(delimiter))) {
    const number = text.trim();
    return number === '' ? [] : [number];
  }
  let parts = text.split(/\r\n|\r|\n/);
  if (delimiter !== '') parts = parts.flatMap((part) => part.split(delimiter));
  const numbers: string[] = [];
  for (const part of parts) {
    const number = part.trim();
    if (number !== '' && !numbers.includes(number)) numbers.push(number);
  }
  return numbers;
}

function isBlankRow(row: readonly string[]): boolean {
  for (const cell of row) if (cell.trim() !== '') return false;
  return true;
}

function headerRowOf(table: Table, index: number): string[] {
  const row = (table.rows[index] ?? []).map((cell) => cell.trim());
  while (row.length > 0 && row[row.length - 1] === '') row.pop();
  return row;
}

interface IgnoredColumns {
  names: Set<string>;
  indexes: Set<number>;
  has(normalisedHeader: string, index: number): boolean;
}

function parseIgnoredColumns(text: string): IgnoredColumns {
  const names = new Set<string>();
  const indexes = new Set<number>();
  for (const entry of text.split(',')) {
    const value = entry.trim();
    if (value === '') continue;
    if (INDEX.test(value)) indexes.add(Number(value));
    names.add(normaliseHeader(value));
  }
  return {
    names,
    indexes,
    has: (header, index) => indexes.has(index) || (header !== '' && names.has(header)),
  };
}

/** Maps a table with a source's settings. Never throws for a bad file: a failure is a result. */
export function mapTable(
  table: Table,
  settings: MappingSettings,
  options: MapTableOptions = {},
): MappingResult {
  // How the file was read (the encoding assumed, the sheet chosen) leads the run's warnings.
  const warnings: string[] = [...table.notes];
  const ignored = parseIgnoredColumns(settings.columnsToIgnore ?? '');
  const width = table.rows.reduce((widest, row) => Math.max(widest, row.length), 0);

  const headerRowIndex = settings.fileHasHeader ? (settings.headerRowIndex ?? 0) : -1;
  const headers = settings.fileHasHeader
    ? headerRowOf(table, headerRowIndex)
    : Array.from({ length: width }, (_, index) => String(index));
  const keys = settings.fileHasHeader ? headers.map(normaliseHeader) : [];

  let headerDrift: HeaderDrift | null = null;
  if (settings.fileHasHeader && settings.lastGoodHeaders && settings.lastGoodHeaders.length > 0) {
    headerDrift = compareHeaders(settings.lastGoodHeaders, headers, (key, index) => !ignored.has(key, index));
  }
  const fail = (error: string): MappingFailure => ({ ok: false, error, headers, headerDrift, warnings });

  if (settings.fileHasHeader && isBlankRow(table.rows[headerRowIndex] ?? [])) {
    return fail(
      headerRowIndex >= table.rows.length
        ? `The file has no row ${headerRowIndex + 1}, where the header row should be (header row index ${headerRowIndex}).`
        : `Row ${headerRowIndex + 1}, where the header row should be (header row index ${headerRowIndex}), is empty.`,
    );
  }
  if (!settings.fileHasHeader && ignored.names.size > ignored.indexes.size) {
    warnings.push(
      'Columns to ignore: names are ignored because the file has no header row; use 0-based indexes.',
    );
  }

  const { sources, problems, failed } = resolveColumnSources(
    settings,
    { headers, keys, width, ignored },
    warnings,
  );

  const uniqueField = UNIQUE_COLUMN_FIELD[settings.uniqueColumn as UniqueColumn] as ValueField | undefined;
  if (!uniqueField) {
    problems.push(`The unique column "${settings.uniqueColumn}" is not one of the known choices.`);
  } else if (!sources.has(uniqueField) && !failed.has(uniqueField)) {
    problems.push(
      `The unique column (${ORDER_MAPPING_LABELS[uniqueField]}) is not mapped to a file column; map it under Column Mappings.`,
    );
  }
  if (problems.length > 0) {
    let context = '';
    if (settings.fileHasHeader) {
      context = headerDrift
        ? ` The header row has changed: ${describeHeaderDrift(headerDrift, headers)}.`
        : ` The header row (row ${headerRowIndex + 1}) is: ${headers.map((header) => `"${header}"`).join(', ')}.`;
    }
    return fail(`${problems.join(' ')}${context}`);
  }
  if (headerDrift) {
    warnings.push(
      `The header row has changed since the last good file: ${describeHeaderDrift(headerDrift, headers)}.`,
    );
  }

  return mapRows(table, settings, {
    headers,
    headerDrift,
    warnings,
    firstDataRow: headerRowIndex + 1,
    sources,
    uniqueField: uniqueField!,
    previewRows: options.previewRows ?? 0,
  });
}

/** The file's columns as the mappings see them. */
interface FileColumns {
  /** The header row as written; column indexes as text without a header. */
  headers: string[];
  /** The normalised headers; empty without a header row. */
  keys: string[];
  /** The widest row's number of cells. */
  width: number;
  ignored: IgnoredColumns;
}

/** Where one mapping reads from, and what to tell about it; or why it cannot be read. */
type Resolution = { source: ColumnSource; warning?: string } | { problem: string };

/**
 * Resolves every mapping to a column (or, for the carrier, a constant), or says precisely why it cannot be.
 * Warnings about a mapping that still resolves are added to `warnings`, in field order.
 */
function resolveColumnSources(
  settings: MappingSettings,
  columns: FileColumns,
  warnings: string[],
): { sources: Map<OrderMappingField, ColumnSource>; problems: string[]; failed: Set<OrderMappingField> } {
  const mapping = settings.columnMapping ?? {};
  const sources = new Map<OrderMappingField, ColumnSource>();
  const problems: string[] = [];
  const failed = new Set<OrderMappingField>();
  const lastGood = new Set((settings.lastGoodHeaders ?? []).map(normaliseHeader));
  for (const field of ORDER_MAPPING_FIELDS) {
    const reference = (mapping[field] ?? '').trim();
    if (reference === '') continue;
    const resolution = settings.fileHasHeader
      ? resolveByHeader(field, reference, columns, lastGood)
      : resolveByIndex(field, reference, columns);
    if ('problem' in resolution) {
      failed.add(field);
      problems.push(resolution.problem);
      continue;
    }
    if (resolution.warning !== undefined) warnings.push(resolution.warning);
    sources.set(field, resolution.source);
  }
  return { sources, problems, failed };
}

/** A mapping in a file with a header row: a header name, else a 0-based index within the row's width. */
function resolveByHeader(
  field: OrderMappingField,
  reference: string,
  { headers, keys, width, ignored }: FileColumns,
  lastGood: ReadonlySet<string>,
): Resolution {
  const label = ORDER_MAPPING_LABELS[field];
  const isIgnored = (index: number) => ignored.has(keys[index] ?? '', index);
  const key = normaliseHeader(reference);
  const all = keys.flatMap((header, index) => (header === key ? [index] : []));
  const kept = all.filter((index) => !isIgnored(index));
  if (kept.length > 0) {
    const source: ColumnSource = { kind: 'column', index: kept[0]! };
    if (kept.length === 1) return { source };
    return {
      source,
      warning: `Column "${reference}" appears ${kept.length} times in the header row; ${label} is read from column ${kept[0]! + 1}.`,
    };
  }
  if (all.length > 0) {
    return { problem: `Column "${reference}" (mapped to ${label}) is listed in Columns to Ignore.` };
  }
  if (INDEX.test(reference) && Number(reference) < Math.max(width, headers.length)) {
    const index = Number(reference);
    if (isIgnored(index))
      return { problem: `Column ${index} (mapped to ${label}) is listed in Columns to Ignore.` };
    return { source: { kind: 'column', index } };
  }
  if (field === 'shippingCompany' && !lastGood.has(key)) {
    // The list screen shows this mapping as the source's carrier: when it names no column (and never
    // did), it is the carrier's name for every row.
    return { source: { kind: 'constant', value: reference } };
  }
  return { problem: `Column "${reference}" (mapped to ${label}) is not in the file.` };
}

/** A mapping in a file without a header row: a 0-based index (or, for the carrier, its name). */
function resolveByIndex(
  field: OrderMappingField,
  reference: string,
  { width, ignored }: FileColumns,
): Resolution {
  const label = ORDER_MAPPING_LABELS[field];
  if (INDEX.test(reference)) {
    const index = Number(reference);
    if (ignored.indexes.has(index)) {
      return { problem: `Column ${index} (mapped to ${label}) is listed in Columns to Ignore.` };
    }
    const source: ColumnSource = { kind: 'column', index };
    // Without a header nothing tells a missing column from one that is blank on every row.
    if (index < width) return { source };
    return {
      source,
      warning: `Column ${index} (mapped to ${label}) is beyond the last column holding data (the file has ${width} columns); its values are empty.`,
    };
  }
  if (field === 'shippingCompany') return { source: { kind: 'constant', value: reference } };
  return {
    problem: `Column mapping "${reference}" (${label}) must be a 0-based column index, because the file has no header row.`,
  };
}

interface RowMappingPlan {
  headers: string[];
  headerDrift: HeaderDrift | null;
  warnings: string[];
  firstDataRow: number;
  sources: Map<OrderMappingField, ColumnSource>;
  uniqueField: ValueField;
  previewRows: number;
}

function mapRows(table: Table, settings: MappingSettings, plan: RowMappingPlan): MappingSuccess {
  const { sources, uniqueField } = plan;
  const issues = new RowIssues();
  const delimiter = settings.secondaryDelimiter ?? '';
  const rows = table.rows;

  const fields = VALUE_FIELDS.filter((field) => sources.has(field));
  const readers = fields.map((field) =>
    cellReader(field, sources.get(field)!, rows, plan.firstDataRow, issues),
  );
  const uniqueSlot = fields.indexOf(uniqueField);
  const uniqueSource = sources.get(uniqueField)!;
  const trackingSource = sources.get('trackingNumbers');
  const constantNumbers =
    trackingSource?.kind === 'constant' ? splitTrackingNumbers(trackingSource.value, delimiter) : [];

  const carrierChecks = new CarrierChecks();
  const shippingSlot = fields.indexOf('shippingCompany');

  const orders: MappedOrders = {
    fields,
    uniqueKeys: [],
    rowNumbers: [],
    columns: fields.map(() => []),
    trackingNumbers: [],
  };
  const slotOfKey = new Map<string, number>();
  const preview: MappedOrder[] = [];
  const values = new Array<OrderValue>(fields.length);
  let rowsRead = 0;
  let rowsSkipped = 0;
  let repeated = 0;
  const repeatedRows: number[] = [];

  for (let r = plan.firstDataRow; r < rows.length; r++) {
    const row = rows[r]!;
    if (isBlankRow(row)) continue;
    rowsRead++;
    const rowNumber = r + 1;
    for (let f = 0; f < readers.length; f++) values[f] = readers[f]!(row, rowNumber);
    let trackingNumbers = constantNumbers;
    if (trackingSource?.kind === 'column') {
      trackingNumbers = splitTrackingNumbers(row[trackingSource.index] ?? '', delimiter);
    }

    // The key is the stored form of the value (so '03/05/2024' and a date cell give the same key), or the
    // cell as written when it could not be read as a date or number.
    const keyValue = values[uniqueSlot];
    let uniqueKey = keyValue === null || keyValue === undefined ? '' : String(keyValue);
    if (uniqueKey === '' && uniqueSource.kind === 'column')
      uniqueKey = (row[uniqueSource.index] ?? '').trim();

    if (preview.length < plan.previewRows) {
      preview.push({
        rowNumber,
        uniqueKey,
        values: Object.fromEntries(fields.map((field, f) => [field, values[f]!])),
        trackingNumbers: [...trackingNumbers],
      });
    }
    if (uniqueKey === '') {
      rowsSkipped++;
      issues.add(
        'no-key',
        `No ${ORDER_MAPPING_LABELS[uniqueField]} (the unique column), row skipped`,
        rowNumber,
      );
      continue;
    }
    const shippingCompany = shippingSlot < 0 ? null : values[shippingSlot];
    for (const finding of carrierChecks.row(
      trackingNumbers,
      typeof shippingCompany === 'string' ? shippingCompany : null,
    )) {
      issues.add(finding.key, finding.text, rowNumber, finding.example);
    }
    const slot = slotOfKey.get(uniqueKey);
    if (slot === undefined) {
      slotOfKey.set(uniqueKey, orders.uniqueKeys.length);
      orders.uniqueKeys.push(uniqueKey);
      orders.rowNumbers.push(rowNumber);
      for (let f = 0; f < values.length; f++) orders.columns[f]!.push(values[f]!);
      orders.trackingNumbers.push(
        trackingNumbers === constantNumbers ? [...trackingNumbers] : trackingNumbers,
      );
    } else {
      // The last row wins; tracking numbers of every row with the key are kept.
      repeated++;
      if (repeatedRows.length < MAX_ROWS_LISTED) repeatedRows.push(rowNumber);
      orders.rowNumbers[slot] = rowNumber;
      for (let f = 0; f < values.length; f++) orders.columns[f]![slot] = values[f]!;
      const merged = orders.trackingNumbers[slot]!;
      for (const number of trackingNumbers) if (!merged.includes(number)) merged.push(number);
    }
  }

  const warnings = runWarnings(plan.warnings, issues, {
    uniqueField,
    repeated,
    repeatedRows,
    rowsRead,
  });

  return {
    ok: true,
    headers: plan.headers,
    headerDrift: plan.headerDrift,
    warnings,
    orders,
    preview,
    counts: { rowsRead, rowsImported: rowsRead - rowsSkipped, rowsSkipped },
  };
}

/** Cells repeat (a few hundred dates, a few quantities in 100,000 rows): each distinct text is read once. */
const MEMO_LIMIT = 50_000;

function memoised<T>(read: (text: string) => T): (text: string) => T {
  const memo = new Map<string, T>();
  return (text: string): T => {
    let value = memo.get(text);
    if (value === undefined && !memo.has(text)) {
      value = read(text);
      if (memo.size < MEMO_LIMIT) memo.set(text, value);
    }
    return value as T;
  };
}

type CellReader = (row: readonly string[], rowNumber: number) => OrderValue;

/**
 * The reader of one mapped field's value from a row: made once per field, called once per row (a bad cell
 * is left empty and noted in `issues`).
 */
function cellReader(
  field: ValueField,
  source: ColumnSource,
  rows: readonly (readonly string[])[],
  firstDataRow: number,
  issues: RowIssues,
): CellReader {
  if (source.kind === 'constant') return () => source.value;
  const { index } = source;
  const label = ORDER_MAPPING_LABELS[field];
  if (DATE_FIELDS.has(field)) {
    // A numeric date column is read day-first or month-first as its own values say (US when they do not).
    const distinct = new Set<string>();
    for (let r = firstDataRow; r < rows.length && distinct.size < MEMO_LIMIT; r++) {
      distinct.add(rows[r]![index] ?? '');
    }
    const order = inferDateOrder(distinct) ?? 'MDY';
    const parse = memoised((text) =>
      text.trim() === '' ? null : parseDateCell(text, { order, excelSerial: true }),
    );
    return (row, rowNumber) => {
      const text = row[index] ?? '';
      if (text === '') return null;
      const date = parse(text);
      if (date === null && text.trim() !== '') {
        issues.add(`date:${field}`, `${label} is not a date and was left empty`, rowNumber, text.trim());
      }
      return date;
    };
  }
  if (NUMBER_FIELDS.has(field)) {
    const parse = memoised(parseQuantity);
    return (row, rowNumber) => {
      const text = row[index] ?? '';
      if (text === '') return null;
      const number = parse(text);
      if (number === undefined) {
        issues.add(`number:${field}`, `${label} is not a number and was left empty`, rowNumber, text.trim());
        return null;
      }
      return number;
    };
  }
  return (row) => {
    const text = row[index];
    if (text === undefined || text === '') return null;
    const trimmed = text.trim();
    return trimmed === '' ? null : trimmed;
  };
}

/** The run's warnings: the mapping's, then the rows' issues, the repeated keys and an empty file, capped. */
function runWarnings(
  mappingWarnings: readonly string[],
  issues: RowIssues,
  rows: { uniqueField: ValueField; repeated: number; repeatedRows: readonly number[]; rowsRead: number },
): string[] {
  const { uniqueField, repeated, repeatedRows, rowsRead } = rows;
  const warnings = [...mappingWarnings, ...issues.messages()];
  if (repeated > 0) {
    const more = repeated - repeatedRows.length;
    warnings.push(
      `${repeated} ${repeated === 1 ? 'row repeats' : 'rows repeat'} the ${ORDER_MAPPING_LABELS[uniqueField]} of an earlier row; the last row of each was kept and the tracking numbers merged: ${repeated === 1 ? 'row' : 'rows'} ${repeatedRows.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`,
    );
  }
  if (rowsRead === 0) warnings.push('The file has no data rows.');
  if (warnings.length > MAX_WARNINGS) {
    const dropped = warnings.length - MAX_WARNINGS;
    warnings.splice(MAX_WARNINGS, dropped, `… and ${dropped} more warnings.`);
  }
  return warnings;
}

/** A mapped order as the preview shows it: every order field by name, tracking numbers as a list. */
export function toOrderRecord(order: MappedOrder): Record<string, OrderValue | string[]> {
  const record: Record<string, OrderValue | string[]> = {
    rowNumber: order.rowNumber,
    uniqueKey: order.uniqueKey === '' ? null : order.uniqueKey,
  };
  for (const field of ORDER_MAPPING_FIELDS) {
    record[field] = field === 'trackingNumbers' ? order.trackingNumbers : (order.values[field] ?? null);
  }
  return record;
}
