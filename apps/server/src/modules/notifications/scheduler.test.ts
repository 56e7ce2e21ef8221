import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCatcher, smtpEnv, startSmtpCatcher } from '../../../../../test-servers/smtp-catcher';
import type { TestApp } from '../../../test/helper';
import { waitFor } from '../../../test/modules/intake';
import {
  buildClockedApp,
  createTestDatabase,
  insertSetting,
  MovableClock,
  secondConnection,
  type TestDatabase,
} from '../../../test/modules/notifications';
import { type Jobs, startJobs } from '../../jobs/queue';
import { runDueNotifications } from './scheduler';

const { notificationSettings, runs } = schema;

// 2025-06-09 is a Monday; digests go out at 07:00 UTC (NOTIFICATIONS_SEND_TIME's default).
const MONDAY_NOON = '2025-06-09T12:00:00.000Z';

let smtp: SmtpCatcher;
let database: TestDatabase;
let t: TestApp;
const clock = new MovableClock(new Date(MONDAY_NOON));
const env = () => smtpEnv(smtp);

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  database = await createTestDatabase();
  t = await buildClockedApp(database, clock, env());
  await t.createUser({
    email: 'stock.lead@example.com',
    inventoryUser: true,
    sendNotificationsToEmail: true,
  });
}, 600_000);

afterAll(async () => {
  await t?.close();
  await database?.dispose();
  await smtp?.close();
}, 120_000);

afterEach(async () => {
  await t.db.db.delete(notificationSettings);
  smtp.messages.length = 0;
  clock.set(MONDAY_NOON);
});

async function settingRow(id: number) {
  const [row] = await t.db.db.select().from(notificationSettings).where(eq(notificationSettings.id, id));
  return row;
}

async function digestRuns(settingId: number) {
  return t.db.db
    .select()
    .from(runs)
    .where(and(eq(runs.sourceType, 'notification'), eq(runs.sourceId, settingId)))
    .orderBy(runs.id);
}

async function tickAt(at: string) {
  clock.set(at);
  return runDueNotifications(t.app.context);
}

