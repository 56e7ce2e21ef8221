import { z } from 'zod';
import type { RunSourceType } from './runs';
import { emptyToNull, entityId, optionalText } from './shared-fields';

/** Notification settings (docs/behaviour/notifications.md). */

/** The spec's sourceTypeId values. */
export const SOURCE_TYPE = {
  Inventory: 1,
  OrderSubmission: 2,
  OrderTracking: 3,
  OrderVendor: 4,
} as const;
export type SourceTypeId = (typeof SOURCE_TYPE)[keyof typeof SOURCE_TYPE];
export const SOURCE_TYPE_IDS: readonly SourceTypeId[] = [1, 2, 3, 4];

export const SOURCE_TYPE_LABELS: Record<SourceTypeId, string> = {
  1: 'Inventory',
  2: 'Order Submission',
  3: 'Order Tracking',
  4: 'Order Vendor',
};

export function isSourceTypeId(value: unknown): value is SourceTypeId {
  return typeof value === 'number' && (SOURCE_TYPE_IDS as readonly number[]).includes(value);
}

/** Which run records (docs/behaviour/runs-and-history.md#runs) a digest of each source type reads. */
export const SOURCE_TYPE_RUN_SOURCE: Record<SourceTypeId, RunSourceType> = {
  1: 'inventory',
  2: 'order-submission',
  3: 'order-tracking',
  4: 'vendor',
};

export type RecipientGroup = 'inventory' | 'submission' | 'order';

/** The user flag whose holders receive a source type's notifications (docs/behaviour/notifications.md#recipients). */
export const SOURCE_TYPE_RECIPIENT_GROUP: Record<SourceTypeId, RecipientGroup> = {
  1: 'inventory',
  2: 'submission',
  3: 'order',
  4: 'submission',
};

/** The user flags of the Sources hub; admins hold them all. */
export type SourceUserFlag = 'inventoryUser' | 'orderUser' | 'submissionUser';

export const RECIPIENT_GROUP_USER_FLAG: Record<RecipientGroup, SourceUserFlag> = {
  inventory: 'inventoryUser',
  submission: 'submissionUser',
  order: 'orderUser',
};

/**
 * The flag a user needs to see, change or fire a notification setting of a source type, and to see that
 * type's sources and recipients: the same flag that makes a user a recipient of its digests.
 */
export function sourceTypeUserFlag(sourceTypeId: SourceTypeId): SourceUserFlag {
  return RECIPIENT_GROUP_USER_FLAG[SOURCE_TYPE_RECIPIENT_GROUP[sourceTypeId]];
}

/** The source types whose notification settings a user with these flags may use (admins: pass all true). */
export function notificationSourceTypesFor(flags: Record<SourceUserFlag, boolean>): SourceTypeId[] {
  return SOURCE_TYPE_IDS.filter((id) => flags[sourceTypeUserFlag(id)]);
}

export function notificationTypeForbiddenMessage(sourceTypeId: SourceTypeId): string {
  return `Your account does not have access to ${SOURCE_TYPE_LABELS[sourceTypeId]} notification settings`;
}

export const NOTIFICATION_INTERVALS = ['Daily', 'Weekly', 'Monthly', 'Custom', 'None'] as const;
export type NotificationInterval = (typeof NOTIFICATION_INTERVALS)[number];

export const NOTIFICATION_INTERVAL_LABELS: Record<NotificationInterval, string> = {
  Daily: 'Daily',
  Weekly: 'Weekly',
  Monthly: 'Monthly',
  Custom: 'Custom',
  None: 'None',
};

/** The period a digest covers (docs/behaviour/notifications.md#schedule); Custom covers the time since its previous run. */
export const NOTIFICATION_WINDOW_DAYS = { Daily: 1, Weekly: 7, Monthly: 30 } as const;

/** 1 Monday to 7 Sunday (docs/behaviour/notifications.md#setting-editor). */
export const DAYS_OF_WEEK = [1, 2, 3, 4, 5, 6, 7] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

export const DAY_OF_WEEK_LABELS: Record<DayOfWeek, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

/** docs/behaviour/notifications.md#settings-list: day 0 or none shows "Any day" on cards and "Any" in the table. */
export function dayOfWeekLabel(day: number | null | undefined, short = false): string {
  if (day && day >= 1 && day <= 7) return DAY_OF_WEEK_LABELS[day as DayOfWeek];
  return short ? 'Any' : 'Any day';
}

export const NOTIFICATION_MESSAGES = {
  name: 'Notification name is required',
  sourceTypeId: 'Source type is required',
  notificationInterval: 'Notification interval is required',
  dayOfWeek: 'Day of week must be a whole number from 1 (Monday) to 7 (Sunday)',
  dayOfWeekRequired: 'Day of week is required for a weekly notification',
  cronRequired: 'Cron expression is required for a custom interval',
  cronFieldCount: 'Cron expression must have 5 fields: minute hour day-of-month month day-of-week',
  validCron: 'Valid cron expression',
  sourceIds: 'Sources must be a list of source ids',
  loadFailed: 'Failed to load notification setting',
  saveFailed: 'Failed to save notification setting',
  cronCheckFailed: 'Error validating cron expression',
  testFailed: 'Failed to send test notification',
  saveFirst: 'Please save the notification setting first before testing',
  empty: 'No notification settings found.',
  notFound: 'Notification setting not found',
} as const;

