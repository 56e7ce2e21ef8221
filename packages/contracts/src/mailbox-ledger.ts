import { z } from 'zod';

/**
 * The mailbox ledger (docs/behaviour/mail-intake.md#the-mailbox-ledger): every message intake saw in a mailbox,
 * its outcome and, for each source bound to the mailbox, whether it matched and the first rule that failed.
 */
export const MAIL_FAILED_RULES = ['from', 'subject', 'attachmentCount', 'attachment'] as const;
export type MailFailedRule = (typeof MAIL_FAILED_RULES)[number];

export const LEDGER_OUTCOMES = ['processed', 'unmatched', 'ignored', 'failed', 'pending'] as const;
export type LedgerOutcome = (typeof LEDGER_OUTCOMES)[number];

/** The source types that read mail: a user sees a source's evaluation only with that type's flag. */
export const MAIL_SOURCE_TYPES = ['order-tracking', 'inventory', 'order-submission'] as const;
export type MailSourceType = (typeof MAIL_SOURCE_TYPES)[number];
export const MAIL_SOURCE_LABELS: Record<MailSourceType, string> = {
  'order-tracking': 'order tracking',
  inventory: 'inventory',
  'order-submission': 'order submission',
};

export const LEDGER_PAGE_DEFAULT = 50;
export const LEDGER_PAGE_MAX = 200;

export const ZLedgerAttachmentSchema = z.object({
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.string(),
});
export type LedgerAttachment = z.infer<typeof ZLedgerAttachmentSchema>;

export const ZLedgerSourceEvaluationSchema = z.object({
  sourceType: z.enum(MAIL_SOURCE_TYPES),
  sourceId: z.number().int(),
  sourceName: z.string(),
  matched: z.boolean(),
  failedRule: z.enum(MAIL_FAILED_RULES).nullable(),
  detail: z.string(),
  runId: z.number().int().nullable(),
});
export type LedgerSourceEvaluation = z.infer<typeof ZLedgerSourceEvaluationSchema>;

export const ZLedgerMessageSchema = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  receivedAt: z.string().nullable(),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  attachments: z.array(ZLedgerAttachmentSchema),
  outcome: z.enum(LEDGER_OUTCOMES),
  reason: z.string(),
  sources: z.array(ZLedgerSourceEvaluationSchema),
});
export type LedgerMessage = z.infer<typeof ZLedgerMessageSchema>;

export const ZLedgerPageSchema = z.object({
  messages: z.array(ZLedgerMessageSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.string().nullable(),
});
export type LedgerPage = z.infer<typeof ZLedgerPageSchema>;

/** The keyset cursor: the last message's received time and id, opaque to the caller. */
export const LEDGER_CURSOR_PATTERN = /^\d{13}_\d{1,15}$/;

export const ZLedgerQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${LEDGER_PAGE_MAX}` })
    .int(`limit must be a whole number from 1 to ${LEDGER_PAGE_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${LEDGER_PAGE_MAX}`)
    .max(LEDGER_PAGE_MAX, `limit must be a whole number from 1 to ${LEDGER_PAGE_MAX}`)
    .default(LEDGER_PAGE_DEFAULT),
  before: z
    .string()
    .regex(LEDGER_CURSOR_PATTERN, 'before must be the nextBefore of an earlier page')
    .optional(),
  /** Empty means every outcome (the page's "All"). */
  outcome: z
    .enum(['', ...LEDGER_OUTCOMES], { error: `outcome must be one of ${LEDGER_OUTCOMES.join(', ')}` })
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  q: z.string().max(200, 'q must be at most 200 characters').optional(),
});
export type LedgerQuery = z.output<typeof ZLedgerQuerySchema>;

export const LEDGER_OUTCOME_LABELS: Record<LedgerOutcome, string> = {
  processed: 'Processed',
  unmatched: 'Unmatched',
  ignored: 'Ignored',
  failed: 'Failed',
  pending: 'Pending',
};
