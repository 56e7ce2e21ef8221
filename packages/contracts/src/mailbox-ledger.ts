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

/**
 * "Test rules against the mailbox" (docs/behaviour/mail-intake.md#testing-rules): the rules an editor holds,
 * saved or not, tried on the last messages of the e-mail source's INBOX without changing anything.
 */
export const TEST_RULES_DEFAULT = 50;
export const TEST_RULES_MAX = 200;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${TEST_RULES_MAX}`;
const COUNT_MESSAGE = 'expectedAttachmentCount must be empty or a whole number from 0 to 100';

export const ZTestRulesRulesSchema = z.strictObject({
  fromEmail: z
    .string({ error: 'fromEmail is required' })
    .trim()
    .min(1, 'Enter the From Email the source expects')
    .max(320, 'fromEmail must be at most 320 characters'),
  subjectValue: z
    .string({ error: 'subjectValue is required' })
    .max(500, 'subjectValue must be at most 500 characters'),
  containsNotExact: z.boolean({ error: 'containsNotExact must be true or false' }).default(false),
  expectedAttachmentCount: z
    .number({ error: COUNT_MESSAGE })
    .int(COUNT_MESSAGE)
    .min(0, COUNT_MESSAGE)
    .max(100, COUNT_MESSAGE)
    .nullable()
    .default(null),
  fileType: z
    .string({ error: 'fileType must be text' })
    .max(20, 'fileType must be at most 20 characters')
    .default(''),
  attachmentName: z
    .string({ error: 'attachmentName must be text' })
    .max(500, 'attachmentName must be at most 500 characters')
    .default(''),
  noAttachmentsNeedsLinkClick: z
    .boolean({ error: 'noAttachmentsNeedsLinkClick must be true or false' })
    .default(false),
});
export type TestRulesRules = z.output<typeof ZTestRulesRulesSchema>;

export const ZTestRulesRequestSchema = z.strictObject({
  sourceType: z.enum(MAIL_SOURCE_TYPES, {
    error: `sourceType must be one of ${MAIL_SOURCE_TYPES.join(', ')}`,
  }),
  rules: ZTestRulesRulesSchema,
  limit: z
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(TEST_RULES_MAX, LIMIT_MESSAGE)
    .default(TEST_RULES_DEFAULT),
});
export type TestRulesRequest = z.input<typeof ZTestRulesRequestSchema>;
export type TestRulesQuery = z.output<typeof ZTestRulesRequestSchema>;

export const ZTestedMessageSchema = z.object({
  uid: z.number().int(),
  receivedAt: z.string().nullable(),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  matched: z.boolean(),
  failedRule: z.enum(MAIL_FAILED_RULES).nullable(),
  detail: z.string(),
  /** The file the source would read; null when none fits or the source reads the message itself. */
  attachment: z.string().nullable(),
});
export type TestedMessage = z.infer<typeof ZTestedMessageSchema>;

export const ZTestRulesResultSchema = z.object({
  /** Newest first. */
  messages: z.array(ZTestedMessageSchema),
});
export type TestRulesResult = z.infer<typeof ZTestRulesResultSchema>;

/** What the rule tester and the ledger call each rule. */
export const MAIL_RULE_LABELS: Record<MailFailedRule, string> = {
  from: 'From',
  subject: 'Subject',
  attachmentCount: 'Attachment count',
  attachment: 'Attachment',
};

/**
 * Offer a message again (docs/behaviour/mail-intake.md#offer-a-message-again): what each current source of the
 * mailbox did with it. `already-processed`: the source has a run for it that did not fail (it is never
 * processed twice); `unmatched`: a rule still fails (`detail` names it); `failed`: its run failed.
 */
export const OFFER_OUTCOMES = ['processed', 'already-processed', 'unmatched', 'failed'] as const;
export type OfferOutcome = (typeof OFFER_OUTCOMES)[number];

export const ZOfferAgainSourceSchema = z.object({
  sourceType: z.enum(MAIL_SOURCE_TYPES),
  sourceId: z.number().int(),
  sourceName: z.string(),
  outcome: z.enum(OFFER_OUTCOMES),
  detail: z.string(),
  runId: z.number().int().nullable(),
});
export type OfferAgainSource = z.infer<typeof ZOfferAgainSourceSchema>;

export const ZOfferAgainResultSchema = z.object({ sources: z.array(ZOfferAgainSourceSchema) });
export type OfferAgainResult = z.infer<typeof ZOfferAgainResultSchema>;

export const OFFER_OUTCOME_LABELS: Record<OfferOutcome, string> = {
  processed: 'Processed',
  'already-processed': 'Already processed',
  unmatched: 'Unmatched',
  failed: 'Failed',
};
