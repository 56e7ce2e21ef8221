import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, asc, eq, isNull, like, ne, sql } from 'drizzle-orm';

const { inventorySources, storedFiles } = schema;

export type InventorySourceRow = typeof inventorySources.$inferSelect;
export type InventorySourceValues = Omit<
  typeof inventorySources.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'deletedAt'
>;

// A deleted source stays in the table so that its runs and snapshots keep their source; it is hidden
// from every call of this module.
const isLive = (id: number) => and(eq(inventorySources.id, id), isNull(inventorySources.deletedAt));

export async function listLiveInventorySources(db: DbOrTx): Promise<InventorySourceRow[]> {
  return db
    .select()
    .from(inventorySources)
    .where(isNull(inventorySources.deletedAt))
    .orderBy(asc(sql`lower(${inventorySources.sourceName})`), asc(inventorySources.id));
}

export async function findLiveInventorySource(
  db: DbOrTx,
  id: number,
): Promise<InventorySourceRow | undefined> {
  const [row] = await db.select().from(inventorySources).where(isLive(id));
  return row;
}

/** The active, live sources that read their files from the mailbox of `emailSourceId`, by id. */
export async function listActiveInventorySourcesOfMailbox(
  db: DbOrTx,
  emailSourceId: number,
): Promise<InventorySourceRow[]> {
  return db
    .select()
    .from(inventorySources)
    .where(
      and(
        eq(inventorySources.emailSourceId, emailSourceId),
        eq(inventorySources.activeStatus, true),
        isNull(inventorySources.deletedAt),
      ),
    )
    .orderBy(inventorySources.id);
}

/** The live row, locked for update until the transaction ends. */
export async function lockLiveInventorySource(
  db: DbOrTx,
  id: number,
): Promise<InventorySourceRow | undefined> {
  const [row] = await db.select().from(inventorySources).where(isLive(id)).for('update');
  return row;
}

/** Sources whose SFTP password is still sealed the v1 way (not yet bound to its connection settings). */
export async function listInventorySourcesWithLegacySftpSecret(db: DbOrTx): Promise<InventorySourceRow[]> {
  return db.select().from(inventorySources).where(like(inventorySources.sftpPasswordEncrypted, 'v1:%'));
}

/** Replaces the source's sealed SFTP password if it is still `expected`; returns how many rows changed (0 or 1). */
export async function replaceSftpSecret(
  db: DbOrTx,
  id: number,
  expected: string,
  sealed: string,
): Promise<number> {
  const done = await db
    .update(inventorySources)
    .set({ sftpPasswordEncrypted: sealed })
    .where(and(eq(inventorySources.id, id), eq(inventorySources.sftpPasswordEncrypted, expected)))
    .returning({ id: inventorySources.id });
  return done.length;
}

export async function insertInventorySource(
  db: DbOrTx,
  values: InventorySourceValues,
): Promise<InventorySourceRow> {
  const [row] = await db.insert(inventorySources).values(values).returning();
  return row!;
}

export async function updateLiveInventorySource(
  db: DbOrTx,
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

export async function softDeleteInventorySource(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(inventorySources)
    .set({ deletedAt: new Date(), activeStatus: false, updatedAt: new Date() })
    .where(isLive(id))
    .returning({ id: inventorySources.id });
  return rows.length > 0;
}

/** Removes a sample file that a newer upload replaced; only the source ever pointed at it. */
export async function deleteReplacedSampleFile(db: DbOrTx, fileId: number): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.id, fileId));
}

/** The server settings a connection was made with; host key writes apply only while they are unchanged. */
export interface SftpServer {
  sftpServerAddress: string;
  sftpPort: number | null;
}

const sameServer = (id: number, server: SftpServer) =>
  and(
    isLive(id),
    eq(inventorySources.sftpServerAddress, server.sftpServerAddress),
    server.sftpPort === null
      ? isNull(inventorySources.sftpPort)
      : eq(inventorySources.sftpPort, server.sftpPort),
  );

/** Records the key of the first successful connection; a key recorded meanwhile is kept. */
export async function recordSftpHostKey(
  db: DbOrTx,
  id: number,
  server: SftpServer,
  fingerprint: string,
): Promise<boolean> {
  const rows = await db
    .update(inventorySources)
    .set({
      sftpHostKey: fingerprint,
      sftpHostKeyRecordedAt: new Date(),
      sftpHostKeyPresented: null,
      sftpHostKeyPresentedAt: null,
    })
    .where(and(sameServer(id, server), isNull(inventorySources.sftpHostKey)))
    .returning({ id: inventorySources.id });
  return rows.length > 0;
}

/** Notes the other key a refused connection was offered, for the editor to show and accept. */
export async function noteSftpHostKeyPresented(
  db: DbOrTx,
  id: number,
  server: SftpServer,
  fingerprint: string,
): Promise<void> {
  await db
    .update(inventorySources)
    .set({ sftpHostKeyPresented: fingerprint, sftpHostKeyPresentedAt: new Date() })
    .where(and(sameServer(id, server), ne(inventorySources.sftpHostKey, fingerprint)));
}

/** The recorded key was presented again: an earlier different one no longer needs a decision. */
export async function clearSftpHostKeyPresented(db: DbOrTx, id: number, server: SftpServer): Promise<void> {
  await db
    .update(inventorySources)
    .set({ sftpHostKeyPresented: null, sftpHostKeyPresentedAt: null })
    .where(and(sameServer(id, server), sql`${inventorySources.sftpHostKeyPresented} is not null`));
}
