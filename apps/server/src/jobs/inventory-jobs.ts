/**
 * Inventory jobs on the queue (docs/design/jobs-and-queue.md#queues): SFTP intake polls and the "no file for N days" check.
 *
 * - Queue 'inventory-sftp-poll', policy 'stately', singletonKey `inventory-sftp:<source id>`: at most one
 *   queued and one active poll per source across every instance. A dispatcher on every instance (every
 *   min(SFTP_POLL_SECONDS, 60) s, and at start-up) sends a job for each active inventory source with an SFTP
 *   server whose last poll (inventory_sftp_states) is older than SFTP_POLL_SECONDS. A poll that fails on the
 *   server's side records a failed run and is not retried before its next turn; an unexpected error (the
 *   database) throws and pg-boss retries it.
 * - Queue 'inventory-no-update-alerts': every instance offers a check once per INVENTORY_ALERT_CHECK_MINUTES
 *   with pg-boss throttling (one job per period, whoever sends first); the check itself is idempotent.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../context';
import { pollInventorySftp } from '../modules/intake/sftp-intake';
import { findSourcesDueForSftpPoll } from '../modules/intake/sftp-repository';
import { checkNoUpdateAlerts } from '../modules/inventory-delivery/no-update-alerts';

export const INVENTORY_SFTP_POLL_QUEUE = 'inventory-sftp-poll';
export const INVENTORY_ALERTS_QUEUE = 'inventory-no-update-alerts';

/** A poll lists a folder and reads a few files; one still running after this is failed and retried. */
const SFTP_POLL_EXPIRE_SECONDS = 15 * 60;

export interface InventorySftpPollJobData {
  sourceId: number;
}

export interface InventoryJobs {
  /** Asks for a poll of one source now (refused quietly when one is already queued). */
  requestSftpPoll(sourceId: number): Promise<string | null>;
  /** Sends the SFTP polls that are due (what the timer does); returns how many were sent. */
  dispatchSftpPolls(): Promise<number>;
  /** Offers a no-update check for this period (what the timer does). */
  requestAlertCheck(): Promise<string | null>;
  stop(): void;
}

export function inventorySftpSingletonKey(sourceId: number): string {
  return `inventory-sftp:${sourceId}`;
}

export async function registerInventoryJobs(
  boss: PgBoss,
  context: AppContext,
  log: FastifyBaseLogger,
): Promise<InventoryJobs> {
  const { sftpPollSeconds, inventoryAlertCheckMinutes } = context.config;

  const pollQueueOptions = {
    expireInSeconds: SFTP_POLL_EXPIRE_SECONDS,
    heartbeatSeconds: 30,
    retryLimit: 2,
    retryDelay: 30,
    retryBackoff: true,
  };
  await boss.createQueue(INVENTORY_SFTP_POLL_QUEUE, { policy: 'stately', ...pollQueueOptions });
  await boss.updateQueue(INVENTORY_SFTP_POLL_QUEUE, pollQueueOptions);
  await boss.work<InventorySftpPollJobData>(
    INVENTORY_SFTP_POLL_QUEUE,
    { localConcurrency: 2, pollingIntervalSeconds: 2 },
    async ([job]) => {
      if (!job) return;
      const outcome = await pollInventorySftp(context, job.data.sourceId);
      if (outcome.status === 'failed') {
        log.warn({ sourceId: job.data.sourceId, runId: outcome.runId }, outcome.message);
      } else if (outcome.status === 'succeeded' && outcome.files.length > 0) {
        log.info({ sourceId: job.data.sourceId }, `SFTP intake: ${outcome.message}`);
      }
    },
  );

  await boss.createQueue(INVENTORY_ALERTS_QUEUE);
  await boss.work(INVENTORY_ALERTS_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const result = await checkNoUpdateAlerts(context.db);
    for (const alert of result.alerts) {
      log.warn({ sourceId: alert.sourceId, runId: alert.runId }, `${alert.sourceName}: ${alert.message}`);
    }
  });

  const requestSftpPoll = (sourceId: number) =>
    boss.send(INVENTORY_SFTP_POLL_QUEUE, { sourceId } satisfies InventorySftpPollJobData, {
      singletonKey: inventorySftpSingletonKey(sourceId),
    });

  const dispatchSftpPolls = async () => {
    let sent = 0;
    for (const sourceId of await findSourcesDueForSftpPoll(context.db, sftpPollSeconds)) {
      if (await requestSftpPoll(sourceId)) sent += 1;
    }
    return sent;
  };

  const alertPeriodSeconds = inventoryAlertCheckMinutes * 60;
  const requestAlertCheck = () =>
    boss.sendThrottled(INVENTORY_ALERTS_QUEUE, {}, null, alertPeriodSeconds, 'no-update-check');

  const timers = [
    repeat(dispatchSftpPolls, Math.min(sftpPollSeconds, 60), 'SFTP poll dispatcher failed', log),
    repeat(requestAlertCheck, Math.min(alertPeriodSeconds, 60), 'inventory alert check request failed', log),
  ];
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const timer of timers) clearInterval(timer);
  };
  // queue.ts stops pg-boss; the timers stop with it.
  boss.once('stopped', stop);

  return {
    requestSftpPoll,
    dispatchSftpPolls: () => (stopped ? Promise.resolve(0) : dispatchSftpPolls()),
    requestAlertCheck,
    stop,
  };
}

/** Runs `work` now and every `seconds`, never two at once; failures are logged. */
function repeat(
  work: () => Promise<unknown>,
  seconds: number,
  failure: string,
  log: FastifyBaseLogger,
): NodeJS.Timeout {
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    work()
      .catch((error) => log.warn({ err: error }, failure))
      .finally(() => {
        busy = false;
      });
  };
  tick();
  const timer = setInterval(tick, seconds * 1000);
  timer.unref();
  return timer;
}
