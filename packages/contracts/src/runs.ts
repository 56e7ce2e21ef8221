import { z } from 'zod';

/** Run records (docs/behaviour/runs-and-history.md#runs): every poll, file and processing step leaves one. */
export const RUN_SOURCE_TYPES = [
  'email',
  'order-tracking',
  'inventory',
  'order-submission',
  'vendor',
  /** A notification digest (source id = the notification setting's id). */
  'notification',
] as const;
export type RunSourceType = (typeof RUN_SOURCE_TYPES)[number];

export const RUN_TRIGGERS = ['mail', 'sftp', 'manual', 'schedule', 'reprocess', 'alert'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

/** held: waiting for an operator (drift guard); discarded: an operator refused a held run. */
export const RUN_STATUSES = ['running', 'succeeded', 'failed', 'held', 'discarded'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const RUN_STATUS_LABELS: Record<RunStatus, string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  held: 'Held for approval',
  discarded: 'Discarded',
};

export const RUN_TRIGGER_LABELS: Record<RunTrigger, string> = {
  mail: 'E-mail',
  sftp: 'SFTP',
  manual: 'Manual',
  schedule: 'Scheduled',
  reprocess: 'Re-process',
  alert: 'Alert',
};

/** Changes between the last good file's header row and this one's. */
export const ZHeaderDriftSchema = z.object({
  renamed: z.array(z.object({ from: z.string(), to: z.string(), index: z.number().int() })),
  moved: z.array(z.object({ header: z.string(), from: z.number().int(), to: z.number().int() })),
  missing: z.array(z.string()),
  added: z.array(z.string()),
});
export type HeaderDrift = z.infer<typeof ZHeaderDriftSchema>;

/** What a run recorded; each kind of run adds its own keys (inventory, submission: see their contracts). */
export interface RunDetails {
  counts?: Record<string, number>;
  errors?: string[];
  warnings?: string[];
  headerDrift?: HeaderDrift;
  logs?: string[];
  [key: string]: unknown;
}
export const ZRunDetailsSchema = z
  .object({
    counts: z.record(z.string(), z.number()).optional(),
    errors: z.array(z.string()).optional(),
    warnings: z.array(z.string()).optional(),
    headerDrift: ZHeaderDriftSchema.optional(),
    logs: z.array(z.string()).optional(),
  })
  .catchall(z.unknown());

const ZRunStatusSchema = z.enum(RUN_STATUSES);
const ZRunTriggerSchema = z.enum(RUN_TRIGGERS);

export const ZRunRecordSchema = z.object({
  id: z.number().int(),
  sourceType: z.enum(RUN_SOURCE_TYPES),
  sourceId: z.number().int().nullable(),
  sourceName: z.string(),
  trigger: ZRunTriggerSchema,
  status: ZRunStatusSchema,
  fileName: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  ordersUpdated: z.number().int(),
  /**
   * Of ordersUpdated, the orders the run brought in for the first time and those it changed
   * (docs/behaviour/order-tracking.md#new-and-changed-orders); null for runs that write no orders, and for runs
   * recorded before the split was counted.
   */
  ordersNew: z.number().int().nullable(),
  ordersChanged: z.number().int().nullable(),
  ordersDeleted: z.number().int(),
  message: z.string().nullable(),
  details: ZRunDetailsSchema,
  hasInputFile: z.boolean(),
  hasOutputFile: z.boolean(),
  reprocessOfRunId: z.number().int().nullable(),
});
export type RunRecord = Omit<z.infer<typeof ZRunRecordSchema>, 'details'> & { details: RunDetails };

/** The last run shown on each source's list row and editor. */
export const ZLastRunSummarySchema = z.object({
  id: z.number().int(),
  status: ZRunStatusSchema,
  trigger: ZRunTriggerSchema,
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  message: z.string().nullable(),
});
export type LastRunSummary = z.infer<typeof ZLastRunSummarySchema>;

export const ZRunListResponseSchema = z.object({
  runs: z.array(ZRunRecordSchema),
  totalRecordCount: z.number().int(),
});
export interface RunListResponse {
  runs: RunRecord[];
  totalRecordCount: number;
}

export const RUN_PAGE_SIZE = 25;

/** GET /api/runs: one source's runs, newest first. */
export const ZRunListQuerySchema = z.object({
  sourceType: z.enum(RUN_SOURCE_TYPES, { error: `sourceType must be one of ${RUN_SOURCE_TYPES.join(', ')}` }),
  sourceId: z.coerce.number().int('sourceId must be a whole number').positive('sourceId is required'),
  page: z.coerce.number().int().min(1, 'page starts at 1').max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize is at most 100').default(RUN_PAGE_SIZE),
});
export type TRunListQuery = z.output<typeof ZRunListQuerySchema>;

/** POST /api/runs/:id/reprocess: the outcome of the new run. */
export const ZReprocessOutcomeSchema = z.object({
  runId: z.number().int(),
  status: ZRunStatusSchema.exclude(['running']),
  message: z.string(),
  ordersUpdated: z.number().int().optional(),
  /** Of ordersUpdated, the new orders and the changed ones (an order tracking file). */
  ordersNew: z.number().int().optional(),
  ordersChanged: z.number().int().optional(),
  ordersDeleted: z.number().int().optional(),
  reprocessOfRunId: z.number().int(),
});
export type ReprocessOutcome = z.infer<typeof ZReprocessOutcomeSchema>;

/** What every source list shows of a mail-read source: the rule that recognises its files, and its last run. */
export const ZSourceListRuleFieldsSchema = z.object({
  id: z.number().int(),
  sourceName: z.string(),
  activeStatus: z.boolean(),
  fileType: z.string(),
  fromEmail: z.string(),
  expectedAttachmentCount: z.number().int().nullable(),
  subjectValue: z.string(),
  attachmentName: z.string(),
  /** Beyond the spec (docs/behaviour/runs-and-history.md#last-run): the source's latest run, null when it never ran. */
  lastRun: ZLastRunSummarySchema.nullable(),
});
export type SourceListRuleFields = z.infer<typeof ZSourceListRuleFieldsSchema>;

/** GET /api/runs/daily: one source's outcomes and durations per day (NOTIFICATIONS_TIME_ZONE), oldest first. */
export const RUNS_DAILY_DEFAULT_DAYS = 30;
export const ZRunsDailyQuerySchema = ZRunListQuerySchema.pick({ sourceType: true, sourceId: true }).extend({
  days: z.coerce
    .number({ error: 'days must be a whole number' })
    .int('days must be a whole number')
    .min(1, 'days is at least 1')
    .max(365, 'days is at most 365')
    .default(RUNS_DAILY_DEFAULT_DAYS),
});
export type TRunsDailyQuery = z.output<typeof ZRunsDailyQuerySchema>;

export const ZRunsDailyResponseSchema = z.object({
  timeZone: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      succeeded: z.number().int(),
      failed: z.number().int(),
      /** Held for approval, still waiting or discarded since. */
      held: z.number().int(),
      /** Longest and median time from start to finish of the day's finished runs, in ms; null with none. */
      maxDurationMs: z.number().nullable(),
      medianDurationMs: z.number().nullable(),
    }),
  ),
});
export type RunsDailyResponse = z.infer<typeof ZRunsDailyResponseSchema>;
