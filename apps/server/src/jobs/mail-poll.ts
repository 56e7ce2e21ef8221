/**
 * Mail intake on the job queue (docs/decisions/0001-mail-intake.md).
 *
 * - Queue 'mail-poll', policy 'stately', singletonKey `mailbox:<id>`: at most one queued and one active
 *   poll per mailbox across every instance, so a wake-up during a poll still gets its own poll afterwards.
 *   A stopping instance hands its abandoned polls on under a key of its own (`handOverSingletonKey`), which
 *   another instance takes within a second; the mailbox lease keeps polls of one mailbox apart.
 *   A poll that failed for the database's or a timeout's sake throws, and pg-boss retries it (3 times,
 *   with backoff); a poll that outlives `expireInSeconds` (beyond the poll timeout) is failed and retried
 *   by pg-boss itself. A poll the mail server failed completes: the mailbox's back-off spaces the next.
 * - A dispatcher on every instance (every min(MAIL_POLL_SECONDS, 60) s, and at start-up) sends a job for
 *   each active mailbox not polled within MAIL_POLL_SECONDS (longer while its server keeps failing:
 *   docs/behaviour/mail-intake.md#back-off); duplicates are refused by the queue.
 * - IDLE watchers send a job as soon as a server announces new mail.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../context';
import { findMailboxesDueForPoll } from '../modules/email-sources/repository';
import type { FileProcessor } from '../modules/intake/file-processors';
import { IdleWatchers } from '../modules/intake/idle-watchers';
import { INSTANCE_ID } from '../modules/intake/instance';
import { pollLeaseSeconds, pollMailbox } from '../modules/intake/poll-mailbox';

export const MAIL_POLL_QUEUE = 'mail-poll';

export interface MailPollJobData {
  emailSourceId: number;
  reason: 'timer' | 'idle';
  /** Sent on by an instance that stopped mid-poll: the poll it abandoned is owed now, due or not. */
  handedOver?: true;
}

export interface MailIntakeOptions {
  context: AppContext;
  log: FastifyBaseLogger;
  /** The processors to offer messages to; the registry's when unset. */
  processors?: (() => FileProcessor[]) | undefined;
  /** Off: no IDLE connections (the timer polls only). */
  idle?: boolean | undefined;
}

export interface MailIntake {
  /** Asks for a poll of one mailbox now (refused quietly when one is already queued). */
  requestPoll(emailSourceId: number, reason: MailPollJobData['reason']): Promise<string | null>;
  /** Sends the polls that are due (what the timer does). */
  dispatch(): Promise<number>;
  idleWatchers: IdleWatchers | undefined;
  stop(): Promise<void>;
}

export function mailPollSingletonKey(emailSourceId: number): string {
  return `mailbox:${emailSourceId}`;
}

/**
 * The key of the poll a stopping instance hands on: unique to this process, so no instance can have it
 * in its list of keys with an active job. The mailbox's lease still keeps it from running beside another poll.
 */
export function handOverSingletonKey(emailSourceId: number): string {
  return `${mailPollSingletonKey(emailSourceId)}:hand-over:${INSTANCE_ID}`;
}

