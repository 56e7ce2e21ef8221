/**
 * The hourly housekeeping (jobs/housekeeping.ts): inventory quantity snapshots older than the predictive
 * algorithm can look back (366 days) go, newer ones stay; tokens that can no longer be used and stale login
 * throttle rows go, live ones stay. Run-file retention is covered in modules/runs/runs.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { schema } from '@app/db';
import { createTestDatabase, DB_KIND } from '@app/db/testing';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRun } from '../../test/factories';
import { DAY_MS } from '../modules/inventory-processing/predictive';
import { insertSnapshots, snapshotSummaries } from '../modules/inventory-processing/repository';
import { runHousekeeping } from './housekeeping';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
/** The housekeeping's clock: every age below is counted back from it. */
const NOW = new Date('2025-06-15T12:00:00.000Z');
const MINUTE_MS = 60_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

let runCounter = 0;

/** A finished run started at `startedAt` with one snapshot per item, captured at the run's start. */
async function seedRun(
  sourceType: string,
  sourceId: number,
  startedAt: Date,
  quantities: Record<string, number> = { 'A-1': 10, 'B-2': 4 },
) {
  runCounter += 1;
  const db = database.db;
  const run = await insertRun(db, {
    sourceType,
    sourceId,
    sourceName: `Seeded ${runCounter}`,
    trigger: 'mail',
    status: 'succeeded',
    startedAt,
    finishedAt: startedAt,
  });
  await insertSnapshots(
    db,
    sourceId,
    run!.id,
    startedAt,
    Object.entries(quantities).map(([itemNumber, quantity]) => ({ itemNumber, quantity })),
  );
  return run!.id;
}

async function snapshotRunIds(runIds: number[]): Promise<number[]> {
  const rows = await database.db
    .selectDistinct({ runId: schema.inventoryItemSnapshots.runId })
    .from(schema.inventoryItemSnapshots)
    .where(inArray(schema.inventoryItemSnapshots.runId, runIds))
    .orderBy(asc(schema.inventoryItemSnapshots.runId));
  return rows.map((row) => row.runId);
}

