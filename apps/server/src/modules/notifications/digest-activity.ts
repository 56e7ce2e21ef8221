/**
 * The digest's arithmetic (docs/behaviour/notifications.md#digest-content), without a database: the rows
 * digest-repository.ts reads become each source's totals, days, run lists and item lists.
 *
 * - No-update alerts (trigger 'alert') are alerts, not runs: they count in no total and no day.
 * - Items turned Active / Inactive add up from succeeded runs only (run details `changes`).
 * - A window of up to 31 days lists every day it touches, empty ones included; a longer one only active days.
 * - The item lists keep the query's ranks and caps; their counts cover every changed item ("and N more").
 */
import { type RunSourceType, SOURCE_TYPE_RUN_SOURCE, type SourceTypeId } from '@app/contracts';
import type { ShipmentActivity } from '../tracking-numbers/repository';

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

/**
 * A message from a sender the source expects that another of its rules turned away (ledger outcome unmatched,
 * docs/behaviour/mail-intake.md#the-mailbox-ledger): the supplier whose subject or file name changed.
 */
export interface UnmatchedMail {
  ledgerId: number;
  emailSourceId: number;
  receivedAt: Date;
  from: string | null;
  subject: string | null;
  /** The source's first failing rule, in the operator's words (the poll's own decision). */
  detail: string;
}

/** A ledger entry as the digest query reads it: its evaluations say which sources expected the sender. */
export interface UnmatchedMailRow {
  id: number;
  emailSourceId: number;
  receivedAt: Date;
  fromAddress: string | null;
  subject: string | null;
  evaluations: Array<{ sourceType: string; sourceId: number; failedRule: string | null; detail: string }>;
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
  /** Mail-fed sources: messages received within the window that the source expected but did not take. */
  unmatchedMail: UnmatchedMail[];
}

export interface DigestActivity {
  sourceTypeId: SourceTypeId;
  runSourceType: RunSourceType;
  window: DigestWindow;
  timeZone: string;
  sources: SourceActivity[];
}

export interface ChangesDetail {
  turnedActiveCount?: number;
  turnedInactiveCount?: number;
}

export interface DeliveryDetail {
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

/** A run as the digest query selects it: the run's columns, and the parts of its details a digest shows. */
export type DigestRunRow = Omit<
  DigestRun,
  'errors' | 'turnedActive' | 'turnedInactive' | 'deliveryFailures'
> & {
  errors: unknown;
  changes: ChangesDetail | null;
  delivery: DeliveryDetail | null;
};

export function toDigestRun(row: DigestRunRow): DigestRun {
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

/** What the repository read for a digest's sources. */
export interface DigestRows {
  /** Runs started within the window, oldest first. */
  windowRuns: DigestRunRow[];
  /** Runs waiting for approval now, whenever they started. */
  heldRuns: DigestRunRow[];
  /** Inventory only: the item query's rows (digest-repository.ts). */
  itemRows: ItemChangeRow[];
  /** Order tracking only: per source. */
  shipments: Map<number, ShipmentActivity>;
  /** Unmatched ledger entries received within the window that one of the sources expected, oldest first. */
  unmatchedMail?: UnmatchedMailRow[];
}

/** Everything a digest of these sources can show, from the rows read for them. */
export function digestActivityOf(
  input: {
    sourceTypeId: SourceTypeId;
    runSourceType: RunSourceType;
    sources: DigestSource[];
    window: DigestWindow;
    timeZone: string;
  },
  rows: DigestRows,
): DigestActivity {
  const { sourceTypeId, runSourceType, sources, window, timeZone } = input;
  const activity: DigestActivity = { sourceTypeId, runSourceType, window, timeZone, sources: [] };
  const itemActivity = sourceTypeId === 1 ? itemActivityBySource(rows.itemRows) : new Map();
  const days = daysOfWindow(window, timeZone);
  for (const source of sources) {
    activity.sources.push(sourceActivityOf(source, sourceTypeId, days, timeZone, rows, itemActivity));
  }
  return activity;
}

function sourceActivityOf(
  source: DigestSource,
  sourceTypeId: SourceTypeId,
  days: string[],
  timeZone: string,
  rows: DigestRows,
  itemActivity: Map<number, InventoryItemActivity>,
): SourceActivity {
  const sourceRuns = rows.windowRuns.filter((row) => row.sourceId === source.id).map(toDigestRun);
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
  return {
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
    held: rows.heldRuns.filter((row) => row.sourceId === source.id).map(toDigestRun),
    noUpdateAlerts: sourceRuns.filter((run) => run.trigger === 'alert'),
    deliveryFailed: fileRuns.filter((run) => run.status === 'succeeded' && run.deliveryFailures.length > 0),
    succeeded: fileRuns.filter((run) => run.status === 'succeeded'),
    items: sourceTypeId === 1 ? (itemActivity.get(source.id) ?? emptyItemActivity()) : null,
    shipments:
      sourceTypeId === 3
        ? (rows.shipments.get(source.id) ?? { perCarrier: [], badCheckDigits: [], badCheckDigitCount: 0 })
        : null,
    unmatchedMail: unmatchedMailOf(rows.unmatchedMail ?? [], runSourceTypeOf(sourceTypeId), source.id),
  };
}

function runSourceTypeOf(sourceTypeId: SourceTypeId): RunSourceType {
  return SOURCE_TYPE_RUN_SOURCE[sourceTypeId];
}

/**
 * The entries in which this source's sender rule passed and a later rule failed: the message was for it.
 * The reason is the one the poll recorded, so the digest says what the ledger says.
 */
export function unmatchedMailOf(
  rows: readonly UnmatchedMailRow[],
  sourceType: RunSourceType,
  sourceId: number,
): UnmatchedMail[] {
  return rows.flatMap((row) => {
    const evaluation = row.evaluations.find(
      (candidate) =>
        candidate.sourceType === sourceType &&
        candidate.sourceId === sourceId &&
        candidate.failedRule !== null &&
        candidate.failedRule !== 'from',
    );
    if (!evaluation) return [];
    return [
      {
        ledgerId: row.id,
        emailSourceId: row.emailSourceId,
        receivedAt: row.receivedAt,
        from: row.fromAddress,
        subject: row.subject,
        detail: evaluation.detail,
      },
    ];
  });
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

/** An item of the inventory item query: its change, its rank in each list and its source's counts. */
export interface ItemChangeRow {
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
 * Per source, the items the digest shows: the counts come with every row, each list takes the rows ranked
 * within its cap, then the lists are put in the order the digest prints them.
 */
export function itemActivityBySource(rows: readonly ItemChangeRow[]): Map<number, InventoryItemActivity> {
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
    source.unmatchedMail.length > 0 ||
    (source.items !== null && source.items.detailsCount > 0)
  );
}

/** Failed runs, runs waiting for approval, no-update alerts, failed deliveries and unmatched mail. */
export function errorCount(source: SourceActivity): number {
  return (
    source.failed.length +
    source.held.length +
    source.noUpdateAlerts.length +
    source.deliveryFailed.length +
    source.unmatchedMail.length
  );
}
