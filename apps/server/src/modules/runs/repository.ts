/**
 * The runs table: opening and finishing runs, the latest run per source, a source's history, and the retention
 * of run files. Who may see or re-process a run is decided in runs-service.ts.
 */
import type {
  LastRunSummary,
  RunDetails,
  RunRecord,
  RunSourceType,
  RunStatus,
  RunTrigger,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { queryRows, schema } from '@app/db';
import { and, desc, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { countRun } from '../../lib/metrics';
import { emitRunFinished } from '../webhooks/events';

const { runs } = schema;
export type RunRow = typeof runs.$inferSelect;

export interface StartRunInput {
  sourceType: RunSourceType;
  sourceId: number | null;
  sourceName: string;
  trigger: RunTrigger;
  fileName?: string | null;
  inputFileId?: number | null;
  inboundMessageId?: number | null;
  reprocessOfRunId?: number | null;
}

export interface FinishRunInput {
  status: Exclude<RunStatus, 'running'>;
  message?: string | null;
  ordersUpdated?: number;
  ordersDeleted?: number;
  details?: RunDetails;
  outputFileId?: number | null;
}

/** Opens a run record; pass a transaction to make it part of the same commit as the work. */
export async function startRun(db: DbOrTx, input: StartRunInput): Promise<number> {
  const [row] = await db
    .insert(runs)
    .values({
      sourceType: input.sourceType,
      sourceId: input.sourceId,
      sourceName: input.sourceName,
      trigger: input.trigger,
      status: 'running',
      fileName: input.fileName ?? null,
      inputFileId: input.inputFileId ?? null,
      inboundMessageId: input.inboundMessageId ?? null,
      reprocessOfRunId: input.reprocessOfRunId ?? null,
    })
    .returning({ id: runs.id });
  return row!.id;
}

/** Finishes a run and, in the same transaction, records its webhook event (run.succeeded / failed / held). */
/**
 * Ends a run. `onlyWhileRunning`: not when something else has ended it already (a vendor send taken over,
 * engine/repository.ts failInterruptedVendorRuns); whether it was ended here is the answer.
 */
export async function finishRun(
  db: DbOrTx,
  runId: number,
  input: FinishRunInput,
  options: { onlyWhileRunning?: boolean } = {},
): Promise<boolean> {
  const finished = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(runs)
      .set({
        status: input.status,
        message: input.message ?? null,
        ordersUpdated: input.ordersUpdated ?? 0,
        ordersDeleted: input.ordersDeleted ?? 0,
        details: input.details ?? {},
        ...(input.outputFileId !== undefined ? { outputFileId: input.outputFileId } : {}),
        finishedAt: new Date(),
      })
      .where(
        options.onlyWhileRunning ? and(eq(runs.id, runId), eq(runs.status, 'running')) : eq(runs.id, runId),
      )
      .returning();
    if (row) await emitRunFinished(tx, row);
    return row;
  });
  if (finished) countRun(finished.sourceType, input.status, finished.startedAt, finished.finishedAt!);
  return finished !== undefined;
}

/** A finished run in one statement, for steps that have no "running" phase worth showing. */
export async function recordRun(db: DbOrTx, start: StartRunInput, finish: FinishRunInput): Promise<number> {
  const runId = await startRun(db, start);
  await finishRun(db, runId, finish);
  return runId;
}

/** The split of ordersUpdated lives in the run's counts (no column of its own); older runs have none. */
function newAndChanged(details: unknown): { ordersNew: number | null; ordersChanged: number | null } {
  const counts = (details as { counts?: Record<string, unknown> } | null)?.counts;
  const count = (value: unknown) => (typeof value === 'number' ? value : null);
  return { ordersNew: count(counts?.ordersNew), ordersChanged: count(counts?.ordersChanged) };
}

export function toRunRecord(row: RunRow): RunRecord {
  return {
    id: row.id,
    sourceType: row.sourceType as RunSourceType,
    sourceId: row.sourceId,
    sourceName: row.sourceName,
    trigger: row.trigger as RunTrigger,
    status: row.status as RunStatus,
    fileName: row.fileName,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    ordersUpdated: row.ordersUpdated,
    ...newAndChanged(row.details),
    ordersDeleted: row.ordersDeleted,
    message: row.message,
    details: (row.details ?? {}) as RunDetails,
    hasInputFile: row.inputFileId !== null,
    hasOutputFile: row.outputFileId !== null,
    reprocessOfRunId: row.reprocessOfRunId,
  };
}

