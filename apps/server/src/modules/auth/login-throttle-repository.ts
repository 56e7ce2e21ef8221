/**
 * The login_throttle counters (keyed rows: a failure count, the window's start, a wait) and the addresses
 * each account signed in from. The login backoff (login-throttle.ts) and the request allowances
 * (request-allowance.ts) keep their counters here; the rules are theirs.
 */
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';

const { loginThrottle, loginKnownAddresses } = schema;

export type ThrottleCounterRow = typeof loginThrottle.$inferSelect;

/** Creates the counters that do not exist yet, empty, with their window starting `now`. */
export async function insertMissingCounters(db: DbOrTx, keys: string[], now: Date): Promise<void> {
  await db
    .insert(loginThrottle)
    .values(keys.map((key) => ({ key, failures: 0, windowStartedAt: now })))
    .onConflictDoNothing();
}

/** The counters, locked for update until the transaction ends, in key order (one lock order for all). */
export async function lockCounters(db: DbOrTx, keys: string[]): Promise<ThrottleCounterRow[]> {
  return db
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, keys))
    .orderBy(loginThrottle.key)
    .for('update');
}

export async function findCounter(db: DbOrTx, key: string): Promise<ThrottleCounterRow | undefined> {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
  return row;
}

export async function saveCounter(
  db: DbOrTx,
  key: string,
  values: { failures: number; windowStartedAt: Date; lockedUntil: Date | null },
): Promise<void> {
  await db.update(loginThrottle).set(values).where(eq(loginThrottle.key, key));
}

export async function deleteCounter(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** Takes one failure back from a counter, and lifts its wait when it falls to `free` failures or fewer. */
export async function takeBackFailure(db: DbOrTx, key: string, free: number): Promise<void> {
  await db.execute(sql`
      update login_throttle set
        failures = greatest(failures - 1, 0),
        locked_until = case when failures - 1 < ${free} then null else locked_until end
      where key = ${key}`);
}

/**
 * Counts one use on the counter `key` in one statement (correct across instances): a window that started
 * `windowSeconds` or more before `now` starts again at `now`. False when the window already holds `limit`
 * uses (nothing is counted then).
 */
export async function countUseWithinLimit(
  db: DbOrTx,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const windowStartedBefore = sql`${new Date(now.getTime() - windowSeconds * 1000).toISOString()}::timestamptz`;
  const taken = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.windowStartedAt} <= ${windowStartedBefore} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} <= ${windowStartedBefore} then ${at} else ${loginThrottle.windowStartedAt} end`,
      },
      setWhere: sql`${loginThrottle.windowStartedAt} <= ${windowStartedBefore} or ${loginThrottle.failures} < ${limit}`,
    })
    .returning({ key: loginThrottle.key });
  return taken.length > 0;
}

/** Takes one use back from the counter `key` (never below zero). */
export async function uncountUse(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(eq(loginThrottle.key, key));
}

/** Deletes counters whose window started before `windowStartedBefore` and that are not waiting at `now`. */
export async function deleteIdleCounters(db: DbOrTx, windowStartedBefore: Date, now: Date): Promise<number> {
  const deleted = await db
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.windowStartedAt, windowStartedBefore),
        or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, now)),
      ),
    )
    .returning({ key: loginThrottle.key });
  return deleted.length;
}

/** Whether the user signed in successfully from `address` after `since`. */
export async function hasSignedInFromSince(
  db: DbOrTx,
  userId: number,
  address: string,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: loginKnownAddresses.userId })
    .from(loginKnownAddresses)
    .where(
      and(
        eq(loginKnownAddresses.userId, userId),
        eq(loginKnownAddresses.address, address),
        gt(loginKnownAddresses.lastSuccessAt, since),
      ),
    );
  return row !== undefined;
}

export async function upsertKnownAddress(
  db: DbOrTx,
  userId: number,
  address: string,
  at: Date,
): Promise<void> {
  await db
    .insert(loginKnownAddresses)
    .values({ userId, address, lastSuccessAt: at })
    .onConflictDoUpdate({
      target: [loginKnownAddresses.userId, loginKnownAddresses.address],
      set: { lastSuccessAt: at },
    });
}

/** Deletes the addresses last signed in from before `before`; returns how many. */
export async function deleteKnownAddressesBefore(db: DbOrTx, before: Date): Promise<number> {
  const deleted = await db
    .delete(loginKnownAddresses)
    .where(lt(loginKnownAddresses.lastSuccessAt, before))
    .returning({ userId: loginKnownAddresses.userId });
  return deleted.length;
}
