/**
 * Webhook deliveries on the queue (docs/design/webhooks.md#delivery). The delivery rows are the truth:
 * a dispatcher on every instance (at start-up and every 5 s) sends a job for each delivery that is due, or
 * whose worker died mid-attempt (lease run out); queue 'webhook-delivery', policy 'stately' with singleton
 * key `webhook-delivery:<id>`, so at most one is queued per delivery across instances. The job claims the
 * row before sending, so a job that arrives twice, or late, sends nothing. Retries are the row's schedule
 * (deliver.ts), not pg-boss's, so each attempt is logged and its next time shown.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../context';
import { deliverWebhook, WEBHOOK_DELIVERY_QUEUE, webhookDeliveryKey } from '../modules/webhooks/deliver';
import { findDueDeliveryIds } from '../modules/webhooks/repository';
import { NOTIFY_BACKSTOP_SECONDS } from './notify-backstop';

const DISPATCH_INTERVAL_MS = 5_000;
/** Due deliveries read per page, and pages per dispatch (a backlog beyond waits for the next one). */
const DISPATCH_PAGE = 500;
const DISPATCH_PAGES = 10;
/** Jobs per fetch; four fetchers per instance, so at most 32 deliveries at once (and open connections). */
const DELIVERY_BATCH = 8;

export interface WebhookDeliveryJobData {
  deliveryId: number;
}

export interface WebhookJobs {
  /** Sends a job for every delivery due now (what the timer does); returns how many were sent. */
  dispatch(): Promise<number>;
  stop(): void;
}

export async function registerWebhookJobs(
  boss: PgBoss,
  context: AppContext,
  log: FastifyBaseLogger,
): Promise<WebhookJobs> {
  const queueOptions = {
    // The attempt's own timeout ends it long before; the row's lease hands it on if the worker died.
    expireInSeconds: Math.ceil(context.config.webhookTimeoutMs / 1000) + 60,
    // 'stately' lets one job per delivery be active: a killed worker's job must be failed soon (heartbeat
    // missed, about 20 s) rather than at expiry, so that the job queued behind it can run.
    heartbeatSeconds: 10,
    retryLimit: 0,
    deleteAfterSeconds: 86_400,
    // A dispatched job wakes the workers (queue.ts): a test event leaves at once, and idle workers do not poll.
    notify: true,
  };
  await boss.createQueue(WEBHOOK_DELIVERY_QUEUE, { policy: 'stately', ...queueOptions });
  await boss.updateQueue(WEBHOOK_DELIVERY_QUEUE, queueOptions);
  // A batch per fetch, delivered side by side: one job per fetch spent most of its time waiting for the
  // next poll (4 deliveries/s on PGlite; docs/design/webhooks.md#figures).
  await boss.work<WebhookDeliveryJobData>(
    WEBHOOK_DELIVERY_QUEUE,
    {
      batchSize: DELIVERY_BATCH,
      localConcurrency: 4,
      pollingIntervalSeconds: 0.5,
      notifyPollingIntervalSeconds: NOTIFY_BACKSTOP_SECONDS,
      burstWhenBatchFull: true,
    },
    async (batch) => {
      await Promise.all(
        batch.map(async (job) => {
          const result = await deliverWebhook(context, job.data.deliveryId);
          if (result === 'failed') log.warn({ deliveryId: job.data.deliveryId }, 'webhook delivery given up');
        }),
      );
    },
  );

  let dispatching: Promise<number> | undefined;
  // One insert per page; pg-boss skips (ON CONFLICT) a delivery whose job is already queued.
  const dispatchOnce = async () => {
    const now = context.clock.now();
    let sent = 0;
    let afterId = 0;
    for (let page = 0; page < DISPATCH_PAGES; page += 1) {
      const ids = await findDueDeliveryIds(context.db, now, DISPATCH_PAGE, afterId);
      if (ids.length === 0) break;
      const inserted = await boss.insert(
        WEBHOOK_DELIVERY_QUEUE,
        ids.map((deliveryId) => ({ data: { deliveryId }, singletonKey: webhookDeliveryKey(deliveryId) })),
        { returnId: true },
      );
      sent += Array.isArray(inserted) ? inserted.length : 0;
      afterId = ids.at(-1)!;
      if (ids.length < DISPATCH_PAGE) break;
    }
    return sent;
  };
  // One dispatch at a time per instance: a slow database must not pile them up.
  const dispatch = () => {
    dispatching ??= dispatchOnce().finally(() => {
      dispatching = undefined;
    });
    return dispatching;
  };
  const tick = () =>
    void dispatch().catch((error: unknown) => log.warn({ err: error }, 'webhook dispatch failed'));
  tick();
  const timer = setInterval(tick, DISPATCH_INTERVAL_MS);
  timer.unref();
  return { dispatch, stop: () => clearInterval(timer) };
}
