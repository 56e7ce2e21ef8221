/**
 * What a digest reports (docs/behaviour/notifications.md#digest-content), read from the run records (docs/behaviour/runs-and-history.md#runs) and, for inventory, from the item
 * tables: `inventory_item_states` (the current status of each user-activated item and since when) and
 * `inventory_item_snapshots` (the quantity per item per run).
 *
 * - Runs: those started within the window, of the setting's run source type and sources. No-update alerts
 *   (trigger 'alert') are alerts, not runs. Held runs are reported while they wait, whenever they started.
 * - Status changes: the per-run counts of items turned Active / Inactive (run details `changes`), and the items
 *   whose current status began within the window (`status_since`).
 * - Quantities: for each user-activated item, the last trusted snapshot before the window against the last one
 *   within it. Snapshots of held or still running runs are not trusted (as for the predictive algorithm).
 *   An item without an earlier snapshot has no quantity change, but one that shows up at 0 has reached 0.
 */
import { type RunSourceType, SOURCE_TYPE_RUN_SOURCE, type SourceTypeId } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { queryRows, schema } from '@app/db';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { type ShipmentActivity, shipmentActivity } from '../tracking-numbers/repository';
import { findSources } from './repository';

const { runs } = schema;

/** Lists in a digest are capped; their counts are not ("and N more"). */
export const DIGEST_CAPS = {
  statusItems: 20,
  quantityItems: 10,
  zeroItems: 50,
  itemDetails: 100,
  runs: 25,
} as const;

export interface DigestWindow {
  start: Date;
  end: Date;
}

export interface DigestSource {
  id: number;
  name: string;
  activeStatus: boolean;
}

export interface DigestRun {
  id: number;
  sourceId: number | null;
  sourceName: string;
  trigger: string;
  status: string;
  fileName: string | null;
  startedAt: Date;
  message: string | null;
  ordersUpdated: number;
  ordersDeleted: number;
  errors: string[];
  turnedActive: number;
  turnedInactive: number;
  /** Inventory delivery channels that failed after the run (e-mail, SFTP), with their messages. */
  deliveryFailures: string[];
}

export interface DayBreakdown {
  /** YYYY-MM-DD in the notification time zone. */
  day: string;
  runs: number;
  succeeded: number;
  failed: number;
  held: number;
  activated: number;
  deactivated: number;
  ordersUpdated: number;
  ordersDeleted: number;
}

export interface RunTotals {
  runs: number;
  succeeded: number;
  failed: number;
  held: number;
  discarded: number;
  activated: number;
  deactivated: number;
  ordersUpdated: number;
  ordersDeleted: number;
}

export interface ItemChange {
  itemNumber: string;
  /** Current status, as last delivered. */
  status: string;
  /** Set when the current status began within the window. */
  statusSince: Date | null;
  before: number | null;
  after: number | null;
}

export interface InventoryItemActivity {
  /** Items whose current status began within the window, capped, by status. */
  nowActive: string[];
  nowInactive: string[];
  nowActiveCount: number;
  nowInactiveCount: number;
  /** The largest quantity changes, capped. */
  quantityChanges: ItemChange[];
  quantityChangeCount: number;
  quantityDownCount: number;
  quantityUpCount: number;
  zeroItems: ItemChange[];
  zeroCount: number;
  /** Every changed item (status or quantity or reached 0), capped: status changes first, then by size. */
  details: ItemChange[];
  detailsCount: number;
}

export interface SourceActivity {
  source: DigestSource;
  totals: RunTotals;
  days: DayBreakdown[];
  failed: DigestRun[];
  /** Runs waiting for an operator's approval now. */
  held: DigestRun[];
  noUpdateAlerts: DigestRun[];
  /** Succeeded runs whose delivery (e-mail or SFTP) failed. */
  deliveryFailed: DigestRun[];
  succeeded: DigestRun[];
  /** Inventory only. */
  items: InventoryItemActivity | null;
  /** Order tracking only: tracking numbers per carrier and those with a bad check digit. */
  shipments: ShipmentActivity | null;
}

