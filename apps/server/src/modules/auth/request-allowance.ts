import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';

/** At most `limit` uses per window (the window starts at the first use and runs `windowSeconds`). */
export interface Allowance {
  limit: number;
  windowSeconds: number;
}

export type TakeResult = { taken: true } | { taken: false; retryAfterMs: number };

const { loginThrottle } = schema;

/**
 * Takes one use of the allowance named `key` in one statement (correct across instances), or takes nothing
 * when the window's uses are spent. Kept in the table of the login counters.
 */
export async function takeAllowance(
  db: DbOrTx,
  key: string,
  allowance: Allowance,
  now: Date,
): Promise<TakeResult> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const windowStartedBefore = sql`${new Date(now.getTime() - allowance.windowSeconds * 1000).toISOString()}::timestamptz`;
  const taken = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.windowStartedAt} <= ${windowStartedBefore} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} <= ${windowStartedBefore} then ${at} else ${loginThrottle.windowStartedAt} end`,
      },
      setWhere: sql`${loginThrottle.windowStartedAt} <= ${windowStartedBefore} or ${loginThrottle.failures} < ${allowance.limit}`,
    })
    .returning({ key: loginThrottle.key });
  if (taken.length > 0) return { taken: true };
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
  const endsAt = (row?.windowStartedAt.getTime() ?? now.getTime()) + allowance.windowSeconds * 1000;
  return { taken: false, retryAfterMs: Math.max(1000, endsAt - now.getTime()) };
}

/** Returns a use that was taken for work that then failed (an e-mail that could not be sent). */
export async function giveBackAllowance(db: DbOrTx, key: string) {
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(eq(loginThrottle.key, key));
}
