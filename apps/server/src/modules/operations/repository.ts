/** The rows the /metrics gauges are refreshed from (docs/behaviour/operations.md). */
import type { Database, DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';

const { emailSources } = schema;

/** Jobs per queue and state; none before the queue's first start, when its schema does not exist yet. */
export async function queueJobCounts(
  database: Database,
): Promise<Array<{ queue: string; state: string; count: number }>> {
  return database
    .query<{ queue: string; state: string; count: number }>(
      'select name as queue, state::text as state, count(*)::int as count from pgboss.job group by 1, 2',
    )
    .catch(() => []);
}

/** When each active mailbox last polled successfully. */
export async function activeMailboxPollTimes(db: DbOrTx): Promise<Array<{ id: number; at: Date | null }>> {
  return db
    .select({ id: emailSources.id, at: emailSources.lastPollSucceededAt })
    .from(emailSources)
    .where(eq(emailSources.activeStatus, true));
}
