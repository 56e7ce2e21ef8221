import { VENDOR_NAME_UNIQUE_CONSTRAINT } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';

const { orderVendorSources, orderVendorAliases, orderSubmissionSources, storedFiles } = schema;

export type VendorRow = typeof orderVendorSources.$inferSelect;
export type VendorValues = Omit<
  typeof orderVendorSources.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'lastSubmittedAt'
>;
export type VendorAliasRow = typeof orderVendorAliases.$inferSelect;
export type VendorAliasValues = Pick<
  typeof orderVendorAliases.$inferInsert,
  'vendorAliasNameFromFile' | 'vendorProvidedAccountNumber' | 'activeStatus' | 'deletedStatus'
>;

// A deleted vendor stays in the table so that its runs keep their vendor; every call here hides it.
const isLive = (id: number) =>
  and(eq(orderVendorSources.id, id), eq(orderVendorSources.deletedStatus, false));

export interface VendorListRow {
  vendor: VendorRow;
  orderSubmissionSourceName: string | null;
  aliasCount: number;
}

export async function listLiveVendors(
  db: DbOrTx,
  { includeInactive }: { includeInactive: boolean },
): Promise<VendorListRow[]> {
  const aliasCount = db
    .select({
      parentId: orderVendorAliases.parentVendorSourceId,
      count: sql<number>`count(*)::int`.as('alias_count'),
    })
    .from(orderVendorAliases)
    .where(eq(orderVendorAliases.deletedStatus, false))
    .groupBy(orderVendorAliases.parentVendorSourceId)
    .as('alias_counts');
  const live = eq(orderVendorSources.deletedStatus, false);
  const rows = await db
    .select({
      vendor: orderVendorSources,
      orderSubmissionSourceName: orderSubmissionSources.sourceName,
      aliasCount: aliasCount.count,
    })
    .from(orderVendorSources)
    .leftJoin(
      orderSubmissionSources,
      and(
        eq(orderSubmissionSources.id, orderVendorSources.orderSubmissionSourceId),
        eq(orderSubmissionSources.deletedStatus, false),
      ),
    )
    .leftJoin(aliasCount, eq(aliasCount.parentId, orderVendorSources.id))
    .where(includeInactive ? live : and(live, eq(orderVendorSources.activeStatus, true)))
    .orderBy(asc(sql`lower(${orderVendorSources.vendorNameFromFile})`), asc(orderVendorSources.id));
  return rows.map((row) => ({ ...row, aliasCount: row.aliasCount ?? 0 }));
}

export async function findLiveVendor(db: DbOrTx, id: number): Promise<VendorRow | undefined> {
  const [row] = await db.select().from(orderVendorSources).where(isLive(id));
  return row;
}

/** Locked, so that a concurrent save cannot replace (and drop) the template this one keeps. */
export async function lockLiveVendor(db: DbOrTx, id: number): Promise<VendorRow | undefined> {
  const [row] = await db.select().from(orderVendorSources).where(isLive(id)).for('update');
  return row;
}

/** The live vendors of a submission source, for the submission engine. */
export async function listLiveVendorsOfSource(
  db: DbOrTx,
  orderSubmissionSourceId: number,
): Promise<VendorRow[]> {
  return db
    .select()
    .from(orderVendorSources)
    .where(
      and(
        eq(orderVendorSources.orderSubmissionSourceId, orderSubmissionSourceId),
        eq(orderVendorSources.deletedStatus, false),
      ),
    )
    .orderBy(asc(orderVendorSources.id));
}

export async function insertVendor(db: DbOrTx, values: VendorValues): Promise<VendorRow> {
  const [row] = await db.insert(orderVendorSources).values(values).returning();
  return row!;
}

export async function updateLiveVendor(
  db: DbOrTx,
  id: number,
  values: Partial<VendorValues> & { lastSubmittedAt?: Date | null },
): Promise<VendorRow | undefined> {
  const [row] = await db
    .update(orderVendorSources)
    .set({ ...values, updatedAt: new Date() })
    .where(isLive(id))
    .returning();
  return row;
}

export async function softDeleteVendor(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(orderVendorSources)
    .set({ deletedStatus: true, activeStatus: false, updatedAt: new Date() })
    .where(isLive(id))
    .returning({ id: orderVendorSources.id });
  return rows.length > 0;
}

