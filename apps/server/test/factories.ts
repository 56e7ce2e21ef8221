/**
 * Rows put straight into the database, for tests whose subject is not the editor that would create them (a
 * list, a digest, housekeeping, a run's details). Each factory fills the required columns with plausible
 * values; a test passes only what it is about. Tests of an editor create their rows through its API instead.
 */
import { type DbOrTx, schema } from '@app/db';
import { and, asc, eq, gt } from 'drizzle-orm';
import { storedCarrierOf } from '../src/modules/tracking-numbers/stored-carrier';

type EmailSourceRow = typeof schema.emailSources.$inferInsert;
type OrderTrackingSourceRow = typeof schema.orderTrackingSources.$inferInsert;
type InventorySourceRow = typeof schema.inventorySources.$inferInsert;
type RunRow = typeof schema.runs.$inferInsert;

let sequence = 0;
function next(): number {
  sequence += 1;
  return sequence;
}

/** An e-mail source with no servers or secret: enough to be chosen by other sources, never polled. */
export async function insertEmailSource(db: DbOrTx, overrides: Partial<EmailSourceRow> = {}) {
  const n = next();
  const [row] = await db
    .insert(schema.emailSources)
    .values({ username: `Mailbox ${n}`, email: `mailbox-${n}@retailer.example`, ...overrides })
    .returning();
  return row!;
}

/** An order tracking source reading `.csv` shipment files, keyed on the customer's PO number. */
export async function insertOrderTrackingSource(db: DbOrTx, overrides: Partial<OrderTrackingSourceRow> = {}) {
  const [row] = await db
    .insert(schema.orderTrackingSources)
    .values({
      sourceName: `Shipments ${next()}`,
      fileType: '.csv',
      fromEmail: 'shipments@carrier.example',
      subjectValue: 'Shipments',
      attachmentName: '*.csv',
      uniqueColumn: 'CustomerPoNumber',
      columnMapping: {},
      ...overrides,
    })
    .returning();
  return row!;
}

/** An inventory source reading `.csv` stock files with `SKU` and `Qty` columns. */
export async function insertInventorySource(db: DbOrTx, overrides: Partial<InventorySourceRow> = {}) {
  const [row] = await db
    .insert(schema.inventorySources)
    .values({
      sourceName: `Stock ${next()}`,
      fileType: '.csv',
      fromEmail: 'stock@supplier.example',
      subjectValue: 'Stock',
      attachmentName: '*.csv',
      itemNumberColumnName: 'SKU',
      qtyColumnName: 'Qty',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A finished run of an order tracking source, started and finished now unless the test says otherwise. */
export async function insertRun(db: DbOrTx, overrides: Partial<RunRow> = {}) {
  const at = new Date();
  const [row] = await db
    .insert(schema.runs)
    .values({
      sourceType: 'order-tracking',
      sourceName: `Source ${next()}`,
      trigger: 'mail',
      status: 'succeeded',
      startedAt: at,
      finishedAt: at,
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * The runs of one source, optionally only those in a status or started after a moment: what the intake tests
 * wait for and count.
 */
export function runsOf(
  db: DbOrTx,
  filter: {
    sourceType: RunRow['sourceType'];
    sourceId: number;
    status?: RunRow['status'];
    startedAfter?: Date;
  },
) {
  const { runs } = schema;
  return db
    .select()
    .from(runs)
    .where(
      and(
        eq(runs.sourceType, filter.sourceType),
        eq(runs.sourceId, filter.sourceId),
        filter.status ? eq(runs.status, filter.status) : undefined,
        filter.startedAfter ? gt(runs.startedAt, filter.startedAfter) : undefined,
      ),
    )
    .orderBy(asc(runs.startedAt));
}

type OrderRow = typeof schema.orders.$inferInsert;

/** A live tracked order with its tracking numbers (stored with their carrier, as ingest stores them); its unique key is new each time. */
export async function insertOrder(
  db: DbOrTx,
  overrides: Partial<OrderRow> = {},
  trackingNumbers: string[] = [],
) {
  const [row] = await db
    .insert(schema.orders)
    .values({ uniqueKey: `order-${next()}`, ...overrides })
    .returning();
  if (trackingNumbers.length > 0) {
    await db.insert(schema.orderTrackingNumbers).values(
      trackingNumbers.map((trackingNumber) => ({
        orderId: row!.id,
        trackingNumber,
        ...storedCarrierOf(trackingNumber),
      })),
    );
  }
  return row!;
}
