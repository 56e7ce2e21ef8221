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
import type {
  HeaderDrift,
  InventoryColumnInfo,
  InventoryHeldInfo,
  InventoryModification,
  InventoryProcessingSummary,
  InventoryRunDetails,
  InventoryStatusChange,
  ItemStatus,
  RunDetails,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, eq, isNull } from 'drizzle-orm';
import { isSpreadsheetError } from '../../integrations/spreadsheet';
import { describeError } from '../../lib/error-redaction';
import { plural } from '../../lib/plural';
import { readStoredFile, storeFile } from '../files/stored-files';
import type {
  FileProcessor,
  MailMatchRule,
  ProcessFileOutcome,
  ProcessFileRequest,
} from '../intake/file-processors';
import { deliverAutomaticRun } from '../inventory-delivery/automatic-delivery';
import {
  findLiveInventorySource,
  type InventorySourceRow,
  lockLiveInventorySource,
} from '../inventory-sources/repository';
import { finishRun, startRun } from '../runs/runs-service';
import { type ActivatedItem, availabilityRule, parseActivatedItems } from './availability';
import { type OutputRow, type OutputTemplate, outputFileName, prepareOutput } from './output-file';
import {
  DAY_MS,
  describePrediction,
  fallsBelowThreshold,
  formatAmount,
  inferUpdateIntervalDays,
  type PredictiveSettings,
  predictQuantity,
} from './predictive';
import {
  deleteItemStates,
  type ItemState,
  insertSnapshots,
  loadItemStates,
  type StateUpdate,
  saveLastGoodHeaders,
  snapshotSummaries,
  successfulRunsSince,
  untrustedRunIds,
  upsertItemStates,
} from './repository';
import {
  type ColumnPlan,
  collectItems,
  InventoryFailure,
  planColumns,
  readSupplierTable,
  type SupplierData,
} from './supplier-file';

const { inventorySources } = schema;

/** Lists in results and run details are capped; their counts are not. */
export const LIST_CAP = 50;
export const MODIFICATIONS_CAP = 500;
export const LOG_CAP = 200;

export interface InventoryProcessOptions {
  /** The processing time (tests and the benchmark fix it). Default: now. */
  now?: Date;
  /** Manual processing: what the switches asked to deliver, kept for the approval of a held run. */
  manualDelivery?: { sendEmail: boolean; submitSftp: boolean };
  /** Rows per snapshot insert. */
  batchSize?: number;
}

/** The processing result (docs/behaviour/inventory.md#processing-result) without the generated file's bytes and the delivery outcome. */
export interface InventoryRunReport {
  success: boolean;
  message: string;
  errors: string[];
  processedCount: number;
  activeCount: number;
  inactiveCount: number;
  processingLogs: string[];
  debugLogs: string[];
  modificationsCount: number;
  columnInfo: InventoryColumnInfo;
  processingSummary: InventoryProcessingSummary;
  runId: number;
  status: 'succeeded' | 'failed' | 'held';
  heldReason: string | null;
  warnings: string[];
}

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

export function emptyColumnInfo(
  source: Pick<Source, 'itemNumberColumnName' | 'qtyColumnName' | 'fileHasHeader'> | undefined,
) {
  return {
    expectedItemColumn: source?.itemNumberColumnName ?? '',
    itemColumnIndex: -1,
    expectedQtyColumn: source?.qtyColumnName ?? '',
    qtyColumnIndex: -1,
    hasHeaders: source?.fileHasHeader ?? true,
    foundHeaders: [],
  } satisfies InventoryColumnInfo;
}

export function emptySummary(): InventoryProcessingSummary {
  return {
    totalRows: 0,
    processedRows: 0,
    skippedRows: 0,
    activeItemsFound: 0,
    itemsModified: 0,
    modifications: [],
  };
}

