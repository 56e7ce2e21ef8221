import { z } from 'zod';
import { stripDataUrlPrefix, ZOrderVendorSourceSchema } from './order-submission';
import { type RunDetails, ZReprocessOutcomeSchema } from './runs';
import { MAX_UPLOAD_BYTES } from './shared-fields';

/**
 * The order submission engine (docs/behaviour/order-submission.md): the vendor file preview, re-sending a vendor submission, and
 * what the runs of order submission sources and vendors record.
 */

/** The wildcards a vendor's subject and body may hold. */
export const SUBMISSION_WILDCARDS = ['{poNumbers}', '{originalSubject}', '{originalBody}'] as const;

/** The preview shows at most this many rows of the generated file. */
export const VENDOR_PREVIEW_ROW_LIMIT = 50;

export const VENDOR_PREVIEW_MESSAGES = {
  fileRequired: 'Choose an order file',
  notBase64: 'The order file must be sent as base64',
  tooLarge: 'The order file is larger than 10 MB',
  fileType: 'The order file must be a .csv, .xls or .xlsx file',
  noTemplate: 'Upload the vendor template (.xls or .xlsx) first',
} as const;

const P = VENDOR_PREVIEW_MESSAGES;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const ORDER_FILE_EXTENSIONS = ['.csv', '.xls', '.xlsx'] as const;

/**
 * POST /api/order-submission/vendor/preview: the vendor editor's unsaved form (the vendor save payload,
 * as is) and an order file. With `vendor.submitFileTemplate` null and `vendor.id` > 0 the stored template
 * is used. Nothing is sent or stored.
 */
export const ZVendorPreviewRequestSchema = z.object({
  vendor: ZOrderVendorSourceSchema,
  file: z.object({
    fileName: z
      .string({ error: P.fileRequired })
      .trim()
      .min(1, P.fileRequired)
      .refine(
        (name) => ORDER_FILE_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension)),
        P.fileType,
      ),
    contentBase64: z
      .string({ error: P.fileRequired })
      .transform((value) => stripDataUrlPrefix(value.trim()).replace(/\s+/g, ''))
      .refine((value) => value.length > 0, P.fileRequired)
      .refine((value) => value.length % 4 === 0 && BASE64.test(value), P.notBase64)
      .refine((value) => Math.floor((value.length * 3) / 4) <= MAX_UPLOAD_BYTES + 2, P.tooLarge),
  }),
});
export type TVendorPreviewRequest = z.input<typeof ZVendorPreviewRequestSchema>;

export const ZVendorPreviewResponseSchema = z.object({
  /** The generated file's name. */
  fileName: z.string(),
  /** The template's header row as written. */
  header: z.array(z.string()),
  /** The generated data rows (at most VENDOR_PREVIEW_ROW_LIMIT). */
  rows: z.array(z.array(z.string())),
  /** How many order lines of the file are this vendor's. */
  lineCount: z.number(),
  /** The other vendor names in the file, as written there. */
  otherVendors: z.array(z.string()),
  /** The generated file, base64. */
  contentBase64: z.string(),
});
export type VendorPreviewResponse = z.infer<typeof ZVendorPreviewResponseSchema>;

/** POST /api/order-submission/runs/{runId}/resend: the new vendor run. */
export const ZResendSubmissionOutcomeSchema = ZReprocessOutcomeSchema.pick({
  runId: true,
  status: true,
  message: true,
});
export type ResendSubmissionOutcome = z.infer<typeof ZResendSubmissionOutcomeSchema>;

export type SubmissionAttachmentKind = 'spreadsheet' | 'pdf' | 'forwarded-email';

export interface SubmissionAttachment {
  kind: SubmissionAttachmentKind;
  fileName: string;
  /** The stored file sent (re-send sends it again). */
  fileId: number;
}

/** `details` of a vendor run (sourceType 'vendor'): what was sent, to whom, and from which orders. */
export interface VendorSubmissionDetails extends RunDetails {
  to: string[];
  cc: string[];
  bcc: string[];
  from: string;
  subject: string;
  body: string;
  /** The e-mail's Message-ID, the same on every attempt and re-send (absent on runs from before it was kept). */
  messageId?: string;
  /**
   * 'pending' from the claim until the e-mail's data is about to end, 'started' from then: a run left
   * running while still 'pending' was never taken by the relay (absent on runs from before it was kept).
   */
  handover?: 'pending' | 'started';
  /** The relay did not take the e-mail for now (4xx, unreachable): the lines went back to waiting. */
  deferred?: boolean;
  poNumbers: string[];
  lineCount: number;
  /** The submission batches whose lines this e-mail carries (several for a non-daily vendor). */
  batch: number[];
  attachments: SubmissionAttachment[];
  pdfFileId?: number;
  /** 'downloaded': the PDF the order link gave; 'generated': rendered from the vendor file. */
  pdfSource?: 'downloaded' | 'generated';
  /** The accumulation a non-daily vendor sent: the days its lines arrived. */
  accumulatedDays?: string[];
}

/** Per known vendor in a batch run. */
export interface SubmissionVendorSummary {
  vendorId: number;
  vendorName: string;
  lineCount: number;
  poNumbers: string[];
  /** sent, failed, or accumulated (a non-daily vendor whose turn has not come). */
  outcome: 'sent' | 'failed' | 'accumulated' | 'pending';
  runId: number | null;
  message: string;
}

/** An order file's vendor that matches no vendor or alias of the source. */
export interface SubmissionUnknownVendor {
  vendorName: string;
  poNumbers: string[];
  lineCount: number;
  /** The name belongs to a vendor (or an alias of one) that is switched off. */
  inactiveVendorName?: string;
}

/** `details` of a batch run (sourceType 'order-submission'). */
export interface SubmissionBatchDetails extends RunDetails {
  batchId: number;
  batchDay: string;
  /** The order e-mails (and their files) the batch is made of. */
  emails: Array<{
    emailId: number;
    subject: string;
    fileName: string | null;
    lineCount: number;
    /** The source's run of this e-mail's intake. */
    intakeRunId: number | null;
  }>;
  expectedEmails: number;
  late: boolean;
  vendors: SubmissionVendorSummary[];
  unknownVendors: SubmissionUnknownVendor[];
}
