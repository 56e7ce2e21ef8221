import {
  DEFAULT_DRIFT_GUARD_PERCENT,
  INVENTORY_SOURCE_MESSAGES,
  type InventorySource,
  type InventorySourceListItem,
  type LastRunSummary,
  SFTP_SECRET_NAME,
  type SftpConnectionTestResult,
  type SftpHostKeyState,
  type SftpSecretSettings,
  secretRetypeMessage,
  sftpSecretChanges,
  sftpServerChanged,
  type TAcceptSftpHostKey,
  type TInventorySource,
  type TSftpConnectionTest,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secrets';
import {
  type AuditActor,
  auditedActiveSwitch,
  auditedChange,
  auditedDelete,
  recordAudit,
} from '../audit/record-audit';
import { lockEmailSourceForUse } from '../email-sources/repository';
import { readStoredFile, storeFile } from '../files/stored-files';
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
  deleteReplacedSampleFile,
  findLiveInventorySource,
  type InventorySourceRow,
  type InventorySourceValues,
  insertInventorySource,
  listLiveInventorySources,
  lockLiveInventorySource,
  softDeleteInventorySource,
  updateLiveInventorySource,
} from './repository';
import { checkSampleUpload, type SampleUpload } from './sample-file';
import { hostKeyAcceptance, sealSftpSecret, trySftpLogin } from './sftp-connection';

const M = INVENTORY_SOURCE_MESSAGES;
const notFound = () => AppError.notFound('Inventory source not found');

export function toInventorySourceListItem(
  row: InventorySourceRow,
  lastRun: LastRunSummary | null = null,
): InventorySourceListItem {
  return {
    ...mailRuleListFields(row),
    itemNumberColumnName: row.itemNumberColumnName,
    qtyColumnName: row.qtyColumnName,
    minItemsToBeActive: row.minItemsToBeActive,
    lastRun,
  };
}

/** The editor's view: every field but the SFTP password, and the stored sample as name and base64. */
export function toInventorySource(
  row: InventorySourceRow,
  sample: { fileName: string; content: Buffer } | undefined,
): InventorySource {
  return {
    id: row.id,
    sourceName: row.sourceName,
    emailSourceId: row.emailSourceId,
    fileType: row.fileType,
    textEncoding: row.textEncoding as InventorySource['textEncoding'],
    fromEmail: row.fromEmail,
    daysUntilNoUpdateNotification: row.daysUntilNoUpdateNotification,
    expectedAttachmentCount: row.expectedAttachmentCount,
    subjectValue: row.subjectValue,
    containsNotExact: row.containsNotExact,
    attachmentName: row.attachmentName,
    itemNumberColumnName: row.itemNumberColumnName,
    qtyColumnName: row.qtyColumnName,
    statusSupersedesQuantity: row.statusSupersedesQuantity,
    statusAvailableList: row.statusAvailableList,
    statusOutOfStockList: row.statusOutOfStockList,
    itemStatusColumnName: row.itemStatusColumnName,
    minItemsToBeActive: row.minItemsToBeActive,
    fileHasHeader: row.fileHasHeader,
    stripLeadingZeroes: row.stripLeadingZeroes,
    usesPredictiveAlgorithm: row.usesPredictiveAlgorithm,
    lookbackDays: row.lookbackDays,
    minDataPoints: row.minDataPoints,
    safetyMultiplier: row.safetyMultiplier,
    safetyPadding: row.safetyPadding,
    largeDropThreshold: row.largeDropThreshold,
    largeDropMultiplier: row.largeDropMultiplier,
    sftpServerAddress: row.sftpServerAddress,
    sftpPort: row.sftpPort,
    sftpUsername: row.sftpUsername,
    sftpPassword: '',
    sftpPasswordSet: row.sftpPasswordEncrypted !== null && row.sftpPasswordEncrypted !== '',
    ...toSftpHostKeyState(row),
    sftpInboundFolder: row.sftpInboundFolder,
    sftpOutboundFolder: row.sftpOutboundFolder,
    driftGuardPercent: row.driftGuardPercent,
    activeStatus: row.activeStatus,
    fileData: {
      userActivatedItemNumbers: row.userActivatedItemNumbers,
      inventoryFileName: sample?.fileName ?? '',
      inventoryFileData: sample?.content.toString('base64') ?? '',
      activeStatus: row.fileDataActiveStatus,
      headerRowIndex: row.outputHeaderRowIndex,
      fileHasHeader: row.outputFileHasHeader,
      itemNumberColumnName: row.outputItemNumberColumnName,
      itemStatusColumnName: row.outputItemStatusColumnName,
      itemStatusDateColumnName: row.outputItemStatusDateColumnName,
    },
  };
}

