import type {
  LastRunSummary,
  RunDetails,
  RunRecord,
  RunSourceType,
  RunStatus,
  RunTrigger,
} from '@app/contracts';
import type { AppDb } from '@app/db';
import { schema } from '@app/db';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';

const { runs } = schema;
type RunRow = typeof runs.$inferSelect;

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
export async function startRun(db: AppDb, input: StartRunInput): Promise<number> {
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

export async function finishRun(db: AppDb, runId: number, input: FinishRunInput): Promise<void> {
  await db
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
    .where(eq(runs.id, runId));
}

/** A finished run in one statement, for steps that have no "running" phase worth showing. */
export async function recordRun(db: AppDb, start: StartRunInput, finish: FinishRunInput): Promise<number> {
  const runId = await startRun(db, start);
  await finishRun(db, runId, finish);
  return runId;
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
    ordersDeleted: row.ordersDeleted,
    message: row.message,
    details: (row.details ?? {}) as RunDetails,
    hasInputFile: row.inputFileId !== null,
    hasOutputFile: row.outputFileId !== null,
    reprocessOfRunId: row.reprocessOfRunId,
  };
}

export async function getRun(db: AppDb, runId: number) {
  const [row] = await db.select().from(runs).where(eq(runs.id, runId));
  return row;
}

/** The latest run of each of the given sources, for list rows. */
export async function lastRunsFor(
  db: AppDb,
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
  db: AppDb,
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
