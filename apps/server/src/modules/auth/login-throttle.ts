import type { AppDb } from '@app/db';
import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';

const WINDOW_MINUTES = 15;
const LOCK_MINUTES = 15;
/** Failures allowed per account, and per client address (which may be shared by an office), per window. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

const { loginThrottle } = schema;

export function throttleKeys(username: string, address: string) {
  return [
    { key: `user:${username.toLowerCase()}`, limit: MAX_FAILURES_PER_ACCOUNT },
    { key: `ip:${address}`, limit: MAX_FAILURES_PER_ADDRESS },
  ];
}

export async function assertNotLocked(db: AppDb, username: string, address: string) {
  for (const { key } of throttleKeys(username, address)) {
    const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
    if (row?.lockedUntil && row.lockedUntil > new Date()) {
      const minutes = Math.max(1, Math.ceil((row.lockedUntil.getTime() - Date.now()) / 60_000));
      throw AppError.tooManyRequests(
        `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }
}

export async function recordFailure(db: AppDb, username: string, address: string) {
  for (const { key, limit } of throttleKeys(username, address)) {
    // One statement so concurrent failures from several instances count correctly.
    await db.execute(sql`
      insert into login_throttle (key, failures, window_started_at)
      values (${key}, 1, now())
      on conflict (key) do update set
        failures = case when login_throttle.window_started_at < now() - make_interval(mins => ${WINDOW_MINUTES})
                        then 1 else login_throttle.failures + 1 end,
        window_started_at = case when login_throttle.window_started_at < now() - make_interval(mins => ${WINDOW_MINUTES})
                        then now() else login_throttle.window_started_at end,
        locked_until = case when (case when login_throttle.window_started_at < now() - make_interval(mins => ${WINDOW_MINUTES})
                        then 1 else login_throttle.failures + 1 end) >= ${limit}
                        then now() + make_interval(mins => ${LOCK_MINUTES}) else login_throttle.locked_until end`);
  }
}

export async function clearFailures(db: AppDb, username: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, `user:${username.toLowerCase()}`));
}
