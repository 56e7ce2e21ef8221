/**
 * Writes mapped orders of one source (docs/behaviour/order-tracking.md#unique-column-and-updates): upsert by (source, unique key), tracking numbers
 * merged (each new one stored with its recognised carrier), stale orders soft-deleted. Set-based and batched:
 * each batch of orders is one INSERT … ON CONFLICT over unnest()ed column arrays, which also answers which of
 * the batch's tracking numbers are new; those alone, if any, go with their carriers in one more statement,
 * whatever the number of rows. Rows are inserted and updated normally, so the live-order counter triggers of
 * migration 0005 stay exact.
 *
 * "Orders updated" counts rows that were inserted, changed, revived (soft-deleted and back in a file) or
 * that gained a tracking number; a row identical to what is stored is not written at all. Of those, the inserted
 * ones are counted apart (new orders; the rest changed), docs/behaviour/order-tracking.md#new-and-changed-orders.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DbOrTx } from '@app/db';
import { queryRows, schema } from '@app/db';
import { type SQL, sql } from 'drizzle-orm';
import { storedCarrierOf } from '../tracking-numbers/stored-carrier';
import { type OnIngestStep, timedStep } from './ingest-steps';
import { DATE_FIELDS, type MappedOrders, NUMBER_FIELDS, type ValueField } from './map-rows';

const { orders, orderTrackingNumbers, orderTrackingSources } = schema;

/**
 * Orders per statement. Each batch joins the source's stored orders once, so fewer, larger batches read
 * less (100,000 identical rows: about 0.5 s of database CPU at 25,000 per batch, 3 s at 2,000); 25,000
 * rows of parameters stay a few megabytes.
 */
export const DEFAULT_BATCH_SIZE = 25_000;
/** Key of the transaction-level advisory lock that lets one import per source run at a time. */
const INGEST_LOCK_CLASS = 724_310_002;

/**
 * The stored order of a key, as a LATERAL subquery: one probe of the (source, key) unique index per row of
 * the file, whatever the table's statistics say. As a plain join the planner chose by those statistics, and
 * they are wrong just when imports are big: a never-analysed table (a new install), or one analysed before a
 * new source's first file (its orders estimated at one row). LIMIT 1 tells it no more than one row can come.
 */
const storedOrder = (sourceId: number, key: SQL, columns: SQL) =>
  sql`select o.id, ${columns} from ${orders} o
    where o.order_tracking_source_id = ${sourceId}::int and o.unique_key = ${key} limit 1`;

const column = (field: ValueField) => sql.identifier(orders[field].name);
const arrayType = (field: ValueField) =>
  DATE_FIELDS.has(field) ? 'date[]' : NUMBER_FIELDS.has(field) ? 'float8[]' : 'text[]';
const list = (parts: Parameters<typeof sql.join>[0]) => sql.join(parts, sql`, `);

/**
 * A PostgreSQL array literal ('{"a",NULL,"b"}'), sent as one text parameter and cast in SQL. Built with
 * one join: the drivers' own array encoders concatenate character by character, which for 25,000-row
 * batches costs time and leaves megabytes of garbage; PGlite and node-postgres read the text the same way.
 */
export function arrayLiteral(values: ReadonlyArray<string | number | null>): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) parts[i] = 'NULL';
    else if (typeof value === 'number') parts[i] = String(value);
    // Most values hold neither a quote nor a backslash: two scans cost less than a regular expression.
    else if (value.includes('"') || value.includes('\\')) parts[i] = `"${value.replace(/[\\"]/g, '\\$&')}"`;
    else parts[i] = `"${value}"`;
  }
  return `{${parts.join(',')}}`;
}

const arrayParam = (values: ReadonlyArray<string | number | null>, type: string) =>
  sql`${arrayLiteral(values)}::${sql.raw(type)}`;

