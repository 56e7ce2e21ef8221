import { z } from 'zod';
import type { HeaderDrift } from './runs';

/**
 * Inventory processing (docs/behaviour/inventory.md#processing-result, docs/behaviour/inventory.md#drift-guard): the manual processing screen's calls, the
 * processing result, the debug "Modify File" result, and what an inventory run records in its details.
 */
export const INVENTORY_PROCESSING_MESSAGES = {
  invalidFileType: (expected: string, extension: string) =>
    `Invalid file type. Expected ${expected} but got ${extension}`,
  fileTooLarge: 'File size must be less than 10MB',
  noFile: 'No file was uploaded',
  onlyOneFile: 'Only one file is accepted',
  processFailed: 'Failed to process file',
  debugFailed: 'Failed to modify file for debugging',
  debugModeRequired: 'Debug: Modify File needs Debug Mode on your account',
  sourceNotFound: 'Inventory source not found',
} as const;

/** The statuses written into the generated file. */
export const ITEM_STATUSES = ['Active', 'Inactive'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** A text boolean of a multipart field ('true' / 'false', any case); absent or empty means false. */
const textBoolean = (field: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = (value ?? '').trim().toLowerCase();
      if (text === '' || text === 'false') return false;
      if (text === 'true') return true;
      ctx.addIssue({ code: 'custom', message: `${field} must be 'true' or 'false'` });
      return z.NEVER;
    });

const sourceIdField = z
  .string({ error: 'sourceId is required' })
  .trim()
  .regex(/^\d{1,9}$/, 'sourceId must be a whole number')
  .transform(Number)
  .refine((id) => id > 0, 'sourceId is required');

/** The text fields of POST /api/inventory-sources/manually-process (multipart, beside the file). */
export const ZManualProcessFieldsSchema = z.object({
  sourceId: sourceIdField,
  sendEmailNotification: textBoolean('sendEmailNotification'),
  submitViaSftp: textBoolean('submitViaSftp'),
});
export type TManualProcessFields = z.output<typeof ZManualProcessFieldsSchema>;

/** The text fields of POST /api/inventory-sources/debug-modify-file; `seed` (beyond the spec) varies the picks. */
export const ZDebugModifyFieldsSchema = z.object({
  sourceId: sourceIdField,
  seed: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'seed must be a whole number')
    .transform(Number)
    .optional(),
});
export type TDebugModifyFields = z.output<typeof ZDebugModifyFieldsSchema>;

export const ZInventoryColumnInfoSchema = z.object({
  /** The item number column as configured (a header name, or a 0-based index without a header row). */
  expectedItemColumn: z.string(),
  /** 0-based index where it was found, -1 when it was not. */
  itemColumnIndex: z.number().int(),
  expectedQtyColumn: z.string(),
  qtyColumnIndex: z.number().int(),
  hasHeaders: z.boolean(),
  /** The supplier file's header row as read (empty without a header row). */
  foundHeaders: z.array(z.string()),
});
export type InventoryColumnInfo = z.infer<typeof ZInventoryColumnInfoSchema>;

export const ZInventoryModificationSchema = z.object({
  /** 0-based row of the supplier file (the header row is row 0 when there is one). */
  rowIndex: z.number().int(),
  itemNumber: z.string(),
  originalQuantity: z.number(),
  /** Processing: the predicted quantity; debug Modify File: the quantity written. */
  newQuantity: z.number(),
  reason: z.string(),
});
export type InventoryModification = z.infer<typeof ZInventoryModificationSchema>;

export const ZInventoryProcessingSummarySchema = z.object({
  /** Rows below the header row (or every row without one), blank rows included. */
  totalRows: z.number().int(),
  /** Rows that carry an item number. */
  processedRows: z.number().int(),
  /** Blank rows and rows without an item number. */
  skippedRows: z.number().int(),
  /** Supplier items Active by the quantity/status rule (before prediction). */
  activeItemsFound: z.number().int(),
  itemsModified: z.number().int(),
  modifications: z.array(ZInventoryModificationSchema),
});
export type InventoryProcessingSummary = z.infer<typeof ZInventoryProcessingSummarySchema>;

export const ZDeliveryChannelOutcomeSchema = z.object({ ok: z.boolean(), message: z.string() });
export const ZInventoryDeliveryOutcomeSchema = z.object({
  email: ZDeliveryChannelOutcomeSchema.optional(),
  sftp: ZDeliveryChannelOutcomeSchema.optional(),
});
export type InventoryDeliveryOutcome = z.infer<typeof ZInventoryDeliveryOutcomeSchema>;

export const INVENTORY_RUN_OUTCOMES = ['succeeded', 'failed', 'held'] as const;
export type InventoryRunOutcome = (typeof INVENTORY_RUN_OUTCOMES)[number];

