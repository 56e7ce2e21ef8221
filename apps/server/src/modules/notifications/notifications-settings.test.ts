import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_EMAIL_INFO_NOTE,
  NOTIFICATION_MESSAGES,
  type NotificationEmailInfo,
  type NotificationSetting,
} from '@app/contracts';
import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertOrderTrackingSource } from '../../../test/factories';
import { createTestApp, type Session, type TestApp } from '../../../test/helper';
import { createSystemMailer } from '../../integrations/system-mailer';
import { NOTIFICATION_SENDER_MISSING, notificationEmailInfo } from './service';

const BASE = '/api/notification-settings';
const MAIL_FROM = 'Inbox Ops <notify@ops.example>';

let t: TestApp;
let admin: Session;
let inventoryUser: Session;
let orderUser: Session;
let submissionUser: Session;
let noFlags: Session;
const sources = { acme: 0, bolt: 0, removed: 0, tracking: 0, submission: 0, vendor: 0 };

/** The routes read the clock on every request, so the tests move it. 2025-03-01 is a Saturday. */
let now = new Date('2025-03-01T12:00:00Z');

// A fresh database with every migration can take minutes when the machine is busy.
beforeAll(async () => {
  t = await createTestApp({
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '2525',
      MAIL_FROM,
      NOTIFICATIONS_TIME_ZONE: 'Europe/Berlin',
      NOTIFICATIONS_SEND_TIME: '07:00',
    },
  });
  t.app.context.clock = { now: () => now };
  admin = (await t.signIn({ isAdmin: true })).session;
  inventoryUser = (await t.signIn({ inventoryUser: true })).session;
  orderUser = (await t.signIn({ orderUser: true })).session;
  submissionUser = (await t.signIn({ submissionUser: true })).session;
  noFlags = (await t.signIn({ orderUser: false })).session;

  const db = t.db.db;
  const inventory = (sourceName: string) => ({
    sourceName,
    fileType: '.xlsx',
    fromEmail: 'stock@supplier.example',
    subjectValue: 'Stock',
    attachmentName: 'stock.xlsx',
    itemNumberColumnName: 'SKU',
    qtyColumnName: 'Qty',
  });
  const [bolt, acme, removed] = await db
    .insert(schema.inventorySources)
    .values([
      inventory('Bolt stock'),
      inventory('Acme stock'),
      { ...inventory('Old stock'), deletedAt: new Date(), activeStatus: false },
    ])
    .returning();
  const tracking = await insertOrderTrackingSource(db, {
    sourceName: 'Carrier feed',
    fileType: '.csv',
    fromEmail: 'orders@carrier.example',
    subjectValue: 'Orders',
    attachmentName: 'orders.csv',
    uniqueColumn: 'DocumentNumber',
    columnMapping: {},
  });
  const [submission] = await db
    .insert(schema.orderSubmissionSources)
    .values({ sourceName: 'Retailer orders', fromEmail: 'po@retailer.example', subjectValue: 'New PO' })
    .returning();
  const [vendor] = await db
    .insert(schema.orderVendorSources)
    .values({
      vendorNameFromFile: 'Widget Co',
      submitEmails: 'orders@widget.example',
      submitEmailSubjectLine: 'PO',
      fieldMapping: {},
    })
    .returning();
  Object.assign(sources, {
    acme: acme!.id,
    bolt: bolt!.id,
    removed: removed!.id,
    tracking: tracking!.id,
    submission: submission!.id,
    vendor: vendor!.id,
  });
}, 300_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  now = new Date('2025-03-01T12:00:00Z');
});

function settingBody(overrides: Record<string, unknown> = {}) {
  return {
    id: 0,
    name: 'Weekly stock digest',
    sourceTypeId: 1,
    sourceIds: [sources.acme],
    notificationEnabled: true,
    notificationInterval: 'Weekly',
    notificationDayOfWeek: 1,
    cronExpression: '',
    includeStatusChanges: true,
    includeQuantityChanges: false,
    includeZeroQuantityAlerts: true,
    includeDailyBreakdown: true,
    includeItemDetails: false,
    includeErrorAlerts: true,
    includeSuccessAlerts: false,
    overrideEmailRecipients: 'buyer@shop.example, owner@shop.example',
    emailSubjectPrefix: '[Stock]',
    consolidatedEmail: true,
    ...overrides,
  };
}

