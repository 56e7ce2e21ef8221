import { describe, expect, it } from 'vitest';
import {
  DIGEST_CAPS,
  type DigestRunRow,
  type DigestSource,
  type DigestWindow,
  daysOfWindow,
  digestActivityOf,
  errorCount,
  hasActivity,
  type ItemChangeRow,
  itemActivityBySource,
} from './digest-activity';

const window: DigestWindow = {
  start: new Date('2025-06-01T00:00:00Z'),
  end: new Date('2025-06-03T23:59:59Z'),
};
const timeZone = 'UTC';
const inventory = { sourceTypeId: 1, runSourceType: 'inventory', window, timeZone } as const;
const supplier: DigestSource = { id: 7, name: 'Supplier', activeStatus: true };

let nextRunId = 1;
function run(overrides: Partial<DigestRunRow> = {}): DigestRunRow {
  return {
    id: nextRunId++,
    sourceId: supplier.id,
    sourceName: supplier.name,
    trigger: 'mail',
    status: 'succeeded',
    fileName: 'stock.csv',
    startedAt: new Date('2025-06-02T10:00:00Z'),
    message: null,
    ordersUpdated: 0,
    ordersDeleted: 0,
    errors: null,
    changes: null,
    delivery: null,
    ...overrides,
  };
}

function itemRow(overrides: Partial<ItemChangeRow> = {}): ItemChangeRow {
  return {
    source_id: supplier.id,
    item_number: 'A1',
    status: 'Active',
    status_since: '2025-06-02T10:00:00Z',
    before_qty: null,
    after_qty: null,
    status_changed: false,
    qty_changed: false,
    reached_zero: false,
    detail_rank: '1',
    status_rank: '1',
    qty_rank: '1',
    zero_rank: '1',
    details_count: '1',
    now_active_count: '0',
    now_inactive_count: '0',
    qty_count: '0',
    qty_down_count: '0',
    qty_up_count: '0',
    zero_count: '0',
    ...overrides,
  };
}

const noRows = { windowRuns: [], heldRuns: [], itemRows: [], shipments: new Map() };