/** Postgres reports a duplicate live vendor name (any case) with this constraint. */
export function isVendorNameConflict(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } })?.cause ?? error;
  const { code, constraint } = cause as { code?: string; constraint?: string };
  return code === '23505' && constraint === VENDOR_NAME_UNIQUE_CONSTRAINT;
}

/** Any other unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string }).code === '23505';
}

/**
 * Serialises vendor saves for the length of the transaction, so that the name checks that span vendors
 * and aliases (which no single index can express) see every committed name.
 */
export async function lockVendorNames(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('order_vendor_names'))`);
}

export interface NameOwner {
  name: string;
  vendorName: string;
  isAlias: boolean;
}

/**
 * Live vendor names and live aliases of live vendors other than `exceptVendorId` that equal one of
 * `names`, ignoring case and surrounding spaces.
 */
export async function findNameOwners(
  db: DbOrTx,
  names: string[],
  exceptVendorId: number,
): Promise<NameOwner[]> {
  if (names.length === 0) return [];
  const lowered = [...new Set(names.map((name) => name.trim().toLowerCase()))];
  const vendorMatches = await db
    .select({
      name: orderVendorSources.vendorNameFromFile,
      vendorName: orderVendorSources.vendorNameFromFile,
    })
    .from(orderVendorSources)
    .where(
      and(
        eq(orderVendorSources.deletedStatus, false),
        ne(orderVendorSources.id, exceptVendorId),
        inArray(sql`lower(trim(${orderVendorSources.vendorNameFromFile}))`, lowered),
      ),
    );
  const aliasMatches = await db
    .select({
      name: orderVendorAliases.vendorAliasNameFromFile,
      vendorName: orderVendorSources.vendorNameFromFile,
    })
    .from(orderVendorAliases)
    .innerJoin(orderVendorSources, eq(orderVendorSources.id, orderVendorAliases.parentVendorSourceId))
    .where(
      and(
        eq(orderVendorSources.deletedStatus, false),
        eq(orderVendorAliases.deletedStatus, false),
        ne(orderVendorSources.id, exceptVendorId),
        inArray(sql`lower(trim(${orderVendorAliases.vendorAliasNameFromFile}))`, lowered),
      ),
    );
  return [
    ...vendorMatches.map((match) => ({ ...match, isAlias: false })),
    ...aliasMatches.map((match) => ({ ...match, isAlias: true })),
  ];
}

export async function listAliasesOf(db: DbOrTx, vendorIds: number[]): Promise<VendorAliasRow[]> {
  if (vendorIds.length === 0) return [];
  return db
    .select()
    .from(orderVendorAliases)
    .where(inArray(orderVendorAliases.parentVendorSourceId, vendorIds))
    .orderBy(asc(orderVendorAliases.id));
}

export async function insertAlias(
  db: DbOrTx,
  parentVendorSourceId: number,
  values: VendorAliasValues,
): Promise<VendorAliasRow> {
  const [row] = await db
    .insert(orderVendorAliases)
    .values({ ...values, parentVendorSourceId })
    .returning();
  return row!;
}

/** Updates an alias of the given vendor; undefined when the vendor has no alias with that id. */
export async function updateAliasOf(
  db: DbOrTx,
  parentVendorSourceId: number,
  id: number,
  values: VendorAliasValues,
): Promise<VendorAliasRow | undefined> {
  const [row] = await db
    .update(orderVendorAliases)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(eq(orderVendorAliases.id, id), eq(orderVendorAliases.parentVendorSourceId, parentVendorSourceId)),
    )
    .returning();
  return row;
}

/** The vendor an alias belongs to, if the alias exists. */
export async function findAliasVendorId(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ vendorId: orderVendorAliases.parentVendorSourceId })
    .from(orderVendorAliases)
    .where(eq(orderVendorAliases.id, id));
  return row?.vendorId;
}

/** Deletes an alias of a live vendor; false when there is none with that id. */
export async function deleteAliasOfLiveVendor(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(orderVendorAliases)
    .where(
      and(
        eq(orderVendorAliases.id, id),
        inArray(
          orderVendorAliases.parentVendorSourceId,
          db
            .select({ id: orderVendorSources.id })
            .from(orderVendorSources)
            .where(eq(orderVendorSources.deletedStatus, false)),
        ),
      ),
    )
    .returning({ id: orderVendorAliases.id });
  return rows.length > 0;
}

export async function readTemplateFile(db: DbOrTx, fileId: number) {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
  return row;
}

export async function deleteReplacedTemplateFile(db: DbOrTx, fileId: number): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.id, fileId));
}
