import type { Writable } from 'node:stream';
import {
  ORDER_EXPORT_CARRIER_COLUMNS,
  ORDER_GRID_COLUMN_IDS,
  ORDER_GRID_COLUMNS,
  type OrderExportColumnId,
  type OrderExportFormat,
  type OrderGridColumnId,
  type OrderListResponse,
  type OrderRecord,
  type TOrderEdit,
  type TOrderExportQuery,
  type TOrderListQuery,
  type TOrderNote,
} from '@app/contracts';
import type { Database, DbOrTx } from '@app/db';
import { PgDialect } from 'drizzle-orm/pg-core';
import { AppError } from '../../lib/app-error';
import { EXPORT_CONTENT_TYPES, type ExportLayout, exportFileName, writeExportFile } from './export-file';
import { exportSelect, forEachHeldExportBatch } from './export-repository';
import { writeExportInThread } from './export-thread';
import {
  type Condition,
  type Filter,
  findOrderPage,
  findValuesContaining,
  type SortKey,
  sortKeyFor,
} from './grid-query-repository';
import {
  findOrder,
  loadOrders,
  orderExists,
  replaceTrackingNumbers,
  softDeleteOrder,
  updateOrderFields,
  updateOrderNote,
} from './repository';

const NOT_FOUND = 'Order not found';

/** The grid's six search inputs (docs/behaviour/order-tracking.md#search) and the field each one searches. */
const SEARCH_FIELDS = {
  PoNumberParam: { kind: 'like', column: 'customer_po_number' },
  ItemNumberParam: { kind: 'like', column: 'item_number' },
  ShipToNameParam: { kind: 'like', column: 'ship_to_name' },
  // Suppliers and brands are a few dozen names repeated over the whole table: a contains-search first
  // finds the names that match, then counts and pages through their btree index without the heap.
  SupplierNameParam: { kind: 'values', column: 'supplier_name' },
  BrandNameParam: { kind: 'values', column: 'brand_name' },
  TrackingNumberParam: { kind: 'tracking' },
} as const;
type SearchParam = keyof typeof SEARCH_FIELDS;
/** The list call's search and sort, without its paging: what the list and the export share. */
type OrderSearch = Omit<TOrderListQuery, 'PageSize' | 'PageIndex'>;

/** `text` anywhere in the value, taken literally: LIKE's \ % _ are escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (special) => `\\${special}`)}%`;
}

/**
 * The request's non-empty search inputs as SQL conditions. Undefined: no search. 'nothing': no order can
 * match (an AND term, or every OR term, names a supplier or brand that no live order has).
 */
async function resolveFilter(db: DbOrTx, query: OrderSearch): Promise<Filter | 'nothing' | undefined> {
  const search = await resolveSearch(db, query);
  if (!query.CarrierParam || search === 'nothing') return search;
  // The carrier filter narrows whatever the search finds, with either operator.
  const carrier: Condition = { kind: 'carrier', carrier: query.CarrierParam };
  if (!search) return { mode: 'and', conditions: [carrier] };
  return {
    mode: 'and',
    conditions:
      search.mode === 'and' ? [carrier, ...search.conditions] : [carrier, { kind: 'group', filter: search }],
  };
}

async function resolveSearch(db: DbOrTx, query: OrderSearch): Promise<Filter | 'nothing' | undefined> {
  const mode = query.AndOrParam ? 'and' : 'or';
  const terms = (Object.keys(SEARCH_FIELDS) as SearchParam[]).flatMap((param) =>
    query[param] ? [{ field: SEARCH_FIELDS[param], pattern: containsPattern(query[param]) }] : [],
  );
  if (terms.length === 0) return undefined;
  const lookups = terms.flatMap(({ field, pattern }) =>
    field.kind === 'values' ? [{ column: field.column, pattern }] : [],
  );
  const found = await findValuesContaining(db, lookups);
  const conditions: Condition[] = [];
  for (const { field, pattern } of terms) {
    if (field.kind === 'tracking') {
      conditions.push({ kind: 'tracking', pattern });
    } else if (field.kind === 'like') {
      conditions.push({ kind: 'like', column: field.column, pattern });
    } else {
      const values = found.shift();
      if (values === undefined) conditions.push({ kind: 'like', column: field.column, pattern });
      else if (values.length > 0) conditions.push({ kind: 'in', column: field.column, values });
      else if (mode === 'and') return 'nothing';
      // OR: a term that matches nothing adds nothing.
    }
  }
  return conditions.length > 0 ? { mode, conditions } : 'nothing';
}

