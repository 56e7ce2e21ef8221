import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrderTrackingSource, insertRun } from '../../../test/factories';
import { createTestApp, NEW_YORK_DAYS, type TestApp } from '../../../test/helper';

const URL = '/api/stats/order-tracking/daily';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(NEW_YORK_DAYS);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/stats/order-tracking/daily', () => {
  it('sums each source’s runs per New York day; a day without a file is zeros with runs 0', async () => {
    const acme = await insertOrderTrackingSource(t.db.db, { sourceName: 'Acme Shipping' });
    const bolt = await insertOrderTrackingSource(t.db.db, { sourceName: 'Bolt Freight' });
    await insertOrderTrackingSource(t.db.db, { sourceName: 'Switched off', activeStatus: false });
    const gone = await insertOrderTrackingSource(t.db.db, { sourceName: 'Gone', deletedStatus: true });
    const run = (sourceId: number, finishedAt: string, ordersUpdated: number, ordersDeleted = 0) =>
      insertRun(t.db.db, {
        sourceId,
        sourceName: 'name at the time',
        startedAt: new Date(finishedAt),
        finishedAt: new Date(finishedAt),
        ordersUpdated,
        ordersDeleted,
      });
    await run(acme.id, '2026-11-24T12:00:00Z', 100, 100); // before the window
    await run(acme.id, '2026-11-25T12:00:00Z', 10, 1);
    await run(acme.id, '2026-11-25T20:00:00Z', 5);
    await run(acme.id, '2026-11-27T04:00:00Z', 7); // 23:00 on the 26th in New York
    await run(gone.id, '2026-11-27T14:00:00Z', 3, 2);
    await insertRun(t.db.db, { sourceId: acme.id, finishedAt: null, ordersUpdated: 50 }); // still running
    await insertRun(t.db.db, {
      sourceType: 'inventory',
      sourceId: acme.id,
      finishedAt: new Date('2026-11-27T14:00:00Z'),
      ordersUpdated: 9,
    });

    const { session } = await t.signIn();
    const response = await t.as(session).get(`${URL}?days=3`);
    expect(response.statusCode, response.body).toBe(200);
    const zero = { ordersUpdated: 0, ordersDeleted: 0, runs: 0 };
    const acmeId = { sourceId: acme.id, sourceName: 'Acme Shipping' };
    const boltId = { sourceId: bolt.id, sourceName: 'Bolt Freight' };
    // A deleted source still shows the days it sent something, under its stored name.
    const goneId = { sourceId: gone.id, sourceName: 'Gone' };
    expect(response.json()).toEqual({
      timeZone: 'America/New_York',
      days: [
        {
          date: '2026-11-25',
          sources: [
            { ...acmeId, ordersUpdated: 15, ordersDeleted: 1, runs: 2 },
            { ...boltId, ...zero },
            { ...goneId, ...zero },
          ],
        },
        {
          date: '2026-11-26',
          sources: [
            { ...acmeId, ordersUpdated: 7, ordersDeleted: 0, runs: 1 },
            { ...boltId, ...zero },
            { ...goneId, ...zero },
          ],
        },
        {
          date: '2026-11-27',
          sources: [
            { ...acmeId, ...zero },
            { ...boltId, ...zero },
            { ...goneId, ordersUpdated: 3, ordersDeleted: 2, runs: 1 },
          ],
        },
      ],
    });

    const fourteen = await t.as(session).get(URL);
    expect(fourteen.json().days.map((day: { date: string }) => day.date)).toHaveLength(14);
    expect(fourteen.json().days[0].date).toBe('2026-11-14');
  });

  it('refuses bad input with the field named, and needs a session', async () => {
    const { session } = await t.signIn();
    for (const days of ['0', '91', 'abc', '1.5']) {
      const response = await t.as(session).get(`${URL}?days=${days}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^Invalid request: days: /);
    }
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});
