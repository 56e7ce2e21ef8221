/**
 * The inventory FileProcessor (docs/behaviour/inventory.md#overview): mail and SFTP intake, manual processing and re-process all
 * come through `processInventoryFile`. It stores the input, opens a run, reads the supplier file, decides
 * Active/Inactive for every user-activated item (quantity, status lists, the predictive algorithm), writes
 * the generated file in the sample's format, stores a quantity snapshot per supplier item and — unless the
 * drift guard holds the run — the items' new states. The work runs in a savepoint of the caller's
 * transaction: a bad file rolls back only its own work and still leaves a failed run that says why. Only a
 * failure of the database itself is thrown.
 *
 * Delivery happens after commit, never inside: the outcome's `afterCommit` (automatic runs) or the manual
 * route's call to the delivery module.
 */
import {
  emptyColumnInfo,
  emptySummary,
  type HeaderDrift,
  type InventoryHeldInfo,
  type RunDetails,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { isSpreadsheetError } from '../../integrations/spreadsheet';
import { describeError } from '../../lib/error-redaction';
import { plural } from '../../lib/plural';
import type { ProgressReporter } from '../../lib/progress';
import { readStoredFile, storeFile } from '../files/stored-files';
import {
  type FileProcessor,
  type MailMatchRule,
  type ProcessFileOutcome,
  type ProcessFileRequest,
  toMailMatchRule,
} from '../intake/file-processors';
import { deliverAutomaticRun } from '../inventory-delivery/automatic-delivery';
import {
  findLiveInventorySource,
  type InventorySourceRow,
  listActiveInventorySourcesOfMailbox,
  lockLiveInventorySource,
} from '../inventory-sources/repository';
import { finishRun, startRun } from '../runs/repository';
import {
  type ActivatedItem,
  type AvailabilityRule,
  availabilityRule,
  parseActivatedItems,
} from './availability';
import {
  applyPredictions,
  type Decision,
  decideItems,
  type PredictionOutcome,
  predictionCandidates,
} from './decide-items';
import { type OutputRow, type OutputTemplate, outputFileName, prepareOutput } from './output-file';
import { loadPredictionContext, type PredictionContext, summariesFor } from './prediction-context';
import { formatAmount, type PredictiveSettings } from './predictive';
import {
  deleteItemStates,
  type ItemState,
  insertSnapshots,
  loadItemStates,
  saveLastGoodHeaders,
  upsertItemStates,
} from './repository';
import {
  activatedItemWarnings,
  type InventoryProcessOptions,
  type InventoryRunReport,
  type RunReportParts,
  runReport,
} from './run-report';
import { compareWithStates, driftGuard, type StateChanges } from './state-changes';
import {
  type ColumnPlan,
  collectItems,
  InventoryFailure,
  planColumns,
  readSupplierTable,
  type SupplierData,
} from './supplier-file';

export { LOG_CAP, MODIFICATIONS_CAP } from './decide-items';
export { LIST_CAP } from './state-changes';

/**
 * What `process()` returns. Intake: commit the transaction, then `await outcome.afterCommit?.()` (set for a
 * succeeded run of any trigger but 'manual'; it delivers by e-mail and SFTP where configured, records the
 * outcome in the run's `details.delivery`, and never throws).
 */
export interface InventoryProcessOutcome extends ProcessFileOutcome {
  status: 'succeeded' | 'failed' | 'held';
  report: InventoryRunReport;
  /** The generated file, also for a held run (null when none was made). */
  output: { fileName: string; content: Buffer } | null;
  afterCommit?: () => Promise<void>;
}

type Source = InventorySourceRow;

interface PreparedRun {
  plan: ColumnPlan;
  supplier: SupplierData;
  template: OutputTemplate;
  activated: ActivatedItem[];
  duplicateActivated: string[];
  timings: string[];
}

function timer() {
  const started = performance.now();
  let last = started;
  return (label: string, into: string[]) => {
    const now = performance.now();
    into.push(`${label}: ${Math.round(now - last)} ms`);
    last = now;
  };
}

/** Reads the files and checks the settings; nothing is written. Throws InventoryFailure or SpreadsheetError. */
async function prepareRun(
  db: DbOrTx,
  source: Source,
  file: { fileName: string; content: Buffer },
): Promise<PreparedRun> {
  const timings: string[] = [];
  const lap = timer();
  if (source.sampleFileId === null) {
    throw new InventoryFailure(
      `The source "${source.sourceName}" has no sample inventory file, so the generated file's format is unknown: upload one in the source editor (File Generation).`,
    );
  }
  const sample = await readStoredFile(db, source.sampleFileId);
  if (!sample)
    throw new InventoryFailure(
      `The sample inventory file of "${source.sourceName}" is missing: upload it again.`,
    );
  const template = await prepareOutput(sample, source);
  lap('read sample file', timings);
  const table = await readSupplierTable(source.fileType, file, source.textEncoding);
  lap(`read ${file.fileName} (${table.format}, ${plural(table.rows.length, 'row')})`, timings);
  const plan = planColumns(table, source);
  const supplier = collectItems(table, plan, source.stripLeadingZeroes);
  const { items: activated, duplicates } = parseActivatedItems(
    source.userActivatedItemNumbers,
    source.stripLeadingZeroes,
  );
  lap('mapped rows', timings);
  return { plan, supplier, template, activated, duplicateActivated: duplicates, timings };
}

function predictiveSettingsOf(source: Source): PredictiveSettings | string {
  const missing = (
    [
      'lookbackDays',
      'minDataPoints',
      'safetyMultiplier',
      'safetyPadding',
      'largeDropThreshold',
      'largeDropMultiplier',
    ] as const
  ).filter((field) => source[field] === null);
  if (missing.length > 0) {
    return `The predictive algorithm is on but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set: no predictions were made.`;
  }
  return {
    lookbackDays: source.lookbackDays!,
    minDataPoints: source.minDataPoints!,
    safetyMultiplier: source.safetyMultiplier!,
    safetyPadding: source.safetyPadding!,
    largeDropThreshold: source.largeDropThreshold!,
    largeDropMultiplier: source.largeDropMultiplier!,
  };
}

interface RunWork extends RunReportParts {
  output: { fileName: string; content: Buffer };
  outputFileId: number;
}

/**
 * Everything that writes, in the savepoint: the item snapshots, the decisions (decide-items.ts) against the stored
 * states (state-changes.ts, with the drift guard), the new states unless held, the generated file, and the run's
 * account of itself (run-report.ts).
 */
async function applyRun(
  db: DbOrTx,
  source: Source,
  runId: number,
  prepared: PreparedRun,
  now: Date,
  options: InventoryProcessOptions,
  progress?: ProgressReporter,
): Promise<RunWork> {
  const { plan, supplier, template, activated } = prepared;
  const timings = [...prepared.timings];
  const lap = timer();
  const note = (label: string) => lap(label, timings);
  const warnings = [...plan.warnings, ...supplier.warnings];

  const { states, snapshotCount } = await lockAndSnapshot(
    db,
    source,
    runId,
    supplier,
    now,
    options,
    progress,
  );
  note(`stored ${plural(snapshotCount, 'snapshot')}`);

  const rule = availabilityRule(source);
  const { decisions, activeItemsFound } = decideItems(activated, supplier, rule);
  const predicted = await predictAvailability(db, { source, runId, now, decisions, supplier, rule });
  if (predicted.warning) warnings.push(predicted.warning);
  if (predicted.context) note('predictions');

  const changes = compareWithStates(decisions, states);
  const held = driftGuard(changes, supplier.counts.processedRows, source.driftGuardPercent);
  warnings.push(
    ...activatedItemWarnings({
      changes,
      duplicateActivated: prepared.duplicateActivated,
      activatedCount: activated.length,
    }),
  );

  const rows: OutputRow[] = decisions.map((decision) => ({
    item: decision.item.text,
    status: decision.status,
  }));
  const fileName = outputFileName(template.baseName, template.type, now);
  const { content, outputFileId } = await writeStatesAndFile(db, {
    source,
    runId,
    now,
    options,
    plan,
    activated,
    states,
    changes,
    held,
    template,
    rows,
    fileName,
    note,
  });

  const report = runReport({
    source,
    plan,
    template,
    supplier,
    decisions,
    activeItemsFound,
    ruleThresholdText: rule.thresholdText,
    changes,
    predictions: predicted.outcome,
    held,
    fileName,
    rowCount: rows.length,
    warnings,
    predictionLogs: predicted.logs,
    timings,
    manualDelivery: options.manualDelivery,
  });
  // The item history (history.ts) explains this run's predictions from what it used.
  if (predicted.context) report.details.predictive = predicted.context;
  return { ...report, output: { fileName, content }, outputFileId };
}

/**
 * Locks the source for the run (one run at a time per source: states and snapshots are read and written as
 * one step), reads the stored item states and stores one snapshot per item of the file.
 */
async function lockAndSnapshot(
  db: DbOrTx,
  source: Source,
  runId: number,
  supplier: SupplierData,
  now: Date,
  options: InventoryProcessOptions,
  progress?: ProgressReporter,
): Promise<{ states: Map<string, ItemState>; snapshotCount: number }> {
  if (!(await lockLiveInventorySource(db, source.id))) {
    throw new InventoryFailure(
      `Inventory source ${source.id} was deleted while its file was being processed.`,
    );
  }
  const states = await loadItemStates(db, source.id);
  const snapshots = [...supplier.items.values()].map((item) => ({
    itemNumber: item.key,
    quantity: item.quantity,
  }));
  // One snapshot per item of the file: the rows, less blank and repeated ones.
  await progress?.total(snapshots.length);
  await insertSnapshots(db, source.id, runId, now, snapshots, options.batchSize, progress?.done);
  return { states, snapshotCount: snapshots.length };
}

interface PredictedAvailability {
  outcome: PredictionOutcome;
  /** What the predictions used; set when the predictive algorithm ran. */
  context?: PredictionContext;
  logs: string[];
  /** Why the algorithm, switched on, made no predictions. */
  warning?: string;
}

/** The predictive algorithm's corrections to the decisions, when the source uses it (predictive.ts). */
async function predictAvailability(
  db: DbOrTx,
  input: {
    source: Source;
    runId: number;
    now: Date;
    decisions: Decision[];
    supplier: SupplierData;
    rule: AvailabilityRule;
  },
): Promise<PredictedAvailability> {
  const { source, runId, now, decisions, supplier, rule } = input;
  const outcome: PredictionOutcome = { earlyCount: 0, reasons: [], modifications: [] };
  if (!source.usesPredictiveAlgorithm) return { outcome, logs: [] };
  const settings = predictiveSettingsOf(source);
  if (typeof settings === 'string') return { outcome, logs: [], warning: settings };
  const candidates = predictionCandidates(decisions, supplier, rule);
  const context = await loadPredictionContext(db, {
    sourceId: source.id,
    runId,
    now,
    settings,
    minItemsToBeActive: source.minItemsToBeActive,
  });
  const { horizonDays, earlierRuns } = context;
  const summaries = await summariesFor(
    db,
    source.id,
    context,
    candidates.map((decision) => decision.item.key),
  );
  const logs = [
    `Predictive algorithm: ${plural(candidates.length, 'candidate item')}, ${plural(summaries.size, 'item')} with at least ${settings.minDataPoints} snapshots in the last ${plural(settings.lookbackDays, 'day')}; horizon ${formatAmount(horizonDays)} ${horizonDays === 1 ? 'day' : 'days'} (median interval of ${plural(earlierRuns, 'earlier successful run')} and this one).`,
  ];
  return {
    outcome: applyPredictions(candidates, {
      supplier,
      summaries,
      settings,
      horizonDays,
      minItemsToBeActive: source.minItemsToBeActive,
    }),
    context,
    logs,
  };
}

/**
 * Writes the new item states (unless the drift guard held the run) while the generated file is built here
 * (the two overlap), then stores the file.
 */
async function writeStatesAndFile(
  db: DbOrTx,
  input: {
    source: Source;
    runId: number;
    now: Date;
    options: InventoryProcessOptions;
    plan: ColumnPlan;
    activated: ActivatedItem[];
    states: Map<string, ItemState>;
    changes: StateChanges;
    /** Set when the drift guard holds the run: its states are not written. */
    held: InventoryHeldInfo | undefined;
    template: OutputTemplate;
    rows: OutputRow[];
    fileName: string;
    note: (label: string) => void;
  },
): Promise<{ content: Buffer; outputFileId: number }> {
  const { source, runId, now, options, plan, activated, states, changes, held, template, rows, fileName } =
    input;
  const applyStates = async () => {
    if (held) return;
    await upsertItemStates(db, source.id, runId, now, changes.updates, options.batchSize);
    const keys = new Set(activated.map((item) => item.key));
    await deleteItemStates(
      db,
      source.id,
      [...states.keys()].filter((key) => !keys.has(key)),
    );
    if (plan.hasHeader && !plan.empty) await saveLastGoodHeaders(db, source.id, plan.headers);
  };
  const statesApplied = applyStates();
  let content: Buffer;
  try {
    content = template.write(rows, now);
  } catch (error) {
    await statesApplied.catch(() => undefined);
    throw error;
  }
  input.note(`wrote ${fileName} (${plural(rows.length, 'row')})`);
  await statesApplied;
  const outputFileId = await storeFile(db, fileName, content);
  input.note(
    held
      ? 'stored the generated file'
      : `updated ${plural(changes.updates.length, 'item state')}, stored the generated file`,
  );
  return { content, outputFileId };
}

function failureMessage(error: unknown): string {
  if (error instanceof InventoryFailure || isSpreadsheetError(error)) return error.message;
  // A failed query's own message holds the values it wrote (the file's rows); the run shows the reason only.
  return `The file could not be processed: ${describeError(error)}`;
}

/** process() with the options manual processing, tests and the benchmark use. */
export async function processInventoryFile(
  request: ProcessFileRequest,
  options: InventoryProcessOptions = {},
): Promise<InventoryProcessOutcome> {
  const { db, file } = request;
  const now = options.now ?? new Date();
  const source = await findLiveInventorySource(db, request.sourceId);
  const inputFileId = request.inputFileId ?? (await storeFile(db, file.fileName, file.content));
  const runId = await startRun(db, {
    sourceType: 'inventory',
    sourceId: request.sourceId,
    sourceName: source?.sourceName ?? `Inventory source ${request.sourceId}`,
    trigger: request.trigger,
    fileName: file.fileName,
    inputFileId,
    inboundMessageId: request.inboundMessageId ?? null,
    reprocessOfRunId: request.reprocessOfRunId ?? null,
  });

  let work: RunWork;
  try {
    if (!source)
      throw new InventoryFailure(`Inventory source ${request.sourceId} does not exist or was deleted.`);
    const prepared = await prepareRun(db, source, file);
    work = await db.transaction((savepoint) =>
      applyRun(savepoint, source, runId, prepared, now, options, request.progress),
    );
  } catch (error) {
    const message = failureMessage(error);
    const extra = error instanceof InventoryFailure ? error.extra : {};
    const warnings = extra.warnings ?? [];
    const details: RunDetails = {
      counts: { processed: 0, active: 0, inactive: 0 },
      warnings,
      errors: [message],
      logs: [],
      ...(extra.headerDrift ? { headerDrift: extra.headerDrift as HeaderDrift } : {}),
    };
    await finishRun(db, runId, { status: 'failed', message, details });
    return {
      runId,
      status: 'failed',
      message,
      output: null,
      report: {
        success: false,
        message,
        errors: [message],
        processedCount: 0,
        activeCount: 0,
        inactiveCount: 0,
        processingLogs: [`Processing failed: ${message}`],
        debugLogs: warnings.map((warning) => `Warning: ${warning}`),
        modificationsCount: 0,
        columnInfo: extra.columnInfo ?? emptyColumnInfo(source),
        processingSummary: emptySummary(),
        runId,
        status: 'failed',
        heldReason: null,
        warnings,
        missingItems: [],
      },
    };
  }

  await finishRun(db, runId, {
    status: work.status,
    message: work.message,
    details: work.details,
    outputFileId: work.outputFileId,
  });
  const context = request.context;
  const sourceId = request.sourceId;
  // Automatic runs deliver after commit, by e-mail and SFTP where configured (never throws).
  const deliverAfterCommit =
    work.status === 'succeeded' && request.trigger !== 'manual'
      ? async () => {
          await deliverAutomaticRun(context, { runId, sourceId });
        }
      : undefined;
  return {
    runId,
    status: work.status,
    message: work.message,
    output: work.output,
    report: {
      ...work.report,
      success: work.status === 'succeeded',
      message: work.message,
      errors: work.heldReason ? [work.heldReason] : [],
      runId,
      status: work.status,
      heldReason: work.heldReason,
    },
    ...(deliverAfterCommit ? { afterCommit: deliverAfterCommit } : {}),
  };
}

/** Active, not deleted inventory sources bound to a mailbox, as intake matches them (docs/behaviour/mail-intake.md#matching). */
export async function inventoryMailRules(db: DbOrTx, emailSourceId: number): Promise<MailMatchRule[]> {
  const rows = await listActiveInventorySourcesOfMailbox(db, emailSourceId);
  return rows.map((row) => toMailMatchRule('inventory', emailSourceId, row));
}

/**
 * The inventory processor intake and re-process call. `process()` resolves to an InventoryProcessOutcome:
 * after the caller's transaction commits, call `outcome.afterCommit?.()` to deliver an automatic run.
 */
export const inventoryFileProcessor = {
  sourceType: 'inventory',
  mailRules: inventoryMailRules,
  process: (request: ProcessFileRequest) => processInventoryFile(request),
} satisfies FileProcessor;