export interface DigestActivity {
  sourceTypeId: SourceTypeId;
  runSourceType: RunSourceType;
  window: DigestWindow;
  timeZone: string;
  sources: SourceActivity[];
}

/**
 * The sources a setting covers: the listed ones that still exist (in the setting's order), or — when none
 * are listed — every live source of the type that is switched on or has runs within the window.
 */
export async function digestSources(
  db: DbOrTx,
  sourceTypeId: SourceTypeId,
  sourceIds: readonly number[],
  window: DigestWindow,
): Promise<DigestSource[]> {
  if (sourceIds.length > 0) {
    const found = new Map(
      (await findSources(db, sourceTypeId, [...sourceIds]))
        .filter((source) => !source.deleted)
        .map((source) => [source.id, source]),
    );
    return sourceIds.flatMap((id) => {
      const source = found.get(id);
      return source ? [{ id: source.id, name: source.name, activeStatus: source.activeStatus }] : [];
    });
  }
  const withRuns = new Set(
    (
      await db
        .selectDistinct({ sourceId: runs.sourceId })
        .from(runs)
        .where(
          and(
            eq(runs.sourceType, SOURCE_TYPE_RUN_SOURCE[sourceTypeId]),
            gte(runs.startedAt, window.start),
            lte(runs.startedAt, window.end),
          ),
        )
    ).map((row) => row.sourceId),
  );
  return (await findSources(db, sourceTypeId))
    .filter((source) => source.activeStatus || withRuns.has(source.id))
    .map(({ id, name, activeStatus }) => ({ id, name, activeStatus }));
}

interface ChangesDetail {
  turnedActiveCount?: number;
  turnedInactiveCount?: number;
}

