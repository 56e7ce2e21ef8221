import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SmtpCatcher, smtpEnv, startSmtpCatcher } from '../../../../../test-servers/smtp-catcher';
import { insertOrder, insertOrderTrackingSource, insertRun } from '../../../test/factories';
import type { TestApp } from '../../../test/helper';
import {
  ALL_STOCKED,
  createInventorySource,
  processFile,
  stockFile,
} from '../../../test/modules/inventory-processing';
import {
  buildClockedApp,
  createTestDatabase,
  insertSetting,
  MovableClock,
  type SettingValues,
  type TestDatabase,
} from '../../../test/modules/notifications';
import { recordRun } from '../runs/repository';
import { sendDigest } from './send-digest';

const { runs, notificationSettings } = schema;

// Wednesday 07:00 UTC: a weekly digest covers 4 June 07:00 to 11 June 07:00, a daily one 10 June 07:00 on.
const NOW = new Date('2025-06-11T07:00:00.000Z');
const BEFORE_WINDOW = new Date('2025-06-01T06:00:00.000Z');

let smtp: SmtpCatcher;
let database: TestDatabase;
let t: TestApp;
const clock = new MovableClock(NOW);

const ALL_OFF: SettingValues = {
  includeStatusChanges: false,
  includeQuantityChanges: false,
  includeZeroQuantityAlerts: false,
  includeDailyBreakdown: false,
  includeItemDetails: false,
  includeErrorAlerts: false,
  includeSuccessAlerts: false,
};
const ALL_ON: SettingValues = {
  includeStatusChanges: true,
  includeQuantityChanges: true,
  includeZeroQuantityAlerts: true,
  includeDailyBreakdown: true,
  includeItemDetails: true,
  includeErrorAlerts: true,
  includeSuccessAlerts: true,
};
const SECTIONS = [
  'Status changes',
  'Quantity changes',
  'Zero quantity alerts',
  'Daily breakdown',
  'Item details',
  'Error alerts',
  'Success alerts',
];

// Every activated item but Z-999, which the supplier never lists.
const { 'Z-999': _neverListed, ...FULL_STOCK } = ALL_STOCKED;

let stockA: { id: number; sourceName: string };
let stockB: { id: number; sourceName: string };
let silent: { id: number; sourceName: string };
let switchedOff: { id: number; sourceName: string };
let failedRunMessage: string;
let tracking: { id: number; sourceName: string };
let vendor: { id: number; vendorNameFromFile: string };

async function moveRun(runId: number, at: Date) {
  await t.db.db.update(runs).set({ startedAt: at, finishedAt: at }).where(eq(runs.id, runId));
}

