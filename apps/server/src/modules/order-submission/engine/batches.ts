/**
 * Batches (docs/behaviour/order-submission.md#batches, expectedNumberOfBatchEmails): the order e-mails of a submission source that are
 * processed as one, with all their order lines together. A batch is complete when as many e-mails as the
 * source expects have arrived on one day (the app clock's day); e-mails that are re-processed form a batch
 * of their own at once. An incomplete batch is not lost: once its day is over, the due-work job processes
 * what arrived, with a warning in the run that names how many e-mails were missing.
 *
 * Processing a batch: its lines are grouped by vendor and written as the vendors' waiting lines, and the
 * source's batch run is opened, in one transaction that also claims the batch; then every vendor concerned
 * is sent its due lines (vendor-submissions.ts), and the batch run is finished with the outcome per vendor
 * and the unknown vendors. A batch claimed by an instance that stopped is resumed by the due-work job.
 */
import type {
  RunTrigger,
  SubmissionBatchDetails,
  SubmissionUnknownVendor,
  SubmissionVendorSummary,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../../context';
import { errorMessage } from '../../../lib/error-message';
import { plural } from '../../../lib/plural';
import { readStoredFile } from '../../files/stored-files';
import { finishRun, getRun, startRun, updateRun } from '../../runs/repository';
import { loadVendorsForSubmission } from '../../vendors/service';
import { findLiveOrderSubmissionSource } from '../sources-repository';
import type { Day } from './days';
import { poNumbersOf } from './mail-content';
import { OrderFileError, type OrderLine, readOrderFile } from './order-file';
import {
  type BatchRow,
  batchLineRuns,
  claimWaitingBatch,
  countReadyEmails,
  emailsOfBatch,
  formBatch,
  insertVendorLines,
  type OrderEmailRow,
  reclaimSendingBatch,
  updateBatch,
  updateOrderEmail,
  type VendorLineInsert,
} from './repository';
import { groupByVendor, vendorCell } from './vendor-matching';
import { submitWaitingLines, type VendorOutcome } from './vendor-submissions';

/** Triggers whose e-mail is processed alone, whatever the source's batch size. */
const ALONE: ReadonlySet<string> = new Set(['reprocess', 'manual']);

/**
 * After an e-mail became ready: forms its batch when complete and processes it. Returns the batch run's
 * id, or null when the batch still waits for e-mails.
 */
export async function completeBatchOf(context: AppContext, email: OrderEmailRow): Promise<number | null> {
  const { db } = context;
  const source = await findLiveOrderSubmissionSource(db, email.orderSubmissionSourceId);
  const expected = Math.max(1, source?.expectedNumberOfBatchEmails ?? 1);
  let formed: { batchId: number } | undefined;
  if (ALONE.has(email.trigger) || expected === 1) {
    formed = await formBatch(db, {
      sourceId: email.orderSubmissionSourceId,
      day: email.batchDay,
      trigger: email.trigger,
      late: false,
      atLeast: 1,
      emailId: email.id,
    });
  } else {
    if ((await countReadyEmails(db, email.orderSubmissionSourceId, email.batchDay)) < expected) return null;
    formed = await formBatch(db, {
      sourceId: email.orderSubmissionSourceId,
      day: email.batchDay,
      trigger: email.trigger,
      late: false,
      atLeast: expected,
    });
  }
  if (!formed) return null;
  return processBatch(context, formed.batchId);
}

/** The due-work job's part: a day's batch that did not complete is processed with what arrived. */
export async function finishLateBatch(
  context: AppContext,
  sourceId: number,
  day: Day,
): Promise<number | null> {
  const formed = await formBatch(context.db, { sourceId, day, trigger: 'schedule', late: true, atLeast: 1 });
  if (!formed) return null;
  return processBatch(context, formed.batchId);
}

interface Grouped {
  batch: BatchRow;
  runId: number;
  vendorIds: number[];
  details: SubmissionBatchDetails;
}

/**
 * Groups a waiting batch's lines, then sends the vendors theirs. Returns the batch run's id, or null when
 * another instance took the batch.
 */
export async function processBatch(context: AppContext, batchId: number): Promise<number | null> {
  const grouped = await context.db.transaction(async (tx) => {
    const batch = await claimWaitingBatch(tx, batchId);
    if (!batch) return undefined;
    return groupBatch(tx, batch);
  });
  if (!grouped) return null;
  await sendAndFinish(context, grouped);
  return grouped.runId;
}

/** A batch left 'sending' by an instance that stopped: its remaining vendors are sent and its run finished. */
export async function resumeSendingBatch(context: AppContext, batchId: number): Promise<void> {
  const batch = await reclaimSendingBatch(context.db, batchId);
  if (!batch) return;
  if (batch.runId === null) {
    await updateBatch(context.db, batch.id, { status: 'failed', finishedAt: new Date() });
    return;
  }
  const run = await getRun(context.db, batch.runId);
  const details = (run?.details ?? {}) as SubmissionBatchDetails;
  const vendorIds = (await batchLineRuns(context.db, batch.id)).map((row) => row.vendorId);
  await sendAndFinish(context, {
    batch,
    runId: batch.runId,
    vendorIds,
    details: {
      ...details,
      warnings: [...(details.warnings ?? []), 'The batch was resumed after a restart.'],
    },
  });
}

interface ReadEmail {
  email: OrderEmailRow;
  lines: OrderLine[];
  headers: string[];
  /** How the file was read (OrderFile.notes), each naming the file. */
  notes: string[];
}

async function groupBatch(db: DbOrTx, batch: BatchRow): Promise<Grouped> {
  const emails = await emailsOfBatch(db, batch.id);
  const source = await findLiveOrderSubmissionSource(db, batch.orderSubmissionSourceId);
  const sourceName = source?.sourceName ?? `Order submission source ${batch.orderSubmissionSourceId}`;
  const errors: string[] = [];
  const warnings: string[] = [];
  const read: ReadEmail[] = [];
  for (const email of emails) {
    const problem = await readEmailFile(db, email, source?.textEncoding ?? '');
    if (typeof problem === 'string') {
      errors.push(problem);
      await updateOrderEmail(db, email.id, { message: problem });
    } else {
      read.push(problem);
      warnings.push(...problem.notes);
      await updateOrderEmail(db, email.id, { orderFileHeaders: problem.headers });
    }
  }
  const expected = Math.max(1, source?.expectedNumberOfBatchEmails ?? 1);
  if (batch.late && emails.length < expected) {
    warnings.push(
      `Only ${emails.length} of the ${expected} e-mails of the batch of ${batch.batchDay} arrived by the end of the day: processed without the missing ${plural(expected - emails.length, 'e-mail')}.`,
    );
  }
  if (!source)
    errors.push(
      `The order submission source #${batch.orderSubmissionSourceId} was deleted: its orders were not submitted.`,
    );

  const lines = read.flatMap((entry) => entry.lines.map((line) => ({ line, email: entry.email })));
  const vendors = source ? (await loadVendorsForSubmission(db, source.id)).map((entry) => entry.vendor) : [];
  const grouping = groupByVendor(lines, (entry) => vendorCell(entry.line), vendors);
  const rows: VendorLineInsert[] = grouping.groups.flatMap((group) =>
    group.lines.map((matched) => ({
      vendorId: group.vendor.id,
      batchId: batch.id,
      emailId: matched.line.email.id,
      line: {
        rowNumber: matched.line.line.rowNumber,
        values: matched.line.line.values as Record<string, string>,
        cells: matched.line.line.cells,
      },
      poNumber: matched.line.line.values.po ?? '',
      matchedName: matched.matchedName,
      accountNumber: matched.accountNumber,
      lineDay: batch.batchDay,
    })),
  );
  if (source) await insertVendorLines(db, rows);

  const unknownVendors: SubmissionUnknownVendor[] = grouping.unknown.map((entry) => ({
    vendorName: entry.vendorName,
    poNumbers: poNumbersOf(entry.lines.map((item) => ({ poNumber: item.line.values.po ?? '' }))),
    lineCount: entry.lines.length,
    ...(entry.inactiveVendorName ? { inactiveVendorName: entry.inactiveVendorName } : {}),
  }));
  const details: SubmissionBatchDetails = {
    batchId: batch.id,
    batchDay: batch.batchDay,
    emails: emails.map((email) => ({
      emailId: email.id,
      subject: email.subject,
      fileName: email.orderFileName,
      lineCount: read.find((entry) => entry.email.id === email.id)?.lines.length ?? 0,
      intakeRunId: email.intakeRunId,
    })),
    expectedEmails: expected,
    late: batch.late,
    vendors: grouping.groups.map((group) => ({
      vendorId: group.vendor.id,
      vendorName: group.vendor.vendorNameFromFile,
      lineCount: group.lines.length,
      poNumbers: poNumbersOf(group.lines.map((matched) => ({ poNumber: matched.line.line.values.po ?? '' }))),
      outcome: 'pending',
      runId: null,
      message: '',
    })),
    unknownVendors,
    counts: {
      emails: emails.length,
      lines: lines.length,
      vendors: grouping.groups.length,
      unknownVendors: unknownVendors.length,
    },
    warnings,
    errors,
  };
  const single = emails.length === 1 ? emails[0]! : undefined;
  const runId = await startRun(db, {
    sourceType: 'order-submission',
    sourceId: batch.orderSubmissionSourceId,
    sourceName,
    trigger: batch.trigger as RunTrigger,
    fileName: single ? single.orderFileName : `${plural(emails.length, 'order file')}`,
    inputFileId: single?.orderFileId ?? null,
    inboundMessageId: single?.inboundMessageId ?? null,
  });
  await updateRun(db, runId, { details });
  await updateBatch(db, batch.id, { runId });
  return { batch, runId, vendorIds: grouping.groups.map((group) => group.vendor.id), details };
}

async function readEmailFile(
  db: DbOrTx,
  email: OrderEmailRow,
  encoding: string,
): Promise<ReadEmail | string> {
  const name = email.orderFileName ?? 'the order file';
  if (email.orderFileId === null) return `The e-mail "${email.subject}" has no order file.`;
  const stored = await readStoredFile(db, email.orderFileId);
  if (!stored) return `The order file "${name}" of the e-mail "${email.subject}" is no longer stored.`;
  try {
    const file = await readOrderFile(stored.content, email.orderFileName ?? stored.fileName, encoding);
    return {
      email,
      lines: file.lines,
      headers: file.headers,
      notes: file.notes.map((note) => `"${name}": ${note}`),
    };
  } catch (error) {
    if (error instanceof OrderFileError) return `"${name}": ${error.message}`;
    return `"${name}" could not be read: ${errorMessage(error)}`;
  }
}

async function sendAndFinish(context: AppContext, grouped: Grouped): Promise<void> {
  const { db } = context;
  let outcomes: VendorOutcome[] = [];
  try {
    outcomes = await submitWaitingLines(context, grouped.vendorIds, {
      mode: 'batch',
      trigger: grouped.batch.trigger as RunTrigger,
    });
  } finally {
    await finishBatch(db, grouped, outcomes);
  }
}

async function finishBatch(db: DbOrTx, grouped: Grouped, outcomes: VendorOutcome[]): Promise<void> {
  const { details } = grouped;
  const lineRuns = await batchLineRuns(db, grouped.batch.id);
  const vendors: SubmissionVendorSummary[] = details.vendors.map((summary) => {
    const outcome = outcomes.find((entry) => entry.vendorId === summary.vendorId);
    if (outcome) {
      return {
        ...summary,
        outcome: outcome.status === 'skipped' ? 'accumulated' : outcome.status,
        runId: outcome.runIds[0] ?? null,
        message: outcome.message,
      };
    }
    // Sent by another instance (or the job) meanwhile: read from the lines what became of them.
    const rows = lineRuns.filter((row) => row.vendorId === summary.vendorId);
    const statuses = rows.map((row) => row.runStatus);
    const runId = rows.find((row) => row.runId !== null)?.runId ?? null;
    const state: SubmissionVendorSummary['outcome'] = statuses.every((status) => status === null)
      ? 'accumulated'
      : statuses.includes('failed')
        ? 'failed'
        : statuses.every((status) => status === 'succeeded')
          ? 'sent'
          : 'pending';
    return { ...summary, outcome: state, runId, message: '' };
  });
  const sent = vendors.filter((vendor) => vendor.outcome === 'sent');
  const failed = vendors.filter((vendor) => vendor.outcome === 'failed');
  const waiting = vendors.filter(
    (vendor) => vendor.outcome === 'accumulated' || vendor.outcome === 'pending',
  );
  const unknown = details.unknownVendors;
  const warnings = [...(details.warnings ?? [])];
  const errors = [...(details.errors ?? [])];
  for (const vendor of failed) errors.push(vendor.message || `${vendor.vendorName}: the submission failed.`);
  for (const vendor of vendors) {
    if (vendor.outcome === 'accumulated' && vendor.message)
      warnings.push(`${vendor.vendorName}: ${vendor.message}`);
  }
  if (unknown.length > 0) warnings.push(unknownVendorsText(unknown));

  const parts: string[] = [];
  if (sent.length > 0)
    parts.push(
      `Sent to ${plural(sent.length, 'vendor')}: ${sent.map((vendor) => `${vendor.vendorName} (${plural(vendor.lineCount, 'line')})`).join(', ')}.`,
    );
  if (failed.length > 0)
    parts.push(
      `Failed for ${plural(failed.length, 'vendor')}: ${failed.map((vendor) => vendor.vendorName).join(', ')}.`,
    );
  if (waiting.length > 0)
    parts.push(
      `Waiting: ${waiting.map((vendor) => `${vendor.vendorName} (${plural(vendor.lineCount, 'line')})`).join(', ')}.`,
    );
  if (unknown.length > 0) parts.push(unknownVendorsText(unknown));
  if (details.late) parts.push('Incomplete batch, processed after its day ended.');
  const lineCount = details.counts?.lines ?? 0;
  if (lineCount === 0) parts.unshift(errors[0] ?? 'The batch had no order lines.');

  // Succeeded (with warnings) when a vendor got its orders or every known vendor's lines wait their turn;
  // failed when nothing could be submitted: no readable file, only unknown vendors, or every send failed.
  const anyHandled = sent.length > 0 || (waiting.length > 0 && failed.length === 0);
  const status = lineCount > 0 && anyHandled ? 'succeeded' : 'failed';
  await finishRun(db, grouped.runId, {
    status,
    message: parts.join(' '),
    details: { ...details, vendors, warnings, errors },
  });
  await updateBatch(db, grouped.batch.id, {
    status: status === 'succeeded' ? 'done' : 'failed',
    finishedAt: new Date(),
  });
}

export function unknownVendorsText(unknown: readonly SubmissionUnknownVendor[]): string {
  const names = unknown.map((entry) => {
    const name = entry.vendorName === '' ? '(blank Vendor cell)' : `"${entry.vendorName}"`;
    const pos =
      entry.poNumbers.length > 0 ? `PO ${entry.poNumbers.join(', ')}` : plural(entry.lineCount, 'line');
    const off = entry.inactiveVendorName ? `, vendor "${entry.inactiveVendorName}" is switched off` : '';
    return `${name} (${pos}${off})`;
  });
  return `${plural(unknown.length, 'unknown vendor')}, not submitted: ${names.join('; ')}.`;
}
