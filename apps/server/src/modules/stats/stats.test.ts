import { schema } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

describe('GET /api/order-tracking/list/update-stats', () => {
  it('is empty with no runs, and sums order tracking runs of the past 24 hours per source, renamed or not', async () => {
    const { session } = await t.signIn();
    const empty = await t.as(session).get('/api/order-tracking/list/update-stats');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);

    const run = { trigger: 'mail', status: 'succeeded', sourceType: 'order-tracking' };
    await t.db.db.insert(schema.runs).values([
      {
        ...run,
        sourceId: 1,
        sourceName: 'Acme Shipping',
        finishedAt: hoursAgo(1),
        ordersUpdated: 10,
        ordersDeleted: 1,
      },
      // The same source under its name before a rename: one line, under the newest name.
      {
        ...run,
        sourceId: 1,
        sourceName: 'Acme Old Name',
        finishedAt: hoursAgo(23),
        ordersUpdated: 5,
        ordersDeleted: 0,
      },
      {
        ...run,
        sourceId: 1,
        sourceName: 'Acme Shipping',
        finishedAt: hoursAgo(25),
        ordersUpdated: 100,
        ordersDeleted: 100,
      },
      {
        ...run,
        sourceId: 2,
        sourceName: 'Bolt Freight',
        finishedAt: hoursAgo(2),
        ordersUpdated: 3,
        ordersDeleted: 2,
      },
      {
        ...run,
        sourceType: 'inventory',
        sourceId: 3,
        sourceName: 'Stock feed',
        finishedAt: hoursAgo(1),
        ordersUpdated: 7,
      },
      { ...run, sourceId: 4, sourceName: 'Still running', ordersUpdated: 9 },
    ]);
    const response = await t.as(session).get('/api/order-tracking/list/update-stats');
    expect(response.json()).toEqual([
      { orderTrackingSourceName: 'Acme Shipping', ordersUpdated: 15, ordersDeleted: 1 },
      { orderTrackingSourceName: 'Bolt Freight', ordersUpdated: 3, ordersDeleted: 2 },
    ]);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/order-tracking/list/update-stats' });
    expect(response.statusCode).toBe(401);
  });
});
