/**
 * Password reset e-mails on the job queue: the request only queues the typed username (the same work for
 * every name, known or not), and a worker on any instance looks the account up, makes the link and sends
 * it. A failed send is retried with backoff; the link of a failed attempt is discarded.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../context';
import { sendPasswordResetMail } from '../modules/auth/auth-service';
import {
  PASSWORD_RESET_MAIL_QUEUE,
  type PasswordResetMailJobData,
} from '../modules/auth/password-reset-queue';
import { NOTIFY_BACKSTOP_SECONDS } from './notify-backstop';

export async function registerPasswordResetJobs(boss: PgBoss, context: AppContext, log: FastifyBaseLogger) {
  const queueOptions = {
    expireInSeconds: 120,
    retryLimit: 4,
    retryDelay: 15,
    retryBackoff: true,
    retryDelayMax: 600,
    // The job holds a username, nothing secret; still, no need to keep it for the default week.
    deleteAfterSeconds: 86_400,
    // Sending the job wakes the workers (queue.ts): the e-mail leaves at once, and idle workers do not poll.
    notify: true,
  };
  await boss.createQueue(PASSWORD_RESET_MAIL_QUEUE, { policy: 'singleton', ...queueOptions });
  await boss.updateQueue(PASSWORD_RESET_MAIL_QUEUE, queueOptions);
  await boss.work<PasswordResetMailJobData>(
    PASSWORD_RESET_MAIL_QUEUE,
    {
      pollingIntervalSeconds: 0.5,
      notifyPollingIntervalSeconds: NOTIFY_BACKSTOP_SECONDS,
      localConcurrency: 4,
    },
    async ([job]) => {
      if (!job) return;
      const outcome = await sendPasswordResetMail(context, job.data.username);
      // Never the username: a user may have typed their password into that field.
      if (outcome === 'account-limit') {
        log.warn({ jobId: job.id }, 'password reset e-mail not sent: the account had its hourly allowance');
      } else {
        log.info({ jobId: job.id, outcome }, 'password reset request handled');
      }
    },
  );
}
