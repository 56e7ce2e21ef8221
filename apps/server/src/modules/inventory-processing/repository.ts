/**
 * SQL of inventory processing: item snapshots (bulk, through unnest of array parameters so that 200,000
 * rows are a handful of statements on PostgreSQL and PGlite alike), the per-item window summaries the
 * predictive algorithm needs, the current status of user-activated items, and what a held run's approval
 * checks.
 */
import type { ItemStatus } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { queryRows, schema } from '@app/db';
import { and, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import { DAY_MS, type SeriesSummary } from './predictive';

const { inventoryItemSnapshots, inventoryItemStates, inventorySources, runs } = schema;

/** Rows per insert statement: big enough to be fast, small enough for PGlite's memory. */
export const SNAPSHOT_BATCH_SIZE = 50_000;

/** A PostgreSQL array literal of text ('{"a","b\\"c"}'), sent as one parameter and cast to text[]. */
export function textArrayLiteral(values: readonly string[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    out += `"${values[i]!.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  }
  return `${out}}`;
}

/** A PostgreSQL array literal of float8, null for missing values. */
export function numberArrayLiteral(values: readonly (number | null)[]): string {
  return `{${values.map((value) => (value === null || !Number.isFinite(value) ? 'NULL' : String(value))).join(',')}}`;
}

export interface SnapshotInput {
  itemNumber: string;
  quantity: number;
}

export async function insertSnapshots(
  db: DbOrTx,
  sourceId: number,
  runId: number,
  capturedAt: Date,
  snapshots: readonly SnapshotInput[],
  batchSize = SNAPSHOT_BATCH_SIZE,
  onBatch?: (done: number) => Promise<void>,
): Promise<void> {
  const at = capturedAt.toISOString();
  for (let start = 0; start < snapshots.length; start += batchSize) {
    const batch = snapshots.slice(start, start + batchSize);
    const items = textArrayLiteral(batch.map((snapshot) => snapshot.itemNumber));
    const quantities = numberArrayLiteral(batch.map((snapshot) => snapshot.quantity));
    await db.execute(sql`
      insert into ${inventoryItemSnapshots} (source_id, run_id, item_number, quantity, captured_at)
      select ${sourceId}::int, ${runId}::bigint, u.item, u.quantity, ${at}::timestamptz
      from unnest(${items}::text[], ${quantities}::float8[]) as u(item, quantity)
      order by u.item -- in index order: each leaf page of the item index is visited once
    `);
    await onBatch?.(start + batch.length);
  }
}

/**
 * The times of the source's successful runs since `from` that came before run `beforeRunId` (ids grow with
 * time): the update interval the algorithm expects. The bound keeps a later explanation of a run to what that
 * run saw.
 */
export async function successfulRunsSince(
  db: DbOrTx,
  sourceId: number,
  from: Date,
  beforeRunId: number,
): Promise<Array<{ id: number; startedAt: Date }>> {
  return db
    .select({ id: runs.id, startedAt: runs.startedAt })
    .from(runs)
    .where(
      and(
        eq(runs.sourceType, 'inventory'),
        eq(runs.sourceId, sourceId),
        eq(runs.status, 'succeeded'),
        gte(runs.startedAt, from),
        lt(runs.id, beforeRunId),
      ),
    );
}

/**
 * Runs of the source whose snapshots are not (yet) history: held runs waiting for an operator, and other
 * runs still in progress, among those before the current one. Failed runs have none (their savepoint rolled back) and discarded runs lost theirs.
 */
export async function untrustedRunIds(db: DbOrTx, sourceId: number, currentRunId: number): Promise<number[]> {
  const rows = await db
    .select({ id: runs.id })
    .from(runs)
    .where(
      and(
        eq(runs.sourceType, 'inventory'),
        eq(runs.sourceId, sourceId),
        inArray(runs.status, ['held', 'running']),
        lt(runs.id, currentRunId),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * Per item, the summary of its snapshots within [from, to], leaving out the snapshots of `excludeRunIds`:
 * the same numbers `summariseSeries` (predictive.ts) computes in memory. Only items with at least `minPoints`
 * snapshots are returned. One index-only range scan per item (the item index carries time, run and
 * quantity), already in time order: no sort, no heap reads for settled rows.
 */
export async function snapshotSummaries(
  db: DbOrTx,
  input: {
    sourceId: number;
    from: Date;
    to: Date;
    itemNumbers: string[];
    minPoints: number;
    excludeRunIds?: number[];
  },
): Promise<Map<string, SeriesSummary>> {
  const summaries = new Map<string, SeriesSummary>();
  if (input.itemNumbers.length === 0) return summaries;
  const rows = await queryRows<{
    item_number: string;
    points: number;
    span_seconds: number;
    sum_drops: number;
    max_drop: number;
  }>(
    db,
    sql`
    select k.item_number, w.points, w.span_seconds, w.sum_drops, w.max_drop
    from unnest(${textArrayLiteral(input.itemNumbers)}::text[]) as k(item_number)
    cross join lateral (
      select count(*)::int as points,
             extract(epoch from max(s.captured_at) - min(s.captured_at))::float8 as span_seconds,
             coalesce(sum(greatest(s.previous - s.quantity, 0)), 0)::float8 as sum_drops,
             coalesce(max(greatest(s.previous - s.quantity, 0)), 0)::float8 as max_drop
      from (
        select captured_at, quantity, lag(quantity) over (order by captured_at) as previous
        from ${inventoryItemSnapshots}
        where source_id = ${input.sourceId}::int
          and item_number = k.item_number
          and captured_at >= ${input.from.toISOString()}::timestamptz
          and captured_at <= ${input.to.toISOString()}::timestamptz
          and not (run_id = any(${numberArrayLiteral(input.excludeRunIds ?? [])}::bigint[]))
      ) as s
    ) as w
    where w.points >= ${input.minPoints}::int
  `,
  );
  for (const row of rows) {
    summaries.set(row.item_number, {
      points: Number(row.points),
      spanDays: (Number(row.span_seconds) * 1000) / DAY_MS,
      sumDrops: Number(row.sum_drops),
      maxDrop: Number(row.max_drop),
    });
  }
  return summaries;
}

export async function snapshotQuantitiesOfRun(
  db: DbOrTx,
  runId: number,
  itemNumbers: string[],
): Promise<Map<string, number>> {
  const quantities = new Map<string, number>();
  if (itemNumbers.length === 0) return quantities;
  const rows = await queryRows<{ item_number: string; quantity: number }>(
    db,
    sql`
    select item_number, quantity from ${inventoryItemSnapshots}
    where run_id = ${runId}::bigint and item_number = any(${textArrayLiteral(itemNumbers)}::text[])
  `,
  );
  for (const row of rows) {
    quantities.set(row.item_number, Number(row.quantity));
  }
  return quantities;
}

export async function deleteSnapshotsOfRun(db: DbOrTx, runId: number): Promise<void> {
  await db.delete(inventoryItemSnapshots).where(eq(inventoryItemSnapshots.runId, runId));
}

/**
 * Housekeeping: snapshots of runs started before `cutoff` (no lookback reaches past 365 days). Returns the
 * number of rows deleted.
 */
export async function deleteSnapshotsBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const result = (await db.execute(sql`
    delete from ${inventoryItemSnapshots}
    where run_id in (
      select id from ${runs} where source_type = 'inventory' and started_at < ${cutoff.toISOString()}::timestamptz
    )
  `)) as { rowCount?: number | null; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}

export interface ItemState {
  status: ItemStatus;
  statusSince: Date;
  lastQuantity: number | null;
}

export async function loadItemStates(db: DbOrTx, sourceId: number): Promise<Map<string, ItemState>> {
  const rows = await db
    .select({
      itemNumber: inventoryItemStates.itemNumber,
      status: inventoryItemStates.status,
      statusSince: inventoryItemStates.statusSince,
      lastQuantity: inventoryItemStates.lastQuantity,
    })
    .from(inventoryItemStates)
    .where(eq(inventoryItemStates.sourceId, sourceId));
  return new Map(
    rows.map((row) => [
      row.itemNumber,
      { status: row.status as ItemStatus, statusSince: row.statusSince, lastQuantity: row.lastQuantity },
    ]),
  );
}

export interface StateUpdate {
  itemNumber: string;
  status: ItemStatus;
  quantity: number | null;
}

/** Inserts or updates states; `status_since` moves only when the status changes. */
export async function upsertItemStates(
  db: DbOrTx,
  sourceId: number,
  runId: number,
  at: Date,
  updates: readonly StateUpdate[],
  batchSize = SNAPSHOT_BATCH_SIZE,
): Promise<void> {
  const when = at.toISOString();
  for (let start = 0; start < updates.length; start += batchSize) {
    const batch = updates.slice(start, start + batchSize);
    await db.execute(sql`
      insert into ${inventoryItemStates}
        (source_id, item_number, status, status_since, last_quantity, last_run_id, updated_at)
      select ${sourceId}::int, u.item, u.status, ${when}::timestamptz, u.quantity, ${runId}::bigint, ${when}::timestamptz
      from unnest(
        ${textArrayLiteral(batch.map((update) => update.itemNumber))}::text[],
        ${textArrayLiteral(batch.map((update) => update.status))}::text[],
        ${numberArrayLiteral(batch.map((update) => update.quantity))}::float8[]
      ) as u(item, status, quantity)
      on conflict (source_id, item_number) do update set
        status_since = case when ${inventoryItemStates}.status = excluded.status
                            then ${inventoryItemStates}.status_since else excluded.status_since end,
        status = excluded.status,
        last_quantity = excluded.last_quantity,
        last_run_id = excluded.last_run_id,
        updated_at = excluded.updated_at
    `);
  }
}

export async function deleteItemStates(
  db: DbOrTx,
  sourceId: number,
  itemNumbers: readonly string[],
): Promise<void> {
  if (itemNumbers.length === 0) return;
  await db.execute(sql`
    delete from ${inventoryItemStates}
    where source_id = ${sourceId}::int and item_number = any(${textArrayLiteral(itemNumbers)}::text[])
  `);
}

export async function saveLastGoodHeaders(db: DbOrTx, sourceId: number, headers: string[]): Promise<void> {
  await db
    .update(inventorySources)
    .set({ lastGoodHeaders: headers })
    .where(eq(inventorySources.id, sourceId));
}

/** The latest succeeded run of the source after `runId`, if any: approving an older held run would undo it. */
export async function findSucceededRunAfter(
  db: DbOrTx,
  sourceId: number,
  runId: number,
): Promise<{ id: number } | undefined> {
  const [newer] = await db
    .select({ id: runs.id })
    .from(runs)
    .where(
      and(
        eq(runs.sourceType, 'inventory'),
        eq(runs.sourceId, sourceId),
        eq(runs.status, 'succeeded'),
        gt(runs.id, runId),
      ),
    )
    .orderBy(desc(runs.id))
    .limit(1);
  return newer;
}
