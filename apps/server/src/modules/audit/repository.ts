import {
  type AuditAction,
  type AuditChange,
  type AuditEntityType,
  type AuditEntry,
  apiTokenPrefix,
  emailSourceLabel,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';

const { auditEntries, emailSources } = schema;
type AuditRow = typeof auditEntries.$inferSelect;

export interface AuditInsert {
  userId: number | null;
  username: string;
  entityType: AuditEntityType;
  entityId: number;
  action: AuditAction;
  changes: Record<string, AuditChange>;
  apiTokenPublicId: string | null;
  apiTokenName: string | null;
}

export async function insertAuditEntry(db: DbOrTx, values: AuditInsert): Promise<AuditRow> {
  const [row] = await db.insert(auditEntries).values(values).returning();
  return row!;
}

export interface AuditFilter {
  /** Entity types the caller may read; undefined: all of them. */
  entityTypes?: readonly AuditEntityType[];
  entityId?: number;
  userId?: number;
  /** The public id of the API token the changes were made with. */
  apiTokenPublicId?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.entityTypes) conditions.push(inArray(auditEntries.entityType, [...filter.entityTypes]));
  if (filter.entityId !== undefined) conditions.push(eq(auditEntries.entityId, filter.entityId));
  if (filter.userId !== undefined) conditions.push(eq(auditEntries.userId, filter.userId));
  if (filter.apiTokenPublicId !== undefined)
    conditions.push(eq(auditEntries.apiTokenPublicId, filter.apiTokenPublicId));
  if (filter.from) conditions.push(gte(auditEntries.at, filter.from));
  if (filter.to) conditions.push(lt(auditEntries.at, filter.to));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Newest first; id breaks ties between entries of one transaction (they share its `now()`). */
export async function listAuditEntries(
  db: DbOrTx,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = whereOf(filter);
  const rows = await db
    .select()
    .from(auditEntries)
    .where(where)
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ value: count() }).from(auditEntries).where(where);
  return { rows, total: Number(total?.value ?? 0) };
}

/** The e-mail sources that still exist among `ids`, by id, named as the pickers name them. */
export async function emailSourceNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: emailSources.id,
      username: emailSources.username,
      email: emailSources.email,
      incomingServer: emailSources.incomingServer,
    })
    .from(emailSources)
    .where(inArray(emailSources.id, [...ids]));
  return new Map(rows.map((row) => [row.id, emailSourceLabel(row)]));
}

export function toAuditEntry(row: AuditRow, valueNames: AuditEntry['valueNames'] = {}): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    userId: row.userId,
    username: row.username,
    entityType: row.entityType as AuditEntityType,
    entityId: row.entityId,
    action: row.action as AuditAction,
    changes: row.changes as Record<string, AuditChange>,
    apiToken:
      row.apiTokenPublicId === null
        ? null
        : { prefix: apiTokenPrefix(row.apiTokenPublicId), name: row.apiTokenName ?? '' },
    valueNames,
  };
}

/** Deletes entries older than the cut-off; the number deleted. */
export async function deleteAuditEntriesBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const deleted = await db
    .delete(auditEntries)
    .where(lt(auditEntries.at, cutoff))
    .returning({ id: auditEntries.id });
  return deleted.length;
}
