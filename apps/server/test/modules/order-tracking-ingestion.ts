/** Factories and readers for the order tracking ingestion tests. */
import { schema } from '@app/db';
import { asc, eq, sql } from 'drizzle-orm';
import type { ProcessFileOutcome } from '../../src/modules/intake/file-processors';
import { orderTrackingFileProcessor } from '../../src/modules/order-tracking-ingestion/processor';
import type { TestApp } from '../helper';

type SourceValues = typeof schema.orderTrackingSources.$inferInsert;

export async function createEmailSource(t: TestApp) {
  const [row] = await t.db.db
    .insert(schema.emailSources)
    .values({ username: `box${Math.random().toString(36).slice(2, 8)}`, email: 'tracking@example.com' })
    .returning();
  return row!;
}

let sourceCounter = 0;

/** An order tracking source reading `Line, PO, Item, Shipped, Qty, Tracking` CSV files keyed on Line. */
export async function createSource(t: TestApp, overrides: Partial<SourceValues> = {}) {
  sourceCounter++;
  const emailSourceId = overrides.emailSourceId ?? (await createEmailSource(t)).id;
  const [row] = await t.db.db
    .insert(schema.orderTrackingSources)
    .values({
      sourceName: `Supplier ${sourceCounter}`,
      emailSourceId,
      fileType: '.csv',
      fromEmail: 'shipping@supplier.example.com',
      subjectValue: 'Shipment report',
      attachmentName: '*.csv',
      uniqueColumn: 'DocumentNumber',
      secondaryDelimiter: ';',
      columnMapping: {
        documentNumber: 'Line',
        customerPoNumber: 'PO',
        itemNumber: 'Item',
        shippedDate: 'Shipped',
        qty: 'Qty',
        trackingNumbers: 'Tracking',
      },
      ...overrides,
    })
    .returning();
  return row!;
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csv(rows: string[][]): Buffer {
  return Buffer.from(`${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`);
}

export const HEADER = ['Line', 'PO', 'Item', 'Shipped', 'Qty', 'Tracking'];

/** Processes a file the way the process route does: in its own transaction. */
export async function processFile(
  t: TestApp,
  sourceId: number,
  content: Buffer,
  fileName = 'shipments.csv',
  extra: { inputFileId?: number; trigger?: 'mail' | 'manual' | 'reprocess' } = {},
): Promise<ProcessFileOutcome> {
  return t.db.db.transaction((tx) =>
    orderTrackingFileProcessor.process({
      db: tx,
      context: t.app.context,
      sourceId,
      file: { fileName, content },
      trigger: extra.trigger ?? 'manual',
      ...(extra.inputFileId ? { inputFileId: extra.inputFileId } : {}),
    }),
  );
}

export interface StoredOrder {
  id: number;
  uniqueKey: string | null;
  customerPoNumber: string | null;
  itemNumber: string | null;
  shippedDate: string | null;
  qty: number | null;
  notes: string | null;
  deletedStatus: boolean;
  lastUpdated: Date;
  trackingNumbers: string[];
}

export async function ordersOf(t: TestApp, sourceId: number): Promise<StoredOrder[]> {
  const { orders, orderTrackingNumbers } = schema;
  const rows = await t.db.db
    .select({
      id: orders.id,
      uniqueKey: orders.uniqueKey,
      customerPoNumber: orders.customerPoNumber,
      itemNumber: orders.itemNumber,
      shippedDate: orders.shippedDate,
      qty: orders.qty,
      notes: orders.notes,
      deletedStatus: orders.deletedStatus,
      lastUpdated: orders.lastUpdated,
    })
    .from(orders)
    .where(eq(orders.orderTrackingSourceId, sourceId))
    .orderBy(asc(orders.uniqueKey));
  const numbers = await t.db.db
    .select({ orderId: orderTrackingNumbers.orderId, trackingNumber: orderTrackingNumbers.trackingNumber })
    .from(orderTrackingNumbers)
    .orderBy(asc(orderTrackingNumbers.trackingNumber));
  return rows.map((row) => ({
    ...row,
    trackingNumbers: numbers.filter((n) => n.orderId === row.id).map((n) => n.trackingNumber),
  }));
}

export async function runOf(t: TestApp, runId: number) {
  const [row] = await t.db.db.select().from(schema.runs).where(eq(schema.runs.id, runId));
  return row!;
}

/** The trigger-kept live-order counter and the real count, which must always agree. */
export async function liveCounts(t: TestApp) {
  const [counter] = await t.db.query<{ live: string | number | null }>(
    'select coalesce(sum(live), 0) as live from order_live_counts',
  );
  const [actual] = await t.db.query<{ live: string | number }>(
    'select count(*) as live from orders where deleted_status = false',
  );
  return { counter: Number(counter?.live ?? 0), actual: Number(actual?.live ?? 0) };
}

export async function ageOrders(t: TestApp, sourceId: number, keys: string[], days: number) {
  await t.db.db
    .update(schema.orders)
    .set({ lastUpdated: sql`now() - make_interval(days => ${days}::int)` })
    .where(
      sql`${schema.orders.orderTrackingSourceId} = ${sourceId} and ${schema.orders.uniqueKey} in ${keys}`,
    );
}
