/**
 * The order tracking FileProcessor (docs/behaviour/order-tracking.md#ingestion): mail intake, manual upload and re-process all
 * come through `process()`. It stores the input, opens a run, reads and maps the file, and imports it in
 * a savepoint of the caller's transaction, so a bad file rolls back only its own work and still leaves a
 * failed run that says why. Only a failure of the database itself is thrown.
 */
import type { HeaderDrift, RunDetails } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { isSpreadsheetError, type Table } from '../../integrations/spreadsheet';
import { readSourceTable } from '../../integrations/spreadsheet/source-file';
import { describeError } from '../../lib/error-redaction';
import { plural } from '../../lib/plural';
import type { ProgressReporter } from '../../lib/progress';
import { storeFile } from '../files/stored-files';
import {
  type FileProcessor,
  type IncomingFile,
  type MailMatchRule,
  type ProcessFileOutcome,
  type ProcessFileRequest,
  toMailMatchRule,
} from '../intake/file-processors';
import {
  findLiveOrderTrackingSource,
  listMailboundOrderTrackingSources,
  type OrderTrackingSourceRow,
} from '../order-tracking-sources/repository';
import { finishRun, startRun } from '../runs/repository';
import {
  DEFAULT_BATCH_SIZE,
  lockSourceForIngest,
  saveLastGoodHeaders,
  softDeleteStaleOrders,
  upsertOrders,
  withImportPlanner,
} from './ingest-orders-repository';
import { type OnIngestStep, timedStep } from './ingest-steps';
import { type MappingResult, type MappingSuccess, mapTable } from './map-rows';
import {
  type ConcurrentMerge,
  mergePendingSearchEntries,
  mergeWhileImporting,
} from './search-indexes-repository';

/** A file that cannot be imported; its message is the run's message. */
export class IngestFailure extends Error {
  constructor(
    message: string,
    readonly extra: { headers?: string[]; headerDrift?: HeaderDrift | null; warnings?: string[] } = {},
  ) {
    super(message);
  }
}

/** Reads a file as the source expects it (integrations/spreadsheet/source-file.ts). */
export function readSourceFile(
  source: Pick<OrderTrackingSourceRow, 'fileType' | 'textEncoding'>,
  file: IncomingFile,
): Promise<Table> {
  return readSourceTable(file, source, (message) => new IngestFailure(message));
}

/** Reads and maps a file with a source's settings; failures (bad file, broken mapping) are thrown. */
export async function prepareFile(
  source: OrderTrackingSourceRow,
  file: IncomingFile,
  options: { previewRows?: number; onStep?: OnIngestStep } = {},
): Promise<MappingSuccess> {
  const table = await timedStep(options.onStep, 'read', () => readSourceFile(source, file));
  const result: MappingResult = await timedStep(options.onStep, 'map', async () =>
    mapTable(table, source, options),
  );
  if (!result.ok) {
    const { headers, headerDrift, warnings } = result;
    throw new IngestFailure(result.error, { headers, headerDrift, warnings });
  }
  return result;
}

/**
 * Orders in a file from which its import merges the search indexes while it writes: below it the pending
 * lists stay small enough that the merge after commit takes a few milliseconds.
 */
export const CONCURRENT_MERGE_MIN_ORDERS = 10_000;

export interface IngestOptions {
  batchSize?: number;
  progress?: ProgressReporter;
  /** Told the time of each step (the benchmark's breakdown, bench/ingest.ts); steps are not timed without it. */
  onStep?: OnIngestStep;
  /** Told of the merging beside the writes when a file is large enough for it (tests, the benchmark). */
  onConcurrentMerge?: (merge: ConcurrentMerge) => void;
}

interface IngestResult {
  mapping: MappingSuccess;
  ordersUpdated: number;
  /** Of ordersUpdated, those the file brought in for the first time; the rest changed. */
  ordersNew: number;
  ordersDeleted: number;
}

/** The writes of one file, in the given transaction (a savepoint of the caller's). */
async function ingest(
  db: DbOrTx,
  source: OrderTrackingSourceRow,
  mapping: MappingSuccess,
  options: IngestOptions,
): Promise<IngestResult> {
  await lockSourceForIngest(db, source.id);
  // Counted in the file's rows, which is what the operator knows; several rows can make one order.
  const { progress } = options;
  const rows = mapping.counts.rowsRead;
  const keys = mapping.orders.uniqueKeys.length;
  await progress?.total(rows);
  const written = await upsertOrders(db, source.id, mapping.orders, {
    batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
    onBatch:
      progress &&
      ((ordersDone) => progress.done(ordersDone === keys ? rows : Math.floor((ordersDone / keys) * rows))),
    onStep: options.onStep,
  });
  let ordersDeleted = 0;
  const { deleteAfterDays } = source;
  if (deleteAfterDays !== null && deleteAfterDays > 0) {
    const keys = new Set(mapping.orders.uniqueKeys);
    ordersDeleted = await timedStep(options.onStep, 'stale delete', () =>
      softDeleteStaleOrders(db, source.id, deleteAfterDays, keys),
    );
  }
  if (source.fileHasHeader) await saveLastGoodHeaders(db, source.id, mapping.headers);
  return { mapping, ordersUpdated: written.updated, ordersNew: written.inserted, ordersDeleted };
}

