import type { InventoryRunDetails } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRun } from '../../../test/factories';
import { createTestApp, type Session, type TestApp } from '../../../test/helper';
import {
  ACTIVATED,
  createInventorySource,
  fixture,
  PREDICTIVE_HISTORY,
  PREDICTIVE_SOURCE,
  processFile,
  runOf,
  seedHistory,
  stockFile,
} from '../../../test/modules/inventory-processing';
import { PREDICTIVE_SETTINGS } from '../../../test/payloads';
import { parseTable } from '../../integrations/spreadsheet';

/** 27 November 2026, 10:00 in New York: the chart's days are New York's. */
const NOW = new Date('2026-11-27T15:00:00Z');

let t: TestApp;
let inventoryUser: Session;
beforeAll(async () => {
  t = await createTestApp({
    clock: { now: () => NOW },
    env: { NOTIFICATIONS_TIME_ZONE: 'America/New_York' },
  });
  inventoryUser = (await t.signIn({ inventoryUser: true })).session;
});
afterAll(async () => {
  await t.close();
});

function countsDetails(counts: {
  active: number;
  inactive: number;
  early?: number;
  toActive: number;
  toInactive: number;
}): InventoryRunDetails {
  return {
    counts: {
      processed: counts.active + counts.inactive,
      active: counts.active,
      inactive: counts.inactive,
      inactiveEarly: counts.early ?? 0,
    },
    warnings: [],
    errors: [],
    logs: [],
    changes: {
      turnedActive: [],
      turnedActiveCount: counts.toActive,
      turnedInactive: [],
      turnedInactiveCount: counts.toInactive,
    },
  };
}

