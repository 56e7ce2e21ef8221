import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';

const { orderSubmissionSources, orderVendorSources } = schema;

export type OrderSubmissionSourceRow = typeof orderSubmissionSources.$inferSelect;
export type OrderSubmissionSourceValues = Omit<
  typeof orderSubmissionSources.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'deletedStatus'
>;

// A deleted source stays in the table so that its runs keep their source; every call here hides it.
const isLive = (id: number) =>
  and(eq(orderSubmissionSources.id, id), eq(orderSubmissionSources.deletedStatus, false));

export async function listLiveOrderSubmissionSources(db: DbOrTx): Promise<OrderSubmissionSourceRow[]> {
  return db
    .select()
    .from(orderSubmissionSources)
    .where(eq(orderSubmissionSources.deletedStatus, false))
    .orderBy(asc(sql`lower(${orderSubmissionSources.sourceName})`), asc(orderSubmissionSources.id));
}

export async function findLiveOrderSubmissionSource(
  db: DbOrTx,
  id: number,
): Promise<OrderSubmissionSourceRow | undefined> {
  const [row] = await db.select().from(orderSubmissionSources).where(isLive(id));
  return row;
}

/** The active, live sources whose order e-mails arrive in the mailbox of `emailSourceId`, by id. */
export async function listActiveOrderSubmissionSourcesOfMailbox(
  db: DbOrTx,
  emailSourceId: number,
): Promise<OrderSubmissionSourceRow[]> {
  return db
    .select()
    .from(orderSubmissionSources)
    .where(
      and(
        eq(orderSubmissionSources.emailSourceId, emailSourceId),
        isNotNull(orderSubmissionSources.emailSourceId),
        eq(orderSubmissionSources.activeStatus, true),
        eq(orderSubmissionSources.deletedStatus, false),
      ),
    )
    .orderBy(orderSubmissionSources.id);
}

/**
 * The live source, share-locked until the transaction ends: deleting a source locks it for update and
 * then looks for its vendors, so it waits for a vendor save that links to it and sees that vendor.
 */
export async function lockLiveOrderSubmissionSourceForUse(
  db: DbOrTx,
  id: number,
): Promise<OrderSubmissionSourceRow | undefined> {
  const [row] = await db.select().from(orderSubmissionSources).where(isLive(id)).for('share');
  return row;
}

export async function lockLiveOrderSubmissionSourceForDelete(
  db: DbOrTx,
  id: number,
): Promise<OrderSubmissionSourceRow | undefined> {
  const [row] = await db.select().from(orderSubmissionSources).where(isLive(id)).for('update');
  return row;
}

export async function insertOrderSubmissionSource(
  db: DbOrTx,
  values: OrderSubmissionSourceValues,
): Promise<OrderSubmissionSourceRow> {
  const [row] = await db.insert(orderSubmissionSources).values(values).returning();
  return row!;
}

export async function updateLiveOrderSubmissionSource(
  db: DbOrTx,
  id: number,
  values: Partial<OrderSubmissionSourceValues>,
): Promise<OrderSubmissionSourceRow | undefined> {
  const [row] = await db
    .update(orderSubmissionSources)
    .set({ ...values, updatedAt: new Date() })
    .where(isLive(id))
    .returning();
  return row;
}

export async function softDeleteOrderSubmissionSource(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(orderSubmissionSources)
    .set({ deletedStatus: true, activeStatus: false, updatedAt: new Date() })
    .where(isLive(id))
    .returning({ id: orderSubmissionSources.id });
  return rows.length > 0;
}

/** Names of the live vendors whose parent is this source. */
export async function findLiveVendorNamesOfSource(db: DbOrTx, sourceId: number): Promise<string[]> {
  const rows = await db
    .select({ name: orderVendorSources.vendorNameFromFile })
    .from(orderVendorSources)
    .where(
      and(
        eq(orderVendorSources.orderSubmissionSourceId, sourceId),
        eq(orderVendorSources.deletedStatus, false),
      ),
    )
    .orderBy(asc(sql`lower(${orderVendorSources.vendorNameFromFile})`));
  return rows.map((row) => row.name);
}
