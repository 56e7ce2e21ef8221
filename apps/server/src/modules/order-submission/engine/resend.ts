/**
 * Re-send (docs/behaviour/order-submission.md#re-send): a vendor run's e-mail sent again as it was (same recipients,
 * subject, body and stored attachments) from the vendor's send-from e-mail source, recorded as a new vendor
 * run with trigger 'manual' and reprocessOfRunId pointing at the original, with the original's Message-ID
 * (docs/behaviour/order-submission.md#sending-exactly-once).
 */
import type { ResendSubmissionOutcome, SubmissionAttachment, VendorSubmissionDetails } from '@app/contracts';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { readStoredFile } from '../../files/stored-files';
import { finishRun, getRun, startRun } from '../../runs/repository';
import { findLiveVendor } from '../../vendors/repository';
import { emitOrderSubmissionSent } from '../../webhooks/events';
import { type OutgoingAttachment, sendSubmissionEmail } from './submission-mail';

function sentDetails(details: unknown): VendorSubmissionDetails | undefined {
  const candidate = details as Partial<VendorSubmissionDetails> | null;
  if (!candidate || !Array.isArray(candidate.to) || !Array.isArray(candidate.attachments)) return undefined;
  if (typeof candidate.subject !== 'string' || typeof candidate.body !== 'string') return undefined;
  return candidate as VendorSubmissionDetails;
}

export async function resendVendorRun(context: AppContext, runId: number): Promise<ResendSubmissionOutcome> {
  const { db } = context;
  const run = await getRun(db, runId);
  if (!run) throw AppError.notFound('Run not found');
  if (run.sourceType !== 'vendor') {
    throw AppError.badRequest(
      `Run #${runId} is not a vendor submission; only vendor submissions can be re-sent.`,
    );
  }
  const details = sentDetails(run.details);
  if (!details) {
    throw AppError.badRequest(
      `Run #${runId} sent nothing (its file could not be made), so there is nothing to re-send. Fix the vendor's settings: its waiting orders are then sent again.`,
    );
  }
  if (run.status === 'running') throw AppError.conflict(`Run #${runId} is still being sent.`);
  if (details.deferred) {
    throw AppError.conflict(
      `Run #${runId} was deferred by the mail server: its lines were put back and are sent again by themselves.`,
    );
  }
  if (run.sourceId === null) throw AppError.conflict('The vendor of this run is unknown.');
  const vendor = await findLiveVendor(db, run.sourceId);
  if (!vendor) throw AppError.conflict(`The vendor "${run.sourceName}" has been deleted.`);

  const attachments: OutgoingAttachment[] = [];
  for (const attachment of details.attachments as SubmissionAttachment[]) {
    const stored = await readStoredFile(db, attachment.fileId);
    if (!stored) {
      throw AppError.conflict(
        `The file "${attachment.fileName}" of run #${runId} was deleted after the retention period; it cannot be re-sent.`,
      );
    }
    attachments.push({
      fileName: attachment.fileName,
      content: stored.content,
      contentType: attachmentType(attachment, stored.contentType),
    });
  }

  const newRunId = await startRun(db, {
    sourceType: 'vendor',
    sourceId: run.sourceId,
    sourceName: vendor.vendorNameFromFile,
    trigger: 'manual',
    fileName: run.fileName,
    inputFileId: run.inputFileId,
    reprocessOfRunId: run.id,
  });
  const outcome = await sendSubmissionEmail(context, vendor.sendFromEmailSourceId, {
    to: details.to,
    cc: details.cc ?? [],
    bcc: details.bcc ?? [],
    subject: details.subject,
    body: details.body,
    attachments,
    // The same purchase order: a vendor's mail system can tell the copy from a new order.
    ...(details.messageId ? { messageId: details.messageId } : {}),
  });
  const message = outcome.ok
    ? `Re-sent run #${runId} to ${vendor.vendorNameFromFile}: ${outcome.message}`
    : `Re-sending run #${runId} to ${vendor.vendorNameFromFile} failed: ${outcome.message}`;
  const status = outcome.ok ? 'succeeded' : 'failed';
  await db.transaction(async (tx) => {
    await finishRun(tx, newRunId, {
      status,
      message,
      details: {
        ...details,
        from: outcome.from,
        resendOf: run.id,
        errors: outcome.ok ? [] : [outcome.message],
        warnings: [],
      },
      outputFileId: run.outputFileId,
    });
    if (outcome.ok) {
      await emitOrderSubmissionSent(tx, {
        runId: newRunId,
        vendorId: vendor.id,
        vendorName: vendor.vendorNameFromFile,
        fileName: run.fileName ?? '',
        lineCount: Number((details as { lineCount?: unknown }).lineCount ?? 0),
      });
    }
  });
  return { runId: newRunId, status, message };
}

function attachmentType(attachment: SubmissionAttachment, stored: string): string {
  if (attachment.kind === 'forwarded-email') return 'message/rfc822';
  if (attachment.kind === 'pdf') return 'application/pdf';
  return stored;
}
