import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { createInventoryRun, createInventorySource } from '../../../test/modules/inventory-delivery';
import { checkNoUpdateAlerts } from './no-update-alerts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const HOUR = 3_600_000;
// The checks run on a clock of their own, well after every file written below.
const now = new Date(Date.now() + 60_000);
const ago = (ms: number) => new Date(now.getTime() - ms);
const later = (ms: number) => new Date(now.getTime() + ms);

async function sourceCreated(at: Date, overrides: Parameters<typeof createInventorySource>[1] = {}) {
  const source = await createInventorySource(t, { daysUntilNoUpdateNotification: 7, ...overrides });
  await t.db.db
    .update(schema.inventorySources)
    .set({ createdAt: at })
    .where(eq(schema.inventorySources.id, source.id));
  return source;
}

async function alertRuns(sourceId: number) {
  return t.db.db
    .select()
    .from(schema.runs)
    .where(and(eq(schema.runs.sourceId, sourceId), eq(schema.runs.trigger, 'alert')))
    .orderBy(schema.runs.id);
}

function isoDate(value: Date) {
  return value.toISOString().slice(0, 10);
}

describe('no-update alerts', () => {
  it('raises one alert per silent period, and another only after a new file and a new silence', async () => {
    const source = await sourceCreated(ago(30 * DAY), { sourceName: 'Quiet Supplier' });
    const lastFile = ago(10 * DAY);
    const lastRunId = await createInventoryRun(t, {
      sourceId: source.id,
      trigger: 'mail',
      startedAt: lastFile,
    });

    const first = await checkNoUpdateAlerts(t.db.db, now);
    const mine = first.alerts.filter((alert) => alert.sourceId === source.id);
    expect(mine).toHaveLength(1);
    const [alert] = await alertRuns(source.id);
    expect(alert).toMatchObject({
      sourceType: 'inventory',
      sourceName: 'Quiet Supplier',
      trigger: 'alert',
      status: 'failed',
      message: `No inventory file received for 10 days (last: ${isoDate(lastFile)})`,
    });
    expect(alert!.details).toMatchObject({
      alert: 'no-update',
      thresholdDays: 7,
      silentDays: 10,
      lastFileRunId: lastRunId,
    });
    expect(alert!.startedAt.getTime()).toBe(now.getTime());

    // Still silent, an hour and a day later: nothing new.
    await checkNoUpdateAlerts(t.db.db, later(HOUR));
    await checkNoUpdateAlerts(t.db.db, later(DAY));
    expect(await alertRuns(source.id)).toHaveLength(1);

    // A file arrives (by SFTP): quiet again, until it is 7 days old.
    await createInventoryRun(t, { sourceId: source.id, trigger: 'sftp', startedAt: later(2 * DAY) });
    await checkNoUpdateAlerts(t.db.db, later(3 * DAY));
    await checkNoUpdateAlerts(t.db.db, later(8 * DAY));
    expect(await alertRuns(source.id)).toHaveLength(1);
    await checkNoUpdateAlerts(t.db.db, later(9 * DAY + HOUR));
    const alerts = await alertRuns(source.id);
    expect(alerts).toHaveLength(2);
    expect(alerts[1]!.message).toBe(
      `No inventory file received for 7 days (last: ${isoDate(later(2 * DAY))})`,
    );
  });

  it('does not alert a source whose files keep arriving', async () => {
    const source = await sourceCreated(ago(60 * DAY));
    await createInventoryRun(t, { sourceId: source.id, trigger: 'manual', startedAt: ago(2 * DAY) });
    const held = await sourceCreated(ago(60 * DAY));
    // A held file was received all the same (the drift guard is waiting for an operator).
    await createInventoryRun(t, {
      sourceId: held.id,
      trigger: 'sftp',
      status: 'held',
      startedAt: ago(3 * DAY),
    });
    const result = await checkNoUpdateAlerts(t.db.db, now);
    expect(result.alerts.map((alert) => alert.sourceId)).not.toContain(source.id);
    expect(result.alerts.map((alert) => alert.sourceId)).not.toContain(held.id);
    expect(await alertRuns(source.id)).toHaveLength(0);
    expect(await alertRuns(held.id)).toHaveLength(0);
  });

  it('counts from the creation of a source that never received a file; failed files and re-processing do not count', async () => {
    const created = ago(8 * DAY);
    const never = await sourceCreated(created);
    await createInventoryRun(t, {
      sourceId: never.id,
      trigger: 'mail',
      status: 'failed',
      startedAt: ago(DAY),
    });
    await createInventoryRun(t, { sourceId: never.id, trigger: 'reprocess', startedAt: ago(DAY) });
    const young = await sourceCreated(ago(6 * DAY));

    await checkNoUpdateAlerts(t.db.db, now);
    const [alert] = await alertRuns(never.id);
    expect(alert!.message).toBe(
      `No inventory file received for 8 days (last: none since the source was created on ${isoDate(created)})`,
    );
    expect(await alertRuns(young.id)).toHaveLength(0);
  });

  it('leaves alone sources without a limit, inactive and deleted ones', async () => {
    const noLimit = await sourceCreated(ago(90 * DAY), { daysUntilNoUpdateNotification: null });
    const zero = await sourceCreated(ago(90 * DAY), { daysUntilNoUpdateNotification: 0 });
    const inactive = await sourceCreated(ago(90 * DAY), { activeStatus: false });
    const deleted = await sourceCreated(ago(90 * DAY), { deletedAt: ago(DAY) });
    await checkNoUpdateAlerts(t.db.db, now);
    for (const source of [noLimit, zero, inactive, deleted]) {
      expect(await alertRuns(source.id)).toHaveLength(0);
    }
  });

  it('never doubles an alert when two instances check at the same time', async () => {
    const source = await sourceCreated(ago(20 * DAY));
    await Promise.all([checkNoUpdateAlerts(t.db.db, now), checkNoUpdateAlerts(t.db.db, now)]);
    expect(await alertRuns(source.id)).toHaveLength(1);
  });
});