describe(`notification scheduler (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, {
  timeout: 300_000,
}, () => {
  it('sends a weekly digest once on its day at its time, not on other days', async () => {
    const setting = await insertSetting(t, clock, {
      notificationInterval: 'Weekly',
      notificationDayOfWeek: 3,
      emailSubjectPrefix: '[Weekly stock]',
    });
    expect(setting.nextRunAt?.toISOString()).toBe('2025-06-11T07:00:00.000Z');

    expect((await tickAt('2025-06-10T07:00:00Z')).claimed).toBe(0);
    expect((await tickAt('2025-06-11T06:59:59Z')).claimed).toBe(0);
    expect(smtp.messages).toHaveLength(0);

    const due = await tickAt('2025-06-11T07:00:00Z');
    expect(due).toMatchObject({ claimed: 1, sent: 1, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.parsed.subject).toMatch(/^\[Weekly stock\] Weekly digest – /);
    expect(smtp.messages[0]!.envelopeTo).toEqual(['stock.lead@example.com']);

    const after = await settingRow(setting.id);
    expect(after?.nextRunAt?.toISOString()).toBe('2025-06-18T07:00:00.000Z');
    expect(after?.lastNotificationSent?.toISOString()).toBe('2025-06-11T07:00:00.000Z');

    expect((await tickAt('2025-06-11T07:00:30Z')).claimed).toBe(0);
    expect((await tickAt('2025-06-12T07:00:00Z')).claimed).toBe(0);
    expect((await tickAt('2025-06-17T23:59:00Z')).claimed).toBe(0);
    expect(smtp.messages).toHaveLength(1);

    expect((await tickAt('2025-06-18T07:00:20Z')).sent).toBe(1);
    expect(smtp.messages).toHaveLength(2);

    const recorded = await digestRuns(setting.id);
    expect(recorded.map((run) => [run.status, run.trigger])).toEqual([
      ['succeeded', 'schedule'],
      ['succeeded', 'schedule'],
    ]);
    expect(recorded[0]!.startedAt.toISOString()).toBe('2025-06-11T07:00:00.000Z');
    expect(recorded[0]!.details).toMatchObject({
      recipients: ['stock.lead@example.com'],
      window: { start: '2025-06-04T07:00:00.000Z', end: '2025-06-11T07:00:00.000Z' },
    });
  });

  it('sends an occurrence once when several app instances tick at the same moment, and not again after a restart', async () => {
    const setting = await insertSetting(t, clock, {
      notificationInterval: 'Weekly',
      notificationDayOfWeek: 3,
    });
    clock.set('2025-06-11T07:00:05Z');
    const other = await secondConnection(database);
    const instanceB = await buildClockedApp(other.database, clock, env());
    try {
      const results = await Promise.all([
        runDueNotifications(t.app.context),
        runDueNotifications(instanceB.app.context),
        runDueNotifications(t.app.context),
        runDueNotifications(instanceB.app.context),
      ]);
      expect(results.reduce((sum, result) => sum + result.claimed, 0)).toBe(1);
      expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(1);
    } finally {
      await instanceB.close();
      await other.close();
    }
    expect(smtp.messages).toHaveLength(1);

    // A restarted instance (new app, new connection, same database and time) finds nothing due.
    const restarted = await secondConnection(database);
    const instanceC = await buildClockedApp(restarted.database, clock, env());
    try {
      expect((await runDueNotifications(instanceC.app.context)).claimed).toBe(0);
      clock.set('2025-06-11T09:00:00Z');
      expect((await runDueNotifications(instanceC.app.context)).claimed).toBe(0);
    } finally {
      await instanceC.close();
      await restarted.close();
    }
    expect(smtp.messages).toHaveLength(1);
    expect(await digestRuns(setting.id)).toHaveLength(1);
  });

  it('sends a digest missed while the server was down once when it comes back, then keeps the schedule', async () => {
    const setting = await insertSetting(t, clock, { notificationInterval: 'Daily' });
    expect(setting.nextRunAt?.toISOString()).toBe('2025-06-10T07:00:00.000Z');
    // Down from Monday noon to Friday 09:30: the Tuesday, Wednesday, Thursday and Friday digests were missed.
    expect(await tickAt('2025-06-13T09:30:00Z')).toMatchObject({ claimed: 1, sent: 1 });
    expect((await tickAt('2025-06-13T09:31:00Z')).claimed).toBe(0);
    expect(smtp.messages).toHaveLength(1);
    expect((await settingRow(setting.id))?.nextRunAt?.toISOString()).toBe('2025-06-14T07:00:00.000Z');
    expect((await tickAt('2025-06-14T07:00:00Z')).sent).toBe(1);
    const [first, second] = await digestRuns(setting.id);
    expect(first!.details).toMatchObject({
      window: { start: '2025-06-12T09:30:00.000Z', end: '2025-06-13T09:30:00.000Z' },
    });
    expect(second!.details).toMatchObject({
      window: { start: '2025-06-13T07:00:00.000Z', end: '2025-06-14T07:00:00.000Z' },
    });
  });

  it('sends a daily digest every day and a monthly one on the 1st', async () => {
    const daily = await insertSetting(t, clock, { notificationInterval: 'Daily' });
    const monthly = await insertSetting(t, clock, { notificationInterval: 'Monthly' });
    expect(monthly.nextRunAt?.toISOString()).toBe('2025-07-01T07:00:00.000Z');

    for (const day of ['10', '11', '12']) {
      const result = await tickAt(`2025-06-${day}T07:00:00Z`);
      expect(result.deliveries.map((delivery) => delivery.settingId)).toEqual([daily.id]);
    }
    expect((await tickAt('2025-06-12T19:00:00Z')).claimed).toBe(0);

    await t.db.db.delete(notificationSettings).where(eq(notificationSettings.id, daily.id));
    expect((await tickAt('2025-06-30T07:00:00Z')).claimed).toBe(0);
    const first = await tickAt('2025-07-01T07:00:00Z');
    expect(first.deliveries.map((delivery) => delivery.settingId)).toEqual([monthly.id]);
    expect((await tickAt('2025-07-02T07:00:00Z')).claimed).toBe(0);
    expect((await settingRow(monthly.id))?.nextRunAt?.toISOString()).toBe('2025-08-01T07:00:00.000Z');
    const [run] = await digestRuns(monthly.id);
    expect(run!.details).toMatchObject({
      window: { start: '2025-06-01T07:00:00.000Z', end: '2025-07-01T07:00:00.000Z' },
    });
  });

  it('follows a custom cron expression; its window runs from the previous digest', async () => {
    const setting = await insertSetting(t, clock, {
      notificationInterval: 'Custom',
      cronExpression: '30 */6 * * *',
    });
    expect(setting.nextRunAt?.toISOString()).toBe('2025-06-09T12:30:00.000Z');
    expect((await tickAt('2025-06-09T12:29:00Z')).claimed).toBe(0);
    expect((await tickAt('2025-06-09T12:30:00Z')).sent).toBe(1);
    expect((await tickAt('2025-06-09T18:00:00Z')).claimed).toBe(0);
    expect((await tickAt('2025-06-09T18:30:00Z')).sent).toBe(1);
    const [first, second] = await digestRuns(setting.id);
    // The first custom digest has no previous one: it covers the past 24 hours.
    expect(first!.details).toMatchObject({
      window: { start: '2025-06-08T12:30:00.000Z', end: '2025-06-09T12:30:00.000Z' },
    });
    expect(second!.details).toMatchObject({
      window: { start: '2025-06-09T12:30:00.000Z', end: '2025-06-09T18:30:00.000Z' },
    });
    expect(smtp.messages[0]!.parsed.subject).toMatch(/^Digest – /);
  });

  it('never sends a disabled setting, one with interval None, or a deleted one', async () => {
    const disabled = await insertSetting(t, clock, {
      notificationEnabled: false,
      notificationInterval: 'Daily',
    });
    const none = await insertSetting(t, clock, { notificationInterval: 'None' });
    expect(disabled.nextRunAt).toBeNull();
    expect(none.nextRunAt).toBeNull();
    // Even with a stale next_run_at left behind, the tick checks the switch and the interval itself.
    await insertSetting(t, clock, {
      notificationEnabled: false,
      notificationInterval: 'Daily',
      nextRunAt: new Date('2025-06-10T07:00:00Z'),
    });
    await insertSetting(t, clock, {
      notificationInterval: 'None',
      nextRunAt: new Date('2025-06-10T07:00:00Z'),
    });
    const deleted = await insertSetting(t, clock, { notificationInterval: 'Daily' });
    await t.db.db.delete(notificationSettings).where(eq(notificationSettings.id, deleted.id));

    for (const at of ['2025-06-10T07:00:00Z', '2025-06-16T07:00:00Z', '2025-07-01T07:00:00Z']) {
      expect((await tickAt(at)).claimed).toBe(0);
    }
    expect(smtp.messages).toHaveLength(0);
  });

  it('follows a setting changed, switched off or deleted through the API at once', async () => {
    const session = await t.loginAs(await t.createUser({ inventoryUser: true }));
    const body = {
      id: 0,
      name: 'Through the API',
      sourceTypeId: 1,
      sourceIds: [],
      notificationEnabled: true,
      notificationInterval: 'Weekly',
      notificationDayOfWeek: 3,
    };
    const save = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const response = await t.app.inject({ method, url, payload, headers: session.headers });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json() as { id: number; nextRunAt: string | null };
    };
    const moved = await save('POST', '/api/notification-settings', body);
    const switchedOff = await save('POST', '/api/notification-settings', { ...body, name: 'Switched off' });
    const deleted = await save('POST', '/api/notification-settings', { ...body, name: 'Deleted' });
    expect(moved.nextRunAt).toBe('2025-06-11T07:00:00.000Z');

    // Wednesday becomes Friday; the second is switched off; the third is deleted.
    expect(
      (await save('PUT', `/api/notification-settings/${moved.id}`, { ...body, notificationDayOfWeek: 5 }))
        .nextRunAt,
    ).toBe('2025-06-13T07:00:00.000Z');
    await save('PUT', `/api/notification-settings/${switchedOff.id}`, {
      ...body,
      name: 'Switched off',
      notificationEnabled: false,
    });
    const removal = await t.as(session).delete(`/api/notification-settings/${deleted.id}`);
    expect(removal.statusCode).toBeLessThan(300);

    expect((await tickAt('2025-06-11T07:00:00Z')).claimed).toBe(0);
    const friday = await tickAt('2025-06-13T07:00:00Z');
    expect(friday.deliveries.map((delivery) => delivery.settingId)).toEqual([moved.id]);
    expect((await tickAt('2025-06-18T07:00:00Z')).claimed).toBe(0);
    expect(await digestRuns(switchedOff.id)).toHaveLength(0);
    expect(await digestRuns(deleted.id)).toHaveLength(0);
  });

  it('records an occurrence without recipients as failed, moves on, and keeps lastNotificationSent', async () => {
    // Order tracking: no user with the order flag receives notifications by e-mail.
    const setting = await insertSetting(t, clock, { notificationInterval: 'Daily', sourceTypeId: 3 });
    const result = await tickAt('2025-06-10T07:00:00Z');
    expect(result).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
    expect(result.deliveries[0]!.message).toMatch(/^No recipients/);
    const [run] = await digestRuns(setting.id);
    expect(run).toMatchObject({ status: 'failed', trigger: 'schedule' });
    expect(run!.message).toMatch(/no active user with the order flag/);
    const after = await settingRow(setting.id);
    expect(after?.lastNotificationSent).toBeNull();
    expect(after?.nextRunAt?.toISOString()).toBe('2025-06-11T07:00:00.000Z');
    expect(smtp.messages).toHaveLength(0);
  });

  it('sends due digests from the queue when the jobs start', async () => {
    await insertSetting(t, clock, { notificationInterval: 'Daily', emailSubjectPrefix: '[From the queue]' });
    clock.set('2025-06-10T07:00:00Z');
    let jobs: Jobs | undefined;
    try {
      jobs = await startJobs(database, pino({ level: 'silent' }), { context: t.app.context, idle: false });
      const [message] = await waitFor(
        async () => (smtp.messages.length > 0 ? smtp.messages : undefined),
        30_000,
        'the digest sent by the start-up tick',
      );
      expect(message!.parsed.subject).toMatch(/^\[From the queue\] Daily digest/);
    } finally {
      await jobs?.stop({ graceful: false, timeoutMs: 2_000 });
    }
  });

  it('tries a digest the relay deferred (451) again within its period, with a growing wait, and sends it once', async () => {
    const setting = await insertSetting(t, clock, { notificationInterval: 'Daily' });
    const release = smtp.refuse(451);
    try {
      expect(await tickAt('2025-06-10T07:00:00Z')).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
      expect((await settingRow(setting.id))?.nextRunAt?.toISOString()).toBe('2025-06-10T07:01:00.000Z');
      expect((await tickAt('2025-06-10T07:00:40Z')).claimed).toBe(0);
      // Still deferred: one minute again (it has been due for one), then two.
      expect(await tickAt('2025-06-10T07:01:00Z')).toMatchObject({ claimed: 1, failed: 1 });
      expect((await settingRow(setting.id))?.nextRunAt?.toISOString()).toBe('2025-06-10T07:02:00.000Z');
      expect(await tickAt('2025-06-10T07:02:00Z')).toMatchObject({ claimed: 1, failed: 1 });
      expect((await settingRow(setting.id))?.nextRunAt?.toISOString()).toBe('2025-06-10T07:04:00.000Z');
    } finally {
      release();
    }
    expect(smtp.messages).toHaveLength(0);
    expect((await tickAt('2025-06-10T07:03:00Z')).claimed).toBe(0);
    // The relay takes mail again: the next try sends the digest, and the schedule goes back to its days.
    expect(await tickAt('2025-06-10T07:04:00Z')).toMatchObject({ claimed: 1, sent: 1, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    const after = await settingRow(setting.id);
    expect(after?.nextRunAt?.toISOString()).toBe('2025-06-11T07:00:00.000Z');
    expect(after?.lastNotificationSent?.toISOString()).toBe('2025-06-10T07:04:00.000Z');
    for (const at of ['2025-06-10T07:05:00Z', '2025-06-10T08:00:00Z', '2025-06-10T23:59:00Z']) {
      expect((await tickAt(at)).claimed).toBe(0);
    }
    expect(smtp.messages).toHaveLength(1);
    // Each try is a run: the deferred ones say the relay's answer and when the next try is.
    const recorded = await digestRuns(setting.id);
    expect(recorded.map((run) => run.status)).toEqual(['failed', 'failed', 'failed', 'succeeded']);
    expect(recorded[0]!.message).toMatch(/451.*\(tried again at 2025-06-10T07:01:00\.000Z\)$/);
    expect(recorded[2]!.details).toMatchObject({ retryAt: '2025-06-10T07:04:00.000Z' });
    expect(recorded[3]!.details).toMatchObject({
      window: { start: '2025-06-09T07:04:00.000Z', end: '2025-06-10T07:04:00.000Z' },
    });
  });

  it('does not try again a digest the relay refused for good (5xx): the next occurrence reports', async () => {
    const setting = await insertSetting(t, clock, { notificationInterval: 'Daily' });
    const release = smtp.refuse(550);
    try {
      expect(await tickAt('2025-06-10T07:00:00Z')).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
    } finally {
      release();
    }
    expect((await settingRow(setting.id))?.nextRunAt?.toISOString()).toBe('2025-06-11T07:00:00.000Z');
    const [run] = await digestRuns(setting.id);
    expect(run!.message).toMatch(/550/);
    expect(run!.message).not.toMatch(/tried again/);
    expect((await tickAt('2025-06-10T07:01:00Z')).claimed).toBe(0);
    expect((await tickAt('2025-06-10T12:00:00Z')).claimed).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });

  it('does not try again when the next occurrence comes first (a digest every minute), nor when saved meanwhile', async () => {
    const everyMinute = await insertSetting(t, clock, {
      notificationInterval: 'Custom',
      cronExpression: '* * * * *',
    });
    const release = smtp.refuse(451);
    try {
      expect(await tickAt('2025-06-09T12:01:00Z')).toMatchObject({ claimed: 1, failed: 1 });
      expect((await settingRow(everyMinute.id))?.nextRunAt?.toISOString()).toBe('2025-06-09T12:02:00.000Z');
      const [run] = await digestRuns(everyMinute.id);
      expect(run!.message).not.toMatch(/tried again/);

      // A daily one deferred, then saved (its schedule recomputed) before its retry: the save wins.
      await t.db.db.delete(notificationSettings).where(eq(notificationSettings.id, everyMinute.id));
      const daily = await insertSetting(t, clock, { notificationInterval: 'Daily' });
      expect(await tickAt('2025-06-10T07:00:00Z')).toMatchObject({ claimed: 1, failed: 1 });
      expect((await settingRow(daily.id))?.nextRunAt?.toISOString()).toBe('2025-06-10T07:01:00.000Z');
      const session = await t.loginAs(await t.createUser({ inventoryUser: true }));
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/notification-settings/${daily.id}`,
        headers: session.headers,
        payload: {
          id: daily.id,
          name: daily.name,
          sourceTypeId: 1,
          sourceIds: [],
          notificationEnabled: true,
          notificationInterval: 'Weekly',
          notificationDayOfWeek: 3,
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await settingRow(daily.id))?.nextRunAt?.toISOString()).toBe('2025-06-11T07:00:00.000Z');
    } finally {
      release();
    }
    expect((await tickAt('2025-06-10T07:01:00Z')).claimed).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });
});
