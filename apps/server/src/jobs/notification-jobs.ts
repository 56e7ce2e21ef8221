/**
 * Notification digests on the queue (docs/behaviour/notifications.md#schedule): queue 'notification-digests' gets one job a minute from a
 * pg-boss schedule (one schedule per name however many instances start it) and one at start-up, so a digest
 * missed while every instance was down goes out as soon as one comes back. Each job runs
 * `runDueNotifications`, which claims due settings atomically: two instances ticking at once never send an
 * occurrence twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../context';
import { runDueNotifications } from '../modules/notifications/scheduler';

export const NOTIFICATION_DIGESTS_QUEUE = 'notification-digests';

/** A tick sends few e-mails per due setting; one still running after this is failed (the next tick goes on). */
const TICK_EXPIRE_SECONDS = 15 * 60;

export interface NotificationJobs {
  /** Offers a tick now (refused quietly when one was offered within the last half minute). */
  requestTick(): Promise<string | null>;
}

export async function registerNotificationJobs(
  boss: PgBoss,
  context: AppContext,
  log: FastifyBaseLogger,
): Promise<NotificationJobs> {
  // No retries: the next minute's tick picks up whatever is still due.
  const queueOptions = { expireInSeconds: TICK_EXPIRE_SECONDS, retryLimit: 0 };
  await boss.createQueue(NOTIFICATION_DIGESTS_QUEUE, queueOptions);
  await boss.updateQueue(NOTIFICATION_DIGESTS_QUEUE, queueOptions);
  await boss.work(NOTIFICATION_DIGESTS_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const result = await runDueNotifications(context, log);
    if (result.claimed > 0) {
      log.info(
        { claimed: result.claimed, sent: result.sent, failed: result.failed },
        'notification digests sent',
      );
    }
  });
  await boss.schedule(NOTIFICATION_DIGESTS_QUEUE, '* * * * *');

  const requestTick = () => boss.sendThrottled(NOTIFICATION_DIGESTS_QUEUE, {}, null, 30, 'start-up-tick');
  await requestTick().catch((error) => log.warn({ err: error }, 'notification tick request failed'));
  return { requestTick };
}
