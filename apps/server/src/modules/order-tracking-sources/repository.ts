import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, asc, eq, sql } from 'drizzle-orm';

const { orderTrackingSources } = schema;

export type OrderTrackingSourceRow = typeof orderTrackingSources.$inferSelect;
export type OrderTrackingSourceValues = Omit<
  typeof orderTrackingSources.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'deletedStatus'
>;

// A deleted source stays in the table so that its orders and runs keep their source; it is hidden
// from every call of this module.
const isLive = (id: number) =>
  and(eq(orderTrackingSources.id, id), eq(orderTrackingSources.deletedStatus, false));

export async function listLiveOrderTrackingSources(db: DbOrTx): Promise<OrderTrackingSourceRow[]> {
  return db
    .select()
    .from(orderTrackingSources)
    .where(eq(orderTrackingSources.deletedStatus, false))
    .orderBy(asc(sql`lower(${orderTrackingSources.sourceName})`), asc(orderTrackingSources.id));
}

export async function findLiveOrderTrackingSource(
  db: DbOrTx,
  id: number,
): Promise<OrderTrackingSourceRow | undefined> {
  const [row] = await db.select().from(orderTrackingSources).where(isLive(id));
  return row;
}

/** The live row, locked for update until the transaction ends. */
export async function lockLiveOrderTrackingSource(
  db: DbOrTx,
  id: number,
): Promise<OrderTrackingSourceRow | undefined> {
  const [row] = await db.select().from(orderTrackingSources).where(isLive(id)).for('update');
  return row;
}

export async function insertOrderTrackingSource(
  db: DbOrTx,
  values: OrderTrackingSourceValues,
): Promise<OrderTrackingSourceRow> {
  const [row] = await db.insert(orderTrackingSources).values(values).returning();
  return row!;
}

export async function updateLiveOrderTrackingSource(
  db: DbOrTx,
  id: number,
  values: Partial<OrderTrackingSourceValues>,
): Promise<OrderTrackingSourceRow | undefined> {
  const [row] = await db
    .update(orderTrackingSources)
    .set({ ...values, updatedAt: new Date() })
    .where(isLive(id))
    .returning();
  return row;
}

export async function softDeleteOrderTrackingSource(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(orderTrackingSources)
    .set({ deletedStatus: true, activeStatus: false, updatedAt: new Date() })
    .where(isLive(id))
    .returning({ id: orderTrackingSources.id });
  return rows.length > 0;
}

/** Active, live sources bound to a mailbox, in id order (mail intake's matching order). */
export async function listMailboundOrderTrackingSources(
  db: DbOrTx,
  emailSourceId: number,
): Promise<OrderTrackingSourceRow[]> {
  return db
    .select()
    .from(orderTrackingSources)
    .where(
      and(
        eq(orderTrackingSources.emailSourceId, emailSourceId),
        eq(orderTrackingSources.activeStatus, true),
        eq(orderTrackingSources.deletedStatus, false),
      ),
    )
    .orderBy(orderTrackingSources.id);
}
