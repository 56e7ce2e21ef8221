/**
 * The order submission engine's due work on the queue (docs/design/jobs-and-queue.md#queues): queue 'order-submission-due-work' gets
 * a job every five minutes from a pg-boss schedule (one schedule per name, whatever the number of
 * instances) and one at start-up, so that work a stopped instance left (an order e-mail recorded but not
 * processed, a batch half sent) is resumed as soon as an instance is back. Each job runs
 * `runDueSubmissionWork` (modules/order-submission/engine/due-work.ts): it resumes interrupted work,
 * processes the batches whose day ended incomplete, and sends non-daily vendors their overdue lines.
 * Policy 'singleton' keeps two ticks from working side by side; the work's own claims would keep them from
 * sending anything twice anyway. A tick that sees a vendor send not yet handed to its relay asks for one
 * more when that send would count as interrupted.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../context';
import { runDueSubmissionWork } from '../modules/order-submission/engine/due-work';
import { nextInterruptedSendCheck } from '../modules/order-submission/engine/repository';

export const ORDER_SUBMISSION_DUE_WORK_QUEUE = 'order-submission-due-work';

/** Following order links and sending many vendors' e-mails may take a while. */
const TICK_EXPIRE_SECONDS = 30 * 60;

export interface OrderSubmissionJobs {
  /** Offers a tick now (refused quietly when one was offered within the last half minute). */
  requestTick(): Promise<string | null>;
}

export async function registerOrderSubmissionJobs(
  boss: PgBoss,
  context: AppContext,
  log: FastifyBaseLogger,
): Promise<OrderSubmissionJobs> {
  // No retries: the next tick picks up whatever is still due.
  const queueOptions = { expireInSeconds: TICK_EXPIRE_SECONDS, retryLimit: 0 };
  await boss.createQueue(ORDER_SUBMISSION_DUE_WORK_QUEUE, { policy: 'singleton', ...queueOptions });
  await boss.updateQueue(ORDER_SUBMISSION_DUE_WORK_QUEUE, queueOptions);
  await boss.work(ORDER_SUBMISSION_DUE_WORK_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const report = await runDueSubmissionWork(context);
    const { errors, ...counts } = report;
    if (Object.values(counts).some((count) => count > 0)) log.info(counts, 'order submission due work done');
    for (const error of errors) log.warn(`order submission due work: ${error}`);
    // A send still short of its hand-over is looked at again when it would count as interrupted, so that the
    // lines of an instance that died there go out within minutes, not at the next five-minute tick after.
    const next = await nextInterruptedSendCheck(context.db);
    if (next) {
      await boss.sendAfter(
        ORDER_SUBMISSION_DUE_WORK_QUEUE,
        {},
        { singletonKey: 'order-submission-interrupted-send' },
        new Date(next.getTime() + 1_000),
      );
    }
  });
  await boss.schedule(ORDER_SUBMISSION_DUE_WORK_QUEUE, '*/5 * * * *');

  const requestTick = () =>
    boss.sendThrottled(ORDER_SUBMISSION_DUE_WORK_QUEUE, {}, null, 30, 'order-submission-start-up');
  await requestTick().catch((error) => log.warn({ err: error }, 'order submission tick request failed'));
  return { requestTick };
}
