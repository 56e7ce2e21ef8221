/**
 * SQL of the order tracking grid and the order detail.
 *
 * The grid has to stay fast at a million orders, so each list call is a few small, index-driven
 * statements (see service.ts for how they are combined):
 * - the unfiltered total comes from `order_live_counts`, kept exact by triggers;
 * - a filtered total is a count over index scans: trigram GIN indexes for "contains" on text fields,
 *   index-only scans of the (column, id) sort indexes for supplier and brand once their few distinct
 *   values that contain the text are known, a UNION of id sets for OR;
 * - the page's ids are found first, either by walking a (sort column, id) index and keeping matching rows,
 *   or, when the matches are few, by sorting just those; then only that page's rows and tracking numbers
 *   are read.
 * Column names and sort expressions come from the fixed maps below, never from the request.
 */
import type { OrderRecord, OrderSortableColumn, TOrderEdit } from '@app/contracts';
import type { AppDb } from '@app/db';
import { schema } from '@app/db';
import { and, eq, notInArray, type SQL, sql } from 'drizzle-orm';

const { orders, orderTrackingNumbers } = schema;

async function rowsOf<T>(db: AppDb, statement: SQL): Promise<T[]> {
  // node-postgres and PGlite both answer { rows }.
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** A resolved search condition on one field. Columns are constants of this module. */
export type Condition =
  | { kind: 'like'; column: string; pattern: string }
  | { kind: 'in'; column: string; values: string[] }
  | { kind: 'tracking'; pattern: string };

export interface Filter {
  mode: 'and' | 'or';
  conditions: Condition[];
}

export interface SortKey {
  /** SQL expression over `orders o`, from SORT_COLUMNS. */
  expression: string;
  ascending: boolean;
  /** A (column, id) index over live orders exists, so the order can be walked instead of sorted. */
  indexed: boolean;
}

const INDEXED_COLUMNS = new Set<string>(schema.ORDER_SORT_INDEXES.map(([, column]) => column));

const SORT_EXPRESSIONS: Record<OrderSortableColumn, string> = {
  sourceName: '(select s.source_name from order_tracking_sources s where s.id = o.order_tracking_source_id)',
  accountNumber: 'o.account_number',
  brandName: 'o.brand_name',
  customerName: 'o.customer_name',
  customerNumber: 'o.customer_number',
  customerPoNumber: 'o.customer_po_number',
  documentNumber: 'o.document_number',
  estimatedArrivalDate: 'o.estimated_arrival_date',
  itemNumber: 'o.item_number',
  itemStatus: 'o.item_status',
  lineStatus: 'o.line_status',
  notes: 'o.notes',
  orderDate: 'o.order_date',
  poDate: 'o.po_date',
  qty: 'o.qty',
  qtyFulfilled: 'o.qty_fulfilled',
  shipToName: 'o.ship_to_name',
  shippedDate: 'o.shipped_date',
  supplierName: 'o.supplier_name',
  supplierOrderStatus: 'o.supplier_order_status',
  shippingCompany: 'o.shipping_company',
  wildcard1: 'o.wildcard1',
  wildcard2: 'o.wildcard2',
  lastUpdated: 'o.last_updated',
};

/** The allow-list from sort column name to SQL; anything else is refused (the contract refuses it first). */
export function sortKeyFor(column: string, ascending: boolean): SortKey | undefined {
  if (!Object.hasOwn(SORT_EXPRESSIONS, column)) return undefined;
  const name = column as OrderSortableColumn;
  return { expression: SORT_EXPRESSIONS[name], ascending, indexed: INDEXED_COLUMNS.has(name) };
}

function conditionSql(condition: Condition): SQL {
  switch (condition.kind) {
    case 'like':
      // The pattern's \ % _ are escaped by the service; backslash is ILIKE's default escape character.
      return sql`${sql.raw(`o.${condition.column}`)} ilike ${condition.pattern}`;
    case 'in':
      return sql`${sql.raw(`o.${condition.column}`)} in (${sql.join(
        condition.values.map((value) => sql`${value}`),
        sql`, `,
      )})`;
    case 'tracking':
      return sql`o.id in (select t.order_id from order_tracking_numbers t where t.tracking_number ilike ${condition.pattern})`;
  }
}

function filterSql(filter: Filter): SQL {
  const parts = filter.conditions.map(conditionSql);
  return sql`(${sql.join(parts, filter.mode === 'and' ? sql` and ` : sql` or `)})`;
}

/**
 * The ids of the live orders matching the filter. OR over several fields is a UNION, so that each field
 * uses its own index (a tracking-number subquery cannot join a bitmap OR) and supplier/brand stay
 * index-only.
 */
function matchingIdsSql(filter: Filter): SQL {
  if (filter.mode === 'or' && filter.conditions.length > 1) {
    return sql.join(
      filter.conditions.map(
        (condition) => sql`select o.id from orders o where o.deleted_status = false and ${conditionSql(condition)}`,
      ),
      sql` union `,
    );
  }
  return sql`select o.id from orders o where o.deleted_status = false and ${filterSql(filter)}`;
}

/** The exact number of live orders, from the trigger-maintained counter. */
export async function countLiveOrders(db: AppDb): Promise<number> {
  const [row] = await rowsOf<{ live: number | string }>(
    db,
    sql`select coalesce(sum(live), 0)::int as live from order_live_counts`,
  );
  return Number(row?.live ?? 0);
}

export async function countMatchingOrders(db: AppDb, filter: Filter): Promise<number> {
  const [row] = await rowsOf<{ total: number | string }>(
    db,
    sql`select count(*)::int as total from (${matchingIdsSql(filter)}) as matching`,
  );
  return Number(row?.total ?? 0);
}

/** Above this many distinct values a field is searched through its trigram index instead. */
export const DISTINCT_VALUE_LIMIT = 1000;

/**
 * The distinct live values of a low-cardinality column (supplier, brand) that contain the pattern, found
 * by skipping through its (column, id) index one value at a time (a few dozen index probes), or undefined
 * when the column has more than DISTINCT_VALUE_LIMIT distinct values.
 */
export async function findValuesContaining(
  db: AppDb,
  column: 'supplier_name' | 'brand_name',
  pattern: string,
): Promise<string[] | undefined> {
  const c = sql.raw(`o.${column}`);
  const [row] = await rowsOf<{ distinctCount: number; matched: string[] }>(
    db,
    sql`with recursive distinct_values(value) as (
          (select ${c} from orders o where o.deleted_status = false and ${c} is not null order by ${c} limit 1)
          union all
          select (select ${c} from orders o where o.deleted_status = false and ${c} > d.value order by ${c} limit 1)
            from distinct_values d where d.value is not null
        ), first_values as (
          select value from distinct_values where value is not null limit ${DISTINCT_VALUE_LIMIT + 1}
        )
        select (select count(*) from first_values)::int as "distinctCount",
               coalesce((select json_agg(value) from first_values where value ilike ${pattern}), '[]'::json) as matched`,
  );
  if (!row || row.distinctCount > DISTINCT_VALUE_LIMIT) return undefined;
  return row.matched;
}

function orderBySql(keys: SortKey[], reverse: boolean): SQL {
  const direction = (ascending: boolean) => (ascending !== reverse ? 'asc' : 'desc');
  // id breaks ties in the direction of the last key, so that a (column, id) index serves both directions.
  const last = keys[keys.length - 1]!;
  const parts = [...keys.map((key) => `${key.expression} ${direction(key.ascending)}`), `o.id ${direction(last.ascending)}`];
  return sql.raw(parts.join(', '));
}

export interface PageQuery {
  filter: Filter | undefined;
  sort: SortKey[];
  offset: number;
  limit: number;
  /** Read the page from the other end (inverted order), then reverse it: for pages past the middle. */
  reverse: boolean;
  /** Sort the (few) matching rows rather than walk the sort index looking for them. */
  collect: boolean;
}

export async function findPageIds(db: AppDb, page: PageQuery): Promise<number[]> {
  const where = !page.filter
    ? sql`o.deleted_status = false`
    : page.collect
      ? sql`o.id = any(array(${matchingIdsSql(page.filter)}))`
      : sql`o.deleted_status = false and ${filterSql(page.filter)}`;
  const rows = await rowsOf<{ id: number | string }>(
    db,
    sql`select o.id from orders o where ${where} order by ${orderBySql(page.sort, page.reverse)} limit ${page.limit} offset ${page.offset}`,
  );
  const ids = rows.map((row) => Number(row.id));
  return page.reverse ? ids.reverse() : ids;
}

const ISO_DATE = `'YYYY-MM-DD'`;

/** The OrderRecord columns; dates as YYYY-MM-DD text and lastUpdated as an ISO timestamp, whatever the driver. */
const RECORD_COLUMNS = sql.raw(`
  o.id::float8 as "id",
  o.account_number as "accountNumber",
  o.brand_name as "brandName",
  o.customer_name as "customerName",
  o.customer_number as "customerNumber",
  o.customer_po_number as "customerPoNumber",
  o.document_number as "documentNumber",
  to_char(o.estimated_arrival_date, ${ISO_DATE}) as "estimatedArrivalDate",
  o.item_number as "itemNumber",
  o.item_status as "itemStatus",
  o.line_status as "lineStatus",
  o.notes as "notes",
  to_char(o.order_date, ${ISO_DATE}) as "orderDate",
  to_char(o.po_date, ${ISO_DATE}) as "poDate",
  o.qty as "qty",
  o.qty_fulfilled as "qtyFulfilled",
  o.ship_to_name as "shipToName",
  to_char(o.shipped_date, ${ISO_DATE}) as "shippedDate",
  o.supplier_name as "supplierName",
  o.supplier_order_status as "supplierOrderStatus",
  o.shipping_company as "shippingCompany",
  coalesce((select json_agg(json_build_object('id', t.id, 'trackingNumber', t.tracking_number) order by t.id)
              from order_tracking_numbers t where t.order_id = o.id), '[]'::json) as "trackingNumbers",
  o.wildcard1 as "wildcard1",
  o.wildcard2 as "wildcard2",
  o.order_tracking_source_id as "orderTrackingSourceId",
  s.source_name as "sourceName",
  o.active_status as "activeStatus",
  o.deleted_status as "deletedStatus",
  to_char(o.last_updated at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastUpdated"`);

/** The orders with these ids, with their tracking numbers and source name, in the order of `ids`. */
export async function loadOrders(db: AppDb, ids: number[]): Promise<OrderRecord[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<OrderRecord>(
    db,
    sql`select ${RECORD_COLUMNS}
          from orders o left join order_tracking_sources s on s.id = o.order_tracking_source_id
         where o.id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  const byId = new Map(rows.map((row) => [Number(row.id), { ...row, id: Number(row.id) }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findOrder(db: AppDb, id: number): Promise<OrderRecord | undefined> {
  const [order] = await loadOrders(db, [id]);
  return order;
}

export async function orderExists(db: AppDb, id: number): Promise<boolean> {
  const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
  return rows.length > 0;
}

/** Marks a live order deleted; false when there is no live order with this id. */
export async function softDeleteOrder(db: AppDb, id: number): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ deletedStatus: true })
    .where(and(eq(orders.id, id), eq(orders.deletedStatus, false)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export async function updateOrderNote(db: AppDb, id: number, note: string | null): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ notes: note })
    .where(and(eq(orders.id, id), eq(orders.deletedStatus, false)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export type OrderFields = Omit<TOrderEdit, 'trackingNumbers'>;

/** Saves the edited fields of a live order and stamps lastUpdated; false when there is none. */
export async function updateOrderFields(db: AppDb, id: number, fields: OrderFields): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ ...fields, lastUpdated: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.deletedStatus, false)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Makes the order's tracking numbers exactly `numbers`: numbers kept keep their ids, new ones are added. */
export async function replaceTrackingNumbers(db: AppDb, orderId: number, numbers: string[]): Promise<void> {
  await db
    .delete(orderTrackingNumbers)
    .where(
      numbers.length > 0
        ? and(eq(orderTrackingNumbers.orderId, orderId), notInArray(orderTrackingNumbers.trackingNumber, numbers))
        : eq(orderTrackingNumbers.orderId, orderId),
    );
  if (numbers.length === 0) return;
  await db
    .insert(orderTrackingNumbers)
    .values(numbers.map((trackingNumber) => ({ orderId, trackingNumber })))
    .onConflictDoNothing();
}