export const invalidRecipientMessage = (address: string) => `"${address}" is not a valid email address`;

/** The addresses of overrideEmailRecipients: comma-separated (semicolons tolerated), blanks dropped. */
export function parseRecipientList(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
}

const emailAddress = z.email();

/** Form defaults (docs/behaviour/notifications.md#defaults). Weekly needs a day, so a new setting starts on Monday. */
export const NOTIFICATION_DEFAULTS = {
  notificationEnabled: false,
  notificationInterval: 'Weekly',
  notificationDayOfWeek: 1,
  cronExpression: '',
  includeStatusChanges: true,
  includeQuantityChanges: true,
  includeZeroQuantityAlerts: false,
  includeDailyBreakdown: true,
  includeItemDetails: true,
  includeErrorAlerts: true,
  includeSuccessAlerts: true,
  overrideEmailRecipients: '',
  emailSubjectPrefix: '',
  consolidatedEmail: false,
} as const satisfies Partial<NotificationSetting>;

const M = NOTIFICATION_MESSAGES;
const D = NOTIFICATION_DEFAULTS;

const sourceTypeId = z.preprocess(
  emptyToNull,
  z
    .number({ error: M.sourceTypeId })
    .int(M.sourceTypeId)
    .refine((value) => isSourceTypeId(value), M.sourceTypeId),
);

const dayOfWeek = z
  .preprocess(
    // The old system stored 0 for "any day" (docs/behaviour/notifications.md#settings-list).
    (value) => (value === 0 || value === '0' ? null : emptyToNull(value)),
    z.number({ error: M.dayOfWeek }).int(M.dayOfWeek).min(1, M.dayOfWeek).max(7, M.dayOfWeek).nullable(),
  )
  .default(null);

const recipients = optionalText
  .superRefine((text, ctx) => {
    for (const address of parseRecipientList(text)) {
      if (!emailAddress.safeParse(address).success)
        ctx.addIssue({ code: 'custom', message: invalidRecipientMessage(address) });
    }
  })
  .transform((text) => parseRecipientList(text).join(', '));

/**
 * The notification setting editor's form and the body of POST /api/notification-settings and
 * PUT /api/notification-settings/{id}.
 *
 * Included sources are `sourceIds` (ids of sources of the chosen type; empty = every source of that type,
 * docs/behaviour/notifications.md#setting-editor). Ids survive a source rename; the server answers with their current names in `sourceName`.
 * A client that only knows names may send `sourceName` instead and the server resolves them.
 * `sourceType` and `lastNotificationSent` are read-only and ignored on save.
 */
export const ZNotificationSettingSchema = z
  .object({
    id: entityId,
    name: z.string({ error: M.name }).trim().min(1, M.name).max(200, 'Keep the name under 200 characters'),
    sourceTypeId,
    sourceIds: z
      .array(z.number({ error: M.sourceIds }).int(M.sourceIds).positive(M.sourceIds), { error: M.sourceIds })
      .nullish()
      .transform((ids) => [...new Set(ids ?? [])]),
    sourceName: z
      .array(z.string())
      .nullish()
      .transform((names) => [...new Set((names ?? []).map((name) => name.trim()).filter(Boolean))]),
    sourceType: z.array(z.string()).nullish(),
    notificationEnabled: z.boolean().default(D.notificationEnabled),
    notificationInterval: z.enum(NOTIFICATION_INTERVALS, { error: M.notificationInterval }),
    notificationDayOfWeek: dayOfWeek,
    cronExpression: optionalText,
    includeStatusChanges: z.boolean().default(D.includeStatusChanges),
    includeQuantityChanges: z.boolean().default(D.includeQuantityChanges),
    includeZeroQuantityAlerts: z.boolean().default(D.includeZeroQuantityAlerts),
    includeDailyBreakdown: z.boolean().default(D.includeDailyBreakdown),
    includeItemDetails: z.boolean().default(D.includeItemDetails),
    includeErrorAlerts: z.boolean().default(D.includeErrorAlerts),
    includeSuccessAlerts: z.boolean().default(D.includeSuccessAlerts),
    overrideEmailRecipients: recipients,
    emailSubjectPrefix: optionalText.pipe(
      z.string().max(200, 'Keep the subject prefix under 200 characters'),
    ),
    consolidatedEmail: z.boolean().default(D.consolidatedEmail),
    lastNotificationSent: z.string().nullish(),
  })
  .superRefine((setting, ctx) => {
    if (setting.notificationInterval === 'Weekly' && setting.notificationDayOfWeek === null)
      ctx.addIssue({ code: 'custom', path: ['notificationDayOfWeek'], message: M.dayOfWeekRequired });
    if (setting.notificationInterval === 'Custom') {
      const message = cronShapeError(setting.cronExpression);
      if (message) ctx.addIssue({ code: 'custom', path: ['cronExpression'], message });
    }
  });
