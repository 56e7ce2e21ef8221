/**
 * Sending a vendor its waiting order lines (docs/behaviour/order-submission.md#sending): one e-mail per vendor (per account number, see
 * below) with the vendor's file built from its template, to its recipients, from its send-from e-mail
 * source; each a vendor run (sourceType 'vendor') with the generated file as output and what was sent in
 * its details, so that it can be re-sent.
 *
 * - Never twice: the file is built first, then one transaction stores it, opens the run and claims the
 *   lines (UPDATE ... WHERE run_id IS NULL); only the instance that got every line sends. A run that an
 *   instance left 'running' (stopped mid-send) is closed as failed by the due-work job and never sent again
 *   by itself.
 * - A file that cannot be made (a mapping naming a missing column, a template that does not open, Chromium
 *   failing to print the PDF) leaves the lines waiting and records a failed run; the due-work job tries
 *   again once the vendor has been saved since, and the vendor's next order does anyway.
 * - A send that fails (SMTP refused, no send-from source) is a failed run holding its file and lines: the
 *   operator re-sends it (POST /api/order-submission/runs/{runId}/resend).
 * - One file carries one account number: lines matched through an alias with its own account number go
 *   out in an e-mail of their own.
 * - Daily vendors get their lines at once. Non-daily vendors (vendorWantsNonDailySubmission, every X days)
 *   get theirs on the due day: X days after the day following their last submission, or, never submitted,
 *   counting the first day a line waited as day 1. On the due day the lines go with that day's order
 *   (mode 'batch'); a due day without an order is caught up the next morning by the due-work job ('due').
 */