/** Serialises imports of one source: two files of the same supplier never interleave their batches. */
export async function lockSourceForIngest(db: DbOrTx, sourceId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${INGEST_LOCK_CLASS}::int, ${sourceId}::int)`);
}

/**
 * Runs an import's statements with sequential scans and JIT off, set for this transaction only
 * (set_config(…, true)) and put back afterwards, so the caller's other statements in the transaction plan as
 * usual. Sequential scans: each key lookup must be an index probe even when the planner thinks `orders`
 * empty (a new install: never analysed, and the first statement's own inserts are not in any estimate); a
 * scan there reads every order the statement has inserted so far, once per row. JIT: the pool turns it off
 * per connection, but a pooler in DATABASE_URL's path may drop that start-up option, and compiling these
 * large plans costs up to a second and a half. A failure is not put back here: it rolls back the caller's
 * savepoint, and the settings with it.
 */
export async function withImportPlanner<T>(db: DbOrTx, work: () => Promise<T>): Promise<T> {
  // The target list is evaluated left to right: the old values are read before they are changed.
  const [previous] = await queryRows<{ seqscan: string; jit: string }>(
    db,
    sql`select current_setting('enable_seqscan') as seqscan, current_setting('jit') as jit,
      set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`,
  );
  const result = await work();
  await db.execute(
    sql`select set_config('enable_seqscan', ${previous!.seqscan}, true), set_config('jit', ${previous!.jit}, true)`,
  );
  return result;
}

/**
 * Orders [start, end) as statement parts: their keys and each mapped field's values as array parameters, the
 * mapped columns' names, and those columns of the unnest's row `i`.
 */
function batchParams(mapped: MappedOrders, start: number, end: number) {
  const { fields } = mapped;
  return {
    keys: mapped.uniqueKeys.slice(start, end),
    arrays: fields.map((field, f) => arrayParam(mapped.columns[f]!.slice(start, end), arrayType(field))),
    columns: list(fields.map(column)),
    input: list(fields.map((field) => sql`i.${column(field)}`)),
  };
}

/**
 * The tracking numbers of orders [start, end) in the file's order, each beside its order's key and its
 * order's place in the batch, from 1 (order `start`), as an SQL array subscript counts.
 */
function batchNumbers(mapped: MappedOrders, start: number, end: number) {
  const numberKeys: string[] = [];
  const numbers: string[] = [];
  const places: number[] = [];
  for (let n = start; n < end; n++) {
    for (const number of mapped.trackingNumbers[n]!) {
      numberKeys.push(mapped.uniqueKeys[n]!);
      numbers.push(number);
      places.push(n - start + 1);
    }
  }
  return { numberKeys, numbers, places };
}

/**
 * A batch's parameters and its tracking numbers, built in two turns of the event loop: batches are built
 * while the one before runs (runBatches), and between turns its bytes keep going out.
 */
async function batchParts(mapped: MappedOrders, start: number, end: number) {
  await nextTurn();
  const params = batchParams(mapped, start, end);
  await nextTurn();
  return { ...params, ...batchNumbers(mapped, start, end) };
}

/** Orders a batch or a file wrote: `updated` of them in all, `inserted` of those new. */
export interface UpsertCounts {
  updated: number;
  inserted: number;
}

/** A batch's statement, built; running it (and what follows from its answer) writes the batch. */
type BatchWrite = (db: DbOrTx) => Promise<UpsertCounts>;

/**
 * Upserts orders [start, end) of a file (keys unique): the batch's write says how many were written and how
 * many of those were inserted. Only the fields the source maps are written: a field a file does not carry
 * keeps what staff entered, like the notes. Built in a few turns of the event loop (see runBatches).
 */
async function upsertBatch(
  sourceId: number,
  mapped: MappedOrders,
  start: number,
  end: number,
  onStep?: OnIngestStep,
): Promise<BatchWrite> {
  const { fields } = mapped;
  const { keys, arrays, columns, input, numbers, places } = await batchParts(mapped, start, end);
  const stored = list(fields.map((field) => sql`o.${column(field)}`));
  const storedAsS = list(fields.map((field) => sql`s.${column(field)}`));
  const excluded = list(fields.map((field) => sql`excluded.${column(field)}`));
  const assignments = list(fields.map((field) => sql`${column(field)} = excluded.${column(field)}`));
  // Which tracking numbers their orders lack, asked in the same statement by the ids the upsert found or
  // gave (docs/design/order-ingest.md#the-numbers-go-by-the-ids-the-upsert-found): each number is one probe
  // of the (order, number) index, and nothing is sent back when all are stored (the same file again).
  const numbersMissing =
    numbers.length === 0
      ? { ctes: sql``, columns: sql`` }
      : {
          ctes: sql`, ids as (
            select array_agg(coalesce(l.stored_id, c.id) order by l.ordinal) as ids
            from looked l left join changed c on l.stored_id is null and c.unique_key = l.unique_key
          ), missing as (
            select n.ordinal, x.ids[n.place] as order_id
            from ids x
            cross join unnest(${arrayParam(places, 'int[]')}, ${arrayParam(numbers, 'text[]')}) with ordinality
              as n(place, tracking_number, ordinal)
            left join lateral (
              select 1 as found from ${orderTrackingNumbers} t
              where t.order_id = x.ids[n.place] and t.tracking_number = n.tracking_number limit 1
            ) t on true
            where t.found is null
          )`,
          columns: sql`, (select array_agg(m.ordinal order by m.ordinal) from missing m) as "missingNumbers",
            (select array_agg(m.order_id order by m.ordinal) from missing m) as "missingOrderIds"`,
        };
  // Identical rows are filtered out before the INSERT: ON CONFLICT DO UPDATE would lock (and so write)
  // every existing row even when its WHERE then skips it. The ON CONFLICT clause stays for rows that
  // appear between the read and the write.
  // xmax is 0 on a row version this statement inserted, and set on one the ON CONFLICT branch updated.
  await nextTurn();
  const statement = sql`
      with input as (
        select * from unnest(${arrayParam(keys, 'text[]')}, ${list(arrays)}) with ordinality
          as i(unique_key, ${columns}, ordinal)
      ), looked as (
        select i.*, s.id as stored_id,
          s.id is null or (${storedAsS}, s.deleted_status) is distinct from (${input}, false) as todo
        from input i
        left join lateral (${storedOrder(sourceId, sql`i.unique_key`, sql`${stored}, o.deleted_status`)}) s on true
      ), changed as (
        insert into ${orders} as o (order_tracking_source_id, unique_key, ${columns}, last_updated)
        select ${sourceId}::int, i.unique_key, ${input}, now() from looked i where i.todo
        on conflict (order_tracking_source_id, unique_key) do update
          set ${assignments}, deleted_status = false, last_updated = excluded.last_updated
          where (${stored}, o.deleted_status) is distinct from (${excluded}, false)
        returning o.id, o.unique_key, (o.xmax = 0) as inserted
      )${numbersMissing.ctes}
      select (select count(*)::int from changed) as changed,
        (select (count(*) filter (where inserted))::int from changed) as inserted${numbersMissing.columns}`;
  return (db) => writeUpsertBatch(db, statement, numbers, onStep);
}

async function writeUpsertBatch(
  db: DbOrTx,
  statement: SQL,
  numbers: readonly string[],
  onStep: OnIngestStep | undefined,
): Promise<UpsertCounts> {
  const [upserted] = await timedStep(onStep, 'orders', () =>
    queryRows<{
      changed: number;
      inserted: number;
      missingNumbers?: Array<number | string> | null;
      missingOrderIds?: Array<number | string | null> | null;
    }>(db, statement),
  );
  const changed = upserted?.changed ?? 0;
  const inserted = upserted?.inserted ?? 0;
  const missing = upserted?.missingNumbers ?? [];
  if (missing.length === 0) return { updated: changed, inserted };
  const orderIds = upserted!.missingOrderIds!;
  const bumped = await timedStep(onStep, 'tracking numbers', () =>
    insertNumbers(
      db,
      missing.map((ordinal) => numbers[Number(ordinal) - 1]!),
      // An id is missing only if its order vanished between the lookup and the write, which nothing but an
      // import does, under the lock this one holds; such a number has no order to go to.
      orderIds.map((id) => (id === null ? null : Number(id))),
    ),
  );
  return { updated: changed + bumped, inserted };
}

/** Inserts numbers (with their recognised carriers) that their orders lack; stamps the orders that gained one. */
async function insertNumbers(
  db: DbOrTx,
  numbers: readonly string[],
  orderIds: ReadonlyArray<number | null>,
): Promise<number> {
  const carriers = new CarrierColumns();
  for (const number of numbers) carriers.push(number);
  const [merged] = await queryRows<{ bumped: number }>(
    db,
    sql`
      with added as (
        insert into ${orderTrackingNumbers}
          (order_id, tracking_number, carrier, carrier_name, carrier_service, check_digit, tracking_url)
        select n.order_id, n.tracking_number, ${carriers.columns('n')}
        from unnest(${arrayParam(orderIds, 'bigint[]')}, ${arrayParam(numbers, 'text[]')}, ${carriers.arrays()})
          as n(order_id, tracking_number, kind, url)
        -- No join: the function scan hands the numbers over in the file's order, the order of their ids.
        where n.order_id is not null
        on conflict (order_id, tracking_number) do nothing
        returning order_id
      ), bumped as (
        update ${orders} o set last_updated = now()
        from (select distinct order_id from added) b
        where o.id = b.order_id and o.last_updated <> now()
        returning 1
      )
      select count(*)::int as bumped from bumped`,
  );
  return merged?.bumped ?? 0;
}

/**
 * The recogniser's answer for each tracking number of a batch, sent compactly: the answers are a handful of
 * distinct (carrier, name, service, check digit, link prefix) tuples, so each number sends only the tuple's
 * index, and its link is the tuple's prefix followed by the number itself. Only a link that is not (a number
 * typed with spaces, a 420-routed IMpb) is sent whole. Five full text arrays cost a 100,000-row import
 * about a tenth more time, mostly parsing megabytes of repeated URLs.
 */
class CarrierColumns {
  private readonly kinds: number[] = [];
  private readonly urls: Array<string | null> = [];
  private readonly index = new Map<string, number>();
  private readonly tuples: Array<Array<string | null>> = [[], [], [], [], []];

  push(number: string) {
    const stored = storedCarrierOf(number);
    const url = stored.trackingUrl;
    const prefix = url?.endsWith(number) ? url.slice(0, url.length - number.length) : null;
    const key = `${stored.carrier}|${stored.carrierService}|${stored.checkDigit}|${prefix}`;
    let kind = this.index.get(key);
    if (kind === undefined) {
      kind = this.index.size + 1;
      this.index.set(key, kind);
      const values = [stored.carrier, stored.carrierName, stored.carrierService, stored.checkDigit, prefix];
      for (let i = 0; i < values.length; i++) this.tuples[i]!.push(values[i] ?? null);
    }
    this.kinds.push(kind);
    this.urls.push(url !== null && prefix === null ? url : null);
  }

  /** The per-number arrays, for the unnest (kind, url). */
  arrays(): SQL {
    return list([arrayParam(this.kinds, 'int[]'), arrayParam(this.urls, 'text[]')]);
  }

  /** The stored columns for row `n` of the unnest. */
  columns(n: string): SQL {
    const [carrier, name, service, checkDigit, prefix] = this.tuples.map((values) =>
      arrayParam(values, 'text[]'),
    );
    return sql`(${carrier})[${sql.raw(n)}.kind], (${name})[${sql.raw(n)}.kind], (${service})[${sql.raw(n)}.kind],
      (${checkDigit})[${sql.raw(n)}.kind], coalesce(${sql.raw(n)}.url, (${prefix})[${sql.raw(n)}.kind] || ${sql.raw(n)}.tracking_number)`;
  }
}

export interface UpsertOptions {
  batchSize?: number;
  onBatch?: ((ordersDone: number) => Promise<void>) | undefined;
  onStep?: OnIngestStep | undefined;
}

/**
 * The statement that inserts orders [start, end) of a file into a source that had no order at all when its
 * import took the source's lock, with their tracking numbers. Nothing can conflict there: only imports write
 * a source's orders, they hold that lock, and a file's keys (and each order's numbers) are unique. So this
 * skips what the upsert pays for stored orders: a probe of the (source, key) index per order and per
 * tracking number, ON CONFLICT's speculative insertion, and stamping orders that gained a number. The
 * numbers find their order's id in the RETURNING of the same statement
 * (docs/design/order-ingest.md#a-new-source-is-inserted-not-merged).
 *
 * Built in a few turns of the event loop, because it is built while the batch before runs: between turns
 * the running statement's bytes keep going out.
 */
async function newSourceBatch(
  sourceId: number,
  mapped: MappedOrders,
  start: number,
  end: number,
  onStep?: OnIngestStep,
): Promise<BatchWrite> {
  const { keys, arrays, columns, input, numberKeys, numbers } = await batchParts(mapped, start, end);
  const carriers = new CarrierColumns();
  for (const number of numbers) carriers.push(number);
  await nextTurn();
  const numbersInsert =
    numberKeys.length === 0
      ? sql``
      : sql`, numbers as (
          insert into ${orderTrackingNumbers}
            (order_id, tracking_number, carrier, carrier_name, carrier_service, check_digit, tracking_url)
          select s.id, n.tracking_number, ${carriers.columns('n')}
          from unnest(${arrayParam(numberKeys, 'text[]')}, ${arrayParam(numbers, 'text[]')}, ${carriers.arrays()})
            with ordinality as n(unique_key, tracking_number, kind, url, ordinal)
          join stored s on s.unique_key = n.unique_key
          -- The join may hand the rows over in any order; the ids (the order an order's numbers are shown
          -- and exported in) follow the file.
          order by n.ordinal
        )`;
  const statement = sql`
    with stored as (
      insert into ${orders} (order_tracking_source_id, unique_key, ${columns}, last_updated)
      select ${sourceId}::int, i.unique_key, ${input}, now()
      from unnest(${arrayParam(keys, 'text[]')}, ${list(arrays)}) as i(unique_key, ${columns})
      returning id, unique_key
    )${numbersInsert}
    select count(*)::int as inserted from stored`;
  return async (db) => {
    const [written] = await timedStep(onStep, 'orders', () => queryRows<{ inserted: number }>(db, statement));
    const inserted = written?.inserted ?? 0;
    return { updated: inserted, inserted };
  };
}

/**
 * Writes a file's orders batch by batch, each batch's statement built (`prepare`, in a few event-loop turns)
 * while the one before runs in the database: between turns that statement's bytes keep going out.
 */
async function runBatches(
  db: DbOrTx,
  count: number,
  options: Required<Pick<UpsertOptions, 'batchSize'>> & UpsertOptions,
  prepare: (start: number, end: number) => Promise<BatchWrite>,
): Promise<UpsertCounts> {
  const { batchSize, onBatch } = options;
  const prepareFrom = (start: number) => {
    const write = prepare(start, Math.min(start + batchSize, count));
    // Awaited in its turn below; until then a failure must not count as unhandled when a query fails first.
    write.catch(() => {});
    return write;
  };
  const total: UpsertCounts = { updated: 0, inserted: 0 };
  let next = count > 0 ? prepareFrom(0) : undefined;
  for (let start = 0; start < count; start += batchSize) {
    const write = await next!;
    next = start + batchSize < count ? prepareFrom(start + batchSize) : undefined;
    const written = await write(db);
    total.updated += written.updated;
    total.inserted += written.inserted;
    await onBatch?.(Math.min(start + batchSize, count));
  }
  return total;
}

/** Whether a source holds no order at all, live or soft-deleted (asked under its import lock). */
async function sourceHasNoOrders(db: DbOrTx, sourceId: number): Promise<boolean> {
  const [row] = await queryRows<{ empty: boolean }>(
    db,
    sql`select not exists (select 1 from ${orders} where order_tracking_source_id = ${sourceId}::int) as empty`,
  );
  return row?.empty ?? false;
}

/**
 * Upserts every order (one per unique key) in batches; returns the orders updated, and how many were new.
 * The caller holds the source's import lock (lockSourceForIngest).
 */
export async function upsertOrders(
  db: DbOrTx,
  sourceId: number,
  mapped: MappedOrders,
  options: UpsertOptions = {},
): Promise<UpsertCounts> {
  const { batchSize = DEFAULT_BATCH_SIZE, onStep } = options;
  const batches = { ...options, batchSize };
  const count = mapped.uniqueKeys.length;
  if (await sourceHasNoOrders(db, sourceId)) {
    return runBatches(db, count, batches, (start, end) =>
      newSourceBatch(sourceId, mapped, start, end, onStep),
    );
  }
  return runBatches(db, count, batches, (start, end) => upsertBatch(sourceId, mapped, start, end, onStep));
}

/**
 * Soft-deletes the source's live orders not updated for `days` days (deleteAfterDays), except those the
 * file just read still lists: an order that is in today's file is not stale, and deleting it would only
 * revive it on the next file. Returns how many were deleted.
 */
export async function softDeleteStaleOrders(
  db: DbOrTx,
  sourceId: number,
  days: number,
  keysInFile: ReadonlySet<string>,
): Promise<number> {
  const candidates = await queryRows<{ id: number | string; unique_key: string | null }>(
    db,
    sql`
      select id, unique_key from ${orders}
      where order_tracking_source_id = ${sourceId}::int and deleted_status = false
        and last_updated < now() - make_interval(days => ${days}::int)`,
  );
  const ids = candidates
    .filter((row) => row.unique_key === null || !keysInFile.has(row.unique_key))
    .map((row) => Number(row.id));
  let deleted = 0;
  for (let start = 0; start < ids.length; start += 10_000) {
    const [result] = await queryRows<{ deleted: number }>(
      db,
      sql`
        with deleted as (
          update ${orders} set deleted_status = true
          where id = any(${arrayParam(ids.slice(start, start + 10_000), 'bigint[]')}) and deleted_status = false
          returning 1
        )
        select count(*)::int as deleted from deleted`,
    );
    deleted += result?.deleted ?? 0;
  }
  return deleted;
}

/** Remembers the header row of a file that imported cleanly, for the next file's drift report. */
export async function saveLastGoodHeaders(db: DbOrTx, sourceId: number, headers: string[]): Promise<void> {
  await db
    .update(orderTrackingSources)
    .set({ lastGoodHeaders: headers })
    .where(sql`${orderTrackingSources.id} = ${sourceId}`);
}