function toSftpHostKeyState(row: InventorySourceRow): SftpHostKeyState {
  return {
    sftpHostKey: row.sftpHostKey,
    sftpHostKeyRecordedAt: row.sftpHostKeyRecordedAt?.toISOString() ?? null,
    sftpHostKeyPresented: row.sftpHostKeyPresented,
    sftpHostKeyPresentedAt: row.sftpHostKeyPresentedAt?.toISOString() ?? null,
  };
}

async function loadSample(db: DbOrTx, row: InventorySourceRow) {
  return row.sampleFileId === null ? undefined : readStoredFile(db, row.sampleFileId);
}

export async function listInventorySources(db: DbOrTx): Promise<InventorySourceListItem[]> {
  const rows = await listLiveInventorySources(db);
  return withLastRuns(db, 'inventory', rows, toInventorySourceListItem);
}

export async function getInventorySource(db: DbOrTx, id: number): Promise<InventorySource> {
  const row = await findLiveInventorySource(db, id);
  if (!row) throw notFound();
  return toInventorySource(row, await loadSample(db, row));
}

export async function getInventorySampleFile(db: DbOrTx, id: number) {
  const row = await findLiveInventorySource(db, id);
  if (!row) throw notFound();
  const sample = await loadSample(db, row);
  if (!sample) throw AppError.notFound('This inventory source has no sample file');
  return sample;
}

/**
 * Checks what the schema cannot and needs no database: the file type, column indexes when a file has no
 * header row, and a new sample file. Returns the decoded sample, if one was sent.
 */
async function checkSaveInput(
  input: TInventorySource,
): Promise<{ errors: FieldErrors; upload: SampleUpload | null }> {
  const errors: FieldErrors = {};
  if (!normaliseSpreadsheetFileType(input.fileType)) errors.fileType = FILE_TYPE_MESSAGE;
  if (!input.fileHasHeader) {
    Object.assign(
      errors,
      columnIndexErrors({
        itemNumberColumnName: input.itemNumberColumnName,
        qtyColumnName: input.qtyColumnName,
        itemStatusColumnName: input.itemStatusColumnName,
      }),
    );
  }
  const { fileData } = input;
  if (!fileData.fileHasHeader) {
    Object.assign(
      errors,
      columnIndexErrors({
        'fileData.itemNumberColumnName': fileData.itemNumberColumnName,
        'fileData.itemStatusColumnName': fileData.itemStatusColumnName,
        'fileData.itemStatusDateColumnName': fileData.itemStatusDateColumnName,
      }),
    );
  }
  // A new file arrives as inventoryFile; inventoryFileData is only the stored sample echoed back by the
  // client and is never stored again.
  let upload: SampleUpload | null = null;
  if (fileData.inventoryFile) {
    const check = await checkSampleUpload(fileData.inventoryFileName, fileData.inventoryFile);
    if (check.ok) upload = check.upload;
    else errors['fileData.inventoryFile'] = check.message;
  }
  return { errors, upload };
}

function toValues(
  input: TInventorySource,
  sftpPasswordEncrypted: string | null,
  sampleFileId: number | null,
): InventorySourceValues {
  const { fileData } = input;
  return {
    sourceName: input.sourceName,
    emailSourceId: input.emailSourceId,
    fileType: normaliseSpreadsheetFileType(input.fileType)!,
    textEncoding: input.textEncoding,
    fromEmail: input.fromEmail,
    daysUntilNoUpdateNotification: input.daysUntilNoUpdateNotification,
    expectedAttachmentCount: input.expectedAttachmentCount,
    subjectValue: input.subjectValue,
    containsNotExact: input.containsNotExact,
    attachmentName: input.attachmentName,
    itemNumberColumnName: input.itemNumberColumnName,
    qtyColumnName: input.qtyColumnName,
    statusSupersedesQuantity: input.statusSupersedesQuantity,
    statusAvailableList: input.statusAvailableList,
    statusOutOfStockList: input.statusOutOfStockList,
    itemStatusColumnName: input.itemStatusColumnName,
    minItemsToBeActive: input.minItemsToBeActive,
    fileHasHeader: input.fileHasHeader,
    stripLeadingZeroes: input.stripLeadingZeroes,
    usesPredictiveAlgorithm: input.usesPredictiveAlgorithm,
    lookbackDays: input.lookbackDays,
    minDataPoints: input.minDataPoints,
    safetyMultiplier: input.safetyMultiplier,
    safetyPadding: input.safetyPadding,
    largeDropThreshold: input.largeDropThreshold,
    largeDropMultiplier: input.largeDropMultiplier,
    sftpServerAddress: input.sftpServerAddress,
    sftpPort: input.sftpPort,
    sftpUsername: input.sftpUsername,
    sftpPasswordEncrypted,
    sftpInboundFolder: input.sftpInboundFolder,
    sftpOutboundFolder: input.sftpOutboundFolder,
    driftGuardPercent: input.driftGuardPercent ?? DEFAULT_DRIFT_GUARD_PERCENT,
    activeStatus: input.activeStatus,
    sampleFileId,
    userActivatedItemNumbers: fileData.userActivatedItemNumbers,
    fileDataActiveStatus: fileData.activeStatus,
    // The header row index only means something when the generated file has a header row.
    outputHeaderRowIndex: fileData.fileHasHeader ? fileData.headerRowIndex : null,
    outputFileHasHeader: fileData.fileHasHeader,
    outputItemNumberColumnName: fileData.itemNumberColumnName,
    outputItemStatusColumnName: fileData.itemStatusColumnName,
    outputItemStatusDateColumnName: fileData.itemStatusDateColumnName,
  };
}

