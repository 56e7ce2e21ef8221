/**
 * The queries of a digest (docs/behaviour/notifications.md#digest-content), read from the run records
 * (docs/behaviour/runs-and-history.md#runs) and, for inventory, from the item tables:
 * `inventory_item_states` (the current status of each user-activated item and since when) and
 * `inventory_item_snapshots` (the quantity per item per run). digest-activity.ts adds them up.
 *
 * - Runs: those started within the window, of the setting's run source type and sources. Held runs are
 *   read while they wait, whenever they started.
 * - Status changes: the items whose current status began within the window (`status_since`).
 * - Quantities: for each user-activated item, the last trusted snapshot before the window against the last one
 *   within it. Snapshots of held or still running runs are not trusted (as for the predictive algorithm).
 *   An item without an earlier snapshot has no quantity change, but one that shows up at 0 has reached 0.
 */
import type { RunSourceType } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { queryRows, schema } from '@app/db';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  type ChangesDetail,
  type DeliveryDetail,
  DIGEST_CAPS,
  type DigestRunRow,
  type DigestWindow,
  type ItemChangeRow,
  type UnmatchedMailRow,
} from './digest-activity';

const { mailLedgerEntries, runs } = schema;

/** The sources of the run source type that have runs started within the window. */
export async function listSourceIdsWithRunsIn(
  db: DbOrTx,
  runSourceType: RunSourceType,
  window: DigestWindow,
): Promise<Set<number | null>> {
  const rows = await db
    .selectDistinct({ sourceId: runs.sourceId })
    .from(runs)
    .where(
      and(
        eq(runs.sourceType, runSourceType),
        gte(runs.startedAt, window.start),
        lte(runs.startedAt, window.end),
      ),
    );
  return new Set(rows.map((row) => row.sourceId));
}

const runColumns = {
  id: runs.id,
  sourceId: runs.sourceId,
  sourceName: runs.sourceName,
  trigger: runs.trigger,
  status: runs.status,
  fileName: runs.fileName,
  startedAt: runs.startedAt,
  message: runs.message,
  ordersUpdated: runs.ordersUpdated,
  ordersDeleted: runs.ordersDeleted,
  // Only the parts a digest shows: run details also hold logs and header lists.
  errors: sql<unknown>`${runs.details}->'errors'`,
  changes: sql<ChangesDetail | null>`${runs.details}->'changes'`,
  delivery: sql<DeliveryDetail | null>`${runs.details}->'delivery'`,
};

/** The sources' runs started within the window, oldest first. */
export async function listDigestRunsInWindow(
  db: DbOrTx,
  runSourceType: RunSourceType,
  sourceIds: number[],
  window: DigestWindow,
): Promise<DigestRunRow[]> {
  return db
    .select(runColumns)
    .from(runs)
    .where(
      and(
        eq(runs.sourceType, runSourceType),
        inArray(runs.sourceId, sourceIds),
        gte(runs.startedAt, window.start),
        lte(runs.startedAt, window.end),
      ),
    )
    .orderBy(asc(runs.startedAt), asc(runs.id));
}

/** The sources' runs waiting for approval now, oldest first. */
export async function listHeldDigestRuns(
  db: DbOrTx,
  runSourceType: RunSourceType,
  sourceIds: number[],
): Promise<DigestRunRow[]> {
  return db
    .select(runColumns)
    .from(runs)
    .where(
      and(eq(runs.sourceType, runSourceType), inArray(runs.sourceId, sourceIds), eq(runs.status, 'held')),
    )
    .orderBy(asc(runs.startedAt), asc(runs.id));
}

function intArrayLiteral(values: readonly number[]): string {
  return `{${values.map((value) => Math.trunc(value)).join(',')}}`;
}

/**
 * Per source, the user-activated items that changed within the window: counts over all of them and, ranked
 * per list, only the rows the digest shows. One statement; each item costs two probes of the snapshot index.
 */
