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
export interface HeaderDrift {
  renamed: Array<{ from: string; to: string; index: number }>;
  moved: Array<{ header: string; from: number; to: number }>;
  missing: string[];
  added: string[];
}

export interface RunDetails {
  counts?: Record<string, number>;
  errors?: string[];
  warnings?: string[];
  headerDrift?: HeaderDrift;
  logs?: string[];
  [key: string]: unknown;
}

export interface RunRecord {
  id: number;
  sourceType: RunSourceType;
  sourceId: number | null;
  sourceName: string;
  trigger: RunTrigger;
  status: RunStatus;
  fileName: string | null;
  startedAt: string;
  finishedAt: string | null;
  ordersUpdated: number;
  ordersDeleted: number;
  message: string | null;
  details: RunDetails;
  hasInputFile: boolean;
  hasOutputFile: boolean;
  reprocessOfRunId: number | null;
}

/** The last run shown on each source's list row and editor. */
export interface LastRunSummary {
  id: number;
  status: RunStatus;
  trigger: RunTrigger;
  startedAt: string;
  finishedAt: string | null;
  message: string | null;
}

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
export interface ReprocessOutcome {
  runId: number;
  status: Exclude<RunStatus, 'running'>;
  message: string;
  ordersUpdated?: number;
  ordersDeleted?: number;
  reprocessOfRunId: number;
}

/** What every source list shows of a mail-read source: the rule that recognises its files, and its last run. */
export interface SourceListRuleFields {
  id: number;
  sourceName: string;
  activeStatus: boolean;
  fileType: string;
  fromEmail: string;
  expectedAttachmentCount: number | null;
  subjectValue: string;
  attachmentName: string;
  /** Beyond the spec (docs/behaviour/runs-and-history.md#last-run): the source's latest run, null when it never ran. */
  lastRun: LastRunSummary | null;
}