export function successMessage(result: IngestResult): string {
  const { counts } = result.mapping;
  const skipped =
    counts.rowsSkipped > 0 ? `, ${plural(counts.rowsSkipped, 'row', 'rows')} skipped (no key)` : '';
  // "updated" is Home's word for both (docs/behaviour/home.md); the run says which were new.
  const split =
    result.ordersUpdated > 0
      ? ` (${result.ordersNew.toLocaleString('en-US')} new, ${(result.ordersUpdated - result.ordersNew).toLocaleString('en-US')} changed)`
      : '';
  return `Imported ${plural(counts.rowsImported, 'row', 'rows')}: ${plural(result.ordersUpdated, 'order', 'orders')} updated${split}, ${result.ordersDeleted.toLocaleString('en-US')} deleted${skipped}`;
}

function failureMessage(error: unknown): string {
  if (error instanceof IngestFailure || isSpreadsheetError(error)) return error.message;
  // A failed query's own message holds the values it wrote (the file's rows); the run shows the reason only.
  return `The file could not be imported: ${describeError(error)}`;
}

/** process() with options the benchmark and tests use (batch size, step times). */
export async function processOrderTrackingFile(
  request: ProcessFileRequest,
  options: IngestOptions = {},
): Promise<ProcessFileOutcome> {
  const { db, file } = request;
  const source = await findLiveOrderTrackingSource(db, request.sourceId);
  // The file is parsed in the reader's own process: started first, it is read while the database stores the
  // input and opens the run (half a second for 8 MB). Awaited in the try below; until then a refusal must not
  // count as unhandled, nor be lost when storing fails first.
  const prepared = source ? prepareFile(source, file, { onStep: options.onStep }) : undefined;
  prepared?.catch(() => {});
  const inputFileId = request.inputFileId ?? (await storeFile(db, file.fileName, file.content));
  const runId = await startRun(db, {
    sourceType: 'order-tracking',
    sourceId: request.sourceId,
    // Home's statistics group by this name: the source's name at the time of the run.
    sourceName: source?.sourceName ?? `Order tracking source ${request.sourceId}`,
    trigger: request.trigger,
    fileName: file.fileName,
    inputFileId,
    inboundMessageId: request.inboundMessageId ?? null,
    reprocessOfRunId: request.reprocessOfRunId ?? null,
  });

  let result: IngestResult;
  let concurrentMerge: ConcurrentMerge | undefined;
  try {
    if (!source)
      throw new IngestFailure(`Order tracking source ${request.sourceId} does not exist or was deleted.`);
    const mapping = await prepared!;
    const progress = options.progress ?? request.progress;
    if (mapping.orders.uniqueKeys.length >= CONCURRENT_MERGE_MIN_ORDERS) {
      concurrentMerge = mergeWhileImporting(request.context.database);
      options.onConcurrentMerge?.(concurrentMerge);
    }
    try {
      result = await db.transaction((savepoint) =>
        withImportPlanner(savepoint, () => ingest(savepoint, source, mapping, { ...options, progress })),
      );
    } finally {
      concurrentMerge?.stop();
    }
  } catch (error) {
    const message = failureMessage(error);
    const extra = error instanceof IngestFailure ? error.extra : {};
    const details: RunDetails = {
      counts: {
        rowsRead: 0,
        rowsImported: 0,
        rowsSkipped: 0,
        ordersUpdated: 0,
        ordersNew: 0,
        ordersChanged: 0,
        ordersDeleted: 0,
      },
      warnings: extra.warnings ?? [],
      errors: [message],
      ...(extra.headerDrift ? { headerDrift: extra.headerDrift } : {}),
    };
    await finishRun(db, runId, { status: 'failed', message, ordersUpdated: 0, ordersDeleted: 0, details });
    return {
      runId,
      status: 'failed',
      message,
      ordersUpdated: 0,
      ordersNew: 0,
      ordersChanged: 0,
      ordersDeleted: 0,
    };
  }

  const { mapping, ordersUpdated, ordersNew, ordersDeleted } = result;
  const ordersChanged = ordersUpdated - ordersNew;
  const message = successMessage(result);
  const details: RunDetails = {
    counts: { ...mapping.counts, ordersUpdated, ordersNew, ordersChanged, ordersDeleted },
    warnings: mapping.warnings,
    errors: [],
    ...(mapping.headerDrift ? { headerDrift: mapping.headerDrift } : {}),
  };
  await finishRun(db, runId, { status: 'succeeded', message, ordersUpdated, ordersDeleted, details });
  const changed = ordersUpdated + ordersDeleted > 0;
  return {
    runId,
    status: 'succeeded',
    message,
    ordersUpdated,
    ordersNew,
    ordersChanged,
    ordersDeleted,
    ...(changed ? { afterCommit: () => mergeSearchEntriesQuietly(request.context, concurrentMerge) } : {}),
  };
}

/**
 * After-commit work must not throw: a merge that fails is left to autovacuum and logged. The merging beside
 * the import is let finish its last pass first, so the two do not queue on the same index.
 */
async function mergeSearchEntriesQuietly(
  context: ProcessFileRequest['context'],
  concurrentMerge: ConcurrentMerge | undefined,
): Promise<void> {
  await concurrentMerge?.finished;
  try {
    await mergePendingSearchEntries(context.db);
  } catch (error) {
    console.warn(`Merging the order search indexes' pending entries failed: ${describeError(error)}`);
  }
}

/** Active, not deleted order tracking sources bound to a mailbox, as intake matches them (docs/behaviour/mail-intake.md#matching). */
export async function orderTrackingMailRules(db: DbOrTx, emailSourceId: number): Promise<MailMatchRule[]> {
  const rows = await listMailboundOrderTrackingSources(db, emailSourceId);
  return rows.map((row) => toMailMatchRule('order-tracking', emailSourceId, row));
}

export const orderTrackingFileProcessor: FileProcessor = {
  sourceType: 'order-tracking',
  mailRules: orderTrackingMailRules,
  process: (request) => processOrderTrackingFile(request),
};
