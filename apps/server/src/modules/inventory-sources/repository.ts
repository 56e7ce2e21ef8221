import type { AppDb } from '@app/db';
import { schema } from '@app/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';

const { inventorySources, storedFiles } = schema;

export type InventorySourceRow = typeof inventorySources.$inferSelect;
export type InventorySourceValues = Omit<
  typeof inventorySources.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'deletedAt'
>;

// A deleted source stays in the table so that its runs and snapshots keep their source; it is hidden
// from every call of this module.
const isLive = (id: number) => and(eq(inventorySources.id, id), isNull(inventorySources.deletedAt));

export async function listLiveInventorySources(db: AppDb): Promise<InventorySourceRow[]> {
  return db
    .select()
    .from(inventorySources)
    .where(isNull(inventorySources.deletedAt))
    .orderBy(asc(sql`lower(${inventorySources.sourceName})`), asc(inventorySources.id));
}

export async function findLiveInventorySource(
  db: AppDb,
  id: number,
): Promise<InventorySourceRow | undefined> {
  const [row] = await db.select().from(inventorySources).where(isLive(id));
  return row;
}

/** The live row, locked for update until the transaction ends. */
export async function lockLiveInventorySource(
  db: AppDb,
  id: number,
): Promise<InventorySourceRow | undefined> {
  const [row] = await db.select().from(inventorySources).where(isLive(id)).for('update');
  return row;
}

export async function insertInventorySource(
  db: AppDb,
  values: InventorySourceValues,
): Promise<InventorySourceRow> {
  const [row] = await db.insert(inventorySources).values(values).returning();
  return row!;
}

export async function updateLiveInventorySource(
  db: AppDb,
  id: number,
  values: Partial<InventorySourceValues>,
): Promise<InventorySourceRow | undefined> {
  const [row] = await db
    .update(inventorySources)
    .set({ ...values, updatedAt: new Date() })
    .where(isLive(id))
    .returning();
  return row;
}

export async function softDeleteInventorySource(db: AppDb, id: number): Promise<boolean> {
  const rows = await db
    .update(inventorySources)
    .set({ deletedAt: new Date(), activeStatus: false, updatedAt: new Date() })
    .where(isLive(id))
    .returning({ id: inventorySources.id });
  return rows.length > 0;
}

/** Removes a sample file that a newer upload replaced; only the source ever pointed at it. */
export async function deleteReplacedSampleFile(db: AppDb, fileId: number): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.id, fileId));
}
