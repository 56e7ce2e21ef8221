import {
  type CronValidationResult,
  type DayOfWeek,
  isSourceTypeId,
  NOTIFICATION_EMAIL_INFO_NOTE,
  NOTIFICATION_MESSAGES,
  type NotificationEmailInfo,
  type NotificationInterval,
  type NotificationSetting,
  type NotificationSourceOption,
  notificationTypeForbiddenMessage,
  RECIPIENT_GROUP_USER_FLAG,
  type RecipientGroup,
  SOURCE_TYPE_IDS,
  SOURCE_TYPE_LABELS,
  type SourceTypeId,
  sourceTypeUserFlag,
  type TNotificationSetting,
  type TValidateCron,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { hasFlag, type SessionUser, type UserFlag } from '../../plugins/session';
import { type AuditActor, auditedDelete, recordAudit } from '../audit/record-audit';
import {
  deleteNotificationSettingRow,
  findNotificationSettingRow,
  findSources,
  insertNotificationSetting,
  listNotificationSettingRows,
  lockNotificationSettingRow,
  type NotificationSettingRow,
  type NotificationSettingValues,
  type SourceRef,
  updateNotificationSetting,
} from './repository';
import { nextRunAt, notificationSchedule, validateCron } from './schedule';
import { groupRecipients } from './send-digest';

type SettingsContext = Pick<AppContext, 'db' | 'config' | 'clock'>;

/** Who calls: the flags decide which source types' settings they may see and use. */
export type NotificationCaller = Pick<SessionUser, 'isAdmin' | UserFlag>;

/**
 * A digest of a source type carries that type's data (items and quantities for Inventory, orders for the
 * others) to whatever recipients the setting names, so each setting belongs to the users of its type's flag
 * (admins: all): reading, changing, deleting and firing it, and the type it is saved with.
 */
export function callerSourceTypes(caller: NotificationCaller): SourceTypeId[] {
  return SOURCE_TYPE_IDS.filter((id) => hasFlag(caller, sourceTypeUserFlag(id)));
}

function mayUseSourceType(caller: NotificationCaller, sourceTypeId: number): sourceTypeId is SourceTypeId {
  return isSourceTypeId(sourceTypeId) && hasFlag(caller, sourceTypeUserFlag(sourceTypeId));
}

/** 403 for a source type the caller does not hold; named on the field when it comes from the form. */
export function assertSourceTypeAccess(
  caller: NotificationCaller,
  sourceTypeId: number,
  field?: 'sourceTypeId',
): void {
  if (mayUseSourceType(caller, sourceTypeId)) return;
  const message = isSourceTypeId(sourceTypeId)
    ? notificationTypeForbiddenMessage(sourceTypeId)
    : 'Your account does not have access to this notification setting';
  throw new AppError(403, 'FORBIDDEN', message, field ? { [field]: message } : undefined);
}

/** The stored setting, if it exists and the caller may use its source type (404, then 403). */
export async function findSettingFor(
  db: DbOrTx,
  caller: NotificationCaller,
  id: number,
): Promise<NotificationSettingRow> {
  const row = await findNotificationSettingRow(db, id);
  if (!row) throw AppError.notFound(NOTIFICATION_MESSAGES.notFound);
  assertSourceTypeAccess(caller, row.sourceTypeId);
  return row;
}

/** GET /api/notification-settings: only the settings of the caller's source types. */
export async function listNotificationSettings(
  db: DbOrTx,
  caller: NotificationCaller,
): Promise<NotificationSetting[]> {
  const rows = await listNotificationSettingRows(db, callerSourceTypes(caller));
  const names = await sourceNamesFor(db, rows);
  return rows.map((row) => toNotificationSetting(row, names));
}

export async function getNotificationSetting(
  db: DbOrTx,
  caller: NotificationCaller,
  id: number,
): Promise<NotificationSetting> {
  const row = await findSettingFor(db, caller, id);
  return toNotificationSetting(row, await sourceNamesFor(db, [row]));
}

/** POST /api/notification-settings: the body's id is ignored, a new setting is always made. */
export async function createNotificationSetting(
  context: SettingsContext,
  caller: NotificationCaller & AuditActor,
  input: TNotificationSetting,
): Promise<NotificationSetting> {
  assertSourceTypeAccess(caller, input.sourceTypeId, 'sourceTypeId');
  const values = await settingValues(context, input, null);
  const row = await context.db.transaction(async (tx) => {
    const created = await insertNotificationSetting(tx, values);
    await recordAudit(tx, {
      ...AUDIT,
      actor: caller,
      entityId: created.id,
      action: 'created',
      before: null,
      after: created,
    });
    return created;
  });
  return getNotificationSetting(context.db, caller, row.id);
}

/** PUT /api/notification-settings/{id}: the caller must hold both the stored type and the new one. */
export async function updateNotificationSettingById(
  context: SettingsContext,
  caller: NotificationCaller & AuditActor,
  id: number,
  input: TNotificationSetting,
): Promise<NotificationSetting> {
  const existing = await findSettingFor(context.db, caller, id);
  assertSourceTypeAccess(caller, input.sourceTypeId, 'sourceTypeId');
  const values = await settingValues(context, input, existing);
  const row = await context.db.transaction(async (tx) => {
    // Read again in the transaction, locked: the entry's "before" is the row this save replaces.
    const before = await lockNotificationSettingRow(tx, id);
    const after = before && (await updateNotificationSetting(tx, id, values));
    if (after)
      await recordAudit(tx, { ...AUDIT, actor: caller, entityId: id, action: 'updated', before, after });
    return after;
  });
  if (!row) throw AppError.notFound(NOTIFICATION_MESSAGES.notFound);
  return getNotificationSetting(context.db, caller, row.id);
}

export async function deleteNotificationSetting(
  db: DbOrTx,
  caller: NotificationCaller & AuditActor,
  id: number,
): Promise<void> {
  await findSettingFor(db, caller, id);
  await auditedDelete(db, {
    ...AUDIT,
    actor: caller,
    id,
    load: lockNotificationSettingRow,
    remove: deleteNotificationSettingRow,
    notFound: () => AppError.notFound(NOTIFICATION_MESSAGES.notFound),
  });
}

const AUDIT = { entityType: 'notification-setting' } as const;

/**
 * The stored values of a checked form, with `next_run_at` for the scheduler: the next occurrence after now,
 * or null when the setting is off or its interval is None. An occurrence that was already due and not yet
 * picked up when the setting is saved stays due, so a save in that minute does not skip a digest.
 */
async function settingValues(
  { db, config, clock }: SettingsContext,
  input: TNotificationSetting,
  existing: NotificationSettingRow | null,
): Promise<NotificationSettingValues> {
  const now = clock.now();
  const sourceTypeId = input.sourceTypeId as SourceTypeId;
  const schedule = notificationSchedule(config);
  const isCustom = input.notificationInterval === 'Custom';
  if (isCustom) {
    const check = validateCron(input.cronExpression, now, schedule.timeZone);
    if (!check.isValid) throw AppError.badRequest(check.message, { cronExpression: check.message });
  }
  const values: NotificationSettingValues = {
    name: input.name,
    sourceTypeId,
    sourceIds: await includedSourceIds(db, sourceTypeId, input.sourceIds, input.sourceName),
    notificationEnabled: input.notificationEnabled,
    notificationInterval: input.notificationInterval,
    notificationDayOfWeek: input.notificationDayOfWeek,
    // Kept only where it means something, so that a stale expression never schedules anything.
    cronExpression: isCustom ? input.cronExpression : '',
    includeStatusChanges: input.includeStatusChanges,
    includeQuantityChanges: input.includeQuantityChanges,
    includeZeroQuantityAlerts: input.includeZeroQuantityAlerts,
    includeDailyBreakdown: input.includeDailyBreakdown,
    includeItemDetails: input.includeItemDetails,
    includeErrorAlerts: input.includeErrorAlerts,
    includeSuccessAlerts: input.includeSuccessAlerts,
    overrideEmailRecipients: input.overrideEmailRecipients,
    emailSubjectPrefix: input.emailSubjectPrefix,
    consolidatedEmail: input.consolidatedEmail,
    nextRunAt: null,
  };
  const next = nextRunAt(input, now, schedule);
  const pending = existing?.nextRunAt && existing.nextRunAt <= now ? existing.nextRunAt : null;
  values.nextRunAt = next && pending ? pending : next;
  return values;
}

/**
 * The ids of the included sources: the given ids, or, from a client that only knows names, the sources of
 * that type with those names. Every one must be a live source of the chosen type.
 */
async function includedSourceIds(
  db: DbOrTx,
  sourceTypeId: SourceTypeId,
  ids: number[],
  names: string[],
): Promise<number[]> {
  const live = await findSources(db, sourceTypeId);
  const type = SOURCE_TYPE_LABELS[sourceTypeId];
  if (ids.length === 0 && names.length > 0) {
    const byName = new Map(live.map((source) => [source.name.trim().toLowerCase(), source.id]));
    const unknown = names.filter((name) => !byName.has(name.toLowerCase()));
    if (unknown.length > 0) {
      const message = `No ${type} source named ${unknown.map((name) => `"${name}"`).join(', ')}`;
      throw AppError.badRequest(message, { sourceName: message });
    }
    return [...new Set(names.map((name) => byName.get(name.toLowerCase()) as number))];
  }
  const liveIds = new Set(live.map((source) => source.id));
  const missing = ids.filter((id) => !liveIds.has(id));
  if (missing.length > 0) {
    const gone = await findSources(db, sourceTypeId, missing);
    const described = missing.map((id) => {
      const source = gone.find((entry) => entry.id === id);
      return source ? `"${source.name}" (deleted)` : `#${id}`;
    });
    const message = `${type} source not found: ${described.join(', ')}`;
    throw AppError.badRequest(message, { sourceIds: message });
  }
  return ids;
}

type SourceNames = Map<SourceTypeId, Map<number, SourceRef>>;

async function sourceNamesFor(db: DbOrTx, rows: NotificationSettingRow[]): Promise<SourceNames> {
  const idsByType = new Map<SourceTypeId, Set<number>>();
  for (const row of rows) {
    if (!isSourceTypeId(row.sourceTypeId)) continue;
    const ids = idsByType.get(row.sourceTypeId) ?? new Set<number>();
    for (const id of row.sourceIds) ids.add(id);
    idsByType.set(row.sourceTypeId, ids);
  }
  const names: SourceNames = new Map();
  for (const [type, ids] of idsByType) {
    const sources = await findSources(db, type, [...ids]);
    names.set(type, new Map(sources.map((source) => [source.id, source])));
  }
  return names;
}

function toNotificationSetting(row: NotificationSettingRow, names: SourceNames): NotificationSetting {
  const sourceTypeId = row.sourceTypeId as SourceTypeId;
  const sources = names.get(sourceTypeId);
  return {
    id: row.id,
    name: row.name,
    sourceTypeId,
    sourceType: SOURCE_TYPE_LABELS[sourceTypeId] ? [SOURCE_TYPE_LABELS[sourceTypeId]] : [],
    sourceName: row.sourceIds.map((id) => {
      const source = sources?.get(id);
      if (!source) return `Source #${id} (deleted)`;
      return source.deleted ? `${source.name} (deleted)` : source.name;
    }),
    sourceIds: row.sourceIds,
    notificationEnabled: row.notificationEnabled,
    notificationInterval: row.notificationInterval as NotificationInterval,
    notificationDayOfWeek: (row.notificationDayOfWeek ?? null) as DayOfWeek | null,
    cronExpression: row.cronExpression,
    includeStatusChanges: row.includeStatusChanges,
    includeQuantityChanges: row.includeQuantityChanges,
    includeZeroQuantityAlerts: row.includeZeroQuantityAlerts,
    includeDailyBreakdown: row.includeDailyBreakdown,
    includeItemDetails: row.includeItemDetails,
    includeErrorAlerts: row.includeErrorAlerts,
    includeSuccessAlerts: row.includeSuccessAlerts,
    overrideEmailRecipients: row.overrideEmailRecipients,
    emailSubjectPrefix: row.emailSubjectPrefix,
    consolidatedEmail: row.consolidatedEmail,
    lastNotificationSent: row.lastNotificationSent?.toISOString() ?? null,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
  };
}

/** GET /api/notification-settings/source-options: the live sources of a type, for the source picker. */
export async function listSourceOptions(
  db: DbOrTx,
  caller: NotificationCaller,
  sourceTypeId: SourceTypeId,
): Promise<NotificationSourceOption[]> {
  assertSourceTypeAccess(caller, sourceTypeId);
  const sources = await findSources(db, sourceTypeId);
  return sources.map(({ id, name, activeStatus }) => ({ id, name, activeStatus }));
}

const RECIPIENT_GROUPS: RecipientGroup[] = ['inventory', 'submission', 'order'];

/**
 * GET /api/notification-settings/email-info: the system sender and who receives each group's digests,
 * for the groups whose flag the caller holds (the addresses of the other groups are not theirs to see).
 * A recipient is an active user with "send notifications to email" and the group's own flag; an admin
 * counts only with the flag, since admin rights alone are not a wish to receive every digest.
 */
export async function notificationEmailInfo(
  context: Pick<AppContext, 'db' | 'mailer'>,
  caller: NotificationCaller,
): Promise<NotificationEmailInfo> {
  const groups = RECIPIENT_GROUPS.filter((group) => hasFlag(caller, RECIPIENT_GROUP_USER_FLAG[group]));
  const recipients: NotificationEmailInfo['recipients'] = {};
  for (const group of groups) recipients[group] = await groupRecipients(context.db, group);
  const fromEmail = context.mailer.configured ? (context.mailer.from ?? '') : '';
  const note = context.mailer.configured
    ? NOTIFICATION_EMAIL_INFO_NOTE
    : `${NOTIFICATION_EMAIL_INFO_NOTE} ${NOTIFICATION_SENDER_MISSING}`;
  return { fromEmail, recipients, note };
}

export const NOTIFICATION_SENDER_MISSING =
  'No system sender is configured (SMTP_HOST and MAIL_FROM), so no notification can be sent until an administrator sets it up.';

/** POST /api/notification-settings/validate-cron, read in the notification time zone. */
export function checkCronExpression(
  context: Pick<AppContext, 'config' | 'clock'>,
  input: TValidateCron,
): CronValidationResult {
  return validateCron(input.cronExpression, context.clock.now(), context.config.notificationTimeZone);
}
