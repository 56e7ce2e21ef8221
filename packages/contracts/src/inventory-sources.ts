import { z } from 'zod';
import { ZSuggestedMappingSchema } from './mapping-evidence';
import { ZSourceListRuleFieldsSchema } from './runs';
import {
  emptyToNull,
  entityId,
  MAILED_SOURCE_FIELDS,
  optionalDecimal,
  optionalInt,
  optionalText,
  port,
  requiredId,
  ZConnectionCheckSchema,
} from './shared-fields';
import { ZTextEncodingSchema } from './text-encodings';

export const INVENTORY_SOURCE_MESSAGES = {
  sourceName: 'Source name is required',
  emailSourceId: 'Email source is required',
  fileType: 'File type is required',
  fromEmail: 'From email is required',
  subjectValue: 'Subject value is required',
  attachmentName: 'Attachment name is required',
  itemNumberColumnName: 'Item number column is required',
  qtyColumnName: 'Quantity column is required',
  userActivatedItemNumbers: 'User activated items are required',
  itemStatusColumnName: 'Item status column is required',
  itemStatusDateColumnName: 'Item status date column is required',
  sampleFileRequired: 'Sample inventory file is required for new sources',
  invalidEmail: 'Enter a valid email address',
  saved: 'Inventory source saved successfully!',
  loadFailed: 'Failed to load inventory source data',
  emailListFailed: 'Failed to load email sources',
  unexpected: 'Save failed - unexpected response',
  saveFailed: 'Save failed - please try again',
  predictiveRequired: 'Required when the predictive algorithm is on',
} as const;

/** Input ranges of the predictive settings (docs/behaviour/sources.md#inventory-source-editor), enforced by the server as well as the inputs. */
export const PREDICTIVE_RANGES = {
  lookbackDays: { min: 1, max: 365, step: 1 },
  minDataPoints: { min: 1, max: 100, step: 1 },
  safetyMultiplier: { min: 1, max: 5, step: 0.1 },
  safetyPadding: { min: 0, max: 10_000, step: 1 },
  largeDropThreshold: { min: 1, max: 100_000, step: 1 },
  largeDropMultiplier: { min: 1, max: 5, step: 0.1 },
} as const;
export type PredictiveField = keyof typeof PREDICTIVE_RANGES;
export const PREDICTIVE_FIELDS = Object.keys(PREDICTIVE_RANGES) as PredictiveField[];

export const SAMPLE_FILE_EXTENSIONS = ['.xls', '.xlsx', '.csv'] as const;
export const DEFAULT_DRIFT_GUARD_PERCENT = 50;

const M = INVENTORY_SOURCE_MESSAGES;
const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);
const range = (field: PredictiveField, decimal = false) => {
  const { min, max } = PREDICTIVE_RANGES[field];
  const message = `Enter a value from ${min} to ${max}`;
  return decimal ? optionalDecimal(min, max, message) : optionalInt(min, max, message);
};

export const ZInventoryFileDataSchema = z.object({
  userActivatedItemNumbers: requiredText(M.userActivatedItemNumbers),
  /** Base64 content of a newly chosen sample file (no data-URL prefix). */
  inventoryFile: z.string().nullish(),
  inventoryFileName: optionalText,
  /** Base64 content of the stored sample, echoed back by the spec's client when no new file is chosen. */
  inventoryFileData: z.string().nullish(),
  activeStatus: z.boolean().default(true),
  headerRowIndex: optionalInt(0, 1000),
  fileHasHeader: z.boolean().default(true),
  itemNumberColumnName: requiredText(M.itemNumberColumnName),
  itemStatusColumnName: requiredText(M.itemStatusColumnName),
  itemStatusDateColumnName: requiredText(M.itemStatusDateColumnName),
});

