import {
  type ColumnMapping,
  type LastRunSummary,
  ORDER_MAPPING_FIELDS,
  ORDER_TRACKING_SOURCE_MESSAGES,
  type OrderMappingField,
  type OrderTrackingSource,
  type OrderTrackingSourceListItem,
  type TOrderTrackingSource,
  type UniqueColumn,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { AppError } from '../../lib/app-error';
import { type AuditActor, auditedActiveSwitch, auditedDelete, recordSave } from '../audit/record-audit';
import { lockEmailSourceForUse } from '../email-sources/repository';
import { forgetSourceEvidence, recordSavedMapping } from '../mapping-suggestions/evidence';
import { withLastRuns } from '../runs/repository';
import {
  columnIndexErrors,
  FILE_TYPE_MESSAGE,
  type FieldErrors,
  fieldErrorsToBadRequest,
  mailRuleListFields,
  normaliseSpreadsheetFileType,
} from '../sources/source-rules';
import {
  findLiveOrderTrackingSource,
  insertOrderTrackingSource,
  listLiveOrderTrackingSources,
  lockLiveOrderTrackingSource,
  type OrderTrackingSourceRow,
  type OrderTrackingSourceValues,
  softDeleteOrderTrackingSource,
  updateLiveOrderTrackingSource,
} from './repository';

const notFound = () => AppError.notFound('Order tracking source not found');

const AUDIT = { entityType: 'order-tracking-source' } as const;

export function toColumnMapping(row: OrderTrackingSourceRow): ColumnMapping {
  const stored = row.columnMapping ?? {};
  const mapping = Object.fromEntries(ORDER_MAPPING_FIELDS.map((field) => [field, stored[field] ?? '']));
  return { id: row.id, ...(mapping as Record<OrderMappingField, string>) };
}

export function toOrderTrackingSource(row: OrderTrackingSourceRow): OrderTrackingSource {
  return {
    id: row.id,
    sourceName: row.sourceName,
    emailSourceId: row.emailSourceId,
    fileType: row.fileType,
    textEncoding: row.textEncoding as OrderTrackingSource['textEncoding'],
    fromEmail: row.fromEmail,
    subjectValue: row.subjectValue,
    containsNotExact: row.containsNotExact,
    expectedAttachmentCount: row.expectedAttachmentCount,
    attachmentName: row.attachmentName,
    columnsToIgnore: row.columnsToIgnore,
    secondaryDelimiter: row.secondaryDelimiter,
    uniqueColumn: row.uniqueColumn as UniqueColumn,
    deleteAfterDays: row.deleteAfterDays,
    headerRowIndex: row.headerRowIndex,
    fileHasHeader: row.fileHasHeader,
    activeStatus: row.activeStatus,
    deletedStatus: row.deletedStatus,
    columnNormalizationValues: toColumnMapping(row),
  };
}

export function toOrderTrackingSourceListItem(
  row: OrderTrackingSourceRow,
  lastRun: LastRunSummary | null = null,
): OrderTrackingSourceListItem {
  return {
    ...mailRuleListFields(row),
    shippingCompany: row.columnMapping?.shippingCompany || null,
    lastRun,
  };
}

export async function listOrderTrackingSources(db: DbOrTx): Promise<OrderTrackingSourceListItem[]> {
  const rows = await listLiveOrderTrackingSources(db);
  return withLastRuns(db, 'order-tracking', rows, toOrderTrackingSourceListItem);
}

export async function getOrderTrackingSource(db: DbOrTx, id: number): Promise<OrderTrackingSource> {
  const row = await findLiveOrderTrackingSource(db, id);
  if (!row) throw notFound();
  return toOrderTrackingSource(row);
}

/** Checks what the schema cannot: the file type, and column indexes when the file has no header row. */
function fieldErrorsOf(input: TOrderTrackingSource): FieldErrors {
  const errors: FieldErrors = {};
  if (!normaliseSpreadsheetFileType(input.fileType)) errors.fileType = FILE_TYPE_MESSAGE;
  if (!input.fileHasHeader) {
    const mappings = Object.fromEntries(
      ORDER_MAPPING_FIELDS.map((field) => [
        `columnNormalizationValues.${field}`,
        input.columnNormalizationValues[field],
      ]),
    );
    Object.assign(errors, columnIndexErrors(mappings));
  }
  return errors;
}

function toValues(input: TOrderTrackingSource): OrderTrackingSourceValues {
  const mapping = Object.fromEntries(
    ORDER_MAPPING_FIELDS.map((field) => [field, input.columnNormalizationValues[field]]),
  );
  return {
    sourceName: input.sourceName,
    emailSourceId: input.emailSourceId,
    fileType: normaliseSpreadsheetFileType(input.fileType)!,
    textEncoding: input.textEncoding,
    fromEmail: input.fromEmail,
    subjectValue: input.subjectValue,
    containsNotExact: input.containsNotExact,
    expectedAttachmentCount: input.expectedAttachmentCount,
    attachmentName: input.attachmentName,
    columnsToIgnore: input.columnsToIgnore,
    secondaryDelimiter: input.secondaryDelimiter,
    uniqueColumn: input.uniqueColumn,
    deleteAfterDays: input.deleteAfterDays,
    // Without a header row there is no header to find; a stale index would make the parser skip a data row.
    headerRowIndex: input.fileHasHeader ? input.headerRowIndex : null,
    fileHasHeader: input.fileHasHeader,
    activeStatus: input.activeStatus,
    columnMapping: mapping,
  };
}

/**
 * Creates (id 0) or updates a source. The client's `deletedStatus` is ignored: a source is deleted only by
 * the delete call, and a deleted one cannot be saved back to life.
 */
export async function saveOrderTrackingSource(
  db: DbOrTx,
  input: TOrderTrackingSource,
  actor: AuditActor,
): Promise<OrderTrackingSource> {
  const errors = fieldErrorsOf(input);
  const row = await db.transaction(async (tx) => {
    const existing = input.id > 0 ? await lockLiveOrderTrackingSource(tx, input.id) : undefined;
    if (input.id > 0 && !existing) throw notFound();
    if (!(await lockEmailSourceForUse(tx, input.emailSourceId))) {
      errors.emailSourceId = ORDER_TRACKING_SOURCE_MESSAGES.required;
      throw fieldErrorsToBadRequest(errors, `Email source ${input.emailSourceId} does not exist`);
    }
    if (Object.keys(errors).length > 0) throw fieldErrorsToBadRequest(errors);
    const values = toValues(input);
    const saved = existing
      ? await updateLiveOrderTrackingSource(tx, existing.id, values)
      : await insertOrderTrackingSource(tx, values);
    if (saved) {
      await recordSavedMapping(tx, {
        kind: 'order-tracking',
        sourceId: saved.id,
        fileHasHeader: input.fileHasHeader,
        mapping: values.columnMapping,
        suggested: input.suggestedMapping,
      });
    }
    return recordSave(tx, { ...AUDIT, actor }, existing, saved, notFound);
  });
  return toOrderTrackingSource(row);
}

export async function deleteOrderTrackingSource(db: DbOrTx, id: number, actor: AuditActor): Promise<void> {
  await auditedDelete(db, {
    ...AUDIT,
    actor,
    id,
    load: lockLiveOrderTrackingSource,
    remove: async (tx, sourceId) => {
      const removed = await softDeleteOrderTrackingSource(tx, sourceId);
      if (removed) await forgetSourceEvidence(tx, 'order-tracking', sourceId);
      return removed;
    },
    notFound,
  });
}

export const setOrderTrackingSourceActive = auditedActiveSwitch({
  ...AUDIT,
  load: lockLiveOrderTrackingSource,
  update: updateLiveOrderTrackingSource,
  notFound,
});