async function processAt(sourceId: number, at: Date, file: { fileName: string; content: Buffer }) {
  const outcome = await processFile(t, sourceId, file, { now: at, trigger: 'mail' });
  await moveRun(outcome.runId, at);
  return outcome;
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  database = await createTestDatabase();
  t = await buildClockedApp(database, clock, smtpEnv(smtp));

  // Recipients by group (docs/behaviour/notifications.md#recipients): the flag, "send notifications to email" and an active account.
  await t.createUser({
    email: 'inventory.lead@example.com',
    inventoryUser: true,
    sendNotificationsToEmail: true,
  });
  await t.createUser({
    email: 'inventory.quiet@example.com',
    inventoryUser: true,
    sendNotificationsToEmail: false,
  });
  await t.createUser({
    email: 'inventory.gone@example.com',
    inventoryUser: true,
    sendNotificationsToEmail: true,
    activeStatus: false,
  });
  await t.createUser({ email: 'orders.lead@example.com', orderUser: true, sendNotificationsToEmail: true });
  await t.createUser({ email: 'buyer@example.com', submissionUser: true, sendNotificationsToEmail: true });

  // Stock A: a good file before the window, then one within it (A-100 runs out, B-200 drops, C-300 rises),
  // then a file of the wrong type.
  stockA = await createInventorySource(t, { sourceName: 'Acme stock' });
  await processAt(stockA.id, BEFORE_WINDOW, { fileName: 'stock.csv', content: stockFile(FULL_STOCK) });
  const good = await processAt(stockA.id, new Date('2025-06-09T08:00:00Z'), {
    fileName: 'stock-0609.csv',
    content: stockFile({ ...FULL_STOCK, 'A-100': 0, 'B-200': 4, 'C-300': 25 }),
  });
  expect(good.status).toBe('succeeded');
  const bad = await processAt(stockA.id, new Date('2025-06-10T09:00:00Z'), {
    fileName: 'stock-0610.xlsx',
    content: Buffer.from('not a spreadsheet'),
  });
  expect(bad.status).toBe('failed');
  failedRunMessage = bad.message;

  // Stock B: a file that would turn every item Inactive, held by the drift guard (its quantities not trusted).
  stockB = await createInventorySource(t, { sourceName: 'Bolt stock' });
  await processAt(stockB.id, BEFORE_WINDOW, { fileName: 'stock.csv', content: stockFile(FULL_STOCK) });
  const held = await processAt(stockB.id, new Date('2025-06-10T10:00:00Z'), {
    fileName: 'stock-empty.csv',
    content: stockFile(Object.fromEntries(Object.keys(FULL_STOCK).map((item) => [item, 0]))),
  });
  expect(held.status).toBe('held');

  // A silent source with a no-update alert, and a switched-off source with nothing at all.
  silent = await createInventorySource(t, { sourceName: 'Calm stock' });
  await insertRun(t.db.db, {
    sourceType: 'inventory',
    sourceId: silent.id,
    sourceName: silent.sourceName,
    trigger: 'alert',
    status: 'failed',
    startedAt: new Date('2025-06-10T12:00:00Z'),
    finishedAt: new Date('2025-06-10T12:00:00Z'),
    message: 'No inventory file received for 8 days (last: 2025-06-02)',
    details: { alert: 'no-update' },
  });
  switchedOff = await createInventorySource(t, { sourceName: 'Dormant stock', activeStatus: false });

  // Order tracking: one import with updates and deletions, one failure, within the past day.
  const trackingRow = await insertOrderTrackingSource(t.db.db, {
    sourceName: 'Carrier feed',
    fileType: '.csv',
    fromEmail: 'feed@carrier.example',
    subjectValue: 'Shipments',
    attachmentName: '*.csv',
    uniqueColumn: 'PO',
    columnMapping: {},
  });
  tracking = trackingRow!;
  const trackingRun = (status: 'succeeded' | 'failed', message: string, updated: number, deleted: number) =>
    recordRun(
      t.db.db,
      {
        sourceType: 'order-tracking',
        sourceId: tracking.id,
        sourceName: tracking.sourceName,
        trigger: 'mail',
        fileName: 'shipments.csv',
      },
      {
        status,
        message,
        ordersUpdated: updated,
        ordersDeleted: deleted,
        details: { errors: status === 'failed' ? [message] : [] },
      },
    );
  await moveRun(await trackingRun('succeeded', 'Imported 14 rows', 12, 2), new Date('2025-06-10T15:00:00Z'));
  await moveRun(
    await trackingRun('failed', 'Column "PO" is missing from the file', 0, 0),
    new Date('2025-06-10T16:00:00Z'),
  );

  // A vendor with two submissions sent and one refused by its mail server.
  const [vendorRow] = await t.db.db
    .insert(schema.orderVendorSources)
    .values({
      vendorNameFromFile: 'Widget Works',
      submitEmails: 'orders@widget.example',
      submitEmailSubjectLine: 'PO {poNumbers}',
      fieldMapping: {},
    })
    .returning();
  vendor = vendorRow!;
  for (const [status, message, at] of [
    ['succeeded', 'Sent PO 1001 to orders@widget.example', '2025-06-10T08:00:00Z'],
    ['succeeded', 'Sent PO 1002 to orders@widget.example', '2025-06-10T09:00:00Z'],
    ['failed', 'SMTP refused: 550 mailbox unavailable', '2025-06-10T10:00:00Z'],
  ] as const) {
    const runId = await recordRun(
      t.db.db,
      {
        sourceType: 'vendor',
        sourceId: vendor.id,
        sourceName: vendor.vendorNameFromFile,
        trigger: 'schedule',
      },
      { status, message },
    );
    await moveRun(runId, new Date(at));
  }
}, 600_000);

