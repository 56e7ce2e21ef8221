/**
 * An order e-mail's way in (docs/decisions/0002-order-submission.md). In the intake transaction only the e-mail is recorded (its
 * subject, bodies, raw message and order file) with the source's intake run; everything slow happens after
 * the commit (`afterCommit`): following the order link with Chromium when the file is behind one, then
 * completing the e-mail's batch and submitting it. An e-mail recorded but not taken up (the process
 * stopped right after the commit) is picked up by the due-work job; taking one up is a claim
 * (waiting → processing), so two instances never both follow the same link.
 */
import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../../context';
import {
  type DownloadButton,
  downloadOrderFiles,
  LinkDownloadError,
} from '../../../integrations/browser/download-order-files';
import { findOrderLink } from '../../../integrations/browser/order-link';
import { errorMessage } from '../../../lib/error-message';
import { plural } from '../../../lib/plural';
import { storeFile } from '../../files/stored-files';
import type {
  IncomingFile,
  ProcessFileOutcome,
  ProcessFileRequest,
  ProcessMessageRequest,
} from '../../intake/file-processors';
import { finishRun, getRun, startRun, updateRun } from '../../runs/repository';
import { findLiveOrderSubmissionSource, type OrderSubmissionSourceRow } from '../sources-repository';
import { completeBatchOf } from './batches';
import { dayOf } from './days';
import { type OrderFile, OrderFileError, readOrderFile } from './order-file';
import { claimOrderEmail, insertOrderEmail, type OrderEmailRow, updateOrderEmail } from './repository';
import { vendorCell } from './vendor-matching';

type RecordRequest = Omit<ProcessFileRequest, 'file'> & { file: IncomingFile | null };

/** The processor's work inside the intake transaction, with or without an attached order file. */
export async function recordOrderEmail(request: RecordRequest): Promise<ProcessFileOutcome> {
  const { db, context, file, message } = request;
  const source = await findLiveOrderSubmissionSource(db, request.sourceId);
  const inputFileId = file
    ? (request.inputFileId ?? (await storeFile(db, file.fileName, file.content)))
    : null;
  const runId = await startRun(db, {
    sourceType: 'order-submission',
    sourceId: request.sourceId,
    sourceName: source?.sourceName ?? `Order submission source ${request.sourceId}`,
    trigger: request.trigger,
    fileName: file?.fileName ?? null,
    inputFileId,
    inboundMessageId: request.inboundMessageId ?? null,
    reprocessOfRunId: request.reprocessOfRunId ?? null,
  });
  const fail = async (text: string): Promise<ProcessFileOutcome> => {
    await finishRun(db, runId, { status: 'failed', message: text, details: { errors: [text] } });
    return { runId, status: 'failed', message: text };
  };
  if (!source) return fail(`The order submission source #${request.sourceId} does not exist or was deleted.`);

  let orderFile: OrderFile | undefined;
  if (file) {
    try {
      orderFile = await readOrderFile(file.content, file.fileName, source.textEncoding);
    } catch (error) {
      if (error instanceof OrderFileError) return fail(`"${file.fileName}": ${error.message}`);
      throw error;
    }
  }
  const now = context.clock.now();
  const emailId = await insertOrderEmail(db, {
    orderSubmissionSourceId: source.id,
    inboundMessageId: request.inboundMessageId ?? null,
    intakeRunId: runId,
    trigger: request.trigger,
    receivedAt: now,
    batchDay: dayOf(now),
    subject: message?.subject ?? '',
    textBody: message?.text ?? '',
    htmlBody: message?.html ?? '',
    rawFileId: message?.rawFileId ?? null,
    orderFileId: inputFileId,
    orderFileName: file?.fileName ?? null,
    orderFileHeaders: orderFile?.headers ?? null,
    status: 'waiting',
  });
  let text: string;
  if (file && orderFile) {
    text = orderFileSummary(file.fileName, orderFile);
    await finishRun(db, runId, {
      status: 'succeeded',
      message: text,
      details: {
        emailId,
        counts: { lines: orderFile.lines.length },
        headers: orderFile.headers,
        warnings: orderFile.notes,
      },
    });
  } else {
    // Finished once the link has been followed (after the commit).
    text = `Order e-mail "${message?.subject ?? ''}" received: its order file is fetched from the link in the e-mail.`;
  }
  return {
    runId,
    status: 'succeeded',
    message: text,
    afterCommit: () => continueOrderEmail(context, emailId),
  };
}