interface DeliveryDetail {
  email?: { ok?: boolean; message?: string };
  sftp?: { ok?: boolean; message?: string };
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

function deliveryFailuresOf(delivery: DeliveryDetail | null): string[] {
  if (!delivery) return [];
  const failures: string[] = [];
  if (delivery.email && delivery.email.ok === false)
    failures.push(`E-mail delivery failed: ${delivery.email.message ?? 'no reason given'}`);
  if (delivery.sftp && delivery.sftp.ok === false)
    failures.push(`SFTP delivery failed: ${delivery.sftp.message ?? 'no reason given'}`);
  return failures;
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

/** A run as the digest query selects it: the run's columns, and the parts of its details a digest shows. */
type RunRow = Omit<DigestRun, 'errors' | 'turnedActive' | 'turnedInactive' | 'deliveryFailures'> & {
  errors: unknown;
  changes: ChangesDetail | null;
  delivery: DeliveryDetail | null;
};

function toDigestRun(row: RunRow): DigestRun {
  const { errors, changes, delivery, ...columns } = row;
  return {
    ...columns,
    errors: stringList(errors),
    turnedActive: Number(changes?.turnedActiveCount ?? 0),
    turnedInactive: Number(changes?.turnedInactiveCount ?? 0),
    deliveryFailures: deliveryFailuresOf(delivery),
  };
}

/** A YYYY-MM-DD day key in a time zone. */
export function dayKey(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** Windows up to this many days list every day; longer ones (a rare custom schedule) only active days. */
const MAX_LISTED_DAYS = 31;

/** The days (in the time zone) the window touches, oldest first. */
export function daysOfWindow(window: DigestWindow, timeZone: string): string[] {
  const days: string[] = [];
  const hour = 3_600_000;
  for (let at = window.start.getTime(); at <= window.end.getTime(); at += hour) {
    const key = dayKey(new Date(at), timeZone);
    if (days[days.length - 1] !== key) days.push(key);
  }
  const last = dayKey(window.end, timeZone);
  if (days[days.length - 1] !== last) days.push(last);
  return days;
}

function emptyTotals(): RunTotals {
  return {
    runs: 0,
    succeeded: 0,
    failed: 0,
    held: 0,
    discarded: 0,
    activated: 0,
    deactivated: 0,
    ordersUpdated: 0,
    ordersDeleted: 0,
  };
}

function addRun(into: RunTotals, run: DigestRun): void {
  into.runs += 1;
  if (run.status === 'succeeded') into.succeeded += 1;
  else if (run.status === 'failed') into.failed += 1;
  else if (run.status === 'held') into.held += 1;
  else if (run.status === 'discarded') into.discarded += 1;
  if (run.status === 'succeeded') {
    into.activated += run.turnedActive;
    into.deactivated += run.turnedInactive;
  }
  into.ordersUpdated += run.ordersUpdated;
  into.ordersDeleted += run.ordersDeleted;
}

/** Everything a digest of these sources can show; the sections the setting switched off are dropped later. */
export async function collectDigestActivity(
  db: DbOrTx,
  input: {
    sourceTypeId: SourceTypeId;
    sources: DigestSource[];
    window: DigestWindow;
    timeZone: string;
  },
): Promise<DigestActivity> {
  const { sourceTypeId, sources, window, timeZone } = input;
  const runSourceType = SOURCE_TYPE_RUN_SOURCE[sourceTypeId];
  const ids = sources.map((source) => source.id);
  const activity: DigestActivity = { sourceTypeId, runSourceType, window, timeZone, sources: [] };
  if (ids.length === 0) return activity;

  const [windowRows, heldRows, itemActivity] = await Promise.all([
    db
      .select(runColumns)
      .from(runs)
      .where(
        and(
          eq(runs.sourceType, runSourceType),
          inArray(runs.sourceId, ids),
          gte(runs.startedAt, window.start),
          lte(runs.startedAt, window.end),
        ),
      )
      .orderBy(asc(runs.startedAt), asc(runs.id)),
    db
      .select(runColumns)
      .from(runs)
      .where(and(eq(runs.sourceType, runSourceType), inArray(runs.sourceId, ids), eq(runs.status, 'held')))
      .orderBy(asc(runs.startedAt), asc(runs.id)),
    sourceTypeId === 1 ? inventoryItemActivity(db, ids, window) : Promise.resolve(new Map()),
  ]);
  const shipments =
    sourceTypeId === 3
      ? await shipmentActivity(db, ids, window, DIGEST_CAPS.runs)
      : new Map<number, ShipmentActivity>();

  const days = daysOfWindow(window, timeZone);
  for (const source of sources) {
    const sourceRuns = windowRows.filter((row) => row.sourceId === source.id).map(toDigestRun);
    const fileRuns = sourceRuns.filter((run) => run.trigger !== 'alert');
    const totals = emptyTotals();
    const perDay = new Map<string, RunTotals & { day: string }>();
    for (const run of fileRuns) {
      addRun(totals, run);
      const key = dayKey(run.startedAt, timeZone);
      let day = perDay.get(key);
      if (!day) {
        day = { day: key, ...emptyTotals() };
        perDay.set(key, day);
      }
      addRun(day, run);
    }
    const listed =
      days.length <= MAX_LISTED_DAYS
        ? days.map((key) => perDay.get(key) ?? { day: key, ...emptyTotals() })
        : [...perDay.values()];
    activity.sources.push({
      source,
      totals,
      days: listed.map(
        ({ day, runs, succeeded, failed, held, activated, deactivated, ordersUpdated, ordersDeleted }) => ({
          day,
          runs,
          succeeded,
          failed,
          held,
          activated,
          deactivated,
          ordersUpdated,
          ordersDeleted,
        }),
      ),
      failed: fileRuns.filter((run) => run.status === 'failed'),
      held: heldRows.filter((row) => row.sourceId === source.id).map(toDigestRun),
      noUpdateAlerts: sourceRuns.filter((run) => run.trigger === 'alert'),
      deliveryFailed: fileRuns.filter((run) => run.status === 'succeeded' && run.deliveryFailures.length > 0),
      succeeded: fileRuns.filter((run) => run.status === 'succeeded'),
      items: sourceTypeId === 1 ? (itemActivity.get(source.id) ?? emptyItemActivity()) : null,
      shipments:
        sourceTypeId === 3
          ? (shipments.get(source.id) ?? { perCarrier: [], badCheckDigits: [], badCheckDigitCount: 0 })
          : null,
    });
  }
  return activity;
}

export function emptyItemActivity(): InventoryItemActivity {
  return {
    nowActive: [],
    nowInactive: [],
    nowActiveCount: 0,
    nowInactiveCount: 0,
    quantityChanges: [],
    quantityChangeCount: 0,
    quantityDownCount: 0,
    quantityUpCount: 0,
    zeroItems: [],
    zeroCount: 0,
    details: [],
    detailsCount: 0,
  };
}

function intArrayLiteral(values: readonly number[]): string {
  return `{${values.map((value) => Math.trunc(value)).join(',')}}`;
}

interface ItemRow {
  source_id: number;
  item_number: string;
  status: string;
  status_since: Date | string;
  before_qty: number | null;
  after_qty: number | null;
  status_changed: boolean;
  qty_changed: boolean;
  reached_zero: boolean;
  detail_rank: number | string;
  status_rank: number | string;
  qty_rank: number | string;
  zero_rank: number | string;
  details_count: number | string;
  now_active_count: number | string;
  now_inactive_count: number | string;
  qty_count: number | string;
  qty_down_count: number | string;
  qty_up_count: number | string;
  zero_count: number | string;
}

/**
 * Per source, the user-activated items that changed within the window: counts over all of them and, ranked
 * per list, only the rows the digest shows. One statement; each item costs two probes of the snapshot index.
 */
async function inventoryItemActivity(
  db: DbOrTx,
  sourceIds: number[],
  window: DigestWindow,
): Promise<Map<number, InventoryItemActivity>> {
  const start = window.start.toISOString();
  const end = window.end.toISOString();
  const ids = intArrayLiteral(sourceIds);
  const rows = await queryRows<ItemRow>(
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

  const bySource = new Map<number, InventoryItemActivity>();
  for (const row of rows) {
    const sourceId = Number(row.source_id);
    let activity = bySource.get(sourceId);
    if (!activity) {
      activity = {
        ...emptyItemActivity(),
        nowActiveCount: Number(row.now_active_count),
        nowInactiveCount: Number(row.now_inactive_count),
        quantityChangeCount: Number(row.qty_count),
        quantityDownCount: Number(row.qty_down_count),
        quantityUpCount: Number(row.qty_up_count),
        zeroCount: Number(row.zero_count),
        detailsCount: Number(row.details_count),
      };
      bySource.set(sourceId, activity);
    }
    const change: ItemChange = {
      itemNumber: row.item_number,
      status: row.status,
      statusSince: row.status_changed ? new Date(row.status_since) : null,
      before: row.before_qty === null ? null : Number(row.before_qty),
      after: row.after_qty === null ? null : Number(row.after_qty),
    };
    if (Number(row.detail_rank) <= DIGEST_CAPS.itemDetails) activity.details.push(change);
    if (row.status_changed && Number(row.status_rank) <= DIGEST_CAPS.statusItems) {
      (row.status === 'Active' ? activity.nowActive : activity.nowInactive).push(row.item_number);
    }
    if (row.qty_changed && Number(row.qty_rank) <= DIGEST_CAPS.quantityItems)
      activity.quantityChanges.push(change);
    if (row.reached_zero && Number(row.zero_rank) <= DIGEST_CAPS.zeroItems) activity.zeroItems.push(change);
  }
  for (const activity of bySource.values()) {
    activity.nowActive.sort();
    activity.nowInactive.sort();
    activity.zeroItems.sort((a, b) => a.itemNumber.localeCompare(b.itemNumber));
    activity.quantityChanges.sort(
      (a, b) => Math.abs((b.after ?? 0) - (b.before ?? 0)) - Math.abs((a.after ?? 0) - (a.before ?? 0)),
    );
  }
  return bySource;
}

/** Whether anything happened at all for this source within the window (or waits for someone). */
export function hasActivity(source: SourceActivity): boolean {
  return (
    source.totals.runs > 0 ||
    source.held.length > 0 ||
    source.noUpdateAlerts.length > 0 ||
    (source.items !== null && source.items.detailsCount > 0)
  );
}

/** Failed runs, runs waiting for approval, no-update alerts and failed deliveries. */
export function errorCount(source: SourceActivity): number {
  return (
    source.failed.length + source.held.length + source.noUpdateAlerts.length + source.deliveryFailed.length
  );
}
