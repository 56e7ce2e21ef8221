/**
 * The job queue's errors while its database is away, collapsed into one line per outage
 * (docs/behaviour/operations.md#what-the-product-survives). pg-boss reports every failed fetch, heartbeat,
 * supervision and LISTEN attempt of every queue as an 'error': a 30 s outage made 130–220 "job queue error"
 * lines per process, which buried whatever else the log said. Now:
 *
 * - the first error of the connection kind logs `job queue lost its database; retrying` (with that error);
 * - later ones of that kind are counted, not logged;
 * - it is over once the database answers again and no such error came for `quietMs`: `job queue back after
 *   N s, M errors` (N from the first error to the database answering);
 * - a fault that goes on is not hidden: every `remindMs` while it lasts, `job queue still without its database
 *   after N s, M errors` (or `… although the database answers`, when only the queue keeps failing), with the
 *   latest error;
 * - every other error (a statement refused, a bug) is logged as before, each one: `job queue error`.
 */
import { isDatabaseAway } from '../lib/database-away';
import { isDatabaseUnreachable } from '../lib/database-errors';
import { plural } from '../lib/plural';

export interface QueueErrorLogger {
  error(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface QueueErrorOptions {
  /** How long without an error of the connection kind, with the database answering, ends an outage. */
  quietMs?: number;
  /** How often an outage that goes on is logged again. */
  remindMs?: number;
}

export const QUEUE_QUIET_MS = 5_000;
export const QUEUE_REMIND_MS = 60_000;

interface Outage {
  since: number;
  errors: number;
  lastErrorAt: number;
  lastError: unknown;
  lastLoggedAt: number;
  /** When the database was first seen answering after the latest error (undefined: not yet). */
  answeringSince: number | undefined;
  answering: boolean;
}

const seconds = (ms: number) => Math.round(ms / 1000);

/** pg-boss's own word for its LISTEN connection gone silent (a cut network answers nothing, nothing closes). */
const LISTEN_HEARTBEAT = /LISTEN\/NOTIFY heartbeat timed out/;

function isConnectionError(error: unknown): boolean {
  return (
    isDatabaseAway(error) ||
    isDatabaseUnreachable(error) ||
    LISTEN_HEARTBEAT.test(String((error as { message?: unknown } | null)?.message ?? ''))
  );
}

/**
 * The state of one process's queue: fed each pg-boss error and, while an outage lasts, a regular check of
 * whether the database answers. Times are passed in, so the rules are tested without waiting.
 */
export class QueueErrorCollapser {
  private outage: Outage | undefined;
  private readonly quietMs: number;
  private readonly remindMs: number;

  constructor(
    private readonly log: QueueErrorLogger,
    options: QueueErrorOptions = {},
  ) {
    this.quietMs = options.quietMs ?? QUEUE_QUIET_MS;
    this.remindMs = options.remindMs ?? QUEUE_REMIND_MS;
  }

  /** Whether an outage is open (the caller then calls `check` regularly). */
  get away(): boolean {
    return this.outage !== undefined;
  }

  error(error: unknown, now: number): void {
    if (!isConnectionError(error)) {
      this.log.error({ err: error }, 'job queue error');
      return;
    }
    const outage = this.outage;
    if (!outage) {
      this.outage = {
        since: now,
        errors: 1,
        lastErrorAt: now,
        lastError: error,
        lastLoggedAt: now,
        answeringSince: undefined,
        answering: false,
      };
      this.log.error({ err: error }, 'job queue lost its database; retrying');
      return;
    }
    outage.errors += 1;
    outage.lastErrorAt = now;
    outage.lastError = error;
    outage.answeringSince = undefined;
    this.remindIfDue(outage, now);
  }

  /** While an outage is open: whether the database answers now. Ends the outage or reminds of it. */
  check(now: number, answering: boolean): void {
    const outage = this.outage;
    if (!outage) return;
    outage.answering = answering;
    if (!answering) outage.answeringSince = undefined;
    else outage.answeringSince ??= now;
    if (answering && now - outage.lastErrorAt >= this.quietMs) {
      this.outage = undefined;
      const back = outage.answeringSince ?? now;
      this.log.info(
        { errors: outage.errors, seconds: seconds(back - outage.since) },
        `job queue back after ${seconds(back - outage.since)} s, ${plural(outage.errors, 'error')}`,
      );
      return;
    }
    this.remindIfDue(outage, now);
  }

  private remindIfDue(outage: Outage, now: number): void {
    if (now - outage.lastLoggedAt < this.remindMs) return;
    outage.lastLoggedAt = now;
    const after = seconds(now - outage.since);
    this.log.error(
      { err: outage.lastError, errors: outage.errors, seconds: after },
      outage.answering
        ? `job queue errors go on after ${after} s although the database answers, ${plural(outage.errors, 'error')}`
        : `job queue still without its database after ${after} s, ${plural(outage.errors, 'error')}`,
    );
  }
}

/** How often an open outage checks whether the database answers. */
const CHECK_EVERY_MS = 1_000;

/**
 * Wires a collapser to a queue's 'error' events: while an outage is open, the database is probed every second
 * with `answers` (the app's `select 1`). `stop()` ends the probing (at shutdown).
 */
export function collapseQueueErrors(
  log: QueueErrorLogger,
  answers: () => Promise<boolean>,
  options: QueueErrorOptions = {},
): { onError(error: unknown): void; stop(): void } {
  const collapser = new QueueErrorCollapser(log, options);
  let timer: NodeJS.Timeout | undefined;
  let probing = false;
  const stopTimer = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const tick = async () => {
    if (probing) return;
    probing = true;
    try {
      const answering = await answers().catch(() => false);
      collapser.check(Date.now(), answering);
      if (!collapser.away) stopTimer();
    } finally {
      probing = false;
    }
  };
  return {
    onError(error) {
      collapser.error(error, Date.now());
      if (collapser.away && !timer) {
        timer = setInterval(() => void tick(), CHECK_EVERY_MS);
        timer.unref();
      }
    },
    stop: stopTimer,
  };
}
