/**
 * Manual processing (docs/behaviour/inventory.md#manual-processing): the calls behind the manual processing screen. Processing runs in a
 * transaction of its own through the same processor intake uses (trigger 'manual'); the delivery the
 * switches ask for happens after commit, for a succeeded run only (a held run is delivered when approved).
 */
import {
  type InventoryDebugModifyResult,
  type InventoryDeliveryOutcome,
  type InventoryProcessingResult,
  INVENTORY_PROCESSING_MESSAGES as M,
  ZDebugModifyFieldsSchema,
  ZManualProcessFieldsSchema,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { ProgressReporter } from '../../lib/progress';
import { validate } from '../../lib/validate';
import type { SessionUser } from '../../plugins/session';
import { deliverInventoryRun } from '../inventory-delivery/deliver';
import { findLiveInventorySource } from '../inventory-sources/repository';
import { debugModifyFile } from './debug-modify';
import { processInventoryFile } from './processor';
import { type MultipartUpload, requireUploadOfType } from './upload';

async function sourceOrNotFound(db: DbOrTx, id: number) {
  const source = await findLiveInventorySource(db, id);
  if (!source) throw AppError.notFound(M.sourceNotFound);
  return source;
}

/** POST /api/inventory-sources/manually-process. */
export async function manuallyProcessFile(
  context: AppContext,
  upload: MultipartUpload,
  progress?: ProgressReporter,
): Promise<InventoryProcessingResult> {
  const { db } = context;
  const fields = validate(ZManualProcessFieldsSchema, upload.fields);
  const source = await sourceOrNotFound(db, fields.sourceId);
  const file = requireUploadOfType(upload, source.fileType);
  const sendEmail = fields.sendEmailNotification;
  const submitSftp = fields.submitViaSftp;

  const outcome = await db.transaction((tx) =>
    processInventoryFile(
      { db: tx, context, sourceId: source.id, file, trigger: 'manual', progress },
      { manualDelivery: { sendEmail, submitSftp } },
    ),
  );
  const { report, output } = outcome;
  const processingLogs = [...report.processingLogs];
  let message = report.message;
  let delivery: InventoryDeliveryOutcome | null = null;

  if (outcome.status === 'succeeded' && (sendEmail || submitSftp)) {
    const delivered = await deliverInventoryRun(context, {
      runId: outcome.runId,
      sourceId: source.id,
      sendEmail,
      submitSftp,
    });
    delivery = {};
    const notes: string[] = [];
    if (delivered.email) {
      delivery.email = { ok: delivered.email.ok, message: delivered.email.message };
      processingLogs.push(
        `Email notification: ${delivered.email.ok ? '' : 'failed: '}${delivered.email.message}`,
      );
      notes.push(delivered.email.ok ? 'e-mailed' : 'e-mail failed');
    }
    if (delivered.sftp) {
      delivery.sftp = { ok: delivered.sftp.ok, message: delivered.sftp.message };
      processingLogs.push(`SFTP submission: ${delivered.sftp.ok ? '' : 'failed: '}${delivered.sftp.message}`);
      notes.push(delivered.sftp.ok ? 'uploaded via SFTP' : 'SFTP upload failed');
    }
    if (notes.length > 0) message = `${message} File ${notes.join(', ')}.`;
  } else if (outcome.status === 'held' && (sendEmail || submitSftp)) {
    processingLogs.push(
      'Not delivered: the run is held for approval; approving it delivers the file as requested.',
    );
  }

  return {
    success: report.success,
    message,
    errors: report.errors,
    processedCount: report.processedCount,
    activeCount: report.activeCount,
    inactiveCount: report.inactiveCount,
    fileName: output?.fileName ?? null,
    fileData: output ? output.content.toString('base64') : null,
    processingLogs,
    debugLogs: report.debugLogs,
    modificationsCount: report.modificationsCount,
    columnInfo: report.columnInfo,
    processingSummary: report.processingSummary,
    runId: outcome.runId,
    status: outcome.status,
    heldReason: report.heldReason,
    delivery,
    missingItems: report.missingItems,
  };
}

/** POST /api/inventory-sources/debug-modify-file: only for users with Debug Mode on. */
export async function debugModifyUpload(
  context: AppContext,
  user: SessionUser,
  upload: MultipartUpload,
): Promise<InventoryDebugModifyResult> {
  if (!user.debugMode) throw AppError.forbidden(M.debugModeRequired);
  const fields = validate(ZDebugModifyFieldsSchema, upload.fields);
  const source = await sourceOrNotFound(context.db, fields.sourceId);
  const file = requireUploadOfType(upload, source.fileType);
  return await debugModifyFile(source, file, fields.seed);
}
