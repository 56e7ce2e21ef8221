/**
 * Builds a setting's digest e-mails (docs/behaviour/notifications.md#digest-content) from the activity of its window: one e-mail for all its
 * sources when `consolidatedEmail` is on, else one per source. Each section appears only when the setting
 * switches it on; status changes, quantity changes, zero-quantity alerts and item details are about
 * inventory items, so digests of the other source types leave them out. A digest with nothing to report is
 * still sent and says so: silence must never hide a dead source.
 */
import {
  isSourceTypeId,
  NOTIFICATION_WINDOW_DAYS,
  SOURCE_TYPE_LABELS,
  type SourceTypeId,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { plural } from '../../lib/plural';
import type { ShipmentActivity } from '../tracking-numbers/repository';
import {
  DIGEST_CAPS,
  type DigestActivity,
  type DigestRun,
  type DigestWindow,
  errorCount,
  hasActivity,
  type ItemChange,
  type SourceActivity,
  type UnmatchedMail,
} from './digest-activity';
import { collectDigestActivity, digestSources } from './digest-data';
import { type DigestBlock, type DigestDocument, renderDigestHtml, renderDigestText } from './digest-html';
import type { NotificationSettingRow } from './repository';

export type { NotificationSettingRow };

const DAY_MS = 86_400_000;

/** When the setting has never sent one, a custom digest covers the past 24 hours. */
const CUSTOM_FIRST_WINDOW_DAYS = 1;

/**
 * The period a digest sent at `now` covers: the past 24 hours, 7 days or 30 days (docs/behaviour/notifications.md#schedule), and for a
 * custom schedule the time since the last digest sent.
 */
export function digestWindow(
  setting: Pick<NotificationSettingRow, 'notificationInterval' | 'lastNotificationSent'>,
  now: Date,
): DigestWindow {
  const interval = setting.notificationInterval;
  if (interval === 'Daily' || interval === 'Weekly' || interval === 'Monthly') {
    return { start: new Date(now.getTime() - NOTIFICATION_WINDOW_DAYS[interval] * DAY_MS), end: now };
  }
  const last = setting.lastNotificationSent;
  const start =
    last && last.getTime() < now.getTime()
      ? last
      : new Date(now.getTime() - CUSTOM_FIRST_WINDOW_DAYS * DAY_MS);
  return { start, end: now };
}

export interface DigestEmail {
  subject: string;
  html: string;
  text: string;
  /** The sources this e-mail reports on. */
  sourceIds: number[];
  errors: number;
}

export interface BuiltDigest {
  window: DigestWindow;
  sourceCount: number;
  errors: number;
  emails: DigestEmail[];
}

export interface BuildDigestOptions {
  now: Date;
  timeZone: string;
  /** A "Test Notification": marked as such in the subject and the text. */
  test?: boolean;
  /** The app's address, for the footer. */
  publicUrl?: string;
}

/** Reads the window's activity and builds the e-mails; sends nothing. */
export async function buildDigest(
  db: DbOrTx,
  setting: NotificationSettingRow,
  options: BuildDigestOptions,
): Promise<BuiltDigest> {
  if (!isSourceTypeId(setting.sourceTypeId)) {
    throw new Error(`Notification setting ${setting.id} has an unknown source type ${setting.sourceTypeId}`);
  }
  const sourceTypeId = setting.sourceTypeId;
  const window = digestWindow(setting, options.now);
  const sources = await digestSources(db, sourceTypeId, setting.sourceIds ?? [], window);
  const activity = await collectDigestActivity(db, {
    sourceTypeId,
    sources,
    window,
    timeZone: options.timeZone,
  });
  const errors = activity.sources.reduce((sum, source) => sum + errorCount(source), 0);
  const groups =
    setting.consolidatedEmail || activity.sources.length === 0
      ? [activity.sources]
      : activity.sources.map((source) => [source]);
  const emails = groups.map((group) => {
    const document = digestDocument(setting, activity, group, options);
    return {
      subject: digestSubject(setting, activity, group, options.test ?? false),
      html: renderDigestHtml(document),
      text: renderDigestText(document),
      sourceIds: group.map((source) => source.source.id),
      errors: group.reduce((sum, source) => sum + errorCount(source), 0),
    };
  });
  return { window, sourceCount: activity.sources.length, errors, emails };
}

function intervalTitle(interval: string): string {
  if (interval === 'Daily' || interval === 'Weekly' || interval === 'Monthly') return `${interval} digest`;
  return 'Digest';
}

/**
 * `<prefix> Weekly digest – 3 sources, 2 errors` (consolidated) or `<prefix> Weekly digest – Acme stock:
 * no errors` (one per source); "no activity" when nothing happened. A test says so after the prefix.
 */
export function digestSubject(
  setting: Pick<NotificationSettingRow, 'emailSubjectPrefix' | 'notificationInterval' | 'consolidatedEmail'>,
  activity: Pick<DigestActivity, 'sourceTypeId'>,
  group: SourceActivity[],
  test: boolean,
): string {
  const prefix = setting.emailSubjectPrefix.trim();
  const title = `${test ? 'Test: ' : ''}${intervalTitle(setting.notificationInterval)}`;
  const errors = group.reduce((sum, source) => sum + errorCount(source), 0);
  const state = errors > 0 ? plural(errors, 'error') : group.some(hasActivity) ? 'no errors' : 'no activity';
  let what: string;
  if (group.length === 0) what = `no ${SOURCE_TYPE_LABELS[activity.sourceTypeId].toLowerCase()} sources`;
  else if (group.length === 1 && !setting.consolidatedEmail) what = `${group[0]!.source.name}: ${state}`;
  else what = `${plural(group.length, 'source')}, ${state}`;
  return `${prefix ? `${prefix} ` : ''}${title} – ${what}`;
}

function formatter(timeZone: string, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
}

function formatDateTime(date: Date, timeZone: string): string {
  return formatter(timeZone, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

function formatShortDateTime(date: Date, timeZone: string): string {
  return formatter(timeZone, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** '2025-05-24' → 'Sat 24 May'. */
function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(new Date(Date.UTC(year!, month! - 1, date!)));
}

function formatQuantity(value: number | null): string {
  return value === null ? '–' : value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

function formatDelta(change: ItemChange): string {
  if (change.before === null || change.after === null) return '';
  const delta = change.after - change.before;
  return `${delta > 0 ? '+' : ''}${delta.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}

function more(total: number, shown: number, what: string): string | undefined {
  const rest = total - shown;
  return rest > 0 ? `and ${plural(rest, `more ${what}`, `more ${what}s`)}` : undefined;
}

function runLine(run: DigestRun, timeZone: string, text: string | null): string {
  const parts = [formatShortDateTime(run.startedAt, timeZone)];
  if (run.fileName) parts.push(run.fileName);
  parts.push(`run #${run.id}`);
  return `${parts.join(' · ')}${text ? ` — ${text}` : ''}`;
}

function failureText(run: DigestRun): string {
  const message = run.message ?? 'failed without a message';
  const extra = run.errors.filter((error) => error !== run.message).slice(0, 3);
  return extra.length > 0 ? `${message} (${extra.join('; ')})` : message;
}

interface Vocabulary {
  runs: string;
  succeeded: string;
  failed: string;
}

function vocabulary(sourceTypeId: SourceTypeId): Vocabulary {
  return sourceTypeId === 4
    ? { runs: 'submission', succeeded: 'sent', failed: 'failed' }
    : { runs: 'run', succeeded: 'succeeded', failed: 'failed' };
}

function summaryLine(
  setting: NotificationSettingRow,
  activity: DigestActivity,
  source: SourceActivity,
): string {
  const { totals } = source;
  const words = vocabulary(activity.sourceTypeId);
  if (totals.runs === 0) return `No ${words.runs}s in this period.`;
  const parts = [`${totals.succeeded.toLocaleString('en-US')} ${words.succeeded}`];
  parts.push(`${totals.failed.toLocaleString('en-US')} ${words.failed}`);
  if (totals.held > 0) parts.push(`${totals.held.toLocaleString('en-US')} held`);
  if (totals.discarded > 0) parts.push(`${totals.discarded.toLocaleString('en-US')} discarded`);
  let line = `${plural(totals.runs, words.runs)}: ${parts.join(', ')}.`;
  if (activity.sourceTypeId === 3) {
    line += ` ${plural(totals.ordersUpdated, 'order')} updated, ${totals.ordersDeleted.toLocaleString('en-US')} deleted.`;
  }
  // With the status section on, it says this itself.
  if (activity.sourceTypeId === 1 && !setting.includeStatusChanges) {
    line += ` ${plural(totals.activated, 'item')} turned Active, ${totals.deactivated.toLocaleString('en-US')} turned Inactive.`;
  }
  return line;
}

function statusChangeBlocks(source: SourceActivity): DigestBlock[] {
  const items = source.items!;
  const blocks: DigestBlock[] = [{ kind: 'heading', text: 'Status changes' }];
  const { activated, deactivated } = source.totals;
  if (activated + deactivated === 0 && items.nowActiveCount + items.nowInactiveCount === 0) {
    blocks.push({ kind: 'paragraph', text: 'No item changed status.', tone: 'muted' });
    return blocks;
  }
  blocks.push({
    kind: 'paragraph',
    text: `${plural(deactivated, 'item')} turned Inactive and ${activated.toLocaleString('en-US')} turned Active.`,
  });
  if (items.nowInactive.length > 0) {
    blocks.push({
      kind: 'paragraph',
      text: `Inactive now: ${items.nowInactive.join(', ')}${items.nowInactiveCount > items.nowInactive.length ? ` and ${(items.nowInactiveCount - items.nowInactive.length).toLocaleString('en-US')} more` : ''}`,
      tone: 'error',
    });
  }
  if (items.nowActive.length > 0) {
    blocks.push({
      kind: 'paragraph',
      text: `Active now: ${items.nowActive.join(', ')}${items.nowActiveCount > items.nowActive.length ? ` and ${(items.nowActiveCount - items.nowActive.length).toLocaleString('en-US')} more` : ''}`,
      tone: 'ok',
    });
  }
  return blocks;
}

function quantityBlocks(source: SourceActivity): DigestBlock[] {
  const items = source.items!;
  const blocks: DigestBlock[] = [{ kind: 'heading', text: 'Quantity changes' }];
  if (items.quantityChangeCount === 0) {
    blocks.push({ kind: 'paragraph', text: 'No item quantity changed.', tone: 'muted' });
    return blocks;
  }
  blocks.push({
    kind: 'paragraph',
    text: `${plural(items.quantityChangeCount, 'item')} changed quantity: ${items.quantityDownCount.toLocaleString('en-US')} down, ${items.quantityUpCount.toLocaleString('en-US')} up. Largest changes:`,
  });
  blocks.push({
    kind: 'table',
    columns: [
      { label: 'Item' },
      { label: 'Before', numeric: true },
      { label: 'After', numeric: true },
      { label: 'Change', numeric: true },
    ],
    rows: items.quantityChanges.map((change) => [
      change.itemNumber,
      formatQuantity(change.before),
      formatQuantity(change.after),
      formatDelta(change),
    ]),
    ...(items.quantityChangeCount > items.quantityChanges.length
      ? { more: more(items.quantityChangeCount, items.quantityChanges.length, 'item') }
      : {}),
  });
  return blocks;
}

function zeroBlocks(source: SourceActivity): DigestBlock[] {
  const items = source.items!;
  const blocks: DigestBlock[] = [{ kind: 'heading', text: 'Zero quantity alerts' }];
  if (items.zeroCount === 0) {
    blocks.push({ kind: 'paragraph', text: 'No item reached quantity 0.', tone: 'muted' });
    return blocks;
  }
  blocks.push({
    kind: 'paragraph',
    text: `${plural(items.zeroCount, 'item')} reached quantity 0:`,
    tone: 'error',
  });
  const list: DigestBlock = {
    kind: 'list',
    items: items.zeroItems.map(
      (change) =>
        `${change.itemNumber}${change.before === null ? '' : ` (was ${formatQuantity(change.before)})`}, now ${change.status}`,
    ),
    tone: 'error',
  };
  const rest = more(items.zeroCount, items.zeroItems.length, 'item');
  if (rest) list.more = rest;
  blocks.push(list);
  return blocks;
}

function breakdownBlocks(activity: DigestActivity, source: SourceActivity): DigestBlock[] {
  const words = vocabulary(activity.sourceTypeId);
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  const columns: Array<{ label: string; numeric?: boolean }> = [
    { label: 'Day' },
    { label: `${capital(words.runs)}s`, numeric: true },
    { label: capital(words.succeeded), numeric: true },
    { label: capital(words.failed), numeric: true },
  ];
  const extra: Array<(day: SourceActivity['days'][number]) => number> = [];
  if (activity.sourceTypeId === 1) {
    columns.push({ label: 'Held', numeric: true }, { label: 'Activated', numeric: true });
    columns.push({ label: 'Deactivated', numeric: true });
    extra.push(
      (day) => day.held,
      (day) => day.activated,
      (day) => day.deactivated,
    );
  } else if (activity.sourceTypeId === 3) {
    columns.push({ label: 'Orders updated', numeric: true }, { label: 'Orders deleted', numeric: true });
    extra.push(
      (day) => day.ordersUpdated,
      (day) => day.ordersDeleted,
    );
  } else {
    columns.push({ label: 'Held', numeric: true });
    extra.push((day) => day.held);
  }
  return [
    { kind: 'heading', text: 'Daily breakdown' },
    {
      kind: 'table',
      columns,
      rows: source.days.map((day) => [
        formatDay(day.day),
        String(day.runs),
        String(day.succeeded),
        String(day.failed),
        ...extra.map((value) => value(day).toLocaleString('en-US')),
      ]),
    },
  ];
}

/** Order tracking: the tracking numbers of the orders updated in the window, per recognised carrier. */
function carrierBlocks(shipments: ShipmentActivity): DigestBlock[] {
  if (shipments.perCarrier.length === 0) return [];
  return [
    { kind: 'heading', text: 'Shipments per carrier' },
    {
      kind: 'table',
      columns: [{ label: 'Carrier' }, { label: 'Tracking numbers', numeric: true }],
      rows: shipments.perCarrier.map(({ carrier, count }) => [carrier, count.toLocaleString('en-US')]),
    },
  ];
}

/** Order tracking: numbers whose check digit does not match (docs/behaviour/order-tracking.md#carriers). */
function checkDigitBlocks(shipments: ShipmentActivity): DigestBlock[] {
  if (shipments.badCheckDigitCount === 0) return [];
  const rest = more(shipments.badCheckDigitCount, shipments.badCheckDigits.length, 'number');
  return [
    { kind: 'heading', text: 'Tracking numbers with a bad check digit' },
    {
      kind: 'list',
      items: shipments.badCheckDigits.map(
        ({ trackingNumber, customerPoNumber }) =>
          `${trackingNumber}${customerPoNumber ? ` (PO ${customerPoNumber})` : ''}: check digit does not match, possibly mistyped`,
      ),
      ...(rest ? { more: rest } : {}),
      tone: 'error',
    },
  ];
}

function itemDetailBlocks(source: SourceActivity, timeZone: string): DigestBlock[] {
  const items = source.items!;
  const blocks: DigestBlock[] = [{ kind: 'heading', text: 'Item details' }];
  if (items.detailsCount === 0) {
    blocks.push({ kind: 'paragraph', text: 'No item changed.', tone: 'muted' });
    return blocks;
  }
  const table: DigestBlock = {
    kind: 'table',
    columns: [
      { label: 'Item' },
      { label: 'Status' },
      { label: 'Status since' },
      { label: 'Qty before', numeric: true },
      { label: 'Qty after', numeric: true },
      { label: 'Change', numeric: true },
    ],
    rows: items.details.map((change) => [
      change.itemNumber,
      change.status,
      change.statusSince ? formatShortDateTime(change.statusSince, timeZone) : '',
      formatQuantity(change.before),
      formatQuantity(change.after),
      formatDelta(change),
    ]),
  };
  const rest = more(items.detailsCount, items.details.length, 'item');
  if (rest) table.more = rest;
  blocks.push(table);
  return blocks;
}

function errorBlocks(source: SourceActivity, timeZone: string): DigestBlock[] {
  const blocks: DigestBlock[] = [{ kind: 'heading', text: 'Error alerts' }];
  const lines: string[] = [
    ...source.failed.map((run) => `Failed: ${runLine(run, timeZone, failureText(run))}`),
    ...source.held.map(
      (run) => `Waiting for approval: ${runLine(run, timeZone, run.message ?? 'held by the drift guard')}`,
    ),
    ...source.noUpdateAlerts.map((run) => `No update: ${run.message ?? 'no file received'}`),
    ...source.deliveryFailed.map(
      (run) => `Delivery: ${runLine(run, timeZone, run.deliveryFailures.join('; '))}`,
    ),
    ...source.unmatchedMail.map((mail) => `Unmatched e-mail: ${unmatchedLine(mail, timeZone)}`),
  ];
  if (lines.length === 0) {
    blocks.push({ kind: 'paragraph', text: 'No errors.', tone: 'ok' });
    return blocks;
  }
  const list: DigestBlock = { kind: 'list', items: lines.slice(0, DIGEST_CAPS.runs), tone: 'error' };
  const rest = more(lines.length, Math.min(lines.length, DIGEST_CAPS.runs), 'alert');
  if (rest) list.more = rest;
  blocks.push(list);
  if (source.unmatchedMail.length > 0) {
    blocks.push({
      kind: 'paragraph',
      text: "An unmatched e-mail came from the sender this source expects, but another of its rules turned it away. Correct the rule, then use Offer again on the message in its mailbox's Messages page.",
      tone: 'muted',
    });
  }
  return blocks;
}

/** When it arrived, from whom, its subject and the source's first failing rule. */
function unmatchedLine(mail: UnmatchedMail, timeZone: string): string {
  const parts = [formatShortDateTime(mail.receivedAt, timeZone), mail.from ?? 'no sender'];
  parts.push(mail.subject ? `"${mail.subject}"` : '(no subject)');
  return `${parts.join(' · ')} — ${mail.detail}`;
}

function successBlocks(activity: DigestActivity, source: SourceActivity, timeZone: string): DigestBlock[] {
  const words = vocabulary(activity.sourceTypeId);
  const blocks: DigestBlock[] = [{ kind: 'heading', text: 'Success alerts' }];
  if (source.succeeded.length === 0) {
    blocks.push({ kind: 'paragraph', text: `No ${words.runs}s ${words.succeeded}.`, tone: 'muted' });
    return blocks;
  }
  // Newest first: the latest good run is what a reader looks for.
  const newest = [...source.succeeded].reverse();
  const list: DigestBlock = {
    kind: 'list',
    items: newest.slice(0, DIGEST_CAPS.runs).map((run) => runLine(run, timeZone, run.message)),
    tone: 'ok',
  };
  const rest = more(newest.length, Math.min(newest.length, DIGEST_CAPS.runs), words.runs);
  if (rest) list.more = rest;
  blocks.push({
    kind: 'paragraph',
    text: `${plural(source.succeeded.length, words.runs)} ${words.succeeded}:`,
  });
  blocks.push(list);
  return blocks;
}

function sourceCard(
  setting: NotificationSettingRow,
  activity: DigestActivity,
  source: SourceActivity,
): DigestBlock {
  const { timeZone } = activity;
  const inventory = source.items !== null;
  const blocks: DigestBlock[] = [
    {
      kind: 'paragraph',
      text: summaryLine(setting, activity, source),
      tone: hasActivity(source) ? 'normal' : 'muted',
    },
  ];
  if (inventory && setting.includeStatusChanges) blocks.push(...statusChangeBlocks(source));
  if (inventory && setting.includeQuantityChanges) blocks.push(...quantityBlocks(source));
  if (inventory && setting.includeZeroQuantityAlerts) blocks.push(...zeroBlocks(source));
  if (setting.includeDailyBreakdown) blocks.push(...breakdownBlocks(activity, source));
  if (source.shipments && setting.includeDailyBreakdown) blocks.push(...carrierBlocks(source.shipments));
  if (source.shipments && setting.includeErrorAlerts) blocks.push(...checkDigitBlocks(source.shipments));
  if (inventory && setting.includeItemDetails) blocks.push(...itemDetailBlocks(source, timeZone));
  if (setting.includeErrorAlerts) blocks.push(...errorBlocks(source, timeZone));
  if (setting.includeSuccessAlerts) blocks.push(...successBlocks(activity, source, timeZone));
  return {
    kind: 'card',
    title: source.source.name,
    ...(source.source.activeStatus ? {} : { subtitle: 'This source is switched off.' }),
    blocks,
  };
}

function overviewBlock(activity: DigestActivity, group: SourceActivity[]): DigestBlock {
  const words = vocabulary(activity.sourceTypeId);
  return {
    kind: 'table',
    columns: [
      { label: 'Source' },
      { label: `${words.runs.charAt(0).toUpperCase()}${words.runs.slice(1)}s`, numeric: true },
      { label: words.succeeded.charAt(0).toUpperCase() + words.succeeded.slice(1), numeric: true },
      { label: 'Errors', numeric: true },
    ],
    rows: group.map((source) => [
      source.source.name,
      String(source.totals.runs),
      String(source.totals.succeeded),
      String(errorCount(source)),
    ]),
  };
}

function digestDocument(
  setting: NotificationSettingRow,
  activity: DigestActivity,
  group: SourceActivity[],
  options: BuildDigestOptions,
): DigestDocument {
  const { window, timeZone } = activity;
  const typeLabel = SOURCE_TYPE_LABELS[activity.sourceTypeId];
  const intro = [
    `${typeLabel} · notification setting "${setting.name}"`,
    `Covers ${formatDateTime(window.start, timeZone)} to ${formatDateTime(window.end, timeZone)} (${timeZone}).`,
  ];
  if (options.test) intro.unshift('This is a test notification, sent on request.');
  const blocks: DigestBlock[] = [];
  if (group.length === 0) {
    blocks.push({
      kind: 'paragraph',
      text:
        (setting.sourceIds ?? []).length > 0
          ? `None of the ${typeLabel.toLowerCase()} sources this setting lists exist any more. Edit the setting to choose its sources.`
          : `There are no ${typeLabel.toLowerCase()} sources to report on.`,
      tone: 'error',
    });
  } else {
    if (!group.some(hasActivity)) {
      blocks.push({
        kind: 'paragraph',
        text: 'No activity in this period: no files were processed and nothing is waiting. If files were expected, check the sources and their mailboxes.',
        tone: 'error',
      });
    }
    if (group.length > 1) blocks.push(overviewBlock(activity, group));
    blocks.push(...group.map((source) => sourceCard(setting, activity, source)));
  }
  const where = options.publicUrl ? ` at ${options.publicUrl.replace(/\/$/, '')}/notification-settings` : '';
  return {
    title: `${options.test ? 'Test: ' : ''}${intervalTitle(setting.notificationInterval)} – ${typeLabel}`,
    intro,
    blocks,
    footer: `Sent by Inbox Ops for the notification setting "${setting.name}". Change or switch it off under Notification Settings${where}.`,
  };
}