const sftpSettingsOf = (input: TInventorySource | TSftpConnectionTest): SftpSecretSettings => ({
  sftpServerAddress: input.sftpServerAddress,
  sftpPort: input.sftpPort,
  sftpUsername: input.sftpUsername,
});

/** 'SFTP server address changed: enter the SFTP password again.', or undefined when nothing changed. */
function sftpRetypeMessage(stored: InventorySourceRow, next: SftpSecretSettings): string | undefined {
  const changes = sftpSecretChanges(stored, next);
  return changes.length > 0 ? secretRetypeMessage(changes, SFTP_SECRET_NAME) : undefined;
}

/**
 * The SFTP password a save stores: a typed one sealed to the new settings; a blank one keeps the stored
 * password only while the settings it was saved with stay the same (else `errors.sftpPassword`). Removing
 * the server removes its password.
 */
function nextSftpSecret(
  secrets: SecretBox,
  input: TInventorySource,
  existing: InventorySourceRow | undefined,
  errors: FieldErrors,
): string | null {
  const settings = sftpSettingsOf(input);
  if (input.sftpPassword !== '') return sealSftpSecret(secrets, settings, input.sftpPassword);
  if (!existing?.sftpPasswordEncrypted || settings.sftpServerAddress === '') return null;
  const retype = sftpRetypeMessage(existing, settings);
  if (retype) errors.sftpPassword = retype;
  return existing.sftpPasswordEncrypted;
}

/**
 * Creates (id 0) or updates a source with its sample file, all or nothing: a refused save stores neither
 * the source nor the file. A blank SFTP password keeps the stored one (see nextSftpSecret); a new server
 * address or port forgets the recorded host key.
 */
export async function saveInventorySource(
  db: DbOrTx,
  secrets: SecretBox,
  input: TInventorySource,
  actor: AuditActor,
): Promise<InventorySource> {
  const { errors, upload } = await checkSaveInput(input);

  const row = await db.transaction(async (tx) => {
    // Locked, so that a concurrent save cannot replace (and drop) the sample this one keeps, and the stored
    // password is checked against the settings it is written back with.
    const existing = input.id > 0 ? await lockLiveInventorySource(tx, input.id) : undefined;
    if (input.id > 0 && !existing) throw notFound();
    if (!input.fileData.inventoryFile && !existing?.sampleFileId)
      errors['fileData.inventoryFile'] = M.sampleFileRequired;
    const sftpSecret = nextSftpSecret(secrets, input, existing, errors);
    if (!(await lockEmailSourceForUse(tx, input.emailSourceId))) {
      errors.emailSourceId = M.emailSourceId;
      throw fieldErrorsToBadRequest(errors, `Email source ${input.emailSourceId} does not exist`);
    }
    if (Object.keys(errors).length > 0) throw fieldErrorsToBadRequest(errors);
    const sampleFileId = upload
      ? await storeFile(tx, upload.fileName, upload.content)
      : (existing?.sampleFileId ?? null);
    const values = toValues(input, sftpSecret, sampleFileId);
    if (!existing) {
      const created = await insertInventorySource(tx, values);
      await recordInventoryMapping(tx, created.id, input);
      await recordAudit(tx, {
        ...AUDIT,
        actor,
        entityId: created.id,
        action: 'created',
        before: null,
        after: created,
      });
      return created;
    }
    const forgetHostKey = sftpServerChanged(existing, sftpSettingsOf(input));
    const updated = await updateLiveInventorySource(tx, existing.id, {
      ...values,
      ...(forgetHostKey ? FORGOTTEN_HOST_KEY : {}),
    });
    if (!updated) throw notFound();
    await recordInventoryMapping(tx, updated.id, input);
    if (upload && existing.sampleFileId !== null) await deleteReplacedSampleFile(tx, existing.sampleFileId);
    await recordAudit(tx, {
      ...AUDIT,
      actor,
      entityId: updated.id,
      action: 'updated',
      before: auditedSample(existing, null),
      after: auditedSample(updated, upload),
    });
    return updated;
  });
  return toInventorySource(row, upload ?? (await loadSample(db, row)));
}

