/**
 * SQL of the inventory charts (docs/behaviour/inventory.md#charts): a source's runs with the counts they
 * recorded, one item's snapshots, and the status changes the runs listed. Range scans of runs_source_idx and
 * inventory_item_snapshots_item_idx; only the jsonb keys the charts draw leave the database.
 */
import type { InventoryStatusChange } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { queryRows, schema } from '@app/db';
import { sql } from 'drizzle-orm';

const { inventoryItemSnapshots, inventoryItemStates, runs } = schema;

export interface SourceRunRow {
  id: number;
  startedAt: Date;
  status: string;
  active: number;
  inactive: number;
  inactiveEarly: number;
  turnedActive: number;
  turnedInactive: number;
}

/** Every run of the source started since `from`, oldest first, with the counts of its details. */
export async function sourceRunsSince(db: DbOrTx, sourceId: number, from: Date): Promise<SourceRunRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select id, started_at, status,
           coalesce((details->'counts'->>'active')::int, 0) as active,
           coalesce((details->'counts'->>'inactive')::int, 0) as inactive,
           coalesce((details->'counts'->>'inactiveEarly')::int, 0) as inactive_early,
           coalesce((details->'changes'->>'turnedActiveCount')::int, 0) as turned_active,
           coalesce((details->'changes'->>'turnedInactiveCount')::int, 0) as turned_inactive
    from ${runs}
    where source_type = 'inventory' and source_id = ${sourceId}::int
      and started_at >= ${from.toISOString()}::timestamptz
    order by started_at, id
  `,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    startedAt: new Date(row.started_at as string),
    status: String(row.status),
    active: Number(row.active),
    inactive: Number(row.inactive),
    inactiveEarly: Number(row.inactive_early),
    turnedActive: Number(row.turned_active),
    turnedInactive: Number(row.turned_inactive),
  }));
}

export interface ExplainedRunRow {
  id: number;
  startedAt: Date;
  status: string;
  /** details.predictive: the context the run's predictions used (prediction-context.ts). */
  predictive: unknown;
  predictions: string[];
  /** captured_at of the run's snapshots, null when it stored none. */
  capturedAt: Date | null;
}

/**
 * The run to explain for an item: `runId` when given (null when it is not one of the source's runs), else the
 * latest run that stored a snapshot of the item, else the source's latest run that read a file.
 */
export async function explainedRun(
  db: DbOrTx,
  sourceId: number,
  itemNumber: string,
  runId: number | undefined,
): Promise<ExplainedRunRow | null> {
  const pick =
    runId !== undefined
      ? sql`r.id = ${runId}::bigint`
      : sql`r.id = coalesce(
          (select s.run_id from ${inventoryItemSnapshots} s
            where s.source_id = ${sourceId}::int and s.item_number = ${itemNumber}
            order by s.captured_at desc limit 1),
          (select id from ${runs} where source_type = 'inventory' and source_id = ${sourceId}::int
             and status in ('succeeded', 'held') order by started_at desc, id desc limit 1))`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select r.id, r.started_at, r.status, r.details->'predictive' as predictive,
           coalesce(r.details->'predictions', '[]'::jsonb) as predictions,
           (select s.captured_at from ${inventoryItemSnapshots} s where s.run_id = r.id limit 1) as captured_at
    from ${runs} r
    where r.source_type = 'inventory' and r.source_id = ${sourceId}::int and ${pick}
  `,
  );
  const [row] = rows;
  if (!row) return null;
  return {
    id: Number(row.id),
    startedAt: new Date(row.started_at as string),
    status: String(row.status),
    predictive: row.predictive ?? null,
    predictions: (row.predictions as string[]) ?? [],
    capturedAt: row.captured_at ? new Date(row.captured_at as string) : null,
  };
}

export interface ItemSnapshotRow {
  runId: number;
  at: Date;
  quantity: number;
}

/** The item's snapshots within [from, to], oldest first. */
export async function itemSnapshots(
  db: DbOrTx,
  sourceId: number,
  itemNumber: string,
  from: Date,
  to: Date,
): Promise<ItemSnapshotRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select run_id, captured_at, quantity from ${inventoryItemSnapshots}
    where source_id = ${sourceId}::int and item_number = ${itemNumber}
      and captured_at >= ${from.toISOString()}::timestamptz and captured_at <= ${to.toISOString()}::timestamptz
    order by captured_at, run_id
  `,
  );
  return rows.map((row) => ({
    runId: Number(row.run_id),
    at: new Date(row.captured_at as string),
    quantity: Number(row.quantity),
  }));
}

export interface RunChangeLists {
  runId: number;
  startedAt: Date;
  changes: InventoryStatusChange[];
  predictions: string[];
}

/**
 * The succeeded runs of the source since `from`, up to the explained run, whose change lists name the item (`itemTexts`: the spellings
 * a run may have listed it under, exactly as written), oldest first. Held and discarded runs changed nothing.
 */
export async function runsChangingItem(
  db: DbOrTx,
  sourceId: number,
  from: Date,
  upToRunId: number,
  itemTexts: string[],
): Promise<RunChangeLists[]> {
  // Containment on the change lists (not expanding them): each run's details are read once, no array walk.
  const containing = itemTexts.flatMap((itemNumber) =>
    (['turnedActive', 'turnedInactive'] as const).map(
      (list) => sql`r.details->'changes' @> ${JSON.stringify({ [list]: [{ itemNumber }] })}::jsonb`,
    ),
  );
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select r.id, r.started_at,
           coalesce(r.details->'changes'->'turnedActive', '[]'::jsonb)
             || coalesce(r.details->'changes'->'turnedInactive', '[]'::jsonb) as changes,
           coalesce(r.details->'predictions', '[]'::jsonb) as predictions
    from ${runs} r
    where r.source_type = 'inventory' and r.source_id = ${sourceId}::int and r.status = 'succeeded'
      and r.started_at >= ${from.toISOString()}::timestamptz and r.id <= ${upToRunId}::bigint
      and (${sql.join(containing, sql` or `)})
    order by r.started_at, r.id
  `,
  );
  return rows.map((row) => ({
    runId: Number(row.id),
    startedAt: new Date(row.started_at as string),
    changes: row.changes as InventoryStatusChange[],
    predictions: row.predictions as string[],
  }));
}

export async function itemState(
  db: DbOrTx,
  sourceId: number,
  itemNumber: string,
): Promise<{ status: string; since: Date; lastRunId: number | null } | null> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select status, status_since, last_run_id from ${inventoryItemStates}
    where source_id = ${sourceId}::int and item_number = ${itemNumber}
  `,
  );
  const [row] = rows;
  if (!row) return null;
  return {
    status: String(row.status),
    since: new Date(row.status_since as string),
    lastRunId: row.last_run_id === null ? null : Number(row.last_run_id),
  };
}
