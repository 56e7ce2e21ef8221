import type { Database } from '@app/db';
import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';
import type { AppContext } from '../context';
import { redactError } from '../lib/error-redaction';
import type { FileProcessor } from '../modules/intake/file-processors';
import { registerCarrierBackfill } from './carrier-backfill';
import { runHousekeeping } from './housekeeping';
import { registerInventoryJobs } from './inventory-jobs';
import { MAIL_POLL_QUEUE, type MailIntake, startMailIntake } from './mail-poll';
import { registerNotificationJobs } from './notification-jobs';
import { registerOrderSubmissionJobs } from './order-submission-jobs';
import { registerPasswordResetJobs } from './password-reset-jobs';
import { collapseQueueErrors } from './queue-errors';
import { registerWebhookJobs, type WebhookJobs } from './webhook-jobs';

/** The `select 1` that tells whether the queue's database is back after an outage. */
const QUEUE_PROBE_TIMEOUT_MS = 2_000;

export const QUEUES = { housekeeping: 'housekeeping', mailPoll: MAIL_POLL_QUEUE } as const;

/**
 * pg-boss on the same database as the app: on PostgreSQL through its own pool, on PGlite through the
 * app's single PGlite instance (a second one on the same folder is not allowed).
 */
export function createQueue(database: Database): PgBoss {
  // Every 10 s (default 60) the supervisor fails the active jobs of a worker that stopped sending
  // heartbeats (killed with -9), so another instance can take its mailbox over soon. Each instance fetches
  // nothing under a key it believes has an active job, and that belief comes from the queue's stats
  // (refreshed by the monitor) read through a per-process cache: at 60 s each, a mailbox that was being
  // polled stayed unpolled for up to two minutes after the poll ended; at 10 s and 5 s, at most 15 s
  // (docs/decisions/0012-poll-hand-over.md).
  const supervision = {
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
    queueCacheIntervalSeconds: 5,
    // A job sent to a queue created with `notify: true` wakes the workers of every instance at once
    // (PostgreSQL NOTIFY; on PGlite within the one instance), so those queues poll only as a backstop
    // (jobs/notify-backstop.ts) instead of every half second. On PostgreSQL this holds one more connection.
    useListenNotify: true,
  };
  if (database.kind === 'pglite' && database.pglite) {
    return redactHandlerErrors(
      new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...supervision }),
    );
  }
  return redactHandlerErrors(
    new PgBoss({ connectionString: database.connectionString!, max: 4, ...supervision }),
  );
}

/**
 * pg-boss keeps what a handler throws in the job's row (failed jobs stay for days) and hands it to
 * whoever reads the job: every handler registered on this queue throws the redacted error instead, so a
 * failed query's values never get there.
 */
function redactHandlerErrors(boss: PgBoss): PgBoss {
  const work = boss.work.bind(boss) as (...args: unknown[]) => Promise<string>;
  boss.work = ((...args: unknown[]) => {
    const handler = args.at(-1);
    if (typeof handler === 'function') {
      args[args.length - 1] = async (...jobs: unknown[]) => {
        try {
          return await handler(...jobs);
        } catch (error) {
          throw redactError(error);
        }
      };
    }
    return work(...args);
  }) as typeof boss.work;
  return boss;
}

export interface StartJobsOptions {
  /** RUN_FILE_RETENTION_DAYS, for the housekeeping job. */
  runFileRetentionDays?: number;
  /** The app's context: given, this instance also polls mailboxes (mail intake). */
  context?: AppContext;
  /** Mail intake's processors; the registry's when unset (tests pass their own). */
  processors?: () => FileProcessor[];
  /** IDLE connections for mail intake (default on). */
  idle?: boolean;
}

export interface Jobs {
  boss: PgBoss;
  /** Present when started with a context. */
  mailIntake: MailIntake | undefined;
  /** Present when started with a context. */
  webhooks: WebhookJobs | undefined;
  /** Stops the timers and IDLE connections, then pg-boss (waiting up to `timeoutMs` for running jobs). */
  stop(options?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
}

export async function startJobs(
  database: Database,
  log: FastifyBaseLogger,
  options: StartJobsOptions = {},
): Promise<Jobs> {
  const boss = createQueue(database);
  // One line when the database goes away and one when the queue is back, not one per failed fetch.
  const queueErrors = collapseQueueErrors(log, () => database.ping(QUEUE_PROBE_TIMEOUT_MS));
  boss.on('error', queueErrors.onError);
  await boss.start();
  await boss.createQueue(QUEUES.housekeeping);
  await boss.work(QUEUES.housekeeping, async () => {
    const removed = await runHousekeeping(database.db, new Date(), {
      ...(options.runFileRetentionDays !== undefined
        ? { runFileRetentionDays: options.runFileRetentionDays }
        : {}),
      ...(options.context ? { auditRetentionDays: options.context.config.auditRetentionDays } : {}),
    });
    log.info(removed, 'housekeeping done');
  });
  // Hourly; pg-boss keeps one schedule per name, so several instances do not multiply it.
  await boss.schedule(QUEUES.housekeeping, '17 * * * *');
  await registerCarrierBackfill(boss, database, log);

  const mailIntake = options.context
    ? await startMailIntake(boss, {
        context: options.context,
        log,
        processors: options.processors,
        idle: options.idle,
      })
    : undefined;
  const inventoryJobs = options.context ? await registerInventoryJobs(boss, options.context, log) : undefined;
  if (options.context) await registerNotificationJobs(boss, options.context, log);
  if (options.context) await registerOrderSubmissionJobs(boss, options.context, log);
  const webhooks = options.context ? await registerWebhookJobs(boss, options.context, log) : undefined;
  if (options.context) {
    await registerPasswordResetJobs(boss, options.context, log);
    // From now on requests of this instance can hand work to the queue.
    options.context.jobQueue = {
      send: (queue, data, sendOptions = {}) => boss.send(queue, data, sendOptions),
    };
  }

  return {
    boss,
    mailIntake,
    webhooks,
    async stop({ graceful = true, timeoutMs = 10_000 } = {}) {
      if (options.context) options.context.jobQueue = undefined;
      await mailIntake?.stop();
      inventoryJobs?.stop();
      webhooks?.stop();
      await boss.stop({ graceful, close: true, timeout: timeoutMs });
      queueErrors.stop();
    },
  };
}