function sortKeys(sortParams: Record<string, boolean>): SortKey[] {
  const keys = Object.entries(sortParams).map(([column, ascending]) => {
    const key = sortKeyFor(column, ascending);
    // The contract already refuses unknown columns; this keeps user text out of SQL whatever happens.
    if (!key) throw AppError.badRequest('Unknown sort column', { SortParams: 'Unknown sort column' });
    return key;
  });
  // Default: most recently updated first.
  return keys.length > 0 ? keys : [sortKeyFor('lastUpdated', false)!];
}

/**
 * The grid's list call: at most two statements, the supplier/brand name lookup (only when those fields
 * are searched) and one statement for the exact total, the page and its rows (see findOrderPage).
 */
export async function listOrders(db: DbOrTx, query: TOrderListQuery): Promise<OrderListResponse> {
  const sort = sortKeys(query.SortParams);
  const filter = await resolveFilter(db, query);
  if (filter === 'nothing') return { orders: [], totalRecordCount: 0 };
  const { total, orders } = await findOrderPage(db, {
    filter,
    sort,
    pageSize: query.PageSize,
    pageIndex: query.PageIndex,
  });
  return { orders, totalRecordCount: total };
}

/** Rows per cursor FETCH: big enough that round trips do not dominate, small enough to stay a few MB. */
export const EXPORT_BATCH_SIZE = 2000;
/**
 * Rows per batch on the embedded database, whose one connection every other request waits for while a
 * batch is read: about 20 ms (docs/decisions/0025-exports-beside-other-requests.md).
 */
export const EMBEDDED_EXPORT_BATCH_SIZE = 500;

export interface OrderExport {
  fileName: string;
  contentType: string;
  /** Writes the whole file to `out` (without ending it); answers the number of orders written. */
  write(out: Writable): Promise<number>;
}

const COLUMN_BY_ID = new Map<OrderExportColumnId, { label: string; kind: string }>(
  [...ORDER_GRID_COLUMNS, ...ORDER_EXPORT_CARRIER_COLUMNS].map((column) => [column.id, column]),
);

/** The grid's columns to export, in the grid's order, with the carrier columns after Tracking Numbers. */
export function exportColumns(requested: readonly OrderGridColumnId[]): OrderExportColumnId[] {
  return ORDER_GRID_COLUMN_IDS.filter((id) => requested.includes(id)).flatMap((id): OrderExportColumnId[] =>
    id === 'trackingNumbers' ? [id, ...ORDER_EXPORT_CARRIER_COLUMNS.map((column) => column.id)] : [id],
  );
}

/** The file's headers and cell kinds: the grid's labels, dates and numbers as such, the rest text. */
export function exportLayout(
  format: OrderExportFormat,
  columns: readonly OrderExportColumnId[],
): ExportLayout {
  return {
    format,
    headers: columns.map((id) => COLUMN_BY_ID.get(id)!.label),
    kinds: columns.map((id) => {
      const kind = COLUMN_BY_ID.get(id)!.kind;
      return kind === 'date' || kind === 'number' ? kind : 'text';
    }),
  };
}

const postgresDialect = new PgDialect();

/**
 * Export (docs/behaviour/order-tracking.md#export): the file of every live order the list call would show
 * for this search and sort, in the same order. The search is resolved here, so that a bad request fails
 * before the download starts; nothing is read until the file is written. On PostgreSQL the rows are read
 * and the file written in a thread of its own (export-thread.ts); on the embedded database, whose one
 * connection lives in this thread, here, in small batches. How many run at once: export-gate.ts.
 */