export async function getRun(db: DbOrTx, runId: number) {
  const [row] = await db.select().from(runs).where(eq(runs.id, runId));
  return row;
}

/** The run, locked for update until the transaction ends (an operator's decision on a held run). */
export async function lockRun(db: DbOrTx, runId: number): Promise<RunRow | undefined> {
  const [row] = await db.select().from(runs).where(eq(runs.id, runId)).for('update');
  return row;
}

/** A run written whole in one statement, with its own clock (an alert, a digest); the caller emits its event. */
export async function insertRun(db: DbOrTx, values: typeof runs.$inferInsert): Promise<RunRow> {
  const [row] = await db.insert(runs).values(values).returning();
  return row!;
}

/** What a step sets on a run outside `finishRun`: its details and files while open, an operator's verdict. */
export type RunUpdate = Partial<
  Pick<RunRow, 'status' | 'message' | 'details' | 'fileName' | 'inputFileId' | 'outputFileId'>
>;

/** Sets the given columns of a run; returns the run as it now is (undefined when there is none). */
export async function updateRun(db: DbOrTx, runId: number, values: RunUpdate): Promise<RunRow | undefined> {
  const [row] = await db.update(runs).set(values).where(eq(runs.id, runId)).returning();
  return row;
}

/** The latest run of one source, for its editor. */
export async function lastRunFor(
  db: DbOrTx,
  sourceType: RunSourceType,
  sourceId: number,
): Promise<LastRunSummary | null> {
  return (await lastRunsFor(db, sourceType, [sourceId])).get(sourceId) ?? null;
}

/** Each source row as its list item, given the latest run of that source (list pages show it as Last Run). */
export async function withLastRuns<Row extends { id: number }, Item>(
  db: DbOrTx,
  sourceType: RunSourceType,
  rows: Row[],
  toItem: (row: Row, lastRun: LastRunSummary | null) => Item,
): Promise<Item[]> {
  const lastRuns = await lastRunsFor(
    db,
    sourceType,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toItem(row, lastRuns.get(row.id) ?? null));
}

/** The latest run of each of the given sources, for list rows. */
export async function lastRunsFor(
  db: DbOrTx,
  sourceType: RunSourceType,
  sourceIds: number[],
): Promise<Map<number, LastRunSummary>> {
  const result = new Map<number, LastRunSummary>();
  if (sourceIds.length === 0) return result;
  const rows = await db
    .selectDistinctOn([runs.sourceId], {
      id: runs.id,
      sourceId: runs.sourceId,
      status: runs.status,
      trigger: runs.trigger,
      startedAt: runs.startedAt,
      finishedAt: runs.finishedAt,
      message: runs.message,
    })
    .from(runs)
    .where(and(eq(runs.sourceType, sourceType), inArray(runs.sourceId, sourceIds)))
    .orderBy(runs.sourceId, desc(runs.startedAt), desc(runs.id));
  for (const row of rows) {
    if (row.sourceId === null) continue;
    result.set(row.sourceId, {
      id: row.id,
      status: row.status as RunStatus,
      trigger: row.trigger as RunTrigger,
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      message: row.message,
    });
  }
  return result;
}

export async function listRuns(
  db: DbOrTx,
  filter: { sourceType: RunSourceType; sourceId: number; limit: number; offset: number },
) {
  const where = and(eq(runs.sourceType, filter.sourceType), eq(runs.sourceId, filter.sourceId));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(runs)
      .where(where)
      .orderBy(desc(runs.startedAt), desc(runs.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(runs).where(where),
  ]);
  return { runs: rows.map(toRunRecord), totalRecordCount: total?.count ?? 0 };
}