describe(`housekeeping (${DB_KIND})`, () => {
  it('deletes the snapshots of inventory runs older than 366 days and keeps the newer ones and the runs', async () => {
    const sourceId = 9101;
    const otherSourceId = 9102;
    const twoYears = await seedRun('inventory', sourceId, ago(730 * DAY_MS));
    const justPast = await seedRun('inventory', sourceId, ago(366 * DAY_MS + MINUTE_MS), {
      'A-1': 12,
      'B-2': 5,
      'C-3': 1,
    });
    const otherSourceOld = await seedRun('inventory', otherSourceId, ago(400 * DAY_MS));
    // The predictive algorithm may look back 365 days: these must survive.
    const justInside = await seedRun('inventory', sourceId, ago(366 * DAY_MS - MINUTE_MS));
    const yearAgo = await seedRun('inventory', sourceId, ago(365 * DAY_MS));
    const lastWeek = await seedRun('inventory', sourceId, ago(7 * DAY_MS));
    const today = await seedRun('inventory', otherSourceId, ago(MINUTE_MS));
    const all = [twoYears, justPast, otherSourceOld, justInside, yearAgo, lastWeek, today];
    expect(await snapshotRunIds(all)).toEqual([...all].sort((a, b) => a - b));

    const removed = await runHousekeeping(database.db, NOW);
    // 2 + 3 + 2 snapshot rows of the three old runs.
    expect(removed.inventorySnapshots).toBe(7);
    expect(await snapshotRunIds(all)).toEqual([justInside, yearAgo, lastWeek, today]);
    // The runs themselves stay in the history; only their snapshots go.
    const runs = await database.db.select().from(schema.runs).where(inArray(schema.runs.id, all));
    expect(runs).toHaveLength(all.length);

    // The algorithm's look-back (at most 365 days) still finds every snapshot it may read, and more.
    const summaries = await snapshotSummaries(database.db, {
      sourceId,
      from: ago(366 * DAY_MS),
      to: NOW,
      itemNumbers: ['A-1', 'B-2', 'C-3'],
      minPoints: 1,
    });
    expect(Object.fromEntries([...summaries].map(([item, summary]) => [item, summary.points]))).toEqual({
      'A-1': 3,
      'B-2': 3,
    });

    // A second pass finds nothing more to delete.
    expect((await runHousekeeping(database.db, NOW)).inventorySnapshots).toBe(0);
    expect(await snapshotRunIds(all)).toEqual([justInside, yearAgo, lastWeek, today]);
  });

  it('only prunes snapshots: an old run of another source type sharing no snapshots is left alone', async () => {
    const sourceId = 9201;
    const oldTracking = await insertRun(database.db, {
      sourceType: 'order-tracking',
      sourceId,
      sourceName: 'Old tracking',
      trigger: 'mail',
      status: 'succeeded',
      startedAt: ago(500 * DAY_MS),
      finishedAt: ago(500 * DAY_MS),
    });
    const recent = await seedRun('inventory', sourceId, ago(DAY_MS));
    const removed = await runHousekeeping(database.db, NOW);
    expect(removed.inventorySnapshots).toBe(0);
    expect(await snapshotRunIds([recent])).toEqual([recent]);
    const [kept] = await database.db.select().from(schema.runs).where(eq(schema.runs.id, oldTracking.id));
    expect(kept).toBeDefined();
  });

  it('removes refresh tokens past expiry or revoked over a day ago, used or expired reset links, and stale throttle rows', async () => {
    const db = database.db;
    const [user] = await db
      .insert(schema.users)
      .values({ username: 'housekeeping-user', email: 'hk@example.com', activeStatus: true })
      .returning();
    const refresh = async (tokenHash: string, values: { expiresAt: Date; revokedAt?: Date }) => {
      await db.insert(schema.refreshTokens).values({
        userId: user!.id,
        familyId: randomUUID(),
        tokenHash,
        ...values,
      });
    };
    const later = new Date(NOW.getTime() + 30 * DAY_MS);
    await refresh('expired', { expiresAt: ago(MINUTE_MS) });
    await refresh('revoked-two-days-ago', { expiresAt: later, revokedAt: ago(2 * DAY_MS) });
    // Kept: a revoked token is still needed for a while to recognise its reuse (theft detection).
    await refresh('revoked-an-hour-ago', { expiresAt: later, revokedAt: ago(60 * MINUTE_MS) });
    await refresh('live', { expiresAt: later });

    const reset = async (tokenHash: string, values: { expiresAt: Date; usedAt?: Date }) => {
      await db.insert(schema.passwordResetTokens).values({ userId: user!.id, tokenHash, ...values });
    };
    await reset('reset-expired', { expiresAt: ago(MINUTE_MS) });
    await reset('reset-used', {
      expiresAt: new Date(NOW.getTime() + 30 * MINUTE_MS),
      usedAt: ago(MINUTE_MS),
    });
    await reset('reset-live', { expiresAt: new Date(NOW.getTime() + 30 * MINUTE_MS) });

    await db.insert(schema.loginThrottle).values([
      { key: 'account:stale', failures: 3, windowStartedAt: ago(2 * DAY_MS) },
      { key: 'account:lock-over', failures: 5, windowStartedAt: ago(2 * DAY_MS), lockedUntil: ago(DAY_MS) },
      // Kept: still locked out, or counting within the current window.
      {
        key: 'account:still-locked',
        failures: 5,
        windowStartedAt: ago(2 * DAY_MS),
        lockedUntil: new Date(NOW.getTime() + 10 * MINUTE_MS),
      },
      { key: 'address:recent', failures: 2, windowStartedAt: ago(10 * MINUTE_MS) },
    ]);

    await db.insert(schema.loginKnownAddresses).values([
      { userId: user!.id, address: '198.51.100.7', lastSuccessAt: ago(91 * DAY_MS) },
      { userId: user!.id, address: '198.51.100.8', lastSuccessAt: ago(89 * DAY_MS) },
    ]);

    const removed = await runHousekeeping(db, NOW);
    expect(removed).toMatchObject({ refreshTokens: 2, resetTokens: 2, throttleRows: 2, knownAddresses: 1 });

    const refreshLeft = await db
      .select({ tokenHash: schema.refreshTokens.tokenHash })
      .from(schema.refreshTokens);
    expect(refreshLeft.map((row) => row.tokenHash).sort()).toEqual(['live', 'revoked-an-hour-ago']);
    const resetsLeft = await db
      .select({ tokenHash: schema.passwordResetTokens.tokenHash })
      .from(schema.passwordResetTokens);
    expect(resetsLeft.map((row) => row.tokenHash)).toEqual(['reset-live']);
    const throttleLeft = await db.select({ key: schema.loginThrottle.key }).from(schema.loginThrottle);
    expect(throttleLeft.map((row) => row.key).sort()).toEqual(['account:still-locked', 'address:recent']);
    const knownLeft = await db
      .select({ address: schema.loginKnownAddresses.address })
      .from(schema.loginKnownAddresses);
    expect(knownLeft.map((row) => row.address)).toEqual(['198.51.100.8']);

    // Nothing left to do on a second pass.
    expect(await runHousekeeping(db, NOW)).toMatchObject({
      refreshTokens: 0,
      resetTokens: 0,
      throttleRows: 0,
      knownAddresses: 0,
    });
  });
});
