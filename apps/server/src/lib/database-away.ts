/**
 * Riding out a database that went away (restarted, failing over, cut off) for a write that must not be
 * lost because it records something that already happened outside, such as an e-mail the relay accepted
 * (docs/behaviour/order-submission.md#sending-exactly-once). Only errors of the connection are retried:
 * a statement the database refused fails at once.
 */
import { errorMessage } from './error-message';

/** Client and server codes that mean the connection, not the statement, failed. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, and the connection_exception class.
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const CONNECTION_MESSAGE =
  /connection terminated|connection timeout|timeout exceeded when trying to connect|query read timeout|Connection ended|the database system is (starting up|shutting down)/i;

export function isDatabaseAway(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 5; depth += 1) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (CONNECTION_MESSAGE.test(errorMessage(cause))) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** About a minute in all: longer than a restart for an upgrade, shorter than the jobs' leases. */
export const DATABASE_AWAY_RETRY_MS = [500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000];

/** Runs `work`, again after each delay while the database is away; the last failure is thrown. */
export async function whileDatabaseAway<T>(
  work: () => Promise<T>,
  delays: readonly number[] = DATABASE_AWAY_RETRY_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || !isDatabaseAway(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