/** Whether the source a run belongs to still exists (not deleted); unknown kinds are left to their processor. */
export async function sourceIsLive(db: DbOrTx, sourceType: string, sourceId: number): Promise<boolean> {
  const { orderTrackingSources, inventorySources, emailSources } = schema;
  if (sourceType === 'order-tracking') {
    const [row] = await db
      .select({ id: orderTrackingSources.id })
      .from(orderTrackingSources)
      .where(and(eq(orderTrackingSources.id, sourceId), eq(orderTrackingSources.deletedStatus, false)));
    return row !== undefined;
  }
  if (sourceType === 'inventory') {
    const [row] = await db
      .select({ id: inventorySources.id })
      .from(inventorySources)
      .where(and(eq(inventorySources.id, sourceId), isNull(inventorySources.deletedAt)));
    return row !== undefined;
  }
  if (sourceType === 'email') {
    const [row] = await db
      .select({ id: emailSources.id })
      .from(emailSources)
      .where(eq(emailSources.id, sourceId));
    return row !== undefined;
  }
  return true;
}

/** Runs per retention transaction: bounded, so a first clean-up after a long time stays short. */
const RETENTION_BATCH = 500;

/** Every column that references stored_files by foreign key, read from the catalog. */
async function storedFileReferences(
  db: DbOrTx,
): Promise<Array<{ schema: string; table: string; column: string }>> {
  const rows = await queryRows<{ schema: string; table: string; column: string }>(
    db,
    sql`
    select n.nspname as "schema", c.relname as "table", a.attname as "column"
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
    where k.contype = 'f' and k.confrelid = to_regclass('stored_files')
  `,
  );
  return rows;
}

/**
 * Retention (docs/behaviour/runs-and-history.md#files-and-retention, RUN_FILE_RETENTION_DAYS): runs started before the cutoff lose their input and output
 * files. A stored file is deleted only when nothing references it any more: no other run (a re-process shares
 * its input) and no foreign key (sample files, templates, raw messages) — found in the catalog, so a table
 * added later that references stored_files by foreign key is protected without a change here. Held and
 * running runs keep their files: approving a held run delivers its output.
 */
export async function deleteExpiredRunFiles(
  db: DbOrTx,
  cutoff: Date,
): Promise<{ runs: number; files: number }> {
  const { storedFiles } = schema;
  const references = await storedFileReferences(db);
  const total = { runs: 0, files: 0 };
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const expired = await tx
        .select({
          id: runs.id,
          inputFileId: runs.inputFileId,
          outputFileId: runs.outputFileId,
          pdfFileId: sql<string | null>`${runs.details}->>'pdfFileId'`,
        })
        .from(runs)
        .where(
          and(
            lt(runs.startedAt, cutoff),
            notInArray(runs.status, ['held', 'running']),
            or(isNotNull(runs.inputFileId), isNotNull(runs.outputFileId), sql`${runs.details} ? 'pdfFileId'`),
          ),
        )
        .orderBy(runs.id)
        .limit(RETENTION_BATCH)
        .for('update');
      if (expired.length === 0) return { runs: 0, files: 0 };
      await tx
        .update(runs)
        // A vendor submission's printed PDF is a third file, kept in its details (order submission engine).
        .set({ inputFileId: null, outputFileId: null, details: sql`${runs.details} - 'pdfFileId'` })
        .where(
          inArray(
            runs.id,
            expired.map((run) => run.id),
          ),
        );
      const candidates = [
        ...new Set(
          expired
            .flatMap((run) => [run.inputFileId, run.outputFileId, pdfFileIdOf(run.pdfFileId)])
            .filter((id) => id !== null),
        ),
      ];
      const unreferenced = references.map(
        (ref) =>
          sql`not exists (select 1 from ${sql.identifier(ref.schema)}.${sql.identifier(ref.table)} x where x.${sql.identifier(ref.column)} = ${storedFiles.id})`,
      );
      const deleted = await tx
        .delete(storedFiles)
        .where(
          and(
            inArray(storedFiles.id, candidates),
            sql`not exists (select 1 from ${runs} r where r.input_file_id = ${storedFiles.id} or r.output_file_id = ${storedFiles.id} or r.details->>'pdfFileId' = ${storedFiles.id}::text)`,
            ...unreferenced,
          ),
        )
        .returning({ id: storedFiles.id });
      return { runs: expired.length, files: deleted.length };
    });
    total.runs += batch.runs;
    total.files += batch.files;
    if (batch.runs < RETENTION_BATCH) return total;
  }
}

function pdfFileIdOf(value: string | null): number | null {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}