export async function listInventoryItemChanges(
  db: DbOrTx,
  sourceIds: number[],
  window: DigestWindow,
): Promise<ItemChangeRow[]> {
  const start = window.start.toISOString();
  const end = window.end.toISOString();
  const ids = intArrayLiteral(sourceIds);
  return queryRows<ItemChangeRow>(
    db,
    sql`
    with untrusted as (
      select coalesce(array_agg(id), '{}'::bigint[]) as run_ids
      from ${runs}
      where source_type = 'inventory' and status in ('held', 'running') and source_id = any(${ids}::int[])
    ),
    measured as (
      select st.source_id, st.item_number, st.status, st.status_since,
             b.quantity as before_qty, e.quantity as after_qty,
             (st.status_since >= ${start}::timestamptz and st.status_since <= ${end}::timestamptz) as status_changed
      from inventory_item_states st
      cross join untrusted u
      left join lateral (
        select s.quantity from inventory_item_snapshots s
        where s.source_id = st.source_id and s.item_number = st.item_number
          and s.captured_at < ${start}::timestamptz and not (s.run_id = any(u.run_ids))
        order by s.captured_at desc limit 1
      ) b on true
      left join lateral (
        select s.quantity from inventory_item_snapshots s
        where s.source_id = st.source_id and s.item_number = st.item_number
          and s.captured_at >= ${start}::timestamptz and s.captured_at <= ${end}::timestamptz
          and not (s.run_id = any(u.run_ids))
        order by s.captured_at desc limit 1
      ) e on true
      where st.source_id = any(${ids}::int[])
    ),
    changed as (
      select m.*,
             (m.before_qty is not null and m.after_qty is not null and m.before_qty <> m.after_qty) as qty_changed,
             (m.after_qty is not null and m.after_qty <= 0 and (m.before_qty is null or m.before_qty > 0)) as reached_zero,
             abs(coalesce(m.after_qty, 0) - coalesce(m.before_qty, coalesce(m.after_qty, 0))) as size
      from measured m
    ),
    ranked as (
      select c.*,
        row_number() over (partition by c.source_id
                           order by c.status_changed desc, c.reached_zero desc, c.size desc, c.item_number) as detail_rank,
        row_number() over (partition by c.source_id, c.status_changed, c.status order by c.item_number) as status_rank,
        row_number() over (partition by c.source_id, c.qty_changed order by c.size desc, c.item_number) as qty_rank,
        row_number() over (partition by c.source_id, c.reached_zero order by c.item_number) as zero_rank,
        count(*) over (partition by c.source_id) as details_count,
        count(*) filter (where c.status_changed and c.status = 'Active') over (partition by c.source_id) as now_active_count,
        count(*) filter (where c.status_changed and c.status <> 'Active') over (partition by c.source_id) as now_inactive_count,
        count(*) filter (where c.qty_changed) over (partition by c.source_id) as qty_count,
        count(*) filter (where c.qty_changed and c.after_qty < c.before_qty) over (partition by c.source_id) as qty_down_count,
        count(*) filter (where c.qty_changed and c.after_qty > c.before_qty) over (partition by c.source_id) as qty_up_count,
        count(*) filter (where c.reached_zero) over (partition by c.source_id) as zero_count
      from changed c
      where c.status_changed or c.qty_changed or c.reached_zero
    )
    select * from ranked
    where detail_rank <= ${DIGEST_CAPS.itemDetails}
       or (status_changed and status_rank <= ${DIGEST_CAPS.statusItems})
       or (qty_changed and qty_rank <= ${DIGEST_CAPS.quantityItems})
       or (reached_zero and zero_rank <= ${DIGEST_CAPS.zeroItems})
    order by source_id, detail_rank
  `,
  );
}

/**
 * The mailbox ledger's unmatched entries received within the window in which one of these sources passed the
 * sender rule and failed a later one (docs/behaviour/mail-intake.md#the-mailbox-ledger), oldest first.
 */
export async function listUnmatchedMail(
  db: DbOrTx,
  runSourceType: RunSourceType,
  sourceIds: number[],
  window: DigestWindow,
): Promise<UnmatchedMailRow[]> {
  const t = mailLedgerEntries;
  const ids = intArrayLiteral(sourceIds);
  const rows = await db
    .select({
      id: t.id,
      emailSourceId: t.emailSourceId,
      receivedAt: t.receivedAt,
      fromAddress: t.fromAddress,
      subject: t.subject,
      evaluations: t.evaluations,
    })
    .from(t)
    .where(
      and(
        eq(t.outcome, 'unmatched'),
        gte(t.receivedAt, window.start),
        lte(t.receivedAt, window.end),
        sql`exists (select 1 from jsonb_array_elements(${t.evaluations}) e
          where e->>'sourceType' = ${runSourceType} and (e->>'sourceId')::int = any(${ids}::int[])
            and e->>'failedRule' is not null and e->>'failedRule' <> 'from')`,
      ),
    )
    .orderBy(asc(t.receivedAt), asc(t.id));
  return rows as UnmatchedMailRow[];
}