/** The inventory source editor's form and the body of POST /api/inventory-sources/inventory/save (docs/behaviour/sources.md#inventory-source-editor). */
export const ZInventorySourceSchema = z
  .object({
    id: entityId,
    sourceName: requiredText(M.sourceName),
    emailSourceId: requiredId(M.emailSourceId),
    fileType: requiredText(M.fileType),
    textEncoding: ZTextEncodingSchema,
    fromEmail: requiredText(M.fromEmail).pipe(z.email(M.invalidEmail)),
    daysUntilNoUpdateNotification: optionalInt(1, 365),
    expectedAttachmentCount: optionalInt(0, 100),
    subjectValue: requiredText(M.subjectValue),
    containsNotExact: z.boolean().default(false),
    attachmentName: requiredText(M.attachmentName),
    itemNumberColumnName: requiredText(M.itemNumberColumnName),
    qtyColumnName: requiredText(M.qtyColumnName),
    statusSupersedesQuantity: z.boolean().default(false),
    statusAvailableList: optionalText,
    statusOutOfStockList: optionalText,
    itemStatusColumnName: optionalText,
    minItemsToBeActive: optionalInt(0, 1_000_000),
    fileHasHeader: z.boolean().default(true),
    stripLeadingZeroes: z.boolean().default(false),
    usesPredictiveAlgorithm: z.boolean().default(false),
    lookbackDays: range('lookbackDays'),
    minDataPoints: range('minDataPoints'),
    safetyMultiplier: range('safetyMultiplier', true),
    safetyPadding: range('safetyPadding'),
    largeDropThreshold: range('largeDropThreshold'),
    largeDropMultiplier: range('largeDropMultiplier', true),
    sftpServerAddress: optionalText,
    sftpPort: port,
    sftpUsername: optionalText,
    /** Blank keeps the stored SFTP password. */
    sftpPassword: z
      .string()
      .nullish()
      .transform((value) => value ?? ''),
    /** Beyond the spec (docs/behaviour/sources.md#sftp-settings): where supplier files are picked up and generated files are put. */
    sftpInboundFolder: optionalText,
    sftpOutboundFolder: optionalText,
    /** Beyond the spec (docs/behaviour/inventory.md#drift-guard): hold a run that would turn more than this share of Active items Inactive. */
    driftGuardPercent: z.preprocess(emptyToNull, z.number().int().min(1).max(100).nullable()).default(null),
    activeStatus: z.boolean().default(true),
    fileData: ZInventoryFileDataSchema,
    /** Beyond the spec (docs/behaviour/sources.md#suggest-from-a-sample-file): the suggestion the form applied. */
    suggestedMapping: ZSuggestedMappingSchema,
  })
  .superRefine((source, ctx) => {
    if (!source.usesPredictiveAlgorithm) return;
    for (const field of PREDICTIVE_FIELDS) {
      if (source[field] === null)
        ctx.addIssue({ code: 'custom', path: [field], message: M.predictiveRequired });
    }
  });
export type TInventorySourceForm = z.input<typeof ZInventorySourceSchema>;
export type TInventorySource = z.output<typeof ZInventorySourceSchema>;

export const ZInventoryFileDataResponseSchema = z.object({
  userActivatedItemNumbers: z.string(),
  inventoryFileName: z.string(),
  inventoryFileData: z.string(),
  activeStatus: z.boolean(),
  headerRowIndex: z.number().nullable(),
  fileHasHeader: z.boolean(),
  itemNumberColumnName: z.string(),
  itemStatusColumnName: z.string(),
  itemStatusDateColumnName: z.string(),
});
export type InventoryFileData = z.infer<typeof ZInventoryFileDataResponseSchema>;

/** GET /api/inventory-sources/inventory/{id}: the source without its SFTP password. */
export const ZInventorySourceResponseSchema = z.object({
  ...MAILED_SOURCE_FIELDS,
  daysUntilNoUpdateNotification: z.number().nullable(),
  expectedAttachmentCount: z.number().nullable(),
  itemNumberColumnName: z.string(),
  qtyColumnName: z.string(),
  statusSupersedesQuantity: z.boolean(),
  statusAvailableList: z.string(),
  statusOutOfStockList: z.string(),
  itemStatusColumnName: z.string(),
  minItemsToBeActive: z.number().nullable(),
  fileHasHeader: z.boolean(),
  stripLeadingZeroes: z.boolean(),
  usesPredictiveAlgorithm: z.boolean(),
  lookbackDays: z.number().nullable(),
  minDataPoints: z.number().nullable(),
  safetyMultiplier: z.number().nullable(),
  safetyPadding: z.number().nullable(),
  largeDropThreshold: z.number().nullable(),
  largeDropMultiplier: z.number().nullable(),
  sftpServerAddress: z.string(),
  sftpPort: z.number().nullable(),
  sftpUsername: z.string(),
  sftpPassword: z.literal(''),
  sftpPasswordSet: z.boolean(),
  /** The SFTP server's host key recorded at the first successful connection (SHA256:…), or null. */
  sftpHostKey: z.string().nullable(),
  sftpHostKeyRecordedAt: z.string().nullable(),
  /** Another key the server presented since (those connections were refused), until accepted; or null. */
  sftpHostKeyPresented: z.string().nullable(),
  sftpHostKeyPresentedAt: z.string().nullable(),
  sftpInboundFolder: z.string(),
  sftpOutboundFolder: z.string(),
  driftGuardPercent: z.number(),
  fileData: ZInventoryFileDataResponseSchema,
});
export type InventorySource = z.infer<typeof ZInventorySourceResponseSchema>;

