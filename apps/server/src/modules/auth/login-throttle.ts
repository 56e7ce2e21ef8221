/**
 * Login backoff (docs/decisions/0004-login-throttle.md). Three counters, kept in the database so every
 * instance sees the same state:
 *
 * - account at address: one account from one address (the owner's typos, a guesser at one address);
 * - account: one account from every address it has not signed in from (guessing spread over many addresses);
 * - address: one address against every account (password spraying; an office may share the address).
 *
 * Past its free failures a counter makes logins wait, twice as long after each further failure, up to a cap.
 * While a counter waits, its logins are refused before the password is checked. An address the account
 * has signed in from before answers only to its own account-at-address counter, so a stranger failing
 * elsewhere cannot keep the owner out.
 *
 * An attempt is counted as a failure before its password is checked and given back when it succeeds: a
 * burst of parallel guesses cannot all slip through before the first failure is written.
 */
import type { DbOrTx } from '@app/db';
import { AppError } from '../../lib/app-error';
import {
  deleteCounter,
  hasSignedInFromSince,
  insertMissingCounters,
  lockCounters,
  saveCounter,
  takeBackFailure,
  upsertKnownAddress,
} from './login-throttle-repository';

export interface BackoffRule {
  /** Failures allowed within the window before any wait. */
  free: number;
  /** The wait after the first failure past `free`; it doubles with each further failure. */
  firstWaitSeconds: number;
  maxWaitSeconds: number;
  /** The count starts again this long after its first failure. */
  windowSeconds: number;
}

const HOUR = 3600;

export const LOGIN_BACKOFF = {
  accountAtAddress: { free: 5, firstWaitSeconds: 30, maxWaitSeconds: 15 * 60, windowSeconds: 24 * HOUR },
  account: { free: 10, firstWaitSeconds: 60, maxWaitSeconds: HOUR, windowSeconds: 24 * HOUR },
  address: { free: 30, firstWaitSeconds: 60, maxWaitSeconds: HOUR, windowSeconds: HOUR },
} satisfies Record<string, BackoffRule>;

/** A successful login keeps its address known to the account for this long. */
export const KNOWN_ADDRESS_DAYS = 90;

/** Seconds a counter waits after its `failures`-th failure. */
export function backoffSeconds(rule: BackoffRule, failures: number): number {
  if (failures < rule.free) return 0;
  // The exponent is bounded so that the power stays a finite number whatever the count.
  return Math.min(rule.maxWaitSeconds, rule.firstWaitSeconds * 2 ** Math.min(failures - rule.free, 30));
}

export interface LoginAttempt {
  username: string;
  /** As throttleAddress() gives it. */
  address: string;
  /** The account has signed in from this address within KNOWN_ADDRESS_DAYS. */
  knownAddress: boolean;
}

interface Counter {
  key: string;
  rule: BackoffRule;
}

/** An attempt counted in advance; give it back with releaseLoginAttempt when the password was right. */
export interface ClaimedAttempt {
  counters: Counter[];
}

function countersFor(attempt: LoginAttempt): Counter[] {
  const account = attempt.username.toLowerCase();
  const counters: Counter[] = [
    { key: `login:account-at-address:${account}|${attempt.address}`, rule: LOGIN_BACKOFF.accountAtAddress },
  ];
  if (!attempt.knownAddress) {
    counters.push(
      { key: `login:account:${account}`, rule: LOGIN_BACKOFF.account },
      { key: `login:address:${attempt.address}`, rule: LOGIN_BACKOFF.address },
    );
  }
  // One lock order for every transaction that touches several counters.
  return counters.sort((a, b) => a.key.localeCompare(b.key));
}

export function tooManyLoginAttempts(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return AppError.tooManyRequests(`Too many failed login attempts. Please try again in ${wait}.`, seconds);
}

/**
 * Counts the attempt as a failure on each of its counters, or refuses it (429, nothing counted) when one of
 * them is still waiting.
 */
export async function claimLoginAttempt(
  db: DbOrTx,
  now: Date,
  attempt: LoginAttempt,
): Promise<ClaimedAttempt> {
  const counters = countersFor(attempt);
  const keys = counters.map(({ key }) => key);
  const waitMs = await db.transaction(async (tx) => {
    await insertMissingCounters(tx, keys, now);
    const rows = await lockCounters(tx, keys);
    const lockedUntil = Math.max(0, ...rows.map((row) => row.lockedUntil?.getTime() ?? 0));
    if (lockedUntil > now.getTime()) return lockedUntil - now.getTime();
    for (const { key, rule } of counters) {
      const row = rows.find((candidate) => candidate.key === key);
      const windowOver = !row || row.windowStartedAt.getTime() <= now.getTime() - rule.windowSeconds * 1000;
      const failures = (windowOver ? 0 : row.failures) + 1;
      const wait = backoffSeconds(rule, failures);
      await saveCounter(tx, key, {
        failures,
        windowStartedAt: windowOver ? now : row.windowStartedAt,
        lockedUntil: wait > 0 ? new Date(now.getTime() + wait * 1000) : null,
      });
    }
    return 0;
  });
  if (waitMs > 0) throw tooManyLoginAttempts(waitMs);
  return { counters };
}

/**
 * The password was right: the account-at-address counter starts again from nothing; the account and
 * address counters take back this attempt (and lift a wait it started), keeping failures made by others.
 */
export async function releaseLoginAttempt(db: DbOrTx, claim: ClaimedAttempt) {
  for (const { key, rule } of claim.counters) {
    if (rule === LOGIN_BACKOFF.accountAtAddress) {
      await deleteCounter(db, key);
      continue;
    }
    await takeBackFailure(db, key, rule.free);
  }
}

/** Forgets the failures of one account at one address (after the owner reset the password from there). */
export async function clearAccountAtAddress(db: DbOrTx, username: string, address: string) {
  const [counter] = countersFor({ username, address, knownAddress: true });
  await deleteCounter(db, counter!.key);
}

export async function isKnownAddress(db: DbOrTx, userId: number, address: string, now: Date) {
  const since = new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000);
  return hasSignedInFromSince(db, userId, address, since);
}

export async function rememberAddress(db: DbOrTx, userId: number, address: string, now: Date) {
  await upsertKnownAddress(db, userId, address, now);
}
