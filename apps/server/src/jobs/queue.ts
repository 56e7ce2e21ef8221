import type { Database } from '@app/db';
import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';
import { runHousekeeping } from './housekeeping';

export const QUEUES = { housekeeping: 'housekeeping' } as const;

/**
 * pg-boss on the same database as the app: on PostgreSQL through its own pool, on PGlite through the
 * app's single PGlite instance (a second one on the same folder is not allowed).
 */
export function createQueue(database: Database): PgBoss {
  if (database.kind === 'pglite' && database.pglite) {
    return new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite' });
  }
  return new PgBoss({ connectionString: database.connectionString!, max: 4 });
}

export async function startJobs(database: Database, log: FastifyBaseLogger): Promise<PgBoss> {
  const boss = createQueue(database);
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(QUEUES.housekeeping);
  await boss.work(QUEUES.housekeeping, async () => {
    const removed = await runHousekeeping(database.db);
    log.info(removed, 'housekeeping done');
  });
  // Hourly; pg-boss keeps one schedule per name, so several instances do not multiply it.
  await boss.schedule(QUEUES.housekeeping, '17 * * * *');
  return boss;
}