/** A row of GET /api/inventory-sources/inventories. */
export const ZInventorySourceListItemSchema = ZSourceListRuleFieldsSchema.extend({
  itemNumberColumnName: z.string(),
  qtyColumnName: z.string(),
  minItemsToBeActive: z.number().nullable(),
});
export type InventorySourceListItem = z.infer<typeof ZInventorySourceListItemSchema>;

/** POST /api/inventory-sources/test-sftp (beyond the spec): the SFTP card's current values. */
export const ZSftpConnectionTestSchema = z.object({
  id: entityId,
  sftpServerAddress: z.string().trim().min(1, 'Enter the SFTP server address'),
  sftpPort: port,
  sftpUsername: z.string().trim().min(1, 'Enter the SFTP username'),
  sftpPassword: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  sftpInboundFolder: optionalText,
});
export type TSftpConnectionTest = z.output<typeof ZSftpConnectionTestSchema>;

/**
 * What the connection test found out about the server's host key:
 * - 'recorded': no key was recorded for the saved source; this one is now.
 * - 'trusted': it is the recorded key.
 * - 'changed': it differs from the recorded key (`recordedHostKey`); the connection was refused.
 * - 'not-recorded': the settings on screen are not the saved ones (or the source is new); the key is
 *   recorded at the first connection after saving.
 */
export const ZSftpHostKeyStatusSchema = z.enum(['recorded', 'trusted', 'changed', 'not-recorded']);
export type SftpHostKeyStatus = z.infer<typeof ZSftpHostKeyStatusSchema>;

const ZSftpEntrySchema = z.object({
  name: z.string(),
  type: z.enum(['file', 'directory', 'other']),
  size: z.number(),
  modifiedAt: z.string().nullable(),
});

export const ZSftpConnectionTestResultSchema = ZConnectionCheckSchema.extend({
  /** The key the server presented; null when the connection failed before the key exchange. */
  hostKey: z.string().nullable(),
  hostKeyStatus: ZSftpHostKeyStatusSchema.nullable(),
  recordedHostKey: z.string().nullable(),
  folder: z.string(),
  entries: z.array(ZSftpEntrySchema),
});
export type SftpConnectionTestResult = z.infer<typeof ZSftpConnectionTestResultSchema>;

/** An OpenSSH SHA256 fingerprint: 'SHA256:' and 43 characters of unpadded base64. */
export const SFTP_HOST_KEY_PATTERN = /^SHA256:[A-Za-z0-9+/]{43}$/;

/**
 * POST /api/inventory-sources/{id}/sftp-host-key/accept (beyond the spec): trust the key the server now
 * presents, exactly as the editor showed it to the user.
 */
export const ZAcceptSftpHostKeySchema = z.object({
  fingerprint: z.string().trim().regex(SFTP_HOST_KEY_PATTERN, 'Not an SSH host key fingerprint'),
});
export type TAcceptSftpHostKey = z.output<typeof ZAcceptSftpHostKeySchema>;

/** The host key state of a source, as the accept call answers it. */
export const ZSftpHostKeyStateSchema = ZInventorySourceResponseSchema.pick({
  sftpHostKey: true,
  sftpHostKeyRecordedAt: true,
  sftpHostKeyPresented: true,
  sftpHostKeyPresentedAt: true,
});
export type SftpHostKeyState = z.infer<typeof ZSftpHostKeyStateSchema>;

/**
 * POST /api/inventory-sources/activated-items/read (beyond the spec): the user-activated items of an uploaded
 * list (docs/behaviour/inventory.md#activated-items-from-a-file). Nothing is stored; the editor writes the
 * items into its field and Save keeps them.
 */
export const ACTIVATED_ITEM_LIST_FILE_TYPES = ['.txt', '.csv', '.xls', '.xlsx'] as const;

export const ZActivatedItemListSchema = z.object({
  /** Trimmed, blanks dropped, each once, in the file's order. */
  items: z.array(z.string().min(1)),
  /** The header the items were read under; null when the first row was no item header (the first column). */
  column: z.string().nullable(),
});
export type ActivatedItemList = z.infer<typeof ZActivatedItemListSchema>;