afterAll(async () => {
  await t?.close();
  await database?.dispose();
  await smtp?.close();
}, 120_000);

beforeEach(() => {
  smtp.messages.length = 0;
  clock.set(NOW);
});

async function send(values: SettingValues) {
  smtp.messages.length = 0;
  const setting = await insertSetting(t, clock, values);
  const delivery = await sendDigest(t.app.context, setting, { now: clock.now(), trigger: 'schedule' });
  return { setting, delivery, messages: [...smtp.messages] };
}

function sectionsIn(text: string): string[] {
  return SECTIONS.filter((section) => text.includes(section));
}

describe(`digest e-mails (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, {
  timeout: 300_000,
}, () => {
  it('reports every switched-on section of an inventory digest in one consolidated e-mail', async () => {
    const { delivery, messages } = await send({
      ...ALL_ON,
      notificationInterval: 'Weekly',
      consolidatedEmail: true,
      emailSubjectPrefix: '[Inventory]',
    });
    expect(delivery).toMatchObject({
      status: 'sent',
      emailCount: 1,
      recipients: ['inventory.lead@example.com'],
    });
    expect(messages).toHaveLength(1);
    const mail = messages[0]!;
    // Stock A: 1 failed run; Stock B: 1 held run; the silent source: 1 no-update alert.
    expect(mail.parsed.subject).toBe('[Inventory] Weekly digest – 3 sources, 3 errors');
    expect(mail.envelopeTo).toEqual(['inventory.lead@example.com']);
    expect(mail.parsed.from?.text).toContain('system@example.com');

    const text = mail.parsed.text ?? '';
    const html = String(mail.parsed.html);
    expect(sectionsIn(text)).toEqual(SECTIONS);
    expect(sectionsIn(html)).toEqual(SECTIONS);
    expect(text).toContain('Covers 4 Jun 2025, 07:00 to 11 Jun 2025, 07:00 (UTC).');
    for (const name of ['Acme stock', 'Bolt stock', 'Calm stock']) expect(text).toContain(name);
    expect(text).not.toContain('Dormant stock');

    // Status, quantity and zero-quantity changes of stock A within the window.
    expect(text).toContain('1 item turned Inactive and 0 turned Active.');
    expect(text).toContain('Inactive now: A-100');
    expect(text).toContain('3 items changed quantity: 2 down, 1 up.');
    expect(text).toMatch(/A-100\s+10\s+0\s+-10/);
    expect(text).toMatch(/C-300\s+10\s+25\s+\+15/);
    expect(text).toContain('A-100 (was 10), now Inactive');
    // The held run's quantities are not trusted: stock B shows no quantity change.
    expect(text).toContain('No item quantity changed.');
    // Daily breakdown: every day of the window, with the run of 9 June.
    expect(text).toMatch(/Wed 4 Jun\s+0\s+0\s+0/);
    expect(text).toMatch(/Mon 9 Jun\s+1\s+1\s+0\s+0\s+0\s+1/);
    expect(text).toMatch(/Wed 11 Jun/);
    // Error and success alerts.
    expect(text).toContain(`Failed: 10 Jun, 09:00 · stock-0610.xlsx`);
    expect(text).toContain(failedRunMessage);
    expect(text).toContain('Waiting for approval: 10 Jun, 10:00 · stock-empty.csv');
    expect(text).toContain('No update: No inventory file received for 8 days (last: 2025-06-02)');
    expect(text).toContain('1 run succeeded:');
    expect(text).toContain('9 Jun, 08:00 · stock-0609.csv');

    // Mail-client friendly: tables and inline styles, nothing fetched from elsewhere.
    expect(html).toContain('<table');
    expect(html).toContain('Acme stock');
    expect(html).not.toMatch(/<link|<style|<img|<script|src=/i);
    expect(html).toContain('A-100');
  });

  it('leaves out every switched-off section', async () => {
    const { messages } = await send({
      ...ALL_OFF,
      consolidatedEmail: true,
      emailSubjectPrefix: '[Inventory]',
    });
    const mail = messages[0]!;
    expect(sectionsIn(mail.parsed.text ?? '')).toEqual([]);
    expect(sectionsIn(String(mail.parsed.html))).toEqual([]);
    // The summary per source stays.
    expect(mail.parsed.text).toContain('2 runs: 1 succeeded, 1 failed.');

    const some = await send({
      ...ALL_OFF,
      includeZeroQuantityAlerts: true,
      includeErrorAlerts: true,
      consolidatedEmail: true,
    });
    expect(sectionsIn(some.messages[0]!.parsed.text ?? '')).toEqual(['Zero quantity alerts', 'Error alerts']);
  });

  it('sends one e-mail per source unless consolidated, each with its own subject', async () => {
    const { delivery, messages } = await send({
      ...ALL_ON,
      consolidatedEmail: false,
      emailSubjectPrefix: '[Stock]',
    });
    expect(delivery).toMatchObject({ status: 'sent', emailCount: 3, sentCount: 3 });
    expect(messages.map((mail) => mail.parsed.subject).sort()).toEqual([
      '[Stock] Weekly digest – Acme stock: 1 error',
      '[Stock] Weekly digest – Bolt stock: 1 error',
      '[Stock] Weekly digest – Calm stock: 1 error',
    ]);
    const bolt = messages.find((mail) => mail.parsed.subject?.includes('Bolt'))!;
    expect(bolt.parsed.text).not.toContain('Acme stock');
  });

  it('covers only the listed sources, and says so when a source had no activity', async () => {
    const { messages } = await send({
      ...ALL_ON,
      sourceIds: [switchedOff.id],
      notificationInterval: 'Daily',
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]!.parsed.subject).toBe('Daily digest – Dormant stock: no activity');
    expect(messages[0]!.parsed.text).toContain('No activity in this period');
    expect(messages[0]!.parsed.text).toContain('This source is switched off.');

    // A daily digest of stock A covers 10 June 07:00 on: the failed file, not the good one of 9 June.
    const daily = await send({ ...ALL_ON, sourceIds: [stockA.id], notificationInterval: 'Daily' });
    const text = daily.messages[0]!.parsed.text ?? '';
    expect(daily.messages[0]!.parsed.subject).toBe('Daily digest – Acme stock: 1 error');
    expect(text).toContain('1 run: 0 succeeded, 1 failed.');
    expect(text).toContain('No runs succeeded.');

    await t.db.db
      .update(schema.inventorySources)
      .set({ deletedAt: new Date() })
      .where(eq(schema.inventorySources.id, switchedOff.id));
    const gone = await send({ ...ALL_ON, sourceIds: [switchedOff.id] });
    expect(gone.messages[0]!.parsed.subject).toBe('Weekly digest – no inventory sources');
    expect(gone.messages[0]!.parsed.text).toContain(
      'None of the inventory sources this setting lists exist any more.',
    );
  });

  it('reports order tracking imports: orders updated and deleted per day, no item sections', async () => {
    // Orders updated in the window: their tracking numbers per carrier, and the one with a bad check digit
    // (1Z999AA10123456785: UPS mod 10 gives 4). One updated before the window counts for nothing.
    const inWindow = new Date('2025-06-10T15:00:00Z');
    await insertOrder(
      t.db.db,
      { orderTrackingSourceId: tracking.id, lastUpdated: inWindow, customerPoNumber: 'PO-77' },
      ['1Z999AA10123456784', '1Z999AA10123456785'],
    );
    await insertOrder(t.db.db, { orderTrackingSourceId: tracking.id, lastUpdated: inWindow }, [
      '986578788855',
      'LOCAL-1',
    ]);
    await insertOrder(t.db.db, { orderTrackingSourceId: tracking.id, lastUpdated: BEFORE_WINDOW }, [
      '986578788855',
    ]);
    const { delivery, messages } = await send({
      ...ALL_ON,
      sourceTypeId: 3,
      notificationInterval: 'Daily',
      emailSubjectPrefix: '[Orders]',
    });
    expect(delivery.recipients).toEqual(['orders.lead@example.com']);
    const mail = messages[0]!;
    expect(mail.parsed.subject).toBe('[Orders] Daily digest – Carrier feed: 1 error');
    const text = mail.parsed.text ?? '';
    expect(sectionsIn(text)).toEqual(['Daily breakdown', 'Error alerts', 'Success alerts']);
    expect(text).toContain('2 runs: 1 succeeded, 1 failed. 12 orders updated, 2 deleted.');
    expect(text).toMatch(/Orders updated\s+Orders deleted/);
    expect(text).toMatch(/Tue 10 Jun\s+2\s+1\s+1\s+12\s+2/);
    expect(text).toContain('Column "PO" is missing from the file');
    expect(text).toContain('Shipments per carrier');
    expect(text).toMatch(/UPS\s+2/);
    expect(text).toMatch(/FedEx\s+1/);
    expect(text).toMatch(/Not recognised\s+1/);
    expect(text).toContain('Tracking numbers with a bad check digit');
    expect(text).toContain('1Z999AA10123456785 (PO PO-77): check digit does not match, possibly mistyped');
    expect(mail.parsed.html).toContain('Shipments per carrier');
  });

  it('reports vendor submissions sent and failed to the submission users', async () => {
    const { delivery, messages } = await send({ ...ALL_ON, sourceTypeId: 4, notificationInterval: 'Daily' });
    expect(delivery.recipients).toEqual(['buyer@example.com']);
    const text = messages[0]!.parsed.text ?? '';
    expect(messages[0]!.parsed.subject).toBe('Daily digest – Widget Works: 1 error');
    expect(text).toContain('3 submissions: 2 sent, 1 failed.');
    expect(text).toContain('SMTP refused: 550 mailbox unavailable');
    expect(text).toContain('2 submissions sent:');
  });

  it('sends to the override recipients instead of the group when the setting lists any', async () => {
    const { delivery, messages } = await send({
      ...ALL_ON,
      consolidatedEmail: true,
      overrideEmailRecipients: 'night.shift@example.com; buyer@example.com,  ',
    });
    expect(delivery.recipients).toEqual(['night.shift@example.com', 'buyer@example.com']);
    expect(messages[0]!.envelopeTo.sort()).toEqual(['buyer@example.com', 'night.shift@example.com']);
  });
});

describe(`POST /api/notification-settings/{id}/test (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, {
  timeout: 300_000,
}, () => {
  const url = (id: number | string) => `/api/notification-settings/${id}/test`;

  it('sends the digest of the current window now to the real recipients, leaving the schedule alone', async () => {
    const setting = await insertSetting(t, clock, {
      ...ALL_ON,
      consolidatedEmail: true,
      emailSubjectPrefix: '[Inventory]',
      notificationEnabled: false,
    });
    const inventoryUser = await t.createUser({ inventoryUser: true });
    const session = await t.loginAs(inventoryUser);
    const response = await t.app.inject({ method: 'POST', url: url(setting.id), headers: session.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      details: 'Test notification sent to inventory.lead@example.com',
      emailCount: 1,
      recipients: ['inventory.lead@example.com'],
    });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.parsed.subject).toBe('[Inventory] Test: Weekly digest – 3 sources, 3 errors');
    expect(smtp.messages[0]!.parsed.text).toContain('This is a test notification, sent on request.');

    const [after] = await t.db.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.id, setting.id));
    expect(after?.lastNotificationSent).toBeNull();
    expect(after?.nextRunAt).toBeNull();
    const [run] = await t.db.db
      .select()
      .from(runs)
      .where(and(eq(runs.sourceType, 'notification'), eq(runs.sourceId, setting.id)));
    expect(run).toMatchObject({ status: 'succeeded', trigger: 'manual' });
  });

  it('lets admins and users with any source flag test; tells how many e-mails went out', async () => {
    const setting = await insertSetting(t, clock, { sourceTypeId: 3, consolidatedEmail: false });
    const admin = await t.loginAs(await t.createUser({ isAdmin: true }));
    const orderUser = await t.loginAs(await t.createUser({ orderUser: true }));
    for (const session of [admin, orderUser]) {
      const response = await t.app.inject({ method: 'POST', url: url(setting.id), headers: session.headers });
      expect(response.statusCode).toBe(200);
      expect(response.json().details).toBe('Test notification sent to orders.lead@example.com');
    }
    const perSource = await insertSetting(t, clock, { sourceTypeId: 1, consolidatedEmail: false });
    const response = await t.app.inject({ method: 'POST', url: url(perSource.id), headers: admin.headers });
    expect(response.json()).toMatchObject({
      details: 'Test notification sent to inventory.lead@example.com (3 e-mails, one per source)',
      emailCount: 3,
    });
  });

  it('refuses a user with no flags (403) and a caller without a session (401), sending nothing', async () => {
    const setting = await insertSetting(t, clock);
    const noFlags = await t.loginAs(await t.createUser());
    const forbidden = await t.app.inject({ method: 'POST', url: url(setting.id), headers: noFlags.headers });
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: url(setting.id) });
    expect(anonymous.statusCode).toBe(401);
    expect(smtp.messages).toHaveLength(0);
  });

  it('answers 404 for an unknown setting and 400 for an id that is not a number', async () => {
    const session = await t.loginAs(await t.createUser({ inventoryUser: true }));
    const unknown = await t.app.inject({ method: 'POST', url: url(987654), headers: session.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Notification setting not found');
    const bad = await t.app.inject({ method: 'POST', url: url('abc'), headers: session.headers });
    expect(bad.statusCode).toBe(400);
    expect(smtp.messages).toHaveLength(0);
  });

  it('explains when there is no one to send to (409) or no mail server (503), and records it', async () => {
    // Order submission: no submission user... except buyer@example.com; switch that user off first.
    await t.db.db
      .update(schema.users)
      .set({ sendNotificationsToEmail: false })
      .where(eq(schema.users.email, 'buyer@example.com'));
    const setting = await insertSetting(t, clock, { sourceTypeId: 2 });
    const session = await t.loginAs(await t.createUser({ submissionUser: true }));
    const response = await t.app.inject({ method: 'POST', url: url(setting.id), headers: session.headers });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/^No recipients: no active user with the submission flag/);
    const [run] = await t.db.db
      .select()
      .from(runs)
      .where(and(eq(runs.sourceType, 'notification'), eq(runs.sourceId, setting.id)));
    expect(run).toMatchObject({ status: 'failed', trigger: 'manual' });

    const noMail = await buildClockedApp(database, clock);
    try {
      const inventorySetting = await insertSetting(t, clock);
      const noMailSession = await noMail.loginAs(await noMail.createUser({ inventoryUser: true }));
      const unsent = await noMail.app.inject({
        method: 'POST',
        url: url(inventorySetting.id),
        headers: noMailSession.headers,
      });
      expect(unsent.statusCode).toBe(503);
      expect(unsent.json().message).toMatch(/no outgoing mail settings \(SMTP_HOST\)/);
    } finally {
      await noMail.close();
    }
    expect(smtp.messages).toHaveLength(0);
  });
});