export type TNotificationSettingForm = z.input<typeof ZNotificationSettingSchema>;
export type TNotificationSetting = z.output<typeof ZNotificationSettingSchema>;

/** Cron nicknames accepted in place of the 5 fields. */
export const CRON_NICKNAMES = [
  '@yearly',
  '@annually',
  '@monthly',
  '@weekly',
  '@daily',
  '@midnight',
  '@hourly',
];

/**
 * Whether a cron expression is blank or has the wrong number of fields, or null when its shape is right.
 * The server checks the fields themselves (POST /api/notification-settings/validate-cron and on save).
 */
export function cronShapeError(expression: string | null | undefined): string | null {
  const trimmed = (expression ?? '').trim();
  if (trimmed === '') return M.cronRequired;
  if (CRON_NICKNAMES.includes(trimmed.toLowerCase())) return null;
  return trimmed.split(/\s+/).length === 5 ? null : M.cronFieldCount;
}

/** GET /api/notification-settings (each row) and GET /api/notification-settings/{id}. */
export const ZNotificationSettingResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  sourceTypeId: z.literal(SOURCE_TYPE_IDS),
  /** The source type's label, as a one-element list (docs/behaviour/notifications.md#calls). */
  sourceType: z.array(z.string()),
  /** Current names of the included sources, in the order of `sourceIds`; empty = all sources of the type. */
  sourceName: z.array(z.string()),
  /** Ids of the included sources (beyond the spec); empty = all sources of the type. */
  sourceIds: z.array(z.number()),
  notificationEnabled: z.boolean(),
  notificationInterval: z.enum(NOTIFICATION_INTERVALS),
  notificationDayOfWeek: z.literal(DAYS_OF_WEEK).nullable(),
  cronExpression: z.string(),
  includeStatusChanges: z.boolean(),
  includeQuantityChanges: z.boolean(),
  includeZeroQuantityAlerts: z.boolean(),
  includeDailyBreakdown: z.boolean(),
  includeItemDetails: z.boolean(),
  includeErrorAlerts: z.boolean(),
  includeSuccessAlerts: z.boolean(),
  overrideEmailRecipients: z.string(),
  emailSubjectPrefix: z.string(),
  consolidatedEmail: z.boolean(),
  /** ISO date-time of the last digest sent, or null. */
  lastNotificationSent: z.string().nullable(),
  /** Beyond the spec: ISO date-time of the next scheduled digest; null when disabled or None. */
  nextRunAt: z.string().nullable(),
});
export type NotificationSetting = z.infer<typeof ZNotificationSettingResponseSchema>;

/**
 * GET /api/notification-settings/email-info (docs/behaviour/notifications.md#calls). `recipients` holds only
 * the groups whose flag the caller has (every group for an admin).
 */
export const ZNotificationEmailInfoSchema = z.object({
  fromEmail: z.string(),
  recipients: z.partialRecord(z.enum(['inventory', 'submission', 'order']), z.array(z.string())),
  note: z.string(),
});
export type NotificationEmailInfo = z.infer<typeof ZNotificationEmailInfoSchema>;

export const NOTIFICATION_EMAIL_INFO_NOTE =
  'Notifications go to active users who receive notifications by email and have the flag for the source type ' +
  '(inventory, submission or order). Override email recipients, when filled in, replace them for that setting.';

/** POST /api/notification-settings/validate-cron. A blank expression is answered, not refused. */
export const ZValidateCronSchema = z.object({
  cronExpression: z.string({ error: 'cronExpression must be text' }).max(200, 'Cron expression is too long'),
});
export type TValidateCron = z.output<typeof ZValidateCronSchema>;

/** Answer of POST /api/notification-settings/validate-cron (docs/behaviour/notifications.md#calls). */
export const ZCronValidationResultSchema = z.object({
  isValid: z.boolean(),
  message: z.string(),
  /** ISO date-time of the next run after now, or null when invalid. */
  nextExecution: z.string().nullable(),
});
export type CronValidationResult = z.infer<typeof ZCronValidationResultSchema>;

/** Answer of POST /api/notification-settings/{id}/test: `details` is shown to the user. */
export const ZNotificationTestResultSchema = z.object({
  details: z.string(),
  /** How many e-mails were sent (one per source unless consolidated). */
  emailCount: z.number(),
  recipients: z.array(z.string()),
});
export type NotificationTestResult = z.infer<typeof ZNotificationTestResultSchema>;

/**
 * GET /api/notification-settings/source-options?sourceTypeId=N (beyond the spec): the sources of a type
 * the editor's source picker offers.
 */
export const ZNotificationSourceOptionsQuerySchema = z.object({ sourceTypeId });
export const ZNotificationSourceOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  activeStatus: z.boolean(),
});
export type NotificationSourceOption = z.infer<typeof ZNotificationSourceOptionSchema>;
