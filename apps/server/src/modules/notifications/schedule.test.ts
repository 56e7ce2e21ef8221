import { NOTIFICATION_MESSAGES, ZNotificationSettingSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env';
import { type NotificationSchedule, nextRunAt, type ScheduledSetting, validateCron } from './schedule';

const utc: NotificationSchedule = { timeZone: 'UTC', sendTime: { hour: 7, minute: 0 } };
const berlin: NotificationSchedule = { timeZone: 'Europe/Berlin', sendTime: { hour: 7, minute: 0 } };
// 2025-03-01 is a Saturday.
const saturdayNoon = new Date('2025-03-01T12:00:00Z');

const setting = (overrides: Partial<ScheduledSetting>): ScheduledSetting => ({
  notificationEnabled: true,
  notificationInterval: 'Daily',
  notificationDayOfWeek: null,
  cronExpression: '',
  ...overrides,
});

const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('validateCron', () => {
  it('accepts a 5-field expression and tells the next execution', () => {
    expect(validateCron('0 7 * * 1', saturdayNoon, 'UTC')).toEqual({
      isValid: true,
      message: NOTIFICATION_MESSAGES.validCron,
      nextExecution: '2025-03-03T07:00:00.000Z',
    });
  });

  it('reads the expression in the configured time zone', () => {
    expect(validateCron('0 7 * * *', saturdayNoon, 'Europe/Berlin').nextExecution).toBe(
      '2025-03-02T06:00:00.000Z',
    );
  });

  it('treats Sunday as both 0 and 7, and accepts day names and nicknames', () => {
    expect(validateCron('0 7 * * 0', saturdayNoon, 'UTC').nextExecution).toBe('2025-03-02T07:00:00.000Z');
    expect(validateCron('0 7 * * 7', saturdayNoon, 'UTC').nextExecution).toBe('2025-03-02T07:00:00.000Z');
    expect(validateCron('0 7 * * SUN', saturdayNoon, 'UTC').nextExecution).toBe('2025-03-02T07:00:00.000Z');
    expect(validateCron('@daily', saturdayNoon, 'UTC').nextExecution).toBe('2025-03-02T00:00:00.000Z');
  });

  it('runs when either day-of-month or day-of-week matches, as classic cron does', () => {
    // The 15th or any Monday: Monday the 3rd comes first.
    expect(validateCron('0 0 15 * 1', saturdayNoon, 'UTC').nextExecution).toBe('2025-03-03T00:00:00.000Z');
  });

  it('refuses blank expressions and the wrong number of fields', () => {
    expect(validateCron('   ', saturdayNoon, 'UTC')).toEqual({
      isValid: false,
      message: NOTIFICATION_MESSAGES.cronRequired,
      nextExecution: null,
    });
    for (const expression of ['* * * *', '0 0 7 * * *', 'every day']) {
      expect(validateCron(expression, saturdayNoon, 'UTC')).toEqual({
        isValid: false,
        message: NOTIFICATION_MESSAGES.cronFieldCount,
        nextExecution: null,
      });
    }
  });

  it('names the bad field of an invalid expression', () => {
    const minute = validateCron('61 * * * *', saturdayNoon, 'UTC');
    expect(minute.isValid).toBe(false);
    expect(minute.message).toBe('Invalid cron expression: Invalid value for minute: 61');
    expect(minute.nextExecution).toBeNull();
    expect(validateCron('0 7 * * 8', saturdayNoon, 'UTC').message).toContain('dayOfWeek');
    expect(validateCron('0 25 * * *', saturdayNoon, 'UTC').message).toContain('hour');
    expect(validateCron('*/0 * * * *', saturdayNoon, 'UTC').isValid).toBe(false);
    expect(validateCron('a b c d e', saturdayNoon, 'UTC').isValid).toBe(false);
  });

  it('refuses an expression that never runs', () => {
    expect(validateCron('0 0 30 2 *', saturdayNoon, 'UTC')).toEqual({
      isValid: false,
      message: 'Cron expression never runs',
      nextExecution: null,
    });
  });
});

describe('nextRunAt', () => {
  it('never runs a disabled setting or one with interval None', () => {
    expect(nextRunAt(setting({ notificationEnabled: false }), saturdayNoon, utc)).toBeNull();
    expect(nextRunAt(setting({ notificationInterval: 'None' }), saturdayNoon, utc)).toBeNull();
  });

  it('runs daily at the send time, strictly after the given moment', () => {
    const daily = setting({ notificationInterval: 'Daily' });
    expect(iso(nextRunAt(daily, new Date('2025-03-01T06:59:00Z'), utc))).toBe('2025-03-01T07:00:00.000Z');
    expect(iso(nextRunAt(daily, new Date('2025-03-01T07:00:00Z'), utc))).toBe('2025-03-02T07:00:00.000Z');
    expect(iso(nextRunAt(daily, saturdayNoon, utc))).toBe('2025-03-02T07:00:00.000Z');
    const halfPast = { timeZone: 'UTC', sendTime: { hour: 18, minute: 30 } };
    expect(iso(nextRunAt(daily, saturdayNoon, halfPast))).toBe('2025-03-01T18:30:00.000Z');
  });

  it('runs weekly on the chosen day, 1 Monday to 7 Sunday', () => {
    const weekly = (day: number | null) =>
      setting({ notificationInterval: 'Weekly', notificationDayOfWeek: day });
    expect(iso(nextRunAt(weekly(1), saturdayNoon, utc))).toBe('2025-03-03T07:00:00.000Z');
    expect(iso(nextRunAt(weekly(5), saturdayNoon, utc))).toBe('2025-03-07T07:00:00.000Z');
    expect(iso(nextRunAt(weekly(6), saturdayNoon, utc))).toBe('2025-03-08T07:00:00.000Z');
    expect(iso(nextRunAt(weekly(6), new Date('2025-03-01T06:00:00Z'), utc))).toBe('2025-03-01T07:00:00.000Z');
    // 7 is Sunday, the next day.
    expect(iso(nextRunAt(weekly(7), saturdayNoon, utc))).toBe('2025-03-02T07:00:00.000Z');
    // Sunday just after the send time: a week later.
    expect(iso(nextRunAt(weekly(7), new Date('2025-03-02T07:00:01Z'), utc))).toBe('2025-03-09T07:00:00.000Z');
    // Unset (a legacy row) falls back to Monday.
    expect(iso(nextRunAt(weekly(null), saturdayNoon, utc))).toBe('2025-03-03T07:00:00.000Z');
  });

  it('runs monthly on the 1st, across month and year ends', () => {
    const monthly = setting({ notificationInterval: 'Monthly' });
    expect(iso(nextRunAt(monthly, new Date('2025-01-31T23:59:00Z'), utc))).toBe('2025-02-01T07:00:00.000Z');
    expect(iso(nextRunAt(monthly, new Date('2025-02-28T12:00:00Z'), utc))).toBe('2025-03-01T07:00:00.000Z');
    expect(iso(nextRunAt(monthly, new Date('2024-02-29T12:00:00Z'), utc))).toBe('2024-03-01T07:00:00.000Z');
    expect(iso(nextRunAt(monthly, new Date('2025-12-15T00:00:00Z'), utc))).toBe('2026-01-01T07:00:00.000Z');
    expect(iso(nextRunAt(monthly, new Date('2025-03-01T07:00:00Z'), utc))).toBe('2025-04-01T07:00:00.000Z');
    expect(iso(nextRunAt(monthly, new Date('2025-03-01T06:00:00Z'), utc))).toBe('2025-03-01T07:00:00.000Z');
  });

  it('runs a custom setting on its cron, and never when the stored cron is bad', () => {
    const custom = (cronExpression: string) => setting({ notificationInterval: 'Custom', cronExpression });
    expect(iso(nextRunAt(custom('*/15 9-17 * * 1-5'), saturdayNoon, utc))).toBe('2025-03-03T09:00:00.000Z');
    expect(iso(nextRunAt(custom('0 0 L * *'), saturdayNoon, utc))).toBe('2025-03-31T00:00:00.000Z');
    expect(nextRunAt(custom('61 * * * *'), saturdayNoon, utc)).toBeNull();
    expect(nextRunAt(custom(''), saturdayNoon, utc)).toBeNull();
  });

  it('keeps the local send time across daylight saving changes', () => {
    const daily = setting({ notificationInterval: 'Daily' });
    // Berlin moves to summer time on 2025-03-30: 07:00 local is 06:00 UTC before, 05:00 UTC after.
    const spring = nextRunAt(daily, new Date('2025-03-29T12:00:00Z'), berlin);
    expect(iso(spring)).toBe('2025-03-30T05:00:00.000Z');
    expect(iso(nextRunAt(daily, new Date('2025-03-29T00:00:00Z'), berlin))).toBe('2025-03-29T06:00:00.000Z');
    // Back to winter time on 2025-10-26.
    expect(iso(nextRunAt(daily, new Date('2025-10-25T12:00:00Z'), berlin))).toBe('2025-10-26T06:00:00.000Z');
  });

  it('sends once when the send time falls into a skipped or repeated hour', () => {
    const daily = setting({ notificationInterval: 'Daily' });
    const halfPastTwo = { timeZone: 'Europe/Berlin', sendTime: { hour: 2, minute: 30 } };
    // 02:30 does not exist on 2025-03-30: the digest goes at 03:30 summer time instead.
    const skipped = nextRunAt(daily, new Date('2025-03-29T12:00:00Z'), halfPastTwo);
    expect(iso(skipped)).toBe('2025-03-30T01:30:00.000Z');
    expect(iso(nextRunAt(daily, skipped as Date, halfPastTwo))).toBe('2025-03-31T00:30:00.000Z');
    // 02:30 happens twice on 2025-10-26: only the first one counts.
    const repeated = nextRunAt(daily, new Date('2025-10-25T12:00:00Z'), halfPastTwo);
    expect(iso(repeated)).toBe('2025-10-26T00:30:00.000Z');
    expect(iso(nextRunAt(daily, repeated as Date, halfPastTwo))).toBe('2025-10-27T01:30:00.000Z');
  });
});

describe('the notification setting form', () => {
  const base = {
    name: 'Weekly stock',
    sourceTypeId: 1,
    notificationInterval: 'Weekly',
    notificationDayOfWeek: 1,
  };

  it('fills the spec defaults', () => {
    const parsed = ZNotificationSettingSchema.parse(base);
    expect(parsed).toMatchObject({
      id: 0,
      notificationEnabled: false,
      includeStatusChanges: true,
      includeQuantityChanges: true,
      includeZeroQuantityAlerts: false,
      includeDailyBreakdown: true,
      includeItemDetails: true,
      includeErrorAlerts: true,
      includeSuccessAlerts: true,
      consolidatedEmail: false,
      sourceIds: [],
      cronExpression: '',
    });
  });

  it('gives the spec messages for the required fields', () => {
    const result = ZNotificationSettingSchema.safeParse({
      name: ' ',
      sourceTypeId: '',
      notificationInterval: '',
    });
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toMatchObject({
      name: 'Notification name is required',
      sourceTypeId: 'Source type is required',
      notificationInterval: 'Notification interval is required',
    });
    expect(ZNotificationSettingSchema.safeParse({ ...base, sourceTypeId: 5 }).error?.issues[0]?.message).toBe(
      'Source type is required',
    );
  });

  it('takes the day of week as an integer 1 to 7 or null, and needs one for Weekly', () => {
    expect(
      ZNotificationSettingSchema.parse({ ...base, notificationDayOfWeek: '7' }).notificationDayOfWeek,
    ).toBe(7);
    const daily = { ...base, notificationInterval: 'Daily' };
    expect(
      ZNotificationSettingSchema.parse({ ...daily, notificationDayOfWeek: 0 }).notificationDayOfWeek,
    ).toBeNull();
    expect(
      ZNotificationSettingSchema.parse({ ...daily, notificationDayOfWeek: '' }).notificationDayOfWeek,
    ).toBeNull();
    for (const bad of [8, 1.5, -1, 'Monday']) {
      expect(
        ZNotificationSettingSchema.safeParse({ ...base, notificationDayOfWeek: bad }).error?.issues[0]
          ?.message,
      ).toBe(NOTIFICATION_MESSAGES.dayOfWeek);
    }
    expect(
      ZNotificationSettingSchema.safeParse({ ...base, notificationDayOfWeek: null }).error?.issues[0],
    ).toMatchObject({
      path: ['notificationDayOfWeek'],
      message: NOTIFICATION_MESSAGES.dayOfWeekRequired,
    });
  });

  it('needs a 5-field cron expression for Custom', () => {
    const custom = { ...base, notificationInterval: 'Custom' };
    expect(ZNotificationSettingSchema.safeParse(custom).error?.issues[0]?.message).toBe(
      NOTIFICATION_MESSAGES.cronRequired,
    );
    expect(
      ZNotificationSettingSchema.safeParse({ ...custom, cronExpression: '0 7 * *' }).error?.issues[0]
        ?.message,
    ).toBe(NOTIFICATION_MESSAGES.cronFieldCount);
    expect(
      ZNotificationSettingSchema.safeParse({ ...custom, cronExpression: ' 0 7 * * 1 ' }).data?.cronExpression,
    ).toBe('0 7 * * 1');
    expect(ZNotificationSettingSchema.safeParse({ ...custom, cronExpression: '@weekly' }).success).toBe(true);
  });

  it('checks each override recipient', () => {
    expect(
      ZNotificationSettingSchema.parse({
        ...base,
        overrideEmailRecipients: ' a@example.com, b@example.com ,',
      }).overrideEmailRecipients,
    ).toBe('a@example.com, b@example.com');
    const bad = ZNotificationSettingSchema.safeParse({
      ...base,
      overrideEmailRecipients: 'a@example.com, nobody',
    });
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['overrideEmailRecipients'],
      message: '"nobody" is not a valid email address',
    });
  });
});

describe('the notification schedule settings', () => {
  const env = { APP_SECRET_KEY: 'x'.repeat(40) };

  it('default to 07:00 UTC', () => {
    const config = loadConfig(env);
    expect(config.notificationTimeZone).toBe('UTC');
    expect(config.notificationSendTime).toEqual({ hour: 7, minute: 0 });
  });

  it('read NOTIFICATIONS_TIME_ZONE and NOTIFICATIONS_SEND_TIME', () => {
    const config = loadConfig({
      ...env,
      NOTIFICATIONS_TIME_ZONE: 'America/New_York',
      NOTIFICATIONS_SEND_TIME: '6:45',
    });
    expect(config.notificationTimeZone).toBe('America/New_York');
    expect(config.notificationSendTime).toEqual({ hour: 6, minute: 45 });
  });

  it('refuse an unknown zone or a bad time', () => {
    expect(() => loadConfig({ ...env, NOTIFICATIONS_TIME_ZONE: 'Mars/Olympus' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, NOTIFICATIONS_SEND_TIME: '24:00' })).toThrow(/NOTIFICATIONS_SEND_TIME/);
  });
});
