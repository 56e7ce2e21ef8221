/**
 * SQL of the order tracking grid: the search conditions, the sort, the exact count and the page.
 *
 * The grid has to stay fast at a million orders (bench/README.md has the figures). A list call is one
 * statement (findOrderPage), after a lookup of supplier/brand names when those are searched:
 * - the unfiltered total comes from `order_live_counts`, kept exact by triggers;
 * - a filtered total counts through indexes: trigram GIN for "contains" on text fields, index-only scans of
 *   the (column, id, …) indexes for supplier and brand once the few names that contain the text are known;
 * - the page's ids come from walking a (sort column, id) index keeping matching rows, or, when the matches
 *   are few or have to be read anyway, from sorting just those; only that page's rows are then read.
 * Column names and sort expressions come from the fixed maps below, never from the request. The export
 * (export-repository.ts) reads the same filter in the same order.
 */

import {
  CARRIER_FILTER_INVALID,
  CARRIER_FILTER_NONE,
  CARRIER_FILTER_POSTS,
  type OrderRecord,
  type OrderSortableColumn,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { queryRows, schema } from '@app/db';
import { type SQL, sql } from 'drizzle-orm';
import { RECORD_COLUMNS, withCarriers } from './repository';

/** A resolved search condition on one field. Columns are constants of this module. */
export type Condition =
  | { kind: 'like'; column: string; pattern: string }
  | { kind: 'in'; column: string; values: string[] }
  | { kind: 'tracking'; pattern: string }
  /** Orders with a tracking number of this carrier (CarrierParam: a code, post, none or check-digit-invalid). */
  | { kind: 'carrier'; carrier: string }
  /** A whole filter as one term: the grid's OR search under the carrier filter's AND. */
  | { kind: 'group'; filter: Filter };

export interface Filter {
  mode: 'and' | 'or';
  conditions: Condition[];
}

export interface SortKey {
  /** SQL expression over `orders o`, from SORT_EXPRESSIONS. */
  expression: string;
  ascending: boolean;
  /** The order can be walked through an index instead of sorted. */
  indexed: boolean;
  /**
   * Source name: sorted by name, then by source (two sources may share a name); walked source by source
   * in name order, each through the (source, …) index.
   */
  bySource?: boolean;
}

const INDEXED_COLUMNS = new Set<string>(schema.ORDER_SORT_INDEXES.map(([, column]) => column));

export const SORT_EXPRESSIONS: Record<OrderSortableColumn, string> = {
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

const SOURCE_NAME = SORT_EXPRESSIONS.sourceName;

/** The allow-list from sort column name to SQL; anything else is refused (the contract refuses it first). */
export function sortKeyFor(column: string, ascending: boolean): SortKey | undefined {
  if (!Object.hasOwn(SORT_EXPRESSIONS, column)) return undefined;
  const name = column as OrderSortableColumn;
  if (name === 'sourceName') return { expression: SOURCE_NAME, ascending, indexed: true, bySource: true };
  return { expression: SORT_EXPRESSIONS[name], ascending, indexed: INDEXED_COLUMNS.has(name) };
}

interface OrderTerm {
  expression: string;
  ascending: boolean;
}

function orderTerms(keys: SortKey[]): OrderTerm[] {
  return keys.flatMap((key) =>
    key.bySource
      ? [key, { expression: 'o.order_tracking_source_id', ascending: key.ascending }]
      : [{ expression: key.expression, ascending: key.ascending }],
  );
}

/** The sort's terms over `orders o` joined to its source `s`: the source name read from the join. */
export function joinedOrderTerms(keys: SortKey[]): OrderTerm[] {
  return orderTerms(keys).map((term) =>
    term.expression === SOURCE_NAME ? { ...term, expression: 's.source_name' } : term,
  );
}

/**
 * ORDER BY the terms, then id in the direction of the last term (so that a (column, id) index serves both
 * directions); `reverse` inverts every direction. `names` replaces the expressions by output column names.
 */
export function orderBySql(
  terms: OrderTerm[],
  reverse: boolean,
  options: { names?: string[]; id?: string; tieAscending?: boolean } = {},
): SQL {
  const direction = (ascending: boolean) => (ascending !== reverse ? 'asc' : 'desc');
  const tie = options.tieAscending ?? terms[terms.length - 1]?.ascending ?? true;
  const parts = [
    ...terms.map(
      (term, index) => `${options.names?.[index] ?? term.expression} ${direction(term.ascending)}`,
    ),
    `${options.id ?? 'o.id'} ${direction(tie)}`,
  ];
  return sql.raw(parts.join(', '));
}

/**
 * Page ids in sort order, walking indexes: the first sort column's (column, id) index, keeping the rows
 * that pass `where`. Sorted by source name alone: source by source in name order (a handful of sources),
 * each through the (source, id) index, at most offset + limit entries per source. Source name followed by
 * other columns, or with a search, has no index to walk (the best plan inside a source depends on the
 * source's size, which the planner cannot see there): it sorts.
 */
function walkSql(
  where: SQL,
  filtered: boolean,
  sort: SortKey[],
  reverse: boolean,
  limit: number,
  offset: SQL,
): SQL {
  const first = sort[0]!;
  if (!first.bySource) {
    return sql`select o.id from orders o where ${where}
      order by ${orderBySql(orderTerms(sort), reverse)} limit ${limit} offset ${offset}`;
  }
  if (sort.length > 1 || filtered) {
    // The source name through a join: a subquery per row would run a million times.
    const terms = joinedOrderTerms(sort);
    return sql`select o.id from orders o left join order_tracking_sources s on s.id = o.order_tracking_source_id
      where ${where} order by ${orderBySql(terms, reverse)} limit ${limit} offset ${offset}`;
  }
  const ascending = first.ascending !== reverse;
  const direction = sql.raw(ascending ? 'asc' : 'desc');
  const sources = sql`array(select id from order_tracking_sources order by source_name ${direction}, id ${direction})`;
  // Orders without a source have no source name: last ascending, first descending.
  const ranked = ascending ? sql`${sources} || array[null]::int[]` : sql`array[null]::int[] || ${sources}`;
  const depth = sql`(${offset})::bigint + ${limit}::bigint`;
  return sql`select x.id from unnest(${ranked}) with ordinality as s(source_id, rank)
    cross join lateral (
      (select o.id from orders o where ${where} and o.order_tracking_source_id = s.source_id
        order by o.id ${direction} limit ${depth})
      union all
      (select o.id from orders o where s.source_id is null and ${where} and o.order_tracking_source_id is null
        order by o.id ${direction} limit ${depth})
    ) x
    order by s.rank, x.id ${direction} limit ${limit} offset ${offset}`;
}

/**
 * One condition as SQL. `bitmap`: the tracking-number match is an id list (= ANY), which PostgreSQL can
 * combine with the trigram and btree bitmaps (BitmapOr/BitmapAnd); `rows`: it is a hashed IN-subquery,
 * cheap to test row by row while an index is walked.
 */
function conditionSql(condition: Condition, use: 'bitmap' | 'rows'): SQL {
  switch (condition.kind) {
    case 'like':
      // The pattern's \ % _ are escaped by the service; backslash is ILIKE's default escape character.
      return sql`${sql.raw(`o.${condition.column}`)} ilike ${condition.pattern}`;
    case 'in':
      // Answered by the (column, id, …) btree index, index-only for counts.
      return sql`${sql.raw(`o.${condition.column}`)} = any(array[${sql.join(
        condition.values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[])`;
    case 'tracking': {
      const orderIds = sql`select t.order_id from order_tracking_numbers t where t.tracking_number ilike ${condition.pattern}`;
      return use === 'bitmap' ? sql`o.id = any(array(${orderIds}))` : sql`o.id in (${orderIds})`;
    }
    case 'carrier':
      // A hashed semi-join either way: one carrier can hold most of the numbers, too many for an id array.
      return sql`o.id in (select t.order_id from order_tracking_numbers t where ${carrierPredicate(condition.carrier)})`;
    case 'group':
      return filterSql(condition.filter, use);
  }
}

function carrierPredicate(carrier: string): SQL {
  if (carrier === CARRIER_FILTER_NONE) return sql`t.carrier is null`;
  if (carrier === CARRIER_FILTER_INVALID) return sql`t.check_digit = 'invalid'`;
  if (carrier === CARRIER_FILTER_POSTS) return sql`left(t.carrier, 5) = 'post_'`;
  return sql`t.carrier = ${carrier}`;
}

export function filterSql(filter: Filter, use: 'bitmap' | 'rows'): SQL {
  const parts = filter.conditions.map((condition) => conditionSql(condition, use));
  return sql`(${sql.join(parts, filter.mode === 'and' ? sql` and ` : sql` or `)})`;
}

/**
 * The ids of the live orders matching an OR filter, as a UNION: each field uses its own index and the
 * supplier/brand branches stay index-only scans of their (column, id) indexes.
 */
function unionIdsSql(filter: Filter): SQL {
  return sql.join(
    filter.conditions.map(
      (condition) =>
        sql`select o.id from orders o where o.deleted_status = false and ${conditionSql(condition, 'bitmap')}`,
    ),
    sql` union `,
  );
}

/**
 * The exact number of live orders matching the filter. An OR of trigram/tracking searches (H) and one or
 * two supplier/brand name lists (B, C) is counted as |H − (B ∪ C)| + |B| + |C| − |B ∩ C|: the rows of H
 * are read once anyway (to recheck the trigram match), |B| and |C| are index-only counts, and so is the
 * intersection (the supplier index carries the brand). No set of tens of thousands of ids to de-duplicate;
 * more lists than two (not produced today) fall back to a UNION.
 */
function countSql(filter: Filter): SQL {
  const live = (condition: SQL) =>
    sql`(select count(*) from orders o where o.deleted_status = false and ${condition})`;
  if (filter.mode === 'and' || filter.conditions.length === 1) return live(filterSql(filter, 'bitmap'));
  const lists = filter.conditions.filter((condition) => condition.kind === 'in');
  const searches = filter.conditions.filter((condition) => condition.kind !== 'in');
  if (lists.length > 2) return sql`(select count(*) from (${unionIdsSql(filter)}) m)`;
  const inList = (conditions: Condition[]) =>
    sql.join(
      conditions.map((condition) => conditionSql(condition, 'bitmap')),
      sql` or `,
    );
  const parts: SQL[] = [];
  if (searches.length > 0) {
    // "is not true": a row whose supplier is empty (null) is not in the list either.
    const notListed = lists.length > 0 ? sql` and (${inList(lists)}) is not true` : sql``;
    parts.push(live(sql`(${inList(searches)})${notListed}`));
  }
  for (const list of lists) parts.push(live(conditionSql(list, 'bitmap')));
  const both =
    lists.length === 2
      ? sql` - ${live(sql`${conditionSql(lists[0]!, 'bitmap')} and ${conditionSql(lists[1]!, 'bitmap')}`)}`
      : sql``;
  return sql`(${sql.join(parts, sql` + `)}${both})`;
}

/** The exact number of live orders, from the trigger-maintained counter. */
export async function countLiveOrders(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ live: number | string }>(
    db,
    sql`select coalesce(sum(live), 0)::int as live from order_live_counts`,
  );
  return Number(row?.live ?? 0);
}

const LIVE_COUNT = sql`(select coalesce(sum(live), 0) from order_live_counts)`;

/** Above this many distinct values a field is searched through its trigram index instead. */
export const DISTINCT_VALUE_LIMIT = 1000;

export interface ValueLookup {
  column: 'supplier_name' | 'brand_name';
  pattern: string;
}

/**
 * For each lookup, the distinct live values of a low-cardinality column (supplier, brand) that contain the
 * pattern, found by skipping through its (column, id) index one value at a time (a few dozen index
 * probes); undefined for a column with more than DISTINCT_VALUE_LIMIT distinct values. One statement for
 * all lookups.
 */
export async function findValuesContaining(
  db: DbOrTx,
  lookups: ValueLookup[],
): Promise<Array<string[] | undefined>> {
  if (lookups.length === 0) return [];
  const ctes = lookups.map(({ column }, index) => {
    const c = sql.raw(`o.${column}`);
    const all = sql.raw(`distinct_${index}`);
    const first = sql.raw(`first_${index}`);
    return sql`${all}(value) as (
        (select ${c} from orders o where o.deleted_status = false and ${c} is not null order by ${c} limit 1)
        union all
        select (select ${c} from orders o where o.deleted_status = false and ${c} > d.value order by ${c} limit 1)
          from ${all} d where d.value is not null
      ), ${first} as (select value from ${all} where value is not null limit ${DISTINCT_VALUE_LIMIT + 1})`;
  });
  const columns = lookups.map(({ pattern }, index) => {
    const first = sql.raw(`first_${index}`);
    return sql`(select count(*) from ${first})::int as ${sql.raw(`"count${index}"`)},
      coalesce((select json_agg(value) from ${first} where value ilike ${pattern}), '[]'::json) as ${sql.raw(`"matched${index}"`)}`;
  });
  const [row] = await queryRows<Record<string, number | string[]>>(
    db,
    sql`with recursive ${sql.join(ctes, sql`, `)} select ${sql.join(columns, sql`, `)}`,
  );
  return lookups.map((_, index) =>
    Number(row?.[`count${index}`]) > DISTINCT_VALUE_LIMIT
      ? undefined
      : (row?.[`matched${index}`] as string[]),
  );
}

/**
 * How a page is found:
 * - `materialize`: the matching rows are read once (they have to be: a trigram match is rechecked on the
 *   row) together with their sort keys; the count and the sorted page come from that one pass.
 * - `index`: the count comes from the counter or from index scans (index-only for supplier/brand), and the
 *   page either walks the first sort column's (column, id) index keeping matching rows, or, when the
 *   matches are few, sorts just them ("collect"). Past the middle the walk starts from the other end with
 *   the order inverted, so the last of a million rows is the first of the walk, not offset 999,750.
 */
export type PageShape = 'materialize' | 'index';

export interface PageRequest {
  filter: Filter | undefined;
  sort: SortKey[];
  pageSize: number;
  pageIndex: number;
  /** Tests force each way of finding the page; 'auto' chooses by the exact counts. */
  shape?: PageShape | 'auto';
  collect?: 'auto' | 'always' | 'never';
  fromEnd?: 'auto' | 'always' | 'never';
}

/** A filter whose matching rows must be read anyway: any AND, or an OR of trigram/tracking searches only. */
function needsRows(filter: Filter): boolean {
  return filter.mode === 'and' || filter.conditions.every((condition) => condition.kind !== 'in');
}

/**
 * The total and the page's order records in one statement (one snapshot, one round trip): the count, the
 * choice of strategy (PostgreSQL CASE evaluates only the chosen branch), the page's ids and their rows.
 */
export async function findOrderPage(
  db: DbOrTx,
  request: PageRequest,
): Promise<{ total: number; orders: OrderRecord[] }> {
  const { filter, sort, pageSize } = request;
  const offset = (request.pageIndex - 1) * pageSize;
  const shape =
    request.shape && request.shape !== 'auto'
      ? request.shape
      : filter && needsRows(filter)
        ? 'materialize'
        : 'index';
  let pageSql: SQL;
  if (filter && shape === 'materialize') {
    const terms = orderTerms(sort);
    const names = terms.map((_, index) => `k${index}`);
    const where =
      filter.mode === 'or' && filter.conditions.length > 1 && !needsRows(filter)
        ? sql`o.id in (${unionIdsSql(filter)})`
        : filterSql(filter, 'bitmap');
    pageSql = sql`matching as materialized (
        select o.id, ${sql.raw(terms.map((term, index) => `${term.expression} as ${names[index]}`).join(', '))}
          from orders o where o.deleted_status = false and ${where}
      ), counted as (select count(*)::bigint as n from matching),
      page as (
        select array(select id from matching order by ${orderBySql(terms, false, { names, id: 'id' })}
                     limit ${pageSize} offset ${offset}) as ids, false as reversed
      )`;
  } else {
    const total = filter ? countSql(filter) : LIVE_COUNT;
    const walkWhere = filter
      ? sql`o.deleted_status = false and ${filterSql(filter, 'rows')}`
      : sql`o.deleted_status = false`;
    const matchingIds =
      filter && filter.mode === 'or' && filter.conditions.length > 1
        ? unionIdsSql(filter)
        : sql`select o.id from orders o where ${walkWhere}`;
    // Walking visits about (offset + limit) × live / total rows to fill a page, collecting reads `total`:
    // collect when total² < (offset + limit) × live. Without a filter, or when the first sort column has
    // no index, there is nothing to choose.
    const collect =
      !filter || request.collect === 'never'
        ? sql`false`
        : request.collect === 'always' || !sort[0]!.indexed || sort[0]!.bySource
          ? sql`true`
          : sql`w.n * w.n < (${offset} + w.lim) * w.live`;
    const fromEnd =
      request.fromEnd === 'never'
        ? sql`false`
        : request.fromEnd === 'always'
          ? sql`true`
          : sql`w.n - ${offset} - w.lim < ${offset}`;
    pageSql = sql`counted as (select ${total}::bigint as n),
      w as (select c.n, ${filter ? LIVE_COUNT : sql`c.n`}::bigint as live, least(${pageSize}, c.n - ${offset}) as lim from counted c),
      page as (
        select case
          when w.lim <= 0 then '{}'::bigint[]
          when ${collect} then array(
            select o.id from orders o where o.id = any(array(${matchingIds}))
             order by ${orderBySql(orderTerms(sort), false)} limit ${pageSize} offset ${offset})
          -- Constant LIMITs (the planner needs them to choose a fast-start plan); from the end, the walk
          -- takes the page's rows plus, on a partial last page, a few of the page before, cut off here.
          when ${fromEnd} then (array(${walkSql(walkWhere, filter !== undefined, sort, true, pageSize, sql`greatest(w.n - ${offset} - ${pageSize}, 0)`)}))[1:w.lim]
          else array(${walkSql(walkWhere, filter !== undefined, sort, false, pageSize, sql`${offset}`)})
        end as ids,
        (w.lim > 0 and not (${collect}) and (${fromEnd})) as reversed
        from w
      )`;
  }
  const [row] = await queryRows<{ total: number | string; orders: OrderRecord[] }>(
    db,
    sql`with ${pageSql}
        select (select n from counted)::float8 as total,
          coalesce((
            select json_agg(r.record order by case when (select reversed from page) then -r.pos else r.pos end)
              from unnest((select ids from page)) with ordinality as p(id, pos)
              cross join lateral (
                select p.pos, row_to_json(c) as record
                  from orders o
                  left join order_tracking_sources s on s.id = o.order_tracking_source_id
                  cross join lateral (select ${RECORD_COLUMNS}) c
                 where o.id = p.id
              ) r
          ), '[]'::json) as orders`,
  );
  return { total: Number(row?.total ?? 0), orders: (row?.orders ?? []).map(withCarriers) };
}
