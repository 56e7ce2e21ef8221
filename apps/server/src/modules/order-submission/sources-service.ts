import {
  type LastRunSummary,
  ORDER_SUBMISSION_SOURCE_MESSAGES,
  type OrderSubmissionSource,
  type PickerPair,
  type TOrderSubmissionSource,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { AppError } from '../../lib/app-error';
import { type AuditActor, auditedActiveSwitch, recordAudit, recordSave } from '../audit/record-audit';
import { lockEmailSourceForUse } from '../email-sources/repository';
import { lastRunFor, withLastRuns } from '../runs/repository';
import { fieldErrorsToBadRequest } from '../sources/source-rules';
import {
  findLiveOrderSubmissionSource,
  findLiveVendorNamesOfSource,
  insertOrderSubmissionSource,
  listLiveOrderSubmissionSources,
  lockLiveOrderSubmissionSourceForDelete,
  type OrderSubmissionSourceRow,
  type OrderSubmissionSourceValues,
  softDeleteOrderSubmissionSource,
  updateLiveOrderSubmissionSource,
} from './sources-repository';

const M = ORDER_SUBMISSION_SOURCE_MESSAGES;
const notFound = () => AppError.notFound(M.notFound);

export function toOrderSubmissionSource(
  row: OrderSubmissionSourceRow,
  lastRun: LastRunSummary | null = null,
): OrderSubmissionSource {
  return {
    id: row.id,
    sourceName: row.sourceName,
    emailSourceId: row.emailSourceId,
    fileType: row.fileType,
    textEncoding: row.textEncoding as OrderSubmissionSource['textEncoding'],
    fromEmail: row.fromEmail,
    subjectValue: row.subjectValue,
    containsNotExact: row.containsNotExact,
    expectedAttachmentCount: row.expectedAttachmentCount,
    expectedNumberOfBatchEmails: row.expectedNumberOfBatchEmails,
    attachmentName: row.attachmentName,
    noAttachmentsNeedsLinkClick: row.noAttachmentsNeedsLinkClick,
    ordersAreAllQuantityOne: row.ordersAreAllQuantityOne,
    linkClickPreceededByText: row.linkClickPreceededByText,
    linkClickAlwaysContainsText: row.linkClickAlwaysContainsText,
    downloadSpreadsheet: row.downloadSpreadsheet,
    downloadPdf: row.downloadPdf,
    spreadsheetDownloadButtonText: row.spreadsheetDownloadButtonText,
    pdfDownloadButtonText: row.pdfDownloadButtonText,
    spreadsheetType: row.spreadsheetType,
    spreadsheetDownloadName: row.spreadsheetDownloadName,
    pdfDownloadName: row.pdfDownloadName,
    activeStatus: row.activeStatus,
    deletedStatus: row.deletedStatus,
    lastRun,
  };
}

export async function listOrderSubmissionSources(db: DbOrTx): Promise<OrderSubmissionSource[]> {
  const rows = await listLiveOrderSubmissionSources(db);
  return withLastRuns(db, 'order-submission', rows, toOrderSubmissionSource);
}

/** GET /api/order-submission/order-submission-list: the vendor editor's parent picker. */
export async function listOrderSubmissionPickerPairs(db: DbOrTx): Promise<PickerPair[]> {
  return (await listLiveOrderSubmissionSources(db)).map((row) => ({ item1: row.sourceName, item2: row.id }));
}

export async function getOrderSubmissionSource(db: DbOrTx, id: number): Promise<OrderSubmissionSource> {
  const row = await findLiveOrderSubmissionSource(db, id);
  if (!row) throw notFound();
  return toOrderSubmissionSource(row, await lastRunFor(db, 'order-submission', id));
}

const AUDIT = { entityType: 'submission-source' } as const;

function toValues(input: TOrderSubmissionSource): OrderSubmissionSourceValues {
  return {
    sourceName: input.sourceName,
    emailSourceId: input.emailSourceId,
    fileType: input.fileType,
    textEncoding: input.textEncoding,
    fromEmail: input.fromEmail,
    subjectValue: input.subjectValue,
    containsNotExact: input.containsNotExact,
    expectedAttachmentCount: input.expectedAttachmentCount,
    expectedNumberOfBatchEmails: input.expectedNumberOfBatchEmails,
    attachmentName: input.attachmentName,
    noAttachmentsNeedsLinkClick: input.noAttachmentsNeedsLinkClick,
    ordersAreAllQuantityOne: input.ordersAreAllQuantityOne,
    linkClickPreceededByText: input.linkClickPreceededByText,
    linkClickAlwaysContainsText: input.linkClickAlwaysContainsText,
    downloadSpreadsheet: input.downloadSpreadsheet,
    downloadPdf: input.downloadPdf,
    spreadsheetDownloadButtonText: input.spreadsheetDownloadButtonText,
    pdfDownloadButtonText: input.pdfDownloadButtonText,
    spreadsheetType: input.spreadsheetType,
    spreadsheetDownloadName: input.spreadsheetDownloadName,
    pdfDownloadName: input.pdfDownloadName,
    activeStatus: input.activeStatus,
  };
}

/**
 * Creates (id 0) or updates a source. The client's `deletedStatus` is ignored: a source is deleted only by
 * the delete call, and a deleted one cannot be saved back to life.
 */
export async function saveOrderSubmissionSource(
  db: DbOrTx,
  input: TOrderSubmissionSource,
  actor: AuditActor,
): Promise<OrderSubmissionSource> {
  const row = await db.transaction(async (tx) => {
    // Locked for update, so the audit entry's "before" is the row this save replaces.
    const existing = input.id > 0 ? await lockLiveOrderSubmissionSourceForDelete(tx, input.id) : undefined;
    if (input.id > 0 && !existing) throw notFound();
    if (!(await lockEmailSourceForUse(tx, input.emailSourceId))) {
      throw fieldErrorsToBadRequest(
        { emailSourceId: M.required },
        `Email source ${input.emailSourceId} does not exist`,
      );
    }
    const saved = existing
      ? await updateLiveOrderSubmissionSource(tx, existing.id, toValues(input))
      : await insertOrderSubmissionSource(tx, toValues(input));
    return recordSave(tx, { ...AUDIT, actor }, existing, saved, notFound);
  });
  return toOrderSubmissionSource(row, await lastRunFor(db, 'order-submission', row.id));
}

/**
 * Soft delete, refused while live vendors name this source as their parent: they would silently stop
 * receiving orders.
 */
export async function deleteOrderSubmissionSource(db: DbOrTx, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockLiveOrderSubmissionSourceForDelete(tx, id);
    if (!before) throw notFound();
    const vendors = await findLiveVendorNamesOfSource(tx, id);
    if (vendors.length > 0) {
      const names = vendors.map((name) => `"${name}"`).join(', ');
      throw AppError.conflict(
        `This order submission source is the parent of vendor source${vendors.length > 1 ? 's' : ''} ${names}. Move or delete ${vendors.length > 1 ? 'them' : 'it'} first.`,
      );
    }
    if (!(await softDeleteOrderSubmissionSource(tx, id))) throw notFound();
    await recordAudit(tx, { ...AUDIT, actor, entityId: id, action: 'deleted', before, after: null });
  });
}

export const setOrderSubmissionSourceActive = auditedActiveSwitch({
  ...AUDIT,
  load: lockLiveOrderSubmissionSourceForDelete,
  update: updateLiveOrderSubmissionSource,
  notFound,
});