import {
  type OrderVendorSource,
  type RunTrigger,
  type SubmissionAttachment,
  splitEmailList,
  type VendorSubmissionDetails,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../../context';
import { renderPdf } from '../../../integrations/browser/pdf';
import { AppError } from '../../../lib/app-error';
import { whileDatabaseAway } from '../../../lib/database-away';
import { errorMessage } from '../../../lib/error-message';
import { composeFileName } from '../../../lib/file-names';
import { plural } from '../../../lib/plural';
import { readStoredFile, storeFile } from '../../files/stored-files';
import { finishRun, recordRun, startRun, updateRun } from '../../runs/repository';
import { getOrderVendorSource, markVendorSubmitted } from '../../vendors/service';
import { emitOrderSubmissionSent } from '../../webhooks/events';
import { addDays, type Day, dayOf } from './days';
import { bodyText, distinct, fillWildcards, poNumbersOf } from './mail-content';
import { mergeOrderLines } from './merged-order-file';
import type { OrderLine } from './order-file';
import {
  claimLines,
  lastBuildFailure,
  lastRunDeferred,
  markHandover,
  releaseLines,
  type WaitingLine,
  waitingLinesOf,
} from './repository';
import { type OutgoingAttachment, sendSubmissionEmail, submissionMessageId } from './submission-mail';
import { buildVendorFile, type VendorFile } from './vendor-file';
import { renderVendorFileHtml } from './vendor-file-html';
import { vendorFileSettings } from './vendor-matching';

export type SubmitMode = 'batch' | 'due';

export interface VendorOutcome {
  vendorId: number;
  vendorName: string;
  /** sent / failed: a run was made; accumulated: not due yet; skipped: vendor off, deleted or waiting for a fix. */
  status: 'sent' | 'failed' | 'accumulated' | 'skipped';
  runIds: number[];
  lineCount: number;
  poNumbers: string[];
  message: string;
}

const FORWARDED_TYPE = 'message/rfc822';
const PDF_TYPE = 'application/pdf';

/** Sends each vendor's waiting lines that are due. Never throws for one vendor's sake. */
export async function submitWaitingLines(
  context: AppContext,
  vendorIds: readonly number[],
  options: { mode: SubmitMode; trigger: RunTrigger },
): Promise<VendorOutcome[]> {
  const outcomes: VendorOutcome[] = [];
  for (const vendorId of distinctNumbers(vendorIds)) {
    try {
      const outcome = await submitVendor(context, vendorId, options);
      if (outcome) outcomes.push(outcome);
    } catch (error) {
      outcomes.push({
        vendorId,
        vendorName: `Vendor ${vendorId}`,
        status: 'failed',
        runIds: [],
        lineCount: 0,
        poNumbers: [],
        message: `The submission could not be made: ${errorMessage(error)}`,
      });
    }
  }
  return outcomes;
}

function distinctNumbers(values: readonly number[]): number[] {
  return [...new Set(values)];
}

async function loadVendor(db: DbOrTx, vendorId: number): Promise<OrderVendorSource | undefined> {
  try {
    return await getOrderVendorSource(db, vendorId);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return undefined;
    throw error;
  }
}

/** The day a non-daily vendor's waiting lines are due; daily vendors are always due. */
export function dueDayOf(
  vendor: Pick<
    OrderVendorSource,
    'vendorWantsNonDailySubmission' | 'vendorCustomSubmitEveryXDay' | 'lastSubmittedAt'
  >,
  lines: ReadonlyArray<{ lineDay: Day }>,
): Day | null {
  if (!vendor.vendorWantsNonDailySubmission || !vendor.vendorCustomSubmitEveryXDay) return null;
  const every = Math.max(1, vendor.vendorCustomSubmitEveryXDay);
  const firstWaiting = lines.map((line) => line.lineDay).sort()[0]!;
  const periodStart = vendor.lastSubmittedAt
    ? addDays(dayOf(new Date(vendor.lastSubmittedAt)), 1)
    : firstWaiting;
  return addDays(periodStart, every - 1);
}

async function submitVendor(
  context: AppContext,
  vendorId: number,
  options: { mode: SubmitMode; trigger: RunTrigger },
): Promise<VendorOutcome | undefined> {
  const { db } = context;
  const lines = await waitingLinesOf(db, vendorId);
  if (lines.length === 0) return undefined;
  const vendor = await loadVendor(db, vendorId);
  const base = {
    vendorId,
    vendorName: vendor?.vendorNameFromFile ?? `Vendor ${vendorId}`,
    lineCount: lines.length,
    poNumbers: poNumbersOf(lines),
  };
  if (!vendor?.activeStatus) {
    return {
      ...base,
      status: 'skipped',
      runIds: [],
      message: vendor
        ? `The vendor "${vendor.vendorNameFromFile}" is switched off: its ${plural(lines.length, 'line')} wait until it is switched on.`
        : `The vendor #${vendorId} was deleted: its ${plural(lines.length, 'line')} are not sent.`,
    };
  }
  const today = dayOf(context.clock.now());
  const dueDay = dueDayOf(vendor, lines);
  // Lines whose send the relay deferred were due when it was tried: the next attempt does not wait.
  const retrying = options.mode === 'due' && (await lastRunDeferred(db, vendorId));
  if (dueDay !== null && !retrying && (options.mode === 'batch' ? today < dueDay : today <= dueDay)) {
    return {
      ...base,
      status: 'accumulated',
      runIds: [],
      message: `Non-daily vendor (every ${plural(vendor.vendorCustomSubmitEveryXDay ?? 1, 'day')}): ${plural(lines.length, 'line')} waiting, to be sent on ${dueDay}.`,
    };
  }
  if (options.mode === 'due') {
    const failure = await lastBuildFailure(db, vendorId);
    if (failure && failure.vendorUpdatedAt <= failure.failedAt) {
      return {
        ...base,
        status: 'skipped',
        runIds: [],
        message: `The vendor's file could not be made last time: its ${plural(lines.length, 'line')} wait until the vendor's settings are saved again.`,
      };
    }
  }

  const groups = new Map<string, WaitingLine[]>();
  for (const line of lines) {
    const key = `${line.accountNumber}\u0000${line.quantityOne}`;
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  const results: GroupResult[] = [];
  for (const group of groups.values()) {
    results.push(await submitGroup(context, vendor, group, { trigger: options.trigger, today }));
  }
  const sent = results.filter((result) => result.status === 'sent');
  if (sent.length > 0) await markVendorSubmitted(db, vendorId, context.clock.now());
  const made = results.filter((result) => result.status !== 'lost');
  if (made.length === 0) return undefined;
  return {
    ...base,
    status: made.every((result) => result.status === 'sent')
      ? 'sent'
      : made.some((result) => result.status === 'failed')
        ? 'failed'
        : 'skipped',
    runIds: made.flatMap((result) => (result.runId === null ? [] : [result.runId])),
    lineCount: made.reduce((sum, result) => sum + result.lineCount, 0),
    message: made.map((result) => result.message).join(' '),
  };
}

interface GroupResult {
  /**
   * lost: another instance claimed the lines first; nothing was recorded here. deferred: the relay did not
   * take the e-mail for now, the lines wait for the next attempt.
   */
  status: 'sent' | 'failed' | 'deferred' | 'lost';
  runId: number | null;
  lineCount: number;
  message: string;
}

class ClaimLost extends Error {}

interface PreparedSubmission {
  file: VendorFile;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  poNumbers: string[];
  attachments: Array<OutgoingAttachment & { kind: SubmissionAttachment['kind']; storedId: number | null }>;
  pdfSource?: 'downloaded' | 'generated';
  warnings: string[];
}

async function submitGroup(
  context: AppContext,
  vendor: OrderVendorSource,
  lines: WaitingLine[],
  options: { trigger: RunTrigger; today: Day },
): Promise<GroupResult> {
  const { db } = context;
  const poNumbers = poNumbersOf(lines);
  const batchIds = distinctNumbers(lines.map((line) => line.batchId)).sort((a, b) => a - b);
  const days = distinct(lines.map((line) => line.lineDay)).sort();
  const runStart = {
    sourceType: 'vendor' as const,
    sourceId: vendor.id,
    sourceName: vendor.vendorNameFromFile,
    trigger: options.trigger,
  };

  let prepared: PreparedSubmission;
  try {
    prepared = await prepareSubmission(context, vendor, lines, options.today);
  } catch (error) {
    const message = `The file for ${vendor.vendorNameFromFile} could not be made: ${errorMessage(error)}`;
    const runId = await recordRun(db, runStart, {
      status: 'failed',
      message: `${message} The ${plural(lines.length, 'line')} (PO ${poNumbers.join(', ') || 'none'}) wait until the vendor's settings are fixed.`,
      details: {
        buildFailed: true,
        poNumbers,
        lineCount: lines.length,
        batch: batchIds,
        errors: [message],
      },
    });
    return { status: 'failed', runId, lineCount: lines.length, message };
  }

  const lineIds = lines.map((line) => line.id);
  const orderFileIds = distinctNumbers(
    lines.flatMap((line) => (line.email.orderFileId === null ? [] : [line.email.orderFileId])),
  );
  const messageId = await submissionMessageId(context, vendor.sendFromEmailSourceModelId, vendor.id, lineIds);
  let claimed: { runId: number; details: VendorSubmissionDetails; outputFileId: number };
  try {
    // The claim is the "sending" step: committed, with the Message-ID, before the relay is spoken to.
    claimed = await db.transaction(async (tx) => {
      const { outputFileId, attachments } = await storeSubmissionFiles(tx, prepared);
      const pdf = attachments.find((attachment) => attachment.kind === 'pdf');
      const details: VendorSubmissionDetails = {
        to: prepared.to,
        cc: prepared.cc,
        bcc: prepared.bcc,
        from: '',
        subject: prepared.subject,
        body: prepared.body,
        messageId,
        handover: 'pending',
        poNumbers: prepared.poNumbers,
        lineCount: lines.length,
        batch: batchIds,
        attachments,
        ...(pdf ? { pdfFileId: pdf.fileId, pdfSource: prepared.pdfSource } : {}),
        ...(days.length > 1 || vendor.vendorWantsNonDailySubmission ? { accumulatedDays: days } : {}),
        counts: { lines: lines.length, poNumbers: prepared.poNumbers.length },
        warnings: prepared.warnings,
      };
      const runId = await startRun(tx, {
        ...runStart,
        fileName: prepared.file.fileName,
        inputFileId: orderFileIds.length === 1 ? orderFileIds[0]! : null,
      });
      await updateRun(tx, runId, { details, outputFileId });
      const got = await claimLines(tx, lineIds, runId);
      if (got.length !== lineIds.length) throw new ClaimLost();
      return { runId, details, outputFileId };
    });
  } catch (error) {
    if (error instanceof ClaimLost) return { status: 'lost', runId: null, lineCount: 0, message: '' };
    throw error;
  }

  // The hand-over: committed before the relay gets the end of the data, so that a run found running without
  // it was never taken by the relay (repository.ts failInterruptedVendorRuns).
  let takenOver = false;
  let handedOver = false;
  const outcome = await sendSubmissionEmail(context, vendor.sendFromEmailSourceModelId, {
    to: prepared.to,
    cc: prepared.cc,
    bcc: prepared.bcc,
    subject: prepared.subject,
    body: prepared.body,
    attachments: prepared.attachments,
    messageId,
    beforeEndOfData: async () => {
      let marked: boolean;
      try {
        marked = await markHandover(db, claimed.runId);
      } catch (error) {
        throw new Error(`the hand-over could not be recorded (${errorMessage(error)}).`);
      }
      if (!marked) {
        takenOver = true;
        throw new Error('the send took too long to start and was taken over by the due-work run.');
      }
      handedOver = true;
    },
  });
  // Taken over: the due-work run closed this run and sends its lines itself.
  if (takenOver) return { status: 'lost', runId: null, lineCount: 0, message: '' };
  const deferred = !outcome.ok && outcome.verdict === 'deferred';
  const details = {
    ...claimed.details,
    handover: handedOver ? ('started' as const) : ('pending' as const),
    from: outcome.from,
    ...(outcome.ok ? {} : { errors: [outcome.message] }),
    ...(deferred ? { deferred: true } : {}),
  };
  const summary = `"${prepared.file.fileName}" (${plural(lines.length, 'line')}, PO ${prepared.poNumbers.join(', ') || 'none'})`;
  const message = outcome.ok
    ? `Sent ${summary} to ${vendor.vendorNameFromFile}: ${outcome.message}`
    : deferred
      ? // No vendor name in front: the batch run's warning puts it there (batches.ts finishBatch).
        `${summary} was not sent yet: ${outcome.message} The relay did not take it, so its lines wait and are sent again by the next due-work run, with the same Message-ID.`
      : outcome.verdict === 'unknown'
        ? `${vendor.vendorNameFromFile}: ${summary} may or may not have been sent: ${outcome.message} Check with the vendor, then use Re-send if needed (it keeps the same Message-ID).`
        : `${vendor.vendorNameFromFile}: ${summary} was not sent: ${outcome.message} Use Re-send once the problem is fixed.`;
  // The "sent" step: the run's end and the order-submission.sent webhook event commit together, ridden
  // through a database restart, because the relay's answer cannot be asked for again.
  const recorded = await whileDatabaseAway(() =>
    db.transaction(async (tx) => {
      const finished = await finishRun(
        tx,
        claimed.runId,
        { status: outcome.ok ? 'succeeded' : 'failed', message, details, outputFileId: claimed.outputFileId },
        // A send that failed before its hand-over may have been taken over meanwhile.
        { onlyWhileRunning: true },
      );
      if (!finished) return false;
      if (deferred) await releaseLines(tx, claimed.runId);
      if (!outcome.ok) return true;
      await emitOrderSubmissionSent(tx, {
        runId: claimed.runId,
        vendorId: vendor.id,
        vendorName: vendor.vendorNameFromFile,
        fileName: prepared.file.fileName,
        lineCount: lines.length,
      });
      return true;
    }),
  );
  if (!recorded) return { status: 'lost', runId: null, lineCount: 0, message: '' };
  return {
    status: outcome.ok ? 'sent' : deferred ? 'deferred' : 'failed',
    runId: claimed.runId,
    lineCount: lines.length,
    message,
  };
}

/** Stores the vendor's file (the run's output) and each attachment not stored yet; the spreadsheet is the file. */
async function storeSubmissionFiles(
  db: DbOrTx,
  prepared: PreparedSubmission,
): Promise<{ outputFileId: number; attachments: SubmissionAttachment[] }> {
  const outputFileId = await storeFile(db, prepared.file.fileName, prepared.file.content);
  const attachments: SubmissionAttachment[] = [];
  for (const attachment of prepared.attachments) {
    const fileId =
      attachment.kind === 'spreadsheet'
        ? outputFileId
        : (attachment.storedId ?? (await storeFile(db, attachment.fileName, attachment.content)));
    attachments.push({ kind: attachment.kind, fileName: attachment.fileName, fileId });
  }
  return { outputFileId, attachments };
}

/** Builds the file, the PDF and the e-mail; throws when the vendor's settings do not allow it. */
async function prepareSubmission(
  context: AppContext,
  vendor: OrderVendorSource,
  lines: WaitingLine[],
  today: Day,
): Promise<PreparedSubmission> {
  const { db } = context;
  const poNumbers = poNumbersOf(lines);
  const template = vendor.submitFileTemplate
    ? {
        fileName: vendor.submitFileTemplateFilename,
        content: Buffer.from(vendor.submitFileTemplate, 'base64'),
      }
    : null;
  const settings = vendorFileSettings(vendor, template, {
    quantityOne: lines[0]!.quantityOne,
    accountNumber: lines[0]!.accountNumber,
  });
  const merged = mergeOrderLines(
    lines.map((line) => ({
      line: line.line as OrderLine,
      headers: line.email.headers,
      fileName: line.email.orderFileName,
    })),
    `${vendor.vendorNameFromFile} orders`,
  );
  const baseName =
    poNumbers.length === 1
      ? `${vendor.vendorNameFromFile} PO ${poNumbers[0]}`
      : `${vendor.vendorNameFromFile} orders ${today}`;
  const file = await buildVendorFile(settings, merged.file, merged.lines, baseName);

  const warnings: string[] = [];
  const attachments: PreparedSubmission['attachments'] = [];
  if (vendor.vendorWantsSpreadsheet) {
    attachments.push({
      kind: 'spreadsheet',
      fileName: file.fileName,
      content: file.content,
      contentType: contentTypeOf(file.fileName),
      storedId: null,
    });
  }
  let pdfSource: PreparedSubmission['pdfSource'];
  if (vendor.vendorWantsPDF) {
    const pdf = await pdfAttachments(db, vendor, lines, file, poNumbers);
    attachments.push(...pdf.attachments);
    pdfSource = pdf.source;
  }
  if (vendor.vendorWantsForwardedEmail) {
    attachments.push(...(await forwardedEmailAttachments(db, lines, warnings)));
  }
  if (attachments.length === 0) {
    warnings.push(
      'The vendor wants neither a spreadsheet, a PDF nor the forwarded e-mail: the e-mail has no attachment.',
    );
  }

  const wildcards = {
    poNumbers,
    originals: distinctEmails(lines)
      .filter((email) => email.trigger === 'mail')
      .map((email) => ({ subject: email.subject, body: bodyText(email.textBody, email.htmlBody) })),
  };
  return {
    file,
    to: splitEmailList(vendor.submitEmails),
    cc: splitEmailList(vendor.submitCcEmails),
    bcc: splitEmailList(vendor.submitBccEmails),
    // A line break in a subject would start a new header.
    subject: fillWildcards(vendor.submitEmailSubjectLine, wildcards)
      .replace(/\s*[\r\n]+\s*/g, ' ')
      .trim(),
    body: fillWildcards(vendor.submitEmailBodyText, wildcards),
    poNumbers,
    attachments,
    ...(pdfSource ? { pdfSource } : {}),
    warnings,
  };
}

type PreparedAttachment = PreparedSubmission['attachments'][number];

/**
 * The PDF attachments: the ones downloaded from the order links when every e-mail of the lines has one,
 * else one printed from the vendor's file.
 */
async function pdfAttachments(
  db: DbOrTx,
  vendor: OrderVendorSource,
  lines: readonly WaitingLine[],
  file: VendorFile,
  poNumbers: string[],
): Promise<{ attachments: PreparedAttachment[]; source: 'downloaded' | 'generated' }> {
  const emails = distinctEmails(lines);
  if (emails.every((email) => email.pdfFileId !== null) && emails.length > 0) {
    const attachments: PreparedAttachment[] = [];
    for (const email of emails) {
      const stored = await readStoredFile(db, email.pdfFileId!);
      if (!stored) throw new Error(`the PDF downloaded for "${email.subject}" is no longer stored`);
      attachments.push({
        kind: 'pdf',
        fileName: stored.fileName,
        content: stored.content,
        contentType: PDF_TYPE,
        storedId: stored.id,
      });
    }
    return { attachments, source: 'downloaded' };
  }
  const title = `${vendor.vendorNameFromFile} — purchase order${poNumbers.length === 1 ? '' : 's'} ${poNumbers.join(', ')}`;
  let pdf: Buffer;
  try {
    pdf = await renderPdf(renderVendorFileHtml(file, title));
  } catch (error) {
    throw new Error(`the PDF could not be printed: ${errorMessage(error)}`);
  }
  const printed: PreparedAttachment = {
    kind: 'pdf',
    fileName: file.fileName.replace(/\.[^.]+$/, '.pdf'),
    content: pdf,
    contentType: PDF_TYPE,
    storedId: null,
  };
  return { attachments: [printed], source: 'generated' };
}

/** The original order e-mails, forwarded as .eml files; what cannot be forwarded is said in `warnings`. */
async function forwardedEmailAttachments(
  db: DbOrTx,
  lines: readonly WaitingLine[],
  warnings: string[],
): Promise<PreparedAttachment[]> {
  const originals = distinctEmails(lines).filter((email) => email.rawFileId !== null);
  if (originals.length === 0) {
    warnings.push(
      'The vendor wants the order e-mail forwarded, but these orders did not come by e-mail (re-processed file): nothing was forwarded.',
    );
  }
  const attachments: PreparedAttachment[] = [];
  for (const email of originals) {
    const stored = await readStoredFile(db, email.rawFileId!);
    if (!stored) {
      warnings.push(`The original e-mail "${email.subject}" is no longer stored and was not forwarded.`);
      continue;
    }
    attachments.push({
      kind: 'forwarded-email',
      fileName: emlName(email.subject),
      content: stored.content,
      contentType: FORWARDED_TYPE,
      storedId: stored.id,
    });
  }
  return attachments;
}

function distinctEmails(lines: readonly WaitingLine[]): Array<WaitingLine['email'] & { id: number }> {
  const byId = new Map<number, WaitingLine['email'] & { id: number }>();
  for (const line of lines)
    if (!byId.has(line.emailId)) byId.set(line.emailId, { ...line.email, id: line.emailId });
  return [...byId.values()];
}

function emlName(subject: string): string {
  return `${composeFileName(subject.slice(0, 100), 'order e-mail')}.eml`;
}

export function contentTypeOf(fileName: string): string {
  return fileName.toLowerCase().endsWith('.xls')
    ? 'application/vnd.ms-excel'
    : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
}
