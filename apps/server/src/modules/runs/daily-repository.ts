/**
 * One source's runs per calendar day (docs/behaviour/runs-and-history.md#runs-per-day): how many succeeded, failed
 * or were held, and how long the finished ones took. One range scan of runs_source_idx.
 */
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';

export interface DailyRunRow {
  date: string;
  succeeded: number;
  failed: number;
  held: number;
  maxDurationMs: number | null;
  medianDurationMs: number | null;
}

export async function dailyRunOutcomes(
  db: DbOrTx,
  input: { sourceType: string; sourceId: number; from: Date; timeZone: string },
): Promise<DailyRunRow[]> {
  const { runs } = schema;
  const day = sql<string>`to_char(${runs.startedAt} at time zone ${input.timeZone}, 'YYYY-MM-DD')`;
  const duration = sql`extract(epoch from ${runs.finishedAt} - ${runs.startedAt}) * 1000`;
  const rows = await db
    .select({
      date: day,
      succeeded: sql<number>`count(*) filter (where ${runs.status} = 'succeeded')::int`,
      failed: sql<number>`count(*) filter (where ${runs.status} = 'failed')::int`,
      held: sql<number>`count(*) filter (where ${runs.status} in ('held', 'discarded'))::int`,
      max: sql<number | null>`max(${duration})::float8`,
      median: sql<number | null>`percentile_cont(0.5) within group (order by ${duration})::float8`,
    })
    .from(runs)
    .where(
      and(
        eq(runs.sourceType, input.sourceType),
        eq(runs.sourceId, input.sourceId),
        sql`${runs.startedAt} >= ${input.from.toISOString()}::timestamptz`,
      ),
    )
    // By position: the day expression carries the time zone as a parameter, and a repeated one would not match.
    .groupBy(sql`1`);
  return rows.map((row) => ({
    date: row.date,
    succeeded: Number(row.succeeded),
    failed: Number(row.failed),
    held: Number(row.held),
    maxDurationMs: row.max === null ? null : Math.round(Number(row.max)),
    medianDurationMs: row.median === null ? null : Math.round(Number(row.median)),
  }));
}
