import {
  isSourceTypeId,
  type LastRunSummary,
  type ReprocessOutcome,
  type RunDetails,
  type RunListResponse,
  type RunRecord,
  type RunSourceType,
  type RunStatus,
  type RunTrigger,
  sourceTypeUserFlag,
  type TRunListQuery,
} from '@app/contracts';
import type { AppDb } from '@app/db';
import { schema } from '@app/db';
import { and, desc, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../app';
import { AppError } from '../../lib/app-error';
import { hasFlag, type SessionUser, SOURCE_ACCESS, type UserFlag } from '../../plugins/session';
import { readStoredFile } from '../files/stored-files';
import type { FileProcessor } from '../intake/file-processors';
import { fileProcessors } from '../intake/processor-registry';
import { fileFromStoredMessage, isStoredMessage } from '../intake/reprocess-mail';

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

/** The latest run of one source, for its editor. */
export async function lastRunFor(
  db: AppDb,
  sourceType: RunSourceType,
  sourceId: number,
): Promise<LastRunSummary | null> {
  return (await lastRunsFor(db, sourceType, [sourceId])).get(sourceId) ?? null;
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

/** Who may see a run, by its source type: the Sources hub rules (docs/behaviour/accounts-and-sign-in.md#roles-and-flags) of the source it belongs to. */
const RUN_ACCESS: Record<RunSourceType, readonly UserFlag[]> = {
  'order-tracking': SOURCE_ACCESS.order.anyFlag,
  inventory: SOURCE_ACCESS.inventory.anyFlag,
  email: SOURCE_ACCESS.anySource.anyFlag,
  'order-submission': SOURCE_ACCESS.submission.anyFlag,
  vendor: SOURCE_ACCESS.submission.anyFlag,
  notification: SOURCE_ACCESS.anySource.anyFlag,
};

const RUN_ACCESS_DENIED = 'Your account does not have access to the runs of this source';

export function assertRunAccess(user: SessionUser, sourceType: string): void {
  const flags = RUN_ACCESS[sourceType as RunSourceType];
  if (!flags?.some((flag) => hasFlag(user, flag))) throw AppError.forbidden(RUN_ACCESS_DENIED);
}

/**
 * The runs of a notification setting (its digests: recipients, subjects, outcome) follow the setting's own
 * source type, like the setting itself; those of a setting deleted since are left to admins.
 */
async function assertSourceRunAccess(
  db: AppDb,
  user: SessionUser,
  sourceType: string,
  sourceId: number | null,
): Promise<void> {
  assertRunAccess(user, sourceType);
  if (sourceType !== 'notification' || user.isAdmin) return;
  const { notificationSettings } = schema;
  const [setting] =
    sourceId === null
      ? []
      : await db
          .select({ sourceTypeId: notificationSettings.sourceTypeId })
          .from(notificationSettings)
          .where(eq(notificationSettings.id, sourceId));
  const typeId = setting?.sourceTypeId;
  if (!isSourceTypeId(typeId) || !hasFlag(user, sourceTypeUserFlag(typeId))) {
    throw AppError.forbidden(RUN_ACCESS_DENIED);
  }
}

export async function listRunsOf(
  db: AppDb,
  user: SessionUser,
  query: TRunListQuery,
): Promise<RunListResponse> {
  await assertSourceRunAccess(db, user, query.sourceType, query.sourceId);
  return listRuns(db, {
    sourceType: query.sourceType,
    sourceId: query.sourceId,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
}

/** The run, if the caller may see it: 404 for an unknown run, 403 for a run of a source type not theirs. */
export async function getRunFor(db: AppDb, user: SessionUser, runId: number): Promise<RunRow> {
  const row = await getRun(db, runId);
  if (!row) throw AppError.notFound('Run not found');
  await assertSourceRunAccess(db, user, row.sourceType, row.sourceId);
  return row;
}

/** The stored input or output file of a run; 404 when the run has none or retention deleted it. */
export async function getRunFile(db: AppDb, user: SessionUser, runId: number, which: 'input' | 'output') {
  const row = await getRunFor(db, user, runId);
  const fileId = which === 'input' ? row.inputFileId : row.outputFileId;
  const file = fileId === null ? undefined : await readStoredFile(db, fileId);
  if (!file) {
    throw AppError.notFound(
      which === 'input'
        ? 'This run has no stored input file (none was read, or it was deleted after the retention period)'
        : 'This run has no stored output file (none was produced, or it was deleted after the retention period)',
    );
  }
  return file;
}

/** Whether the source a run belongs to still exists (not deleted); unknown kinds are left to their processor. */
async function sourceIsLive(db: AppDb, sourceType: string, sourceId: number): Promise<boolean> {
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

/**
 * Runs the source's processor again on the run's stored input file, in a transaction of its own: a new run
 * (trigger 're-process') linked to the old one and reading the same stored file.
 */
export async function reprocessRun(
  context: AppContext,
  user: SessionUser,
  runId: number,
): Promise<ReprocessOutcome> {
  const { db } = context;
  const row = await getRunFor(db, user, runId);
  if (row.inputFileId === null) {
    throw AppError.conflict(
      'This run has no stored input file to re-process (none was read, or it was deleted after the retention period)',
    );
  }
  if (row.sourceId === null || !(await sourceIsLive(db, row.sourceType, row.sourceId))) {
    throw AppError.conflict(`The source of this run ("${row.sourceName}") has been deleted`);
  }
  const processor = fileProcessorFor(row.sourceType);
  if (!processor) throw AppError.conflict('Runs of this kind of source cannot be re-processed');
  const file = await readStoredFile(db, row.inputFileId);
  if (!file) {
    throw AppError.conflict('The input file of this run was deleted after the retention period');
  }
  const sourceId = row.sourceId;
  // A run whose input is the e-mail (it matched but gave no file): the message is read again with the
  // source's current rules, and the file found is the new run's input.
  const fromMessage =
    row.inboundMessageId !== null && isStoredMessage(file.fileName)
      ? await fileFromStoredMessage(db, processor, sourceId, row.inboundMessageId, file.content)
      : undefined;
  const inputFileId = fromMessage ? null : row.inputFileId;
  const outcome = await db.transaction((tx) =>
    processor.process({
      db: tx as unknown as AppDb,
      context,
      sourceId,
      file: fromMessage?.file ?? { fileName: file.fileName, content: file.content },
      trigger: 'reprocess',
      reprocessOfRunId: row.id,
      inputFileId,
      ...(fromMessage ? { inboundMessageId: row.inboundMessageId, message: fromMessage.message } : {}),
    }),
  );
  const { afterCommit, ...result } = outcome;
  await afterCommit?.();
  return { ...result, reprocessOfRunId: row.id };
}

/** Runs per retention transaction: bounded, so a first clean-up after a long time stays short. */
const RETENTION_BATCH = 500;

/** Every column that references stored_files by foreign key, read from the catalog. */
async function storedFileReferences(
  db: AppDb,
): Promise<Array<{ schema: string; table: string; column: string }>> {
  const result = (await db.execute(sql`
    select n.nspname as "schema", c.relname as "table", a.attname as "column"
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
    where k.contype = 'f' and k.confrelid = to_regclass('stored_files')
  `)) as unknown as { rows: Array<{ schema: string; table: string; column: string }> };
  return result.rows;
}

/**
 * Retention (docs/behaviour/runs-and-history.md#files-and-retention, RUN_FILE_RETENTION_DAYS): runs started before the cutoff lose their input and output
 * files. A stored file is deleted only when nothing references it any more: no other run (a re-process shares
 * its input) and no foreign key (sample files, templates, raw messages) — found in the catalog, so a table
 * added later that references stored_files by foreign key is protected without a change here. Held and
 * running runs keep their files: approving a held run delivers its output.
 */
export async function deleteExpiredRunFiles(
  db: AppDb,
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

/** The processor of a source type, from the one registry intake uses too. */
function fileProcessorFor(sourceType: string): FileProcessor | undefined {
  return fileProcessors().find((processor) => processor.sourceType === sourceType);
}