describe('GET /api/inventory-sources/:id/history', () => {
  it('lists the runs of the window with their counts, marks the held one, and names the days without a file', async () => {
    const source = await createInventorySource(t);
    const other = await createInventorySource(t);
    const run = (
      startedAt: string,
      status: string,
      details: InventoryRunDetails | null,
      sourceId = source.id,
    ) =>
      insertRun(t.db.db, {
        sourceType: 'inventory',
        sourceId,
        status,
        startedAt: new Date(startedAt),
        finishedAt: new Date(startedAt),
        details,
      });
    await run(
      '2026-11-22T12:00:00Z',
      'succeeded',
      countsDetails({ active: 9, inactive: 0, toActive: 9, toInactive: 0 }),
    );
    const first = await run(
      '2026-11-23T14:00:00Z',
      'succeeded',
      countsDetails({ active: 8, inactive: 1, toActive: 0, toInactive: 1 }),
    );
    // 22:00 on the 24th in New York: a file came that day, even though it failed.
    await run('2026-11-25T03:00:00Z', 'failed', null);
    const held = await run(
      '2026-11-25T16:00:00Z',
      'held',
      countsDetails({ active: 2, inactive: 7, toActive: 0, toInactive: 6 }),
    );
    // The 26th: no file (another source's run does not count).
    await run(
      '2026-11-26T15:00:00Z',
      'succeeded',
      countsDetails({ active: 1, inactive: 0, toActive: 1, toInactive: 0 }),
      other.id,
    );
    const last = await run(
      '2026-11-27T13:00:00Z',
      'succeeded',
      countsDetails({ active: 7, inactive: 2, early: 1, toActive: 0, toInactive: 1 }),
    );

    const response = await t.as(inventoryUser).get(`/api/inventory-sources/${source.id}/history?days=5`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      sourceId: source.id,
      sourceName: source.sourceName,
      timeZone: 'America/New_York',
      from: '2026-11-23',
      to: '2026-11-27',
      runs: [
        {
          runId: first.id,
          startedAt: '2026-11-23T14:00:00.000Z',
          date: '2026-11-23',
          status: 'succeeded',
          active: 8,
          inactive: 1,
          turnedActive: 0,
          turnedInactive: 1,
          inactiveEarly: 0,
          held: false,
        },
        {
          runId: held.id,
          startedAt: '2026-11-25T16:00:00.000Z',
          date: '2026-11-25',
          status: 'held',
          active: 2,
          inactive: 7,
          turnedActive: 0,
          turnedInactive: 6,
          inactiveEarly: 0,
          held: true,
        },
        {
          runId: last.id,
          startedAt: '2026-11-27T13:00:00.000Z',
          date: '2026-11-27',
          status: 'succeeded',
          active: 7,
          inactive: 2,
          turnedActive: 0,
          turnedInactive: 1,
          inactiveEarly: 1,
          held: false,
        },
      ],
      daysWithoutFile: ['2026-11-26'],
    });
    const ninety = (await t.as(inventoryUser).get(`/api/inventory-sources/${source.id}/history`)).json();
    expect([ninety.from, ninety.to]).toEqual(['2026-08-30', '2026-11-27']);
    expect(ninety.runs).toHaveLength(4);
  });

  it('for inventory users only, with a session, valid days and a live source', async () => {
    const source = await createInventorySource(t);
    const url = `/api/inventory-sources/${source.id}/history`;
    const orderUser = (await t.signIn({ orderUser: true })).session;
    expect((await t.as(orderUser).get(url)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const days of ['0', '366', 'x']) {
      const response = await t.as(inventoryUser).get(`${url}?days=${days}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^Invalid request: days: /);
    }
    expect((await t.as(inventoryUser).get('/api/inventory-sources/999999/history')).statusCode).toBe(404);
    expect((await t.as(inventoryUser).get('/api/inventory-sources/abc/history')).statusCode).toBe(400);
  });
});

describe('GET /api/inventory-sources/:id/items/:itemNumber/history', () => {
  const at = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * 86_400_000).toISOString();
  const history = async (sourceId: number, item: string, query = '') => {
    const response = await t
      .as(inventoryUser)
      .get(`/api/inventory-sources/${sourceId}/items/${encodeURIComponent(item)}/history${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('side by side with the run: the same prediction, reason and status for every activated item', async () => {
    const source = await createInventorySource(t, PREDICTIVE_SOURCE);
    await seedHistory(t, source.id, NOW, PREDICTIVE_HISTORY);
    const outcome = await processFile(
      t,
      source.id,
      { fileName: 'supplier-stock.csv', content: fixture('supplier-stock.csv') },
      { now: NOW },
    );
    expect(outcome.status).toBe('succeeded');
    const table = parseTable(outcome.output!.content, { fileName: outcome.output!.fileName });
    const decidedByRun = Object.fromEntries(table.rows.slice(3).map((row) => [String(row[0]), row[1]]));
    const modifications = new Map(
      outcome.report.processingSummary.modifications.map((modification) => [
        modification.itemNumber,
        modification,
      ]),
    );

    for (const item of ACTIVATED.split(/[\s,]+/)) {
      const body = await history(source.id, item);
      expect(body.run.id).toBe(outcome.runId);
      expect(body.run.decided).toBe(decidedByRun[item]);
      const modification = modifications.get(item);
      if (modification) {
        expect(body.prediction.belowThreshold).toBe(true);
        expect(Math.round(body.prediction.predicted * 100) / 100).toBe(modification.newQuantity);
        expect(body.prediction.reason).toBe(modification.reason);
      } else {
        expect(body.prediction?.belowThreshold ?? false).toBe(false);
      }
    }

    // By hand: C-300 fell 12 → 9.5 → 7 over two days, 2.5/day; 7 − 2.5 × 1 × 1.5 − 3 = 0.25, below 5.
    const c300 = await history(source.id, 'c-300 ');
    expect(c300).toMatchObject({
      itemNumber: 'C-300',
      run: { id: outcome.runId, status: 'succeeded', decided: 'Inactive' },
      window: { from: at(30), to: NOW.toISOString(), lookbackDays: 30 },
      snapshots: [
        { at: at(2), quantity: 12, counted: true },
        { at: at(1), quantity: 9.5, counted: true },
        { runId: outcome.runId, at: NOW.toISOString(), quantity: 7, counted: true },
      ],
      threshold: { minItemsToBeActive: 5, text: 'at least 5' },
      settings: PREDICTIVE_SETTINGS,
      prediction: {
        quantity: 7,
        points: 3,
        baseRate: 2.5,
        largeDrop: false,
        rate: 2.5,
        horizonDays: 1,
        predicted: 0.25,
        belowThreshold: true,
      },
      noPredictionReason: null,
      current: { status: 'Inactive', since: expect.any(String) },
      statusChanges: [
        {
          runId: outcome.runId,
          from: null,
          to: 'Inactive',
          reason: `Inactive early by prediction. ${modifications.get('C-300')!.reason}`,
        },
      ],
    });
    // 004567: a drop of 3,700 > 1,000 doubles the rate: (3,700 + 66) / 2 days × 2.
    expect((await history(source.id, '004567')).prediction).toMatchObject({
      baseRate: 1883,
      largeDrop: true,
      rate: 3766,
      predicted: 1234 - 3766 * 1.5 - 3,
    });
    // 000123: 25 − 2.5 × 1.5 − 3 = 18.25, stays Active; the change from nothing says why.
    const a123 = await history(source.id, '000123');
    expect(a123.itemNumber).toBe('000123');
    expect(a123.prediction).toMatchObject({ predicted: 18.25, belowThreshold: false, reason: null });
    expect(a123.statusChanges).toMatchObject([
      { from: null, to: 'Active', reason: 'Quantity 25, at least 5.' },
    ]);
    expect((await history(source.id, 'D-400')).noPredictionReason).toBe(
      '2 snapshots in the last 30 days; the algorithm needs 3: no prediction.',
    );
    expect((await history(source.id, '89012')).noPredictionReason).toBe(
      'The quantity 0 is not at least 5: Inactive without a prediction.',
    );
    const missing = await history(source.id, 'Z-999');
    expect(missing.noPredictionReason).toBe(
      'The item was not in this run’s supplier file: it was Inactive as missing.',
    );
    expect(missing.statusChanges).toMatchObject([
      { to: 'Inactive', reason: 'Not in the supplier file: Inactive as missing.' },
    ]);
  });

  it('a held run’s snapshot is shown but not counted by a later run, which explains itself from what it recorded', async () => {
    const source = await createInventorySource(t, {
      ...PREDICTIVE_SOURCE,
      userActivatedItemNumbers: 'C-300, D-400',
    });
    await seedHistory(t, source.id, NOW, [
      { daysAgo: 3, quantities: { 'C-300': 20, 'D-400': 20 } },
      { daysAgo: 2, quantities: { 'C-300': 18, 'D-400': 20 } },
    ]);
    const file = (quantities: Record<string, number>) => ({
      fileName: 'stock.csv',
      content: stockFile(quantities),
    });
    const first = await processFile(t, source.id, file({ 'C-300': 16, 'D-400': 20 }), {
      now: new Date(NOW.getTime() - 86_400_000),
    });
    expect(first.status).toBe('succeeded');
    // The run's start on the test's clock, like the seeded ones: the horizon is their median interval.
    await t.db.db
      .update(schema.runs)
      .set({ startedAt: new Date(NOW.getTime() - 86_400_000) })
      .where(eq(schema.runs.id, first.runId));
    // Both sold out: 100% of the Active items would turn Inactive, over the 50% guard.
    const held = await processFile(t, source.id, file({ 'C-300': 0, 'D-400': 0 }), {
      now: new Date(NOW.getTime() - 43_200_000),
    });
    expect(held.status).toBe('held');
    expect((await history(source.id, 'C-300')).run).toMatchObject({
      id: held.runId,
      status: 'held',
      decided: 'Inactive',
    });

    const last = await processFile(t, source.id, file({ 'C-300': 14, 'D-400': 20 }), { now: NOW });
    expect(last.status).toBe('succeeded');
    const details = (await runOf(t, last.runId)).details;
    expect(details.predictive).toMatchObject({ excludeRunIds: [held.runId], earlierRuns: 3 });

    const body = await history(source.id, 'C-300');
    expect(
      body.snapshots.map((snapshot: { quantity: number; counted: boolean }) => [
        snapshot.quantity,
        snapshot.counted,
      ]),
    ).toEqual([
      [20, true],
      [18, true],
      [16, true],
      [0, false],
      [14, true],
    ]);
    // 20 → 18 → 16 → 14 over 3 days: 2/day; the horizon is the median interval of 1 day.
    expect(body.prediction).toMatchObject({
      points: 4,
      baseRate: 2,
      horizonDays: 1,
      predicted: 14 - 2 * 1.5 - 3,
      belowThreshold: false,
    });
    expect(body.run.decided).toBe('Active');
    // The first run is still explained as it ran, even with later runs in the table.
    const earlier = await history(source.id, 'C-300', `?runId=${first.runId}`);
    expect(earlier.prediction).toMatchObject({ points: 3, quantity: 16, baseRate: 2 });
    expect(earlier.snapshots).toHaveLength(3);
  });

  it('for inventory users only; unknown sources and runs are 404, bad ids 400', async () => {
    const source = await createInventorySource(t);
    const url = `/api/inventory-sources/${source.id}/items/C-300/history`;
    const orderUser = (await t.signIn({ orderUser: true })).session;
    expect((await t.as(orderUser).get(url)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const none = await history(source.id, 'C-300');
    expect(none).toMatchObject({ run: null, snapshots: [], prediction: null, statusChanges: [] });
    expect((await t.as(inventoryUser).get(`${url}?runId=0`)).statusCode).toBe(400);
    expect((await t.as(inventoryUser).get(`${url}?runId=99999999`)).statusCode).toBe(404);
    expect(
      (await t.as(inventoryUser).get('/api/inventory-sources/999999/items/C-300/history')).statusCode,
    ).toBe(404);
    expect(
      (await t.as(inventoryUser).get(`/api/inventory-sources/${source.id}/items/%20/history`)).statusCode,
    ).toBe(400);
  });
});