describe('digest activity (docs/behaviour/notifications.md#digest-content)', () => {
  it('adds up file runs per source and per day; no-update alerts are listed but not counted', () => {
    const activity = digestActivityOf(
      { ...inventory, sources: [supplier, { id: 8, name: 'Quiet', activeStatus: true }] },
      {
        ...noRows,
        windowRuns: [
          run({ changes: { turnedActiveCount: 3, turnedInactiveCount: 1 } }),
          run({ status: 'failed', errors: ['bad file', 42], startedAt: new Date('2025-06-03T08:00:00Z') }),
          run({ trigger: 'alert', status: 'failed', message: 'No inventory file received for 8 days' }),
          run({ status: 'discarded', changes: { turnedActiveCount: 9 } }),
        ],
      },
    );
    const [source, quiet] = activity.sources;
    expect(source!.totals).toEqual({
      runs: 3,
      succeeded: 1,
      failed: 1,
      held: 0,
      discarded: 1,
      // Only succeeded runs change item states.
      activated: 3,
      deactivated: 1,
      ordersUpdated: 0,
      ordersDeleted: 0,
    });
    expect(source!.days.map((day) => [day.day, day.runs, day.failed])).toEqual([
      ['2025-06-01', 0, 0],
      ['2025-06-02', 2, 0],
      ['2025-06-03', 1, 1],
    ]);
    expect(source!.failed.map((entry) => entry.errors)).toEqual([['bad file']]);
    expect(source!.noUpdateAlerts).toHaveLength(1);
    expect(source!.items).toEqual(expect.objectContaining({ detailsCount: 0, details: [] }));
    expect(source!.shipments).toBeNull();
    expect(errorCount(source!)).toBe(2);
    expect(hasActivity(quiet!)).toBe(false);
    expect(quiet!.days).toHaveLength(3);
  });

  it('lists held runs whenever they started and succeeded runs whose delivery failed', () => {
    const held = run({ status: 'held', startedAt: new Date('2025-05-20T10:00:00Z') });
    const activity = digestActivityOf(
      { ...inventory, sources: [supplier] },
      {
        ...noRows,
        windowRuns: [
          run({ delivery: { email: { ok: false, message: 'SMTP refused' }, sftp: { ok: true } } }),
          run({ delivery: { sftp: { ok: false } } }),
        ],
        heldRuns: [held],
      },
    );
    const [source] = activity.sources;
    expect(source!.held.map((entry) => entry.id)).toEqual([held.id]);
    expect(source!.deliveryFailed.map((entry) => entry.deliveryFailures)).toEqual([
      ['E-mail delivery failed: SMTP refused'],
      ['SFTP delivery failed: no reason given'],
    ]);
    expect(errorCount(source!)).toBe(3);
    expect(hasActivity(source!)).toBe(true);
  });

  it('lists only active days in a window longer than 31 days', () => {
    const long: DigestWindow = {
      start: new Date('2025-01-01T00:00:00Z'),
      end: new Date('2025-03-01T00:00:00Z'),
    };
    expect(daysOfWindow(long, timeZone)).toHaveLength(60);
    const activity = digestActivityOf(
      { ...inventory, window: long, sources: [supplier] },
      { ...noRows, windowRuns: [run({ startedAt: new Date('2025-02-10T12:00:00Z') })] },
    );
    expect(activity.sources[0]!.days.map((day) => day.day)).toEqual(['2025-02-10']);
  });

  it('counts days in the notification time zone', () => {
    const activity = digestActivityOf(
      { ...inventory, timeZone: 'America/New_York', sources: [supplier] },
      { ...noRows, windowRuns: [run({ startedAt: new Date('2025-06-02T02:00:00Z') })] },
    );
    const busy = activity.sources[0]!.days.filter((day) => day.runs > 0);
    expect(busy.map((day) => day.day)).toEqual(['2025-06-01']);
  });

  it('shapes the item rows into capped lists, ordered as the digest prints them', () => {
    const counts = {
      details_count: '4',
      now_active_count: '1',
      now_inactive_count: '1',
      qty_count: '2',
      qty_down_count: '1',
      qty_up_count: '1',
      zero_count: '1',
    };
    const bySource = itemActivityBySource([
      itemRow({ ...counts, item_number: 'Z9', status_changed: true, detail_rank: '1' }),
      itemRow({
        ...counts,
        item_number: 'B2',
        status: 'Inactive',
        status_changed: true,
        before_qty: 5,
        after_qty: 0,
        qty_changed: true,
        reached_zero: true,
        detail_rank: '2',
      }),
      itemRow({
        ...counts,
        item_number: 'C3',
        before_qty: 10,
        after_qty: 40,
        qty_changed: true,
        detail_rank: '3',
      }),
      // Ranked past the details cap: in its own list only.
      itemRow({
        ...counts,
        item_number: 'D4',
        reached_zero: true,
        after_qty: 0,
        detail_rank: String(DIGEST_CAPS.itemDetails + 1),
        zero_rank: '2',
      }),
    ]);
    const items = bySource.get(supplier.id)!;
    expect(items.nowActive).toEqual(['Z9']);
    expect(items.nowInactive).toEqual(['B2']);
    expect(items.details.map((change) => change.itemNumber)).toEqual(['Z9', 'B2', 'C3']);
    expect(items.details[0]!.statusSince).toEqual(new Date('2025-06-02T10:00:00Z'));
    expect(items.details[2]!.statusSince).toBeNull();
    // Largest change first.
    expect(items.quantityChanges.map((change) => [change.itemNumber, change.before, change.after])).toEqual([
      ['C3', 10, 40],
      ['B2', 5, 0],
    ]);
    expect(items.zeroItems.map((change) => change.itemNumber)).toEqual(['B2', 'D4']);
    expect(items).toEqual(
      expect.objectContaining({
        detailsCount: 4,
        nowActiveCount: 1,
        nowInactiveCount: 1,
        quantityChangeCount: 2,
        quantityDownCount: 1,
        quantityUpCount: 1,
        zeroCount: 1,
      }),
    );
  });
});