/** The supplier file's columns as evidence for later suggestions (docs/behaviour/sources.md#suggest-from-a-sample-file). */
function recordInventoryMapping(tx: DbOrTx, sourceId: number, input: TInventorySource) {
  return recordSavedMapping(tx, {
    kind: 'inventory',
    sourceId,
    fileHasHeader: input.fileHasHeader,
    mapping: {
      itemNumberColumnName: input.itemNumberColumnName,
      qtyColumnName: input.qtyColumnName,
      itemStatusColumnName: input.itemStatusColumnName,
    },
    suggested: input.suggestedMapping,
  });
}

/** The SFTP password is recorded as "sftpPassword: changed", never as its ciphertext. */
const AUDIT = { entityType: 'inventory-source', secretFields: ['sftpPasswordEncrypted'] } as const;

/**
 * The row as the audit log compares it: the sample file by its name when one was uploaded (the stored
 * file's id changes on every upload and says nothing to a reader).
 */
function auditedSample(row: InventorySourceRow, upload: { fileName: string } | null) {
  return upload ? { ...row, sampleFile: upload.fileName } : row;
}

const FORGOTTEN_HOST_KEY = {
  sftpHostKey: null,
  sftpHostKeyRecordedAt: null,
  sftpHostKeyPresented: null,
  sftpHostKeyPresentedAt: null,
} satisfies Partial<InventorySourceValues>;

export async function deleteInventorySource(db: DbOrTx, id: number, actor: AuditActor): Promise<void> {
  await auditedDelete(db, {
    ...AUDIT,
    actor,
    id,
    load: lockLiveInventorySource,
    remove: async (tx, sourceId) => {
      const removed = await softDeleteInventorySource(tx, sourceId);
      if (removed) await forgetSourceEvidence(tx, 'inventory', sourceId);
      return removed;
    },
    notFound,
  });
}

export const setInventorySourceActive = auditedActiveSwitch({
  ...AUDIT,
  load: lockLiveInventorySource,
  update: updateLiveInventorySource,
  notFound,
});

/**
 * The saved source the test may use, when its SFTP settings are the ones on screen: then a blank password
 * means its stored password, and its recorded host key applies. A blank password with changed settings is
 * refused (the stored password only ever goes to the server it was saved for).
 */
async function savedSourceForTest(
  db: DbOrTx,
  input: TSftpConnectionTest,
): Promise<InventorySourceRow | undefined> {
  if (input.id === 0) return undefined;
  const stored = await findLiveInventorySource(db, input.id);
  if (!stored) throw notFound();
  if (input.sftpPassword === '') {
    const retype = stored.sftpPasswordEncrypted
      ? sftpRetypeMessage(stored, sftpSettingsOf(input))
      : undefined;
    if (retype) throw AppError.badRequest(retype, { sftpPassword: retype });
  }
  return sftpServerChanged(stored, sftpSettingsOf(input)) ? undefined : stored;
}

/**
 * Logs in with the SFTP card's current values and lists the inbound folder (sftp-connection.ts); a blank
 * password or the recorded host key are the saved source's only while its server is the one on screen.
 */
export async function testSftpConnection(
  db: DbOrTx,
  secrets: SecretBox,
  config: { connectTimeoutMs: number },
  input: TSftpConnectionTest,
): Promise<SftpConnectionTestResult> {
  return trySftpLogin(db, secrets, config, input, await savedSourceForTest(db, input));
}

/**
 * Trusts the key the server now presents, as the editor showed it: it must be the one a refused
 * connection noted (a key that changed again since needs another look).
 */
export async function acceptSftpHostKey(
  db: DbOrTx,
  id: number,
  { fingerprint }: TAcceptSftpHostKey,
  actor: AuditActor,
): Promise<SftpHostKeyState> {
  const row = await auditedChange(db, {
    ...AUDIT,
    actor,
    entityId: id,
    action: 'host-key-accepted',
    load: (tx) => lockLiveInventorySource(tx, id),
    change: async (tx, source) => {
      const accepted = hostKeyAcceptance(source, fingerprint);
      return accepted ? updateLiveInventorySource(tx, id, accepted) : source;
    },
  });
  if (!row) throw notFound();
  return toSftpHostKeyState(row);
}
