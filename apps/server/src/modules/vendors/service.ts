import { createHash } from 'node:crypto';
import {
  duplicateVendorNameMessage,
  type LastRunSummary,
  MAP_STATIC_FILE_DATA_FIELDS,
  type MapStaticFileDataField,
  type OrderVendorSource,
  type OrderVendorSourceListItem,
  STATIC_FILE_DATA_FIELDS,
  type StaticFileDataField,
  type TOrderVendorSource,
  VENDOR_MAP_FIELD_NAMES,
  VENDOR_SAVE_MESSAGES,
  type VendorAlias,
  type VendorMapField,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { isSpreadsheetError, readTable } from '../../integrations/spreadsheet';
import { AppError } from '../../lib/app-error';
import { type AuditActor, auditedActiveSwitch, auditedDelete, recordAudit } from '../audit/record-audit';
import { lockEmailSourceForUse } from '../email-sources/repository';
import { storeFile } from '../files/stored-files';
import { lockLiveOrderSubmissionSourceForUse } from '../order-submission/sources-repository';
import { lastRunFor, lastRunsFor } from '../runs/repository';
import { type FieldErrors, fieldErrorsToBadRequest } from '../sources/source-rules';
import {
  deleteAliasOfLiveVendor,
  deleteReplacedTemplateFile,
  findAliasVendorId,
  findLiveVendor,
  findNameOwners,
  insertAlias,
  insertVendor,
  isUniqueViolation,
  isVendorNameConflict,
  listAliasesOf,
  listLiveVendors,
  listLiveVendorsOfSource,
  lockLiveVendor,
  lockVendorNames,
  readTemplateFile,
  softDeleteVendor,
  updateAliasOf,
  updateLiveVendor,
  type VendorAliasRow,
  type VendorRow,
  type VendorValues,
} from './repository';
import { checkTemplateUpload, type TemplateUpload } from './template';
import { checkTemplateMappings } from './template-mappings';

const M = VENDOR_SAVE_MESSAGES;
const notFound = () => AppError.notFound(M.notFound);
const AUDIT = { entityType: 'vendor' } as const;

type MappingField = VendorMapField | StaticFileDataField | MapStaticFileDataField;
const MAPPING_FIELDS: MappingField[] = [
  ...VENDOR_MAP_FIELD_NAMES,
  ...STATIC_FILE_DATA_FIELDS,
  ...MAP_STATIC_FILE_DATA_FIELDS,
];

export function toVendorAlias(row: VendorAliasRow): VendorAlias {
  return {
    id: row.id,
    parentVendorSourceId: row.parentVendorSourceId,
    vendorAliasNameFromFile: row.vendorAliasNameFromFile,
    vendorProvidedAccountNumber: row.vendorProvidedAccountNumber,
    activeStatus: row.activeStatus,
    deletedStatus: row.deletedStatus,
  };
}

export interface StoredTemplate {
  fileName: string;
  content: Buffer;
}

export function toOrderVendorSource(
  row: VendorRow,
  aliases: VendorAliasRow[],
  template: StoredTemplate | undefined,
  lastRun: LastRunSummary | null,
): OrderVendorSource {
  const stored = row.fieldMapping ?? {};
  const mapping = Object.fromEntries(MAPPING_FIELDS.map((field) => [field, stored[field] ?? ''])) as Record<
    MappingField,
    string
  >;
  return {
    id: row.id,
    orderSubmissionSourceId: row.orderSubmissionSourceId,
    vendorNameFromFile: row.vendorNameFromFile,
    sendFromEmailSourceModelId: row.sendFromEmailSourceId,
    submitEmails: row.submitEmails,
    submitCcEmails: row.submitCcEmails,
    submitBccEmails: row.submitBccEmails,
    submitEmailSubjectLine: row.submitEmailSubjectLine,
    submitEmailBodyText: row.submitEmailBodyText,
    vendorProvidedAccountNumber: row.vendorProvidedAccountNumber,
    vendorWantsTrimmedItemDescription: row.vendorWantsTrimmedItemDescription,
    vendorRegexForItemDescription: row.vendorRegexForItemDescription,
    vendorWantsNonDailySubmission: row.vendorWantsNonDailySubmission,
    vendorCustomSubmitEveryXDay: row.vendorCustomSubmitEveryXDay,
    vendorWantsAllAlignedLeft: row.vendorWantsAllAlignedLeft,
    vendorWantsPDF: row.vendorWantsPdf,
    vendorWantsSpreadsheet: row.vendorWantsSpreadsheet,
    vendorWantsForwardedEmail: row.vendorWantsForwardedEmail,
    vendorWantsAllData: row.vendorWantsAllData,
    submitFileHeaderRowIndex: row.submitFileHeaderRowIndex,
    submitFileTemplate: template ? template.content.toString('base64') : null,
    submitFileTemplateFilename: template ? row.submitFileTemplateFileName : '',
    activeStatus: row.activeStatus,
    deletedStatus: row.deletedStatus,
    vendorSourceAliases: aliases.map(toVendorAlias),
    lastSubmittedAt: row.lastSubmittedAt?.toISOString() ?? null,
    lastRun,
    ...mapping,
  };
}

async function loadTemplate(db: DbOrTx, row: VendorRow): Promise<StoredTemplate | undefined> {
  if (row.submitFileTemplateId === null) return undefined;
  const file = await readTemplateFile(db, row.submitFileTemplateId);
  return file ? { fileName: row.submitFileTemplateFileName, content: file.content } : undefined;
}

async function toRecord(db: DbOrTx, row: VendorRow): Promise<OrderVendorSource> {
  return toOrderVendorSource(
    row,
    await listAliasesOf(db, [row.id]),
    await loadTemplate(db, row),
    await lastRunFor(db, 'vendor', row.id),
  );
}

export async function listOrderVendorSources(
  db: DbOrTx,
  options: { includeInactive: boolean },
): Promise<OrderVendorSourceListItem[]> {
  const rows = await listLiveVendors(db, options);
  const lastRuns = await lastRunsFor(
    db,
    'vendor',
    rows.map((row) => row.vendor.id),
  );
  return rows.map(({ vendor, orderSubmissionSourceName, aliasCount }) => ({
    id: vendor.id,
    orderSubmissionSourceId: vendor.orderSubmissionSourceId,
    orderSubmissionSourceName: orderSubmissionSourceName ?? '',
    vendorNameFromFile: vendor.vendorNameFromFile,
    submitEmails: vendor.submitEmails,
    vendorWantsTrimmedItemDescription: vendor.vendorWantsTrimmedItemDescription,
    vendorWantsNonDailySubmission: vendor.vendorWantsNonDailySubmission,
    vendorCustomSubmitEveryXDay: vendor.vendorCustomSubmitEveryXDay,
    vendorWantsPDF: vendor.vendorWantsPdf,
    vendorWantsSpreadsheet: vendor.vendorWantsSpreadsheet,
    vendorWantsAllData: vendor.vendorWantsAllData,
    activeStatus: vendor.activeStatus,
    aliasCount,
    hasTemplate: vendor.submitFileTemplateId !== null,
    lastRun: lastRuns.get(vendor.id) ?? null,
  }));
}

export async function getOrderVendorSource(db: DbOrTx, id: number): Promise<OrderVendorSource> {
  const row = await findLiveVendor(db, id);
  if (!row) throw notFound();
  return toRecord(db, row);
}

export async function getVendorTemplateFile(db: DbOrTx, id: number) {
  const row = await findLiveVendor(db, id);
  if (!row) throw notFound();
  const file =
    row.submitFileTemplateId === null ? undefined : await readTemplateFile(db, row.submitFileTemplateId);
  if (!file) throw AppError.notFound('This vendor source has no template');
  return { ...file, fileName: row.submitFileTemplateFileName || file.fileName };
}

/** A vendor with everything the submission engine needs: its aliases and its template's bytes. */
export interface VendorForSubmission {
  vendor: OrderVendorSource;
  template: StoredTemplate | undefined;
}

/** The live vendors of a submission source (active or not: callers decide), for the submission engine. */
export async function loadVendorsForSubmission(
  db: DbOrTx,
  orderSubmissionSourceId: number,
): Promise<VendorForSubmission[]> {
  const rows = await listLiveVendorsOfSource(db, orderSubmissionSourceId);
  const aliases = await listAliasesOf(
    db,
    rows.map((row) => row.id),
  );
  const lastRuns = await lastRunsFor(
    db,
    'vendor',
    rows.map((row) => row.id),
  );
  const result: VendorForSubmission[] = [];
  for (const row of rows) {
    const template = await loadTemplate(db, row);
    const vendor = toOrderVendorSource(
      row,
      aliases.filter((alias) => alias.parentVendorSourceId === row.id),
      template,
      lastRuns.get(row.id) ?? null,
    );
    result.push({ vendor, template });
  }
  return result;
}

/** Records when a non-daily vendor was last sent its accumulated orders. */
export async function markVendorSubmitted(db: DbOrTx, id: number, at: Date): Promise<void> {
  await updateLiveVendor(db, id, { lastSubmittedAt: at });
}

function toValues(
  input: TOrderVendorSource,
  template: { id: number | null; fileName: string },
): VendorValues {
  const fieldMapping = Object.fromEntries(MAPPING_FIELDS.map((field) => [field, input[field]]));
  return {
    orderSubmissionSourceId: input.orderSubmissionSourceId,
    vendorNameFromFile: input.vendorNameFromFile,
    sendFromEmailSourceId: input.sendFromEmailSourceModelId,
    submitEmails: input.submitEmails,
    submitCcEmails: input.submitCcEmails,
    submitBccEmails: input.submitBccEmails,
    submitEmailSubjectLine: input.submitEmailSubjectLine,
    submitEmailBodyText: input.submitEmailBodyText,
    vendorProvidedAccountNumber: input.vendorProvidedAccountNumber,
    vendorWantsTrimmedItemDescription: input.vendorWantsTrimmedItemDescription,
    vendorRegexForItemDescription: input.vendorRegexForItemDescription,
    vendorWantsNonDailySubmission: input.vendorWantsNonDailySubmission,
    // The interval only means something for a non-daily vendor; a stale one would mislead the list.
    vendorCustomSubmitEveryXDay: input.vendorWantsNonDailySubmission
      ? input.vendorCustomSubmitEveryXDay
      : null,
    vendorWantsAllAlignedLeft: input.vendorWantsAllAlignedLeft,
    vendorWantsPdf: input.vendorWantsPDF,
    vendorWantsSpreadsheet: input.vendorWantsSpreadsheet,
    vendorWantsForwardedEmail: input.vendorWantsForwardedEmail,
    vendorWantsAllData: input.vendorWantsAllData,
    submitFileHeaderRowIndex: input.submitFileHeaderRowIndex,
    submitFileTemplateId: template.id,
    submitFileTemplateFileName: template.fileName,
    fieldMapping,
    // Saving with "deleted" on deletes the vendor, as the editor's toggle promises; it then leaves the lists.
    activeStatus: input.deletedStatus ? false : input.activeStatus,
    deletedStatus: input.deletedStatus,
  };
}

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** The template a save sends, unless it is the stored one echoed back by the editor. */
async function newTemplateOf(
  db: DbOrTx,
  existing: VendorRow | undefined,
  upload: TemplateUpload | null,
): Promise<TemplateUpload | null> {
  if (!upload || !existing?.submitFileTemplateId) return upload;
  const stored = await readTemplateFile(db, existing.submitFileTemplateId);
  const unchanged =
    stored !== undefined &&
    stored.sha256 === sha256(upload.content) &&
    existing.submitFileTemplateFileName === upload.fileName;
  return unchanged ? null : upload;
}

/** Names the order file may use for this vendor must not already name another vendor. */
async function nameClashes(tx: DbOrTx, input: TOrderVendorSource, vendorId: number): Promise<FieldErrors> {
  if (input.deletedStatus) return {};
  const liveAliases = input.vendorSourceAliases
    .map((alias, index) => ({ alias, index }))
    .filter(({ alias }) => !alias.deletedStatus);
  const owners = await findNameOwners(
    tx,
    [input.vendorNameFromFile, ...liveAliases.map(({ alias }) => alias.vendorAliasNameFromFile)],
    vendorId,
  );
  const ownerOf = (name: string) =>
    owners.find((owner) => owner.name.trim().toLowerCase() === name.trim().toLowerCase());
  const errors: FieldErrors = {};
  const vendorNameOwner = ownerOf(input.vendorNameFromFile);
  // A clash with another vendor's own name is left to the unique index, which reports it with the spec's text.
  if (vendorNameOwner?.isAlias) {
    errors.vendorNameFromFile = `"${input.vendorNameFromFile}" is already an alias of vendor "${vendorNameOwner.vendorName}". Please use a different vendor name.`;
  }
  for (const { alias, index } of liveAliases) {
    const owner = ownerOf(alias.vendorAliasNameFromFile);
    if (!owner) continue;
    errors[`vendorSourceAliases.${index}.vendorAliasNameFromFile`] = owner.isAlias
      ? `The alias "${alias.vendorAliasNameFromFile}" is already an alias of vendor "${owner.vendorName}".`
      : `The alias "${alias.vendorAliasNameFromFile}" is already the name of vendor "${owner.vendorName}".`;
  }
  return errors;
}

function conflictOf(errors: FieldErrors): AppError {
  return AppError.conflict(Object.values(errors).join(' '), errors);
}

/** The rows of the template a save leaves the vendor with: the one it sends, else the stored one. */
async function templateRowsAfterSave(
  db: DbOrTx,
  input: TOrderVendorSource,
  upload: TemplateUpload | null,
): Promise<string[][] | null> {
  if (upload) return upload.rows;
  if (input.submitFileTemplate !== null || input.id === 0) return null;
  const existing = await findLiveVendor(db, input.id);
  const stored = existing ? await loadTemplate(db, existing) : undefined;
  if (!stored) return null;
  try {
    return (await readTable(stored.content, { fileName: stored.fileName })).rows;
  } catch (error) {
    // A stored template that no longer reads is reported by the submission itself; it does not block a save.
    if (isSpreadsheetError(error)) return null;
    throw error;
  }
}

/**
 * Read outside the save's transaction, which holds the vendor-name lock: parsing a workbook can take a
 * while. A template replaced meanwhile is still checked by the submission engine when it writes.
 */
async function refuseMappingsTheTemplateLacks(
  db: DbOrTx,
  input: TOrderVendorSource,
  upload: TemplateUpload | null,
): Promise<void> {
  if (input.deletedStatus) return;
  const rows = await templateRowsAfterSave(db, input, upload);
  const problems = rows ? checkTemplateMappings(rows, input) : null;
  if (problems) throw AppError.badRequest(problems.summary, problems.fields);
}

/**
 * Creates (id 0) or updates a vendor with its aliases and template, all or nothing: a refused save stores
 * neither the vendor, nor an alias, nor the file. Aliases with id 0 are added; others are updated; aliases
 * left out are kept (deleting one has its own call). A template that is null keeps the stored one.
 */
export async function saveOrderVendorSource(
  db: DbOrTx,
  input: TOrderVendorSource,
  actor: AuditActor,
): Promise<OrderVendorSource> {
  const errors: FieldErrors = {};
  let upload: TemplateUpload | null = null;
  if (input.submitFileTemplate !== null) {
    const check = await checkTemplateUpload(input.submitFileTemplateFileName, input.submitFileTemplate);
    if (check.ok) upload = check.upload;
    else errors.submitFileTemplate = check.message;
  }

  await refuseMappingsTheTemplateLacks(db, input, upload);

  let row: VendorRow;
  try {
    row = await db.transaction(async (tx) => {
      await lockVendorNames(tx);
      const existing = input.id > 0 ? await lockLiveVendor(tx, input.id) : undefined;
      if (input.id > 0 && !existing) throw notFound();
      const before = existing ? await vendorSnapshot(tx, existing) : null;
      if (!(await lockLiveOrderSubmissionSourceForUse(tx, input.orderSubmissionSourceId)))
        errors.orderSubmissionSourceId = M.required;
      if (!(await lockEmailSourceForUse(tx, input.sendFromEmailSourceModelId)))
        errors.sendFromEmailSourceModelId = M.required;
      if (Object.keys(errors).length > 0) throw fieldErrorsToBadRequest(errors);
      const clashes = await nameClashes(tx, input, input.id);
      if (Object.keys(clashes).length > 0) throw conflictOf(clashes);

      const newTemplate = await newTemplateOf(tx, existing, upload);
      const template = newTemplate
        ? {
            id: await storeFile(tx, newTemplate.fileName, newTemplate.content),
            fileName: newTemplate.fileName,
          }
        : {
            id: existing?.submitFileTemplateId ?? null,
            fileName: existing?.submitFileTemplateFileName ?? '',
          };
      const values = toValues(input, template);
      const saved = existing
        ? await updateLiveVendor(tx, existing.id, values)
        : await insertVendor(tx, values);
      if (!saved) throw notFound();
      if (newTemplate && existing?.submitFileTemplateId)
        await deleteReplacedTemplateFile(tx, existing.submitFileTemplateId);

      const aliasErrors: FieldErrors = {};
      for (const [index, alias] of input.vendorSourceAliases.entries()) {
        const values = {
          vendorAliasNameFromFile: alias.vendorAliasNameFromFile,
          vendorProvidedAccountNumber: alias.vendorProvidedAccountNumber,
          activeStatus: alias.activeStatus,
          deletedStatus: alias.deletedStatus,
        };
        if (alias.id === 0) await insertAlias(tx, saved.id, values);
        else if (!(await updateAliasOf(tx, saved.id, alias.id, values)))
          aliasErrors[`vendorSourceAliases.${index}.id`] = M.aliasNotFound;
      }
      if (Object.keys(aliasErrors).length > 0) throw fieldErrorsToBadRequest(aliasErrors);
      const after = await vendorSnapshot(tx, saved, newTemplate);
      const action = existing ? 'updated' : 'created';
      await recordAudit(tx, { ...AUDIT, actor, entityId: saved.id, action, before, after });
      return saved;
    });
  } catch (error) {
    if (isVendorNameConflict(error)) {
      const message = duplicateVendorNameMessage(input.vendorNameFromFile);
      throw AppError.conflict(message, { vendorNameFromFile: message });
    }
    if (isUniqueViolation(error)) throw AppError.conflict(M.duplicateGeneric);
    throw error;
  }
  return toRecord(db, row);
}

/** Soft delete: the vendor's runs keep their vendor, and its name is free for a new vendor. */
export async function deleteOrderVendorSource(db: DbOrTx, id: number, actor: AuditActor): Promise<void> {
  await auditedDelete(db, { ...AUDIT, actor, id, load: lockLiveVendor, remove: softDeleteVendor, notFound });
}

/** Recorded under its vendor (docs/behaviour/audit-log.md): the vendor's aliases before and after. */
export async function deleteVendorAlias(db: DbOrTx, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const vendorId = await findAliasVendorId(tx, id);
    const vendor = vendorId === undefined ? undefined : await lockLiveVendor(tx, vendorId);
    if (!vendor) throw AppError.notFound(M.aliasNotFound);
    const before = await vendorSnapshot(tx, vendor);
    if (!(await deleteAliasOfLiveVendor(tx, id))) throw AppError.notFound(M.aliasNotFound);
    const after = await vendorSnapshot(tx, vendor);
    await recordAudit(tx, { ...AUDIT, actor, entityId: vendor.id, action: 'alias-deleted', before, after });
  });
}

export const setOrderVendorSourceActive = auditedActiveSwitch({
  ...AUDIT,
  load: lockLiveVendor,
  update: updateLiveVendor,
  notFound,
});

/**
 * A vendor as the audit log compares it: its row, its aliases by name (aliases are recorded under their
 * vendor), and the template's file name when one was uploaded (the stored file's id says nothing).
 */
async function vendorSnapshot(db: DbOrTx, row: VendorRow, upload?: { fileName: string } | null) {
  const aliases = Object.fromEntries(
    (await listAliasesOf(db, [row.id])).map((alias) => [
      alias.vendorAliasNameFromFile,
      {
        vendorProvidedAccountNumber: alias.vendorProvidedAccountNumber,
        activeStatus: alias.activeStatus,
        deletedStatus: alias.deletedStatus,
      },
    ]),
  );
  return { ...row, aliases, ...(upload ? { submitFileTemplate: `uploaded ${upload.fileName}` } : {}) };
}