/** POST /api/inventory-sources/manually-process: the processing result (docs/behaviour/inventory.md#processing-result, plus the run). */
export const ZInventoryProcessingResultSchema = z.object({
  /** True only when the run succeeded: a held run is not a completed one. */
  success: z.boolean(),
  message: z.string(),
  errors: z.array(z.string()),
  /** Rows of the generated file: one per user-activated item. */
  processedCount: z.number().int(),
  activeCount: z.number().int(),
  inactiveCount: z.number().int(),
  /** The generated file (also for a held run, to inspect it); null when none was made. */
  fileName: z.string().nullable(),
  /** Base64 of the generated file. */
  fileData: z.string().nullable(),
  processingLogs: z.array(z.string()),
  debugLogs: z.array(z.string()),
  /** Items marked Inactive early by the predictive algorithm. */
  modificationsCount: z.number().int(),
  columnInfo: ZInventoryColumnInfoSchema,
  processingSummary: ZInventoryProcessingSummarySchema,
  /** Beyond the spec: the run this processing recorded (null when no run could be recorded). */
  runId: z.number().int().nullable(),
  status: z.enum(INVENTORY_RUN_OUTCOMES),
  /** Why the drift guard held the run (docs/behaviour/inventory.md#drift-guard); null unless status is 'held'. */
  heldReason: z.string().nullable(),
  /** What the delivery asked for by the switches did, when it was attempted. */
  delivery: ZInventoryDeliveryOutcomeSchema.nullable(),
  /**
   * Beyond the spec: every user-activated item missing from the file, by name, so the operator need not guess
   * which one "1 missing from the file" means (docs/behaviour/inventory.md#processing-result).
   */
  missingItems: z.array(z.string()),
});
export type InventoryProcessingResult = z.infer<typeof ZInventoryProcessingResultSchema>;

/** POST /api/inventory-sources/debug-modify-file (docs/behaviour/inventory.md#calls). */
export const ZInventoryDebugModifyResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  fileName: z.string().nullable(),
  fileData: z.string().nullable(),
  errors: z.array(z.string()),
  debugLogs: z.array(z.string()),
  modificationsCount: z.number().int(),
  columnInfo: ZInventoryColumnInfoSchema,
  processingSummary: ZInventoryProcessingSummarySchema,
});
export type InventoryDebugModifyResult = z.infer<typeof ZInventoryDebugModifyResultSchema>;

/** An item whose status a run changes (lists in run details are capped; the counts are not). */
export interface InventoryStatusChange {
  itemNumber: string;
  from: ItemStatus | null;
  to: ItemStatus;
}

/** The drift guard's view of a held run: what approving it would change. */
export interface InventoryHeldInfo {
  reason: string;
  kind: 'drift' | 'empty-file';
  /** User-activated items Active before this run. */
  currentlyActive: number;
  /** Of those, how many this run would turn Inactive, and the share in percent. */
  turningInactive: number;
  percent: number;
  limitPercent: number;
}

/**
 * `runs.details` of an inventory run (a RunDetails with these keys). `delivery` is written by the delivery
 * module after commit; `deliveryRequest` says what the run asked for (used when a held run is approved).
 */
export interface InventoryRunDetails {
  counts: Record<string, number>;
  warnings: string[];
  errors: string[];
  logs: string[];
  headerDrift?: HeaderDrift;
  /** The supplier file's header row, saved as the last good headers when the run succeeds or is approved. */
  headers?: string[];
  changes?: {
    turnedInactive: InventoryStatusChange[];
    turnedInactiveCount: number;
    turnedActive: InventoryStatusChange[];
    turnedActiveCount: number;
  };
  held?: InventoryHeldInfo;
  /** Capped: per item, why the predictive algorithm marked it Inactive early. */
  predictions?: string[];
  deliveryRequest?: { mode: 'manual'; sendEmail: boolean; submitSftp: boolean } | { mode: 'automatic' };
  /** Where the generated file holds item numbers and statuses, to apply a held run's statuses on approval. */
  output?: {
    fileName: string;
    firstDataRow: number;
    itemColumn: number;
    statusColumn: number;
    stripLeadingZeroes: boolean;
  };
  approved?: { at: string; by: string | null };
  discarded?: { at: string; by: string | null };
  [key: string]: unknown;
}

/** Column info before any file was read: the source's expected columns, nothing found (a run that failed early). */
export function emptyColumnInfo(
  source?: { itemNumberColumnName: string; qtyColumnName: string; fileHasHeader: boolean } | null,
): InventoryColumnInfo {
  return {
    expectedItemColumn: source?.itemNumberColumnName ?? '',
    itemColumnIndex: -1,
    expectedQtyColumn: source?.qtyColumnName ?? '',
    qtyColumnIndex: -1,
    hasHeaders: source?.fileHasHeader ?? true,
    foundHeaders: [],
  };
}

/** A processing summary with nothing processed. */
export function emptySummary(): InventoryProcessingSummary {
  return {
    totalRows: 0,
    processedRows: 0,
    skippedRows: 0,
    activeItemsFound: 0,
    itemsModified: 0,
    modifications: [],
  };
}

/**
 * A debug modification that failed (docs/behaviour/inventory.md#manual-processing): the message as the single
 * error, nothing modified; the server's answer and the screen's stand-in for a failed request alike.
 */
export function failedDebugResult(
  message: string,
  source?: Parameters<typeof emptyColumnInfo>[0],
  debugLogs: string[] = [],
): InventoryDebugModifyResult {
  return {
    success: false,
    message,
    fileName: null,
    fileData: null,
    errors: [message],
    debugLogs,
    modificationsCount: 0,
    columnInfo: emptyColumnInfo(source),
    processingSummary: emptySummary(),
  };
}