function capped(list: readonly string[], total: number, cap = LIST_CAP): string {
  const more = total - Math.min(list.length, cap);
  return `${list.slice(0, cap).join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`;
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

interface Decision {
  item: ActivatedItem;
  status: ItemStatus;
  quantity: number | null;
  missing: boolean;
  early: boolean;
}

interface RunWork {
  status: 'succeeded' | 'held';
  message: string;
  heldReason: string | null;
  report: Omit<InventoryRunReport, 'runId' | 'status' | 'heldReason' | 'success' | 'message' | 'errors'>;
  details: InventoryRunDetails;
  output: { fileName: string; content: Buffer };
  outputFileId: number;
}

/** Everything that writes, in the savepoint. */
async function applyRun(
  db: DbOrTx,
  source: Source,
  runId: number,
  prepared: PreparedRun,
  now: Date,
  options: InventoryProcessOptions,
): Promise<RunWork> {
  const { plan, supplier, template, activated } = prepared;
  const timings = [...prepared.timings];
  const lap = timer();
  const processingLogs: string[] = [];
  const debugLogs: string[] = [];
  const warnings = [...plan.warnings, ...supplier.warnings];

  // One run at a time per source: states and snapshots are read and written as one step.
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
  await insertSnapshots(db, source.id, runId, now, snapshots, options.batchSize);
  lap(`stored ${plural(snapshots.length, 'snapshot')}`, timings);

  const rule = availabilityRule(source);
  let activeItemsFound = 0;
  for (const item of supplier.items.values()) {
    if (rule.decide(item.quantity, item.status).status === 'Active') activeItemsFound++;
  }

  // Base decisions for the user-activated items.
  const decisions: Decision[] = activated.map((item) => {
    const found = supplier.items.get(item.key);
    if (!found) return { item, status: 'Inactive', quantity: null, missing: true, early: false };
    return {
      item,
      status: rule.decide(found.quantity, found.status).status,
      quantity: found.quantity,
      missing: false,
      early: false,
    };
  });

  // The predictive algorithm, for items Active by their quantity (a supplier's explicit status stands).
  const modifications: InventoryModification[] = [];
  const predictionReasons: string[] = [];
  let earlyCount = 0;
  if (source.usesPredictiveAlgorithm) {
    const settings = predictiveSettingsOf(source);
    if (typeof settings === 'string') {
      warnings.push(settings);
    } else {
      const candidates = decisions.filter((decision) => {
        if (decision.status !== 'Active' || decision.quantity === null) return false;
        const found = supplier.items.get(decision.item.key)!;
        return rule.decide(found.quantity, found.status).basis === 'quantity';
      });
      const from = new Date(now.getTime() - settings.lookbackDays * DAY_MS);
      const history = await successfulRunsSince(db, source.id, from);
      const horizonDays = inferUpdateIntervalDays([
        ...history.map((run) => run.startedAt.getTime()),
        now.getTime(),
      ]);
      const summaries = await snapshotSummaries(db, {
        sourceId: source.id,
        excludeRunIds: await untrustedRunIds(db, source.id, runId),
        from,
        to: now,
        itemNumbers: candidates.map((decision) => decision.item.key),
        minPoints: settings.minDataPoints,
      });
      debugLogs.push(
        `Predictive algorithm: ${plural(candidates.length, 'candidate item')}, ${plural(summaries.size, 'item')} with at least ${settings.minDataPoints} snapshots in the last ${plural(settings.lookbackDays, 'day')}; horizon ${formatAmount(horizonDays)} ${horizonDays === 1 ? 'day' : 'days'} (median interval of ${plural(history.length, 'earlier successful run')} and this one).`,
      );
      for (const decision of candidates) {
        const summary = summaries.get(decision.item.key);
        if (!summary) continue;
        const prediction = predictQuantity(decision.quantity!, summary, settings, horizonDays);
        if (!prediction || !fallsBelowThreshold(prediction.predicted, source.minItemsToBeActive)) continue;
        decision.status = 'Inactive';
        decision.early = true;
        earlyCount++;
        const reason = describePrediction(
          decision.item.text,
          prediction,
          settings,
          source.minItemsToBeActive,
        );
        if (predictionReasons.length < LOG_CAP) predictionReasons.push(reason);
        if (modifications.length < MODIFICATIONS_CAP) {
          modifications.push({
            rowIndex: supplier.items.get(decision.item.key)!.rowIndex,
            itemNumber: decision.item.text,
            originalQuantity: prediction.quantity,
            newQuantity: Math.round(prediction.predicted * 100) / 100,
            reason,
          });
        }
      }
      lap('predictions', timings);
    }
  }

  // Counts, changes against the stored states, and the drift guard.
  let activeCount = 0;
  const missing: string[] = [];
  let missingCount = 0;
  const turnedInactive: InventoryStatusChange[] = [];
  const turnedActive: InventoryStatusChange[] = [];
  let turnedInactiveCount = 0;
  let turnedActiveCount = 0;
  let currentlyActive = 0;
  const updates: StateUpdate[] = [];
  for (const decision of decisions) {
    if (decision.status === 'Active') activeCount++;
    if (decision.missing) {
      missingCount++;
      if (missing.length < LIST_CAP) missing.push(decision.item.text);
    }
    const state: ItemState | undefined = states.get(decision.item.key);
    if (state?.status === 'Active') currentlyActive++;
    const from = state?.status ?? null;
    if (from !== decision.status) {
      const change = { itemNumber: decision.item.text, from, to: decision.status };
      if (decision.status === 'Inactive') {
        turnedInactiveCount++;
        if (turnedInactive.length < LIST_CAP) turnedInactive.push(change);
      } else {
        turnedActiveCount++;
        if (turnedActive.length < LIST_CAP) turnedActive.push(change);
      }
    }
    if (!state || state.status !== decision.status || state.lastQuantity !== decision.quantity) {
      updates.push({ itemNumber: decision.item.key, status: decision.status, quantity: decision.quantity });
    }
  }
  const inactiveCount = decisions.length - activeCount;
  // Only the items that were Active and are still user-activated count for the guard.
  const turningInactive = decisions.filter(
    (decision) => decision.status === 'Inactive' && states.get(decision.item.key)?.status === 'Active',
  ).length;
  const percent = currentlyActive > 0 ? (turningInactive / currentlyActive) * 100 : 0;
  let held: InventoryHeldInfo | undefined;
  const limit = source.driftGuardPercent;
  const heldInfo = (kind: InventoryHeldInfo['kind'], reason: string): InventoryHeldInfo => ({
    kind,
    reason,
    currentlyActive,
    turningInactive,
    percent: Math.round(percent * 10) / 10,
    limitPercent: limit,
  });
  if (supplier.counts.processedRows === 0) {
    held = heldInfo(
      'empty-file',
      'The file has no data rows. Nothing was delivered and no item changed: check the file, then approve or discard this run.',
    );
  } else if (currentlyActive > 0 && percent > limit) {
    held = heldInfo(
      'drift',
      `This file would turn ${plural(turningInactive, 'item')} of the ${plural(currentlyActive, 'Active item')} Inactive (${formatAmount(percent)}%), more than the drift guard allows (${limit}%). Nothing was delivered and no item changed: check the file, then approve or discard this run.`,
    );
  }

  if (missingCount > 0) {
    warnings.push(
      `${plural(missingCount, 'user-activated item is', 'user-activated items are')} not in the supplier file and ${missingCount === 1 ? 'was' : 'were'} marked Inactive: ${capped(missing, missingCount)}.`,
    );
  }
  if (prepared.duplicateActivated.length > 0) {
    warnings.push(
      `${plural(prepared.duplicateActivated.length, 'user-activated item is', 'user-activated items are')} listed more than once: ${capped(prepared.duplicateActivated, prepared.duplicateActivated.length)}.`,
    );
  }
  if (activated.length === 0)
    warnings.push('The source has no user-activated items: the generated file has no item rows.');

  // The new states (unless held) go to the database while the generated file is built here: the two overlap.
  const applyStates = async () => {
    if (held) return;
    await upsertItemStates(db, source.id, runId, now, updates, options.batchSize);
    const keys = new Set(activated.map((item) => item.key));
    await deleteItemStates(
      db,
      source.id,
      [...states.keys()].filter((key) => !keys.has(key)),
    );
    if (plan.hasHeader && !plan.empty) await saveLastGoodHeaders(db, source.id, plan.headers);
  };
  const statesApplied = applyStates();
  const rows: OutputRow[] = decisions.map((decision) => ({
    item: decision.item.text,
    status: decision.status,
  }));
  const fileName = outputFileName(template.baseName, template.type, now);
  let content: Buffer;
  try {
    content = template.write(rows, now);
  } catch (error) {
    await statesApplied.catch(() => undefined);
    throw error;
  }
  lap(`wrote ${fileName} (${plural(rows.length, 'row')})`, timings);
  await statesApplied;
  const outputFileId = await storeFile(db, fileName, content);
  lap(
    held
      ? 'stored the generated file'
      : `updated ${plural(updates.length, 'item state')}, stored the generated file`,
    timings,
  );

  const { counts } = supplier;
  processingLogs.push(
    `Read ${plural(counts.totalRows, 'data row')} of the supplier file: ${plural(counts.processedRows, 'row')} with an item number (${plural(supplier.items.size, 'distinct item')}), ${plural(counts.skippedRows, 'row')} skipped.`,
    `${plural(activeItemsFound, 'supplier item')} Active by the rule (quantity ${rule.thresholdText}${source.statusSupersedesQuantity ? ', or an available status' : ''}).`,
    `${plural(decisions.length, 'user-activated item')}: ${activeCount.toLocaleString('en-US')} Active, ${inactiveCount.toLocaleString('en-US')} Inactive (${plural(missingCount, 'item')} missing from the file${source.usesPredictiveAlgorithm ? `, ${plural(earlyCount, 'item')} Inactive early by prediction` : ''}).`,
    `Status changes: ${turnedActiveCount.toLocaleString('en-US')} to Active, ${turnedInactiveCount.toLocaleString('en-US')} to Inactive.`,
    `Generated ${fileName} (${plural(rows.length, 'item row')}).`,
  );
  if (held) processingLogs.push(`Held for approval: ${held.reason}`);
  debugLogs.push(
    plan.hasHeader
      ? `Supplier header row: ${plan.headers.map((header) => `"${header}"`).join(', ')}`
      : 'Supplier file has no header row.',
    `Item number column "${source.itemNumberColumnName}" → index ${plan.itemColumn}; quantity column "${source.qtyColumnName}" → index ${plan.qtyColumn}${plan.statusColumn === null ? '' : `; status column "${source.itemStatusColumnName}" → index ${plan.statusColumn}`}.`,
    `Generated file: ${template.type}, data from row ${template.firstDataRow + 1}, item column ${template.itemColumn}, status column ${template.statusColumn}, date column ${template.dateColumn} (${template.dateDescription}).`,
    ...predictionReasons,
    ...(earlyCount > predictionReasons.length
      ? [
          `… and ${(earlyCount - predictionReasons.length).toLocaleString('en-US')} more items Inactive early.`,
        ]
      : []),
    ...warnings.map((warning) => `Warning: ${warning}`),
    ...timings,
  );

  const summaryText = `${plural(decisions.length, 'item')}: ${activeCount.toLocaleString('en-US')} Active, ${inactiveCount.toLocaleString('en-US')} Inactive`;
  const extras = [
    missingCount > 0 ? `${missingCount.toLocaleString('en-US')} missing from the file` : '',
    earlyCount > 0 ? `${earlyCount.toLocaleString('en-US')} Inactive early by prediction` : '',
  ].filter(Boolean);
  const message = held
    ? `Held for approval: ${held.reason}`
    : `Processed ${summaryText}${extras.length > 0 ? ` (${extras.join(', ')})` : ''}.`;

  const details: InventoryRunDetails = {
    counts: {
      processed: decisions.length,
      active: activeCount,
      inactive: inactiveCount,
      missing: missingCount,
      inactiveEarly: earlyCount,
      supplierRows: counts.totalRows,
      supplierItems: supplier.items.size,
    },
    warnings,
    errors: held ? [held.reason] : [],
    logs: processingLogs,
    ...(plan.headerDrift ? { headerDrift: plan.headerDrift } : {}),
    ...(plan.hasHeader && !plan.empty ? { headers: plan.headers } : {}),
    changes: { turnedInactive, turnedInactiveCount, turnedActive, turnedActiveCount },
    ...(held ? { held } : {}),
    predictions: predictionReasons.slice(0, LIST_CAP),
    deliveryRequest: options.manualDelivery
      ? { mode: 'manual', ...options.manualDelivery }
      : { mode: 'automatic' },
    output: {
      fileName,
      firstDataRow: template.firstDataRow,
      itemColumn: template.itemColumn,
      statusColumn: template.statusColumn,
      stripLeadingZeroes: source.stripLeadingZeroes,
    },
  };

  return {
    status: held ? 'held' : 'succeeded',
    message,
    heldReason: held?.reason ?? null,
    report: {
      processedCount: decisions.length,
      activeCount,
      inactiveCount,
      processingLogs,
      debugLogs,
      modificationsCount: earlyCount,
      columnInfo: plan.columnInfo,
      processingSummary: {
        totalRows: counts.totalRows,
        processedRows: counts.processedRows,
        skippedRows: counts.skippedRows,
        activeItemsFound,
        itemsModified: earlyCount,
        modifications,
      },
      warnings,
    },
    details,
    output: { fileName, content },
    outputFileId,
  };
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
    work = await db.transaction((savepoint) => applyRun(savepoint, source, runId, prepared, now, options));
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
  const rows = await db
    .select()
    .from(inventorySources)
    .where(
      and(
        eq(inventorySources.emailSourceId, emailSourceId),
        eq(inventorySources.activeStatus, true),
        isNull(inventorySources.deletedAt),
      ),
    )
    .orderBy(inventorySources.id);
  return rows.map((row) => ({
    sourceType: 'inventory',
    sourceId: row.id,
    sourceName: row.sourceName,
    emailSourceId,
    fromEmail: row.fromEmail,
    subjectValue: row.subjectValue,
    containsNotExact: row.containsNotExact,
    expectedAttachmentCount: row.expectedAttachmentCount,
    attachmentName: row.attachmentName,
    fileType: row.fileType,
  }));
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