export async function startMailIntake(boss: PgBoss, options: MailIntakeOptions): Promise<MailIntake> {
  const { context, log } = options;
  const { mailPollSeconds, mailPollTimeoutSeconds } = context.config;
  const leaseSeconds = pollLeaseSeconds(mailPollTimeoutSeconds);
  const queueOptions = {
    // A job may wait for a crashed holder's lease to run out, then poll for up to the timeout.
    expireInSeconds: mailPollTimeoutSeconds + leaseSeconds + 60,
    // A worker killed mid-poll stops its heartbeats: its job is failed (and retried) within ~20 s instead
    // of holding the mailbox's only active slot until it expires.
    heartbeatSeconds: 10,
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
  };
  await boss.createQueue(MAIL_POLL_QUEUE, { policy: 'stately', ...queueOptions });
  // createQueue leaves an existing queue as it was: apply changed settings (MAIL_POLL_TIMEOUT_SECONDS).
  await boss.updateQueue(MAIL_POLL_QUEUE, queueOptions);

  const requestPoll = (emailSourceId: number, reason: MailPollJobData['reason']) =>
    boss.send(MAIL_POLL_QUEUE, { emailSourceId, reason } satisfies MailPollJobData, {
      singletonKey: mailPollSingletonKey(emailSourceId),
    });

  const stillDue = async (emailSourceId: number) =>
    (
      await findMailboxesDueForPoll(
        context.db,
        mailPollSeconds,
        context.config.mailPollBackoffMaxSeconds,
        emailSourceId,
      )
    ).length > 0;

  // Aborted by stop(): polls in progress are abandoned at once and their mailboxes handed on.
  const stopping = new AbortController();
  await boss.work<MailPollJobData>(
    MAIL_POLL_QUEUE,
    { localConcurrency: 2, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      // A timer job queued while the last poll was still running may come up before the back-off allows the
      // next one (the queue keeps one waiting beside the active one): it is due when it runs, or it does nothing.
      if (
        job.data.reason === 'timer' &&
        !job.data.handedOver &&
        job.retryCount === 0 &&
        !(await stillDue(job.data.emailSourceId))
      )
        return;
      const outcome = stopping.signal.aborted
        ? undefined
        : await pollMailbox(context, job.data.emailSourceId, {
            trigger: 'schedule',
            reason: job.retryCount > 0 ? 'retry' : job.data.reason,
            ...(options.processors ? { processors: options.processors() } : {}),
            waitForLeaseMs: leaseSeconds * 1000 + 2_000,
            signal: stopping.signal,
          });
      if (stopping.signal.aborted) {
        // Completed rather than failed: a failed job waits out its retry delay, while a fresh one is
        // taken by another instance within a second (the lease is already released). Under a key of its
        // own: every instance keeps a cached list of the keys with an active job (refreshed about once a
        // minute) and fetches nothing under those, so a job under `mailbox:<id>` would wait until the
        // others noticed this one had finished, up to two minutes (docs/decisions/0012-poll-hand-over.md).
        await boss
          .send(MAIL_POLL_QUEUE, { ...job.data, handedOver: true } satisfies MailPollJobData, {
            singletonKey: handOverSingletonKey(job.data.emailSourceId),
          })
          .catch((error) =>
            log.warn({ err: error, emailSourceId: job.data.emailSourceId }, 'mail poll hand-over failed'),
          );
        return;
      }
      if (!outcome) return;
      if (outcome.status === 'failed') {
        const fields = { emailSourceId: job.data.emailSourceId, runId: outcome.runId };
        // The server down: retrying within seconds would only knock again; the back-off schedules the
        // next poll (docs/behaviour/mail-intake.md#back-off).
        if (outcome.serverFault) {
          log.warn(fields, `mail poll failed (the mailbox backs off): ${outcome.message}`);
          return;
        }
        // Recorded on the source and in the run already; throwing makes pg-boss retry it.
        log.error(fields, `mail poll failed (retried by the queue): ${outcome.message}`);
        throw new Error(outcome.message);
      }
      if (outcome.status === 'skipped' && outcome.reason === 'busy') {
        log.info(
          { emailSourceId: job.data.emailSourceId },
          'mail poll skipped: another poll holds the mailbox',
        );
      }
    },
  );

  const dispatch = async () => {
    let sent = 0;
    const due = await findMailboxesDueForPoll(
      context.db,
      mailPollSeconds,
      context.config.mailPollBackoffMaxSeconds,
    );
    for (const id of due) {
      if (await requestPoll(id, 'timer')) sent += 1;
    }
    return sent;
  };

  let dispatching = false;
  const tick = () => {
    if (dispatching) return;
    dispatching = true;
    dispatch()
      .catch((error) => log.warn({ err: error }, 'mail poll dispatcher failed'))
      .finally(() => {
        dispatching = false;
      });
  };
  tick();
  const timer = setInterval(tick, Math.min(mailPollSeconds, 60) * 1000);
  timer.unref();

  let idleWatchers: IdleWatchers | undefined;
  if (options.idle !== false) {
    idleWatchers = new IdleWatchers({
      context,
      log,
      onNewMail: async (emailSourceId) => {
        await requestPoll(emailSourceId, 'idle');
      },
      tickMs: Math.min(mailPollSeconds, 5) * 1000,
    });
    idleWatchers.start();
  }

  return {
    requestPoll,
    dispatch,
    idleWatchers,
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await idleWatchers?.stop();
    },
  };
}
