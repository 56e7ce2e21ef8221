import {
  type CronValidationResult,
  cronShapeError,
  NOTIFICATION_MESSAGES,
  type NotificationInterval,
} from '@app/contracts';
import { Cron } from 'croner';
import type { TimeOfDay } from '../../config/env';

/** When digests go out: daily, weekly and monthly ones at `sendTime` in `timeZone`; cron is read in the zone too. */
export interface NotificationSchedule {
  timeZone: string;
  sendTime: TimeOfDay;
}

/** The fields of a setting that decide when it runs. */
export interface ScheduledSetting {
  notificationEnabled: boolean;
  notificationInterval: NotificationInterval | string;
  /** 1 Monday to 7 Sunday. */
  notificationDayOfWeek: number | null;
  cronExpression: string;
}

/**
 * Standard 5-field cron (minute hour day-of-month month day-of-week; Sunday is 0 or 7; names such as MON
 * and nicknames such as @daily are accepted). No seconds field: digests are scheduled to the minute. When
 * both day-of-month and day-of-week are restricted, either matching is enough, as in classic cron.
 */
function parseCron(expression: string, timeZone: string): Cron {
  return new Cron(expression, { mode: '5-part', timezone: timeZone, paused: true });
}

/** Checks a cron expression and tells when it would next run after `now` (POST …/validate-cron). */
export function validateCron(expression: string, now: Date, timeZone: string): CronValidationResult {
  const trimmed = expression.trim();
  const shapeError = cronShapeError(trimmed);
  if (shapeError) return invalid(shapeError);
  let cron: Cron;
  try {
    cron = parseCron(trimmed, timeZone);
  } catch (error) {
    return invalid(cronErrorMessage(error));
  }
  const next = cron.nextRun(now);
  if (!next) return invalid('Cron expression never runs');
  return { isValid: true, message: NOTIFICATION_MESSAGES.validCron, nextExecution: next.toISOString() };
}

function invalid(message: string): CronValidationResult {
  return { isValid: false, message, nextExecution: null };
}

function cronErrorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const reason = text.replace(/^CronPattern:\s*/i, '').trim();
  return reason ? `Invalid cron expression: ${reason}` : 'Invalid cron expression';
}

/**
 * The first time strictly after `after` at which the setting's digest is due, or null when it is disabled,
 * its interval is None, or its cron never runs. Daily: every day at the send time; Weekly: on
 * notificationDayOfWeek (1 Monday to 7 Sunday; Monday when unset); Monthly: on the 1st; Custom: its cron.
 * A send time that does not exist on a DST change day moves to the first minute after the gap.
 */
export function nextRunAt(
  setting: ScheduledSetting,
  after: Date,
  schedule: NotificationSchedule,
): Date | null {
  return settingCron(setting, schedule)?.nextRun(after) ?? null;
}

/**
 * The latest time at or before `atOrBefore` at which the setting's digest was due: where the current period
 * began. Null when it has no schedule (as for nextRunAt) or never ran before.
 */
export function previousRunAt(
  setting: ScheduledSetting,
  atOrBefore: Date,
  schedule: NotificationSchedule,
): Date | null {
  // croner's previous runs are strictly before the reference, to the second; occurrences are whole minutes.
  const [previous] =
    settingCron(setting, schedule)?.previousRuns(1, new Date(atOrBefore.getTime() + 1_000)) ?? [];
  return previous ?? null;
}

/** The setting's schedule as a cron, or null when it has none (disabled, None, a bad stored expression). */
function settingCron(setting: ScheduledSetting, schedule: NotificationSchedule): Cron | null {
  if (!setting.notificationEnabled) return null;
  const pattern = schedulePattern(setting, schedule.sendTime);
  if (!pattern) return null;
  try {
    return parseCron(pattern, schedule.timeZone);
  } catch {
    // Only a stored Custom expression can be bad (saves validate it); such a setting never runs.
    return null;
  }
}

function schedulePattern(setting: ScheduledSetting, { hour, minute }: TimeOfDay): string | null {
  switch (setting.notificationInterval) {
    case 'Daily':
      return `${minute} ${hour} * * *`;
    case 'Weekly': {
      const day = setting.notificationDayOfWeek;
      const isoDay = day && day >= 1 && day <= 7 ? day : 1;
      return `${minute} ${hour} * * ${isoDay % 7}`;
    }
    case 'Monthly':
      return `${minute} ${hour} 1 * *`;
    case 'Custom':
      return setting.cronExpression.trim() || null;
    default:
      return null;
  }
}

export function notificationSchedule(config: {
  notificationTimeZone: string;
  notificationSendTime: TimeOfDay;
}): NotificationSchedule {
  return { timeZone: config.notificationTimeZone, sendTime: config.notificationSendTime };
}
