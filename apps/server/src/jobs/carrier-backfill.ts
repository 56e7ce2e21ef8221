import type { Database } from '@app/db';
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { recogniseStoredBatch } from '../modules/tracking-numbers/repository';

/**
 * The carrier backfill (docs/behaviour/order-tracking.md#carriers): recognises the tracking numbers stored
 * before carriers were (migration 0024 adds the columns empty). Sent once at every start and hourly after,
 * as a singleton, so several instances do not do the work twice; each batch is its own short transaction,
 * so imports and the grid go on meanwhile. A number not reached yet is recognised when it is read.
 */
export const CARRIER_BACKFILL_QUEUE = 'carrier-backfill';
const BATCH = 5_000;

export async function backfillCarriers(database: Database, log: FastifyBaseLogger): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await recogniseStoredBatch(database.db, BATCH);
    total += done;
    if (done < BATCH) break;
  }
  if (total > 0) log.info({ trackingNumbers: total }, 'carrier backfill done');
  return total;
}

export async function registerCarrierBackfill(boss: PgBoss, database: Database, log: FastifyBaseLogger) {
  await boss.createQueue(CARRIER_BACKFILL_QUEUE);
  await boss.work(CARRIER_BACKFILL_QUEUE, async () => {
    await backfillCarriers(database, log);
  });
  await boss.send(CARRIER_BACKFILL_QUEUE, {}, { singletonKey: CARRIER_BACKFILL_QUEUE });
  await boss.schedule(CARRIER_BACKFILL_QUEUE, '41 * * * *');
}