async function call(
  session: Session | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    ...(session ? { headers: session.headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function create(overrides: Record<string, unknown> = {}): Promise<NotificationSetting> {
  const response = await call(admin, 'POST', BASE, settingBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function settingCount(): Promise<number> {
  const [row] = await t.db.db.select({ count: sql<number>`count(*)::int` }).from(schema.notificationSettings);
  return row!.count;
}

async function storedRow(id: number) {
  const [row] = await t.db.db
    .select()
    .from(schema.notificationSettings)
    .where(eq(schema.notificationSettings.id, id));
  return row;
}

describe('access', () => {
  const routes = (id: number) =>
    [
      ['GET', BASE, undefined],
      ['GET', `${BASE}/${id}`, undefined],
      ['POST', BASE, settingBody()],
      ['PUT', `${BASE}/${id}`, settingBody()],
      ['GET', `${BASE}/email-info`, undefined],
      ['POST', `${BASE}/validate-cron`, { cronExpression: '0 7 * * 1' }],
      ['GET', `${BASE}/source-options?sourceTypeId=1`, undefined],
    ] as const;

  it('refuses every call without a session (401) and to a user without a source flag (403)', async () => {
    const { id } = await create();
    const before = await settingCount();
    for (const [method, url, body] of [...routes(id), ['DELETE', `${BASE}/${id}`, undefined] as const]) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(noFlags, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await settingCount()).toBe(before);
    expect((await storedRow(id))?.name).toBe('Weekly stock digest');
  });

  it('lets admins and the users of the setting’s source type use every call', async () => {
    for (const session of [admin, inventoryUser]) {
      const { id } = await create();
      for (const [method, url, body] of routes(id)) {
        const response = await call(session, method, url, body);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      }
      expect((await call(session, 'DELETE', `${BASE}/${id}`)).statusCode).toBe(204);
    }
  });

  it('keeps an Inventory setting from order and submission users: nothing read, changed, fired or deleted', async () => {
    const { id } = await create();
    const before = await storedRow(id);
    const calls = [
      ...routes(id).filter(([, url]) => url !== BASE && !/validate-cron|email-info/.test(url)),
      ['POST', `${BASE}/${id}/test`, undefined] as const,
      ['DELETE', `${BASE}/${id}`, undefined] as const,
    ];
    for (const session of [orderUser, submissionUser]) {
      for (const [method, url, body] of calls) {
        expect((await call(session, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      }
      const list: NotificationSetting[] = (await call(session, 'GET', BASE)).json();
      expect(list.map((setting) => setting.sourceTypeId)).not.toContain(1);
    }
    expect(await storedRow(id)).toEqual(before);
  });

  it('refuses to move a setting to a source type the user does not hold, on the field', async () => {
    const own = await create({ sourceTypeId: 3, sourceIds: [] });
    const move = await call(orderUser, 'PUT', `${BASE}/${own.id}`, settingBody());
    expect(move.statusCode).toBe(403);
    expect(move.json().fields.sourceTypeId).toBe(
      'Your account does not have access to Inventory notification settings',
    );
    expect((await storedRow(own.id))?.sourceTypeId).toBe(3);
  });
});

describe('saving a setting', () => {
  it('round-trips every field and names the included sources', async () => {
    const body = settingBody({ sourceIds: [sources.bolt, sources.acme] });
    const created = await create(body);
    // Every field comes back as sent, with the names of the type and of the included sources.
    const { id: _id, ...sent } = body;
    expect(created).toMatchObject({
      ...sent,
      sourceType: ['Inventory'],
      sourceName: ['Bolt stock', 'Acme stock'],
      lastNotificationSent: null,
    });
    const loaded = await call(inventoryUser, 'GET', `${BASE}/${created.id}`);
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json()).toEqual(created);
    const list: NotificationSetting[] = (await call(inventoryUser, 'GET', BASE)).json();
    expect(list.find((setting) => setting.id === created.id)).toEqual(created);
  });

  it('fills the spec defaults for fields the client leaves out', async () => {
    const response = await call(admin, 'POST', BASE, {
      name: 'Defaults',
      sourceTypeId: 3,
      notificationInterval: 'Weekly',
      notificationDayOfWeek: 7,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      sourceIds: [],
      sourceName: [],
      sourceType: ['Order Tracking'],
      ...NOTIFICATION_DEFAULTS,
      notificationDayOfWeek: 7,
      nextRunAt: null,
    });
  });

  it('takes sources of every type, and accepts names from a client that only knows names', async () => {
    const cases = [
      [2, sources.submission, 'Retailer orders'],
      [3, sources.tracking, 'Carrier feed'],
      [4, sources.vendor, 'Widget Co'],
    ] as const;
    for (const [sourceTypeId, id, name] of cases) {
      const byId = await create({ sourceTypeId, sourceIds: [id] });
      expect(byId.sourceName).toEqual([name]);
      const byName = await create({ sourceTypeId, sourceIds: [], sourceName: [name.toUpperCase()] });
      expect(byName.sourceIds).toEqual([id]);
    }
  });

  it('updates in place, ignores the body id and keeps the time of the last notification', async () => {
    const created = await create();
    const sentAt = new Date('2025-02-24T06:00:00Z');
    await t.db.db
      .update(schema.notificationSettings)
      .set({ lastNotificationSent: sentAt })
      .where(eq(schema.notificationSettings.id, created.id));
    const response = await call(inventoryUser, 'PUT', `${BASE}/${created.id}`, {
      ...settingBody({ name: 'Renamed', sourceIds: [], consolidatedEmail: false }),
      id: 999_999,
      lastNotificationSent: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: created.id,
      name: 'Renamed',
      sourceIds: [],
      consolidatedEmail: false,
      lastNotificationSent: sentAt.toISOString(),
    });
    expect(await storedRow(999_999)).toBeUndefined();
  });

  it('shows an included source that was deleted later as deleted', async () => {
    const doomed = await insertOrderTrackingSource(t.db.db, {
      sourceName: 'Short-lived feed',
      fileType: '.csv',
      fromEmail: 'x@carrier.example',
      subjectValue: 'Orders',
      attachmentName: 'o.csv',
      uniqueColumn: 'DocumentNumber',
      columnMapping: {},
    });
    const created = await create({ sourceTypeId: 3, sourceIds: [sources.tracking, doomed!.id] });
    await t.db.db
      .update(schema.orderTrackingSources)
      .set({ deletedStatus: true })
      .where(eq(schema.orderTrackingSources.id, doomed!.id));
    const loaded: NotificationSetting = (await call(admin, 'GET', `${BASE}/${created.id}`)).json();
    expect(loaded.sourceName).toEqual(['Carrier feed', 'Short-lived feed (deleted)']);
    const resave = await call(
      admin,
      'PUT',
      `${BASE}/${created.id}`,
      settingBody({ sourceTypeId: 3, sourceIds: loaded.sourceIds }),
    );
    expect(resave.statusCode).toBe(400);
    expect(resave.json().fields.sourceIds).toBe(
      'Order Tracking source not found: "Short-lived feed" (deleted)',
    );
  });
});

describe('bad input', () => {
  async function expectRefused(
    body: unknown,
    fields: Record<string, string>,
    method: 'POST' | 'PUT' = 'POST',
    id?: number,
  ) {
    const before = await settingCount();
    const response = await call(admin, method, id ? `${BASE}/${id}` : BASE, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields).toMatchObject(fields);
    expect(await settingCount()).toBe(before);
  }

  it('gives the spec messages for the required fields', async () => {
    await expectRefused(
      { name: '  ', sourceTypeId: '', notificationInterval: '' },
      {
        name: NOTIFICATION_MESSAGES.name,
        sourceTypeId: NOTIFICATION_MESSAGES.sourceTypeId,
        notificationInterval: NOTIFICATION_MESSAGES.notificationInterval,
      },
    );
    await expectRefused({}, { name: NOTIFICATION_MESSAGES.name });
    await expectRefused(settingBody({ sourceTypeId: 9 }), {
      sourceTypeId: NOTIFICATION_MESSAGES.sourceTypeId,
    });
    await expectRefused(settingBody({ notificationInterval: 'Hourly' }), {
      notificationInterval: NOTIFICATION_MESSAGES.notificationInterval,
    });
  });

  it('refuses a bad day of week, a weekly setting without one and a bad or missing cron', async () => {
    await expectRefused(settingBody({ notificationDayOfWeek: 8 }), {
      notificationDayOfWeek: NOTIFICATION_MESSAGES.dayOfWeek,
    });
    await expectRefused(settingBody({ notificationDayOfWeek: null }), {
      notificationDayOfWeek: NOTIFICATION_MESSAGES.dayOfWeekRequired,
    });
    await expectRefused(settingBody({ notificationInterval: 'Custom', cronExpression: '' }), {
      cronExpression: NOTIFICATION_MESSAGES.cronRequired,
    });
    await expectRefused(settingBody({ notificationInterval: 'Custom', cronExpression: '0 7 * * * *' }), {
      cronExpression: NOTIFICATION_MESSAGES.cronFieldCount,
    });
    await expectRefused(settingBody({ notificationInterval: 'Custom', cronExpression: '61 7 * * *' }), {
      cronExpression: 'Invalid cron expression: Invalid value for minute: 61',
    });
    await expectRefused(settingBody({ notificationInterval: 'Custom', cronExpression: '0 0 30 2 *' }), {
      cronExpression: 'Cron expression never runs',
    });
  });

  it('refuses a bad override recipient and unknown or foreign sources', async () => {
    await expectRefused(settingBody({ overrideEmailRecipients: 'buyer@shop.example, not-an-address' }), {
      overrideEmailRecipients: '"not-an-address" is not a valid email address',
    });
    await expectRefused(settingBody({ sourceIds: [sources.tracking + 1000] }), {
      sourceIds: `Inventory source not found: #${sources.tracking + 1000}`,
    });
    await expectRefused(settingBody({ sourceIds: [sources.removed] }), {
      sourceIds: 'Inventory source not found: "Old stock" (deleted)',
    });
    await expectRefused(settingBody({ sourceIds: ['one'] }), {
      'sourceIds.0': NOTIFICATION_MESSAGES.sourceIds,
    });
    await expectRefused(settingBody({ sourceIds: [], sourceName: ['Nobody'] }), {
      sourceName: 'No Inventory source named "Nobody"',
    });
  });

  it('refuses bad input on update without changing the setting', async () => {
    const created = await create();
    await expectRefused(settingBody({ name: '' }), { name: NOTIFICATION_MESSAGES.name }, 'PUT', created.id);
    expect((await storedRow(created.id))?.name).toBe('Weekly stock digest');
  });

  it('answers 404 for a missing setting and 400 for a malformed id', async () => {
    expect((await call(admin, 'GET', `${BASE}/987654`)).json().message).toBe(NOTIFICATION_MESSAGES.notFound);
    expect((await call(admin, 'GET', `${BASE}/987654`)).statusCode).toBe(404);
    expect((await call(admin, 'PUT', `${BASE}/987654`, settingBody())).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `${BASE}/987654`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `${BASE}/abc`)).statusCode).toBe(400);
    expect((await call(admin, 'DELETE', `${BASE}/-1`)).statusCode).toBe(400);
  });
});

describe('deleting a setting', () => {
  it('removes it from the list', async () => {
    const created = await create();
    expect((await call(inventoryUser, 'DELETE', `${BASE}/${created.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `${BASE}/${created.id}`)).statusCode).toBe(404);
    const list: NotificationSetting[] = (await call(admin, 'GET', BASE)).json();
    expect(list.some((setting) => setting.id === created.id)).toBe(false);
  });
});

describe('the schedule stored on save (next_run_at)', () => {
  // Send time 07:00 Europe/Berlin: 06:00 UTC in winter, 05:00 UTC in summer.
  it('is the next occurrence in the notification time zone for each interval', async () => {
    const daily = await create({ notificationInterval: 'Daily', notificationDayOfWeek: null });
    expect(daily.nextRunAt).toBe('2025-03-02T06:00:00.000Z');
    const sunday = await create({ notificationInterval: 'Weekly', notificationDayOfWeek: 7 });
    expect(sunday.nextRunAt).toBe('2025-03-02T06:00:00.000Z');
    const friday = await create({ notificationInterval: 'Weekly', notificationDayOfWeek: 5 });
    expect(friday.nextRunAt).toBe('2025-03-07T06:00:00.000Z');
    const monthly = await create({ notificationInterval: 'Monthly' });
    expect(monthly.nextRunAt).toBe('2025-04-01T05:00:00.000Z');
    const custom = await create({ notificationInterval: 'Custom', cronExpression: '30 18 * * 1-5' });
    expect(custom.nextRunAt).toBe('2025-03-03T17:30:00.000Z');
    expect((await storedRow(custom.id))?.nextRunAt?.toISOString()).toBe('2025-03-03T17:30:00.000Z');
  });

  it('is cleared when the setting is switched off or set to None, and set again when switched on', async () => {
    const created = await create({ notificationInterval: 'Daily' });
    const url = `${BASE}/${created.id}`;
    const off = await call(
      admin,
      'PUT',
      url,
      settingBody({ notificationInterval: 'Daily', notificationEnabled: false }),
    );
    expect(off.json().nextRunAt).toBeNull();
    expect((await storedRow(created.id))?.nextRunAt).toBeNull();
    const none = await call(admin, 'PUT', url, settingBody({ notificationInterval: 'None' }));
    expect(none.json().nextRunAt).toBeNull();
    now = new Date('2025-03-02T06:30:00Z');
    const on = await call(admin, 'PUT', url, settingBody({ notificationInterval: 'Daily' }));
    expect(on.json().nextRunAt).toBe('2025-03-03T06:00:00.000Z');
  });

  it('follows a changed interval at once', async () => {
    const created = await create({ notificationInterval: 'Monthly' });
    const response = await call(
      admin,
      'PUT',
      `${BASE}/${created.id}`,
      settingBody({ notificationDayOfWeek: 2 }),
    );
    expect(response.json().nextRunAt).toBe('2025-03-04T06:00:00.000Z');
  });

  it('keeps an occurrence that is already due when the setting is saved before the scheduler sent it', async () => {
    const created = await create({ notificationInterval: 'Daily' });
    now = new Date('2025-03-02T06:00:30Z');
    const response = await call(
      admin,
      'PUT',
      `${BASE}/${created.id}`,
      settingBody({ notificationInterval: 'Daily', name: 'Edited' }),
    );
    expect(response.json().nextRunAt).toBe('2025-03-02T06:00:00.000Z');
  });

  it('drops the custom expression of a setting that is not Custom', async () => {
    const created = await create({ notificationInterval: 'Weekly', cronExpression: '0 7 * * 1' });
    expect(created.cronExpression).toBe('');
  });
});

describe('GET /api/notification-settings/email-info', () => {
  it('tells the system sender and the recipients of each group from the real users', async () => {
    await t.createUser({
      email: 'stock.clerk@ops.example',
      inventoryUser: true,
      sendNotificationsToEmail: true,
    });
    await t.createUser({
      email: 'both@ops.example',
      inventoryUser: true,
      orderUser: true,
      sendNotificationsToEmail: true,
    });
    await t.createUser({ email: 'buyer@ops.example', submissionUser: true, sendNotificationsToEmail: true });
    await t.createUser({ email: 'quiet@ops.example', inventoryUser: true, sendNotificationsToEmail: false });
    await t.createUser({
      email: 'gone@ops.example',
      orderUser: true,
      sendNotificationsToEmail: true,
      activeStatus: false,
    });
    await t.createUser({ email: 'boss@ops.example', isAdmin: true, sendNotificationsToEmail: true });
    await t.createUser({
      email: 'lead@ops.example',
      isAdmin: true,
      orderUser: true,
      sendNotificationsToEmail: true,
    });

    const response = await call(admin, 'GET', `${BASE}/email-info`);
    expect(response.statusCode).toBe(200);
    const info: NotificationEmailInfo = response.json();
    expect(info).toEqual({
      fromEmail: MAIL_FROM,
      recipients: {
        inventory: ['both@ops.example', 'stock.clerk@ops.example'],
        submission: ['buyer@ops.example'],
        order: ['both@ops.example', 'lead@ops.example'],
      },
      note: NOTIFICATION_EMAIL_INFO_NOTE,
    });
    // A user sees the recipients of their own groups only.
    const mine: NotificationEmailInfo = (await call(orderUser, 'GET', `${BASE}/email-info`)).json();
    expect(mine.recipients).toEqual({ order: ['both@ops.example', 'lead@ops.example'] });
  });

  it('says so when no system sender is configured', async () => {
    const log = { warn: () => undefined };
    const info = await notificationEmailInfo(
      { db: t.db.db, mailer: createSystemMailer(undefined, log) },
      { isAdmin: true, inventoryUser: false, orderUser: false, submissionUser: false },
    );
    expect(info.fromEmail).toBe('');
    expect(info.note).toContain(NOTIFICATION_SENDER_MISSING);
  });
});

describe('POST /api/notification-settings/validate-cron', () => {
  it('answers validity, a message and the next execution in the notification time zone', async () => {
    const valid = await call(inventoryUser, 'POST', `${BASE}/validate-cron`, { cronExpression: '0 7 * * 0' });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({
      isValid: true,
      message: NOTIFICATION_MESSAGES.validCron,
      nextExecution: '2025-03-02T06:00:00.000Z',
    });
    const invalid = await call(inventoryUser, 'POST', `${BASE}/validate-cron`, {
      cronExpression: '0 7 * * 8',
    });
    expect(invalid.json()).toEqual({
      isValid: false,
      message: 'Invalid cron expression: Invalid value for dayOfWeek: 8',
      nextExecution: null,
    });
    const blank = await call(inventoryUser, 'POST', `${BASE}/validate-cron`, { cronExpression: '' });
    expect(blank.json()).toEqual({
      isValid: false,
      message: NOTIFICATION_MESSAGES.cronRequired,
      nextExecution: null,
    });
  });

  it('refuses a body without a text cronExpression', async () => {
    for (const body of [{}, { cronExpression: 5 }, { cronExpression: 'x'.repeat(201) }]) {
      const response = await call(inventoryUser, 'POST', `${BASE}/validate-cron`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields.cronExpression).toBeTruthy();
    }
  });
});

describe('GET /api/notification-settings/source-options', () => {
  it('lists the live sources of the type, by name', async () => {
    const inventory = await call(inventoryUser, 'GET', `${BASE}/source-options?sourceTypeId=1`);
    expect(inventory.statusCode).toBe(200);
    expect(inventory.json()).toEqual([
      { id: sources.acme, name: 'Acme stock', activeStatus: true },
      { id: sources.bolt, name: 'Bolt stock', activeStatus: true },
    ]);
    const vendors = await call(submissionUser, 'GET', `${BASE}/source-options?sourceTypeId=4`);
    expect(vendors.json()).toEqual([{ id: sources.vendor, name: 'Widget Co', activeStatus: true }]);
    const submission = await call(submissionUser, 'GET', `${BASE}/source-options?sourceTypeId=2`);
    expect(submission.json()).toEqual([
      { id: sources.submission, name: 'Retailer orders', activeStatus: true },
    ]);
    const tracking: Array<{ name: string }> = (
      await call(orderUser, 'GET', `${BASE}/source-options?sourceTypeId=3`)
    ).json();
    expect(tracking.map((source) => source.name)).toContain('Carrier feed');
    expect(tracking.map((source) => source.name)).not.toContain('Short-lived feed');
  });

  it('refuses a missing or unknown source type', async () => {
    for (const query of ['', '?sourceTypeId=0', '?sourceTypeId=5', '?sourceTypeId=abc']) {
      const response = await call(admin, 'GET', `${BASE}/source-options${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fields.sourceTypeId).toBe(NOTIFICATION_MESSAGES.sourceTypeId);
    }
  });
});
