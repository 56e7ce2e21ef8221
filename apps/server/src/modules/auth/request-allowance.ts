import type { DbOrTx } from '@app/db';
import { countUseWithinLimit, findCounter, uncountUse } from './login-throttle-repository';

/** At most `limit` uses per window (the window starts at the first use and runs `windowSeconds`). */
export interface Allowance {
  limit: number;
  windowSeconds: number;
}

export type TakeResult = { taken: true } | { taken: false; retryAfterMs: number };

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
  const taken = await countUseWithinLimit(db, key, allowance.limit, allowance.windowSeconds, now);
  if (taken) return { taken: true };
  const row = await findCounter(db, key);
  const endsAt = (row?.windowStartedAt.getTime() ?? now.getTime()) + allowance.windowSeconds * 1000;
  return { taken: false, retryAfterMs: Math.max(1000, endsAt - now.getTime()) };
}

/** Returns a use that was taken for work that then failed (an e-mail that could not be sent). */
export async function giveBackAllowance(db: DbOrTx, key: string) {
  await uncountUse(db, key);
}