function orderFileSummary(fileName: string, orderFile: OrderFile): string {
  const names = new Map<string, string>();
  for (const line of orderFile.lines) {
    const name = vendorCell(line).trim();
    if (name !== '' && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return `Order file "${fileName}" read: ${plural(orderFile.lines.length, 'order line')} (vendors in the file: ${[...names.values()].join(', ') || 'none'}).`;
}

export function recordLinkedOrderEmail(request: ProcessMessageRequest): Promise<ProcessFileOutcome> {
  return recordOrderEmail({ ...request, file: null });
}

/** After the commit: the e-mail's slow work. Never throws; a failure is written on the e-mail and its run. */
export async function continueOrderEmail(context: AppContext, emailId: number): Promise<void> {
  try {
    await processOrderEmail(context, emailId);
  } catch (error) {
    const text = `The order e-mail could not be processed: ${errorMessage(error)}`;
    await updateOrderEmail(context.db, emailId, { message: text }).catch(() => undefined);
  }
}

/** Claims the e-mail, fetches its order file when it is behind a link, then completes its batch. */
export async function processOrderEmail(context: AppContext, emailId: number): Promise<void> {
  const { db } = context;
  const email = await claimOrderEmail(db, emailId);
  if (!email) return;
  if (email.orderFileId === null) {
    const fetched = await fetchLinkedOrder(context, email);
    if (!fetched) return;
  } else {
    await updateOrderEmail(db, email.id, { status: 'ready', claimedAt: null });
  }
  await completeBatchOf(context, { ...email, status: 'ready' });
}

/** Follows the order link; on success the e-mail is ready, else failed (with its intake run). */
async function fetchLinkedOrder(context: AppContext, email: OrderEmailRow): Promise<boolean> {
  const { db } = context;
  const fail = async (text: string) => {
    await db.transaction(async (tx) => {
      await updateOrderEmail(tx, email.id, {
        status: 'failed',
        message: text,
        claimedAt: null,
      });
      await finishIntakeRun(tx, email.intakeRunId, {
        status: 'failed',
        message: text,
        details: { errors: [text] },
      });
    });
    return false;
  };
  const source = await findLiveOrderSubmissionSource(db, email.orderSubmissionSourceId);
  if (!source) return fail(`The order submission source #${email.orderSubmissionSourceId} was deleted.`);
  const url = findOrderLink(
    { text: email.textBody, html: email.htmlBody },
    source.linkClickPreceededByText,
    source.linkClickAlwaysContainsText,
  );
  if (!url) return fail(noLinkMessage(email, source));

  let files: Awaited<ReturnType<typeof downloadOrderFiles>>;
  try {
    files = await downloadOrderFiles({
      url,
      buttons: downloadButtons(source),
      allowPrivateAddresses: context.config.orderLinksAllowPrivateAddresses,
    });
  } catch (error) {
    if (error instanceof LinkDownloadError) return fail(error.message);
    return fail(`The order link could not be followed: ${errorMessage(error)}`);
  }
  const spreadsheet = files.find((file) => file.kind === 'spreadsheet');
  if (!spreadsheet) {
    return fail(
      source.downloadSpreadsheet
        ? `The order link gave no spreadsheet${files.length > 0 ? ` (only ${files.map((file) => `"${file.fileName}"`).join(', ')})` : ''}: check the spreadsheet button text "${source.spreadsheetDownloadButtonText}".`
        : 'Download Spreadsheet is off for this source, and the order lines can only be read from the spreadsheet: turn it on and set its button text.',
    );
  }
  let orderFile: OrderFile;
  try {
    orderFile = await readOrderFile(spreadsheet.content, spreadsheet.fileName, source.textEncoding);
  } catch (error) {
    if (error instanceof OrderFileError)
      return fail(`"${spreadsheet.fileName}" (from the order link): ${error.message}`);
    throw error;
  }
  const pdf = source.downloadPdf ? files.find((file) => file.kind === 'pdf') : undefined;
  const warnings = [...orderFile.notes];
  if (source.downloadPdf && source.pdfDownloadButtonText.trim() !== '' && !pdf)
    warnings.push('The order link gave no PDF: vendors that want a PDF get one printed from their file.');
  await db.transaction(async (tx) => {
    const inner = tx;
    const orderFileId = await storeFile(inner, spreadsheet.fileName, spreadsheet.content);
    const pdfFileId = pdf ? await storeFile(inner, pdf.fileName, pdf.content) : null;
    await updateOrderEmail(inner, email.id, {
      status: 'ready',
      claimedAt: null,
      orderFileId,
      orderFileName: spreadsheet.fileName,
      orderFileHeaders: orderFile.headers,
      pdfFileId,
    });
    if (email.intakeRunId !== null) {
      await updateRun(inner, email.intakeRunId, { inputFileId: orderFileId, fileName: spreadsheet.fileName });
    }
    const text = `${orderFileSummary(spreadsheet.fileName, orderFile)} Fetched from the order link${pdf ? `, with the PDF "${pdf.fileName}"` : ''}.`;
    await finishIntakeRun(inner, email.intakeRunId, {
      status: 'succeeded',
      message: text,
      details: {
        emailId: email.id,
        counts: { lines: orderFile.lines.length },
        headers: orderFile.headers,
        link: linkForRecord(url),
        downloaded: files.map((file) => ({
          kind: file.kind,
          fileName: file.fileName,
          bytes: file.content.length,
        })),
        warnings,
      },
    });
  });
  return true;
}

async function finishIntakeRun(
  db: DbOrTx,
  runId: number | null,
  outcome: Parameters<typeof finishRun>[2],
): Promise<void> {
  if (runId === null) return;
  const run = await getRun(db, runId);
  // A run closed already (by an earlier attempt) keeps its outcome.
  if (run?.status === 'running') await finishRun(db, runId, outcome);
}

function downloadButtons(source: OrderSubmissionSourceRow): DownloadButton[] {
  const buttons: DownloadButton[] = [];
  if (source.downloadSpreadsheet && source.spreadsheetDownloadButtonText.trim() !== '') {
    buttons.push({
      kind: 'spreadsheet',
      text: source.spreadsheetDownloadButtonText.trim(),
      fileName: withType(source.spreadsheetDownloadName.trim(), source.spreadsheetType),
    });
  }
  if (source.downloadPdf && source.pdfDownloadButtonText.trim() !== '') {
    buttons.push({
      kind: 'pdf',
      text: source.pdfDownloadButtonText.trim(),
      fileName: withType(source.pdfDownloadName.trim(), '.pdf'),
    });
  }
  return buttons;
}

/** "orders" + spreadsheetType "xlsx" → "orders.xlsx"; a name with an extension is kept. */
function withType(name: string, type: string): string {
  if (name === '') return '';
  const extension = /^\.?(csv|xlsx?|pdf)$/i.exec(type.trim());
  if (!extension || /\.[a-z0-9]{2,5}$/i.test(name)) return name;
  return `${name}.${extension[1]!.toLowerCase()}`;
}

/** The link without its query string, which often carries a one-time token. */
function linkForRecord(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '';
  }
}

function noLinkMessage(email: OrderEmailRow, source: OrderSubmissionSourceRow): string {
  const rules = [
    source.linkClickPreceededByText.trim()
      ? `after the text "${source.linkClickPreceededByText.trim()}"`
      : '',
    source.linkClickAlwaysContainsText.trim()
      ? `whose address contains "${source.linkClickAlwaysContainsText.trim()}"`
      : '',
  ].filter(Boolean);
  return `No order link was found in the e-mail "${email.subject}"${rules.length > 0 ? ` (looked for a link ${rules.join(' and ')})` : ''}.`;
}
