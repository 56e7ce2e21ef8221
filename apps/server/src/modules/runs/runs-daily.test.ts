import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertInventorySource, insertRun } from '../../../test/factories';
import { createTestApp, NEW_YORK_DAYS, NEW_YORK_NOW, type TestApp } from '../../../test/helper';

const NOW = NEW_YORK_NOW;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(NEW_YORK_DAYS);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/runs/daily', () => {
  it('counts outcomes and durations per New York day; a day without runs is zeros', async () => {
    const source = await insertInventorySource(t.db.db);
    const run = (startedAt: string, ms: number | null, status = 'succeeded') =>
      insertRun(t.db.db, {
        sourceType: 'inventory',
        sourceId: source.id,
        status,
        startedAt: new Date(startedAt),
        finishedAt: ms === null ? null : new Date(Date.parse(startedAt) + ms),
      });
    await run('2026-11-26T16:00:00Z', 2_000, 'held');
    await run('2026-11-27T04:30:00Z', 4_000, 'discarded'); // the 26th in New York
    await run('2026-11-27T13:00:00Z', 1_000);
    await run('2026-11-27T13:10:00Z', 3_000);
    await run('2026-11-27T13:20:00Z', 500, 'failed');
    await run('2026-11-27T14:00:00Z', 100);
    await run('2026-11-27T14:59:00Z', null, 'running');
    await insertRun(t.db.db, { sourceType: 'order-tracking', sourceId: source.id, startedAt: NOW });

    const { session } = await t.signIn({ inventoryUser: true });
    const response = await t
      .as(session)
      .get(`/api/runs/daily?sourceType=inventory&sourceId=${source.id}&days=3`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      timeZone: 'America/New_York',
      days: [
        { date: '2026-11-25', succeeded: 0, failed: 0, held: 0, maxDurationMs: null, medianDurationMs: null },
        {
          date: '2026-11-26',
          succeeded: 0,
          failed: 0,
          held: 2,
          maxDurationMs: 4_000,
          medianDurationMs: 3_000,
        },
        // Median of 100, 500, 1,000, 3,000 (the running one has no duration yet).
        { date: '2026-11-27', succeeded: 3, failed: 1, held: 0, maxDurationMs: 3_000, medianDurationMs: 750 },
      ],
    });
  });

  it('follows the run history’s access: the source type’s flag, a session, valid input', async () => {
    const source = await insertInventorySource(t.db.db);
    const url = `/api/runs/daily?sourceType=inventory&sourceId=${source.id}`;
    const orderUser = (await t.signIn({ orderUser: true })).session;
    expect((await t.as(orderUser).get(url)).statusCode).toBe(403);
    const noFlag = (await t.signIn({ orderUser: false })).session;
    expect((await t.as(noFlag).get(url)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const inventoryUser = (await t.signIn({ inventoryUser: true })).session;
    expect((await t.as(inventoryUser).get(url)).json().days).toHaveLength(30);
    for (const bad of [
      'sourceType=nope&sourceId=1',
      `sourceType=inventory&sourceId=${source.id}&days=0`,
      'sourceType=inventory',
    ]) {
      const response = await t.as(inventoryUser).get(`/api/runs/daily?${bad}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^Invalid request: /);
    }
  });
});