export async function prepareOrderExport(
  database: Database,
  query: TOrderExportQuery,
  now: Date,
): Promise<OrderExport> {
  const sort = sortKeys(query.SortParams);
  const filter = await resolveFilter(database.db, query);
  // The grid's column order, whatever order the request named them in.
  const columns = exportColumns(query.columns);
  const layout = exportLayout(query.format, columns);
  const file = {
    fileName: exportFileName(query.format, now),
    contentType: EXPORT_CONTENT_TYPES[query.format],
  };
  if (filter === 'nothing') {
    return { ...file, write: (out) => writeExportFile(out, layout, async () => 0) };
  }
  const exportQuery = { filter, sort, columns };
  if (database.kind === 'postgres') {
    const statement = postgresDialect.sqlToQuery(exportSelect(exportQuery));
    return {
      ...file,
      write: (out) =>
        writeExportInThread(out, {
          connectionString: database.connectionString!,
          statement,
          layout,
          batchSize: EXPORT_BATCH_SIZE,
        }),
    };
  }
  return {
    ...file,
    write: (out) =>
      writeExportFile(out, layout, (onBatch) =>
        forEachHeldExportBatch(database.db, exportQuery, EMBEDDED_EXPORT_BATCH_SIZE, onBatch),
      ),
  };
}

export async function getOrder(db: DbOrTx, id: number): Promise<OrderRecord> {
  const order = await findOrder(db, id);
  if (!order || order.deletedStatus) throw AppError.notFound(NOT_FOUND);
  return order;
}

/** Soft delete. Deleting an order that is already deleted succeeds (a repeated click is not an error). */
export async function deleteOrder(db: DbOrTx, id: number): Promise<void> {
  if (await softDeleteOrder(db, id)) return;
  if (!(await orderExists(db, id))) throw AppError.notFound(NOT_FOUND);
}

export async function saveOrderNote(
  db: DbOrTx,
  input: TOrderNote,
): Promise<{ orderId: number; note: string }> {
  // A blank note clears it. A note is an annotation: it does not change lastUpdated (the grid's order).
  const note = input.note.trim() === '' ? null : input.note;
  if (!(await updateOrderNote(db, input.orderId, note))) throw AppError.notFound(NOT_FOUND);
  return { orderId: input.orderId, note: note ?? '' };
}

const DATE_FIELDS = ['estimatedArrivalDate', 'orderDate', 'poDate', 'shippedDate'] as const;
const MAX_TRACKING_NUMBER_LENGTH = 100;

/** The contract checks the YYYY-MM-DD shape; this also refuses dates that do not exist (2026-02-30). */
function checkEdit(input: TOrderEdit): string[] {
  const fields: Record<string, string> = {};
  for (const field of DATE_FIELDS) {
    const value = input[field];
    if (value && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
      fields[field] = 'Not a valid date';
    }
  }
  const numbers: string[] = [];
  const seen = new Set<string>();
  input.trackingNumbers.forEach((raw, index) => {
    const number = raw.trim();
    if (number.length > MAX_TRACKING_NUMBER_LENGTH) {
      fields[`trackingNumbers.${index}`] = `At most ${MAX_TRACKING_NUMBER_LENGTH} characters`;
    }
    // Tracking numbers are codes: 1z… and 1Z… are the same parcel, the first spelling is kept.
    if (number && !seen.has(number.toUpperCase())) {
      seen.add(number.toUpperCase());
      numbers.push(number);
    }
  });
  if (Object.keys(fields).length > 0) {
    const summary = Object.entries(fields)
      .map(([field, message]) => `${field}: ${message}`)
      .join('; ');
    throw AppError.badRequest(`Invalid request: ${summary}`, fields);
  }
  return numbers;
}

/**
 * Edit Order on the detail page (beyond the spec): saves every field, makes the tracking numbers the given
 * list (trimmed, blanks dropped, duplicates merged) and stamps lastUpdated.
 */
export async function editOrder(db: DbOrTx, id: number, input: TOrderEdit): Promise<OrderRecord> {
  const numbers = checkEdit(input);
  const { trackingNumbers: _ignored, ...fields } = input;
  await db.transaction(async (tx) => {
    if (!(await updateOrderFields(tx, id, fields))) throw AppError.notFound(NOT_FOUND);
    await replaceTrackingNumbers(tx, id, numbers);
  });
  const [order] = await loadOrders(db, [id]);
  if (!order) throw AppError.notFound(NOT_FOUND);
  return order;
}
