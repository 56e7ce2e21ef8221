import type { MappingEvidenceOrigin, MappingSuggestionKind } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { queryRows, schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';

const { mappingEvidence, orderTrackingSources, inventorySources } = schema;

export interface StoredEvidence {
  field: string;
  header: string;
  origin: MappingEvidenceOrigin;
}

export interface EvidenceTotal {
  header: string;
  field: string;
  typed: number;
  corrected: number;
}

/** A source's recorded pairs, one per field. */
export async function listSourceEvidence(
  db: DbOrTx,
  kind: MappingSuggestionKind,
  sourceId: number,
): Promise<StoredEvidence[]> {
  const rows = await db
    .select({ field: mappingEvidence.field, header: mappingEvidence.header, origin: mappingEvidence.origin })
    .from(mappingEvidence)
    .where(and(eq(mappingEvidence.kind, kind), eq(mappingEvidence.sourceId, sourceId)));
  return rows.map((row) => ({ ...row, origin: row.origin as MappingEvidenceOrigin }));
}

/** Replaces a source's recorded pairs with `pairs`. */
export async function replaceSourceEvidence(
  db: DbOrTx,
  kind: MappingSuggestionKind,
  sourceId: number,
  pairs: readonly StoredEvidence[],
): Promise<void> {
  await deleteSourceEvidence(db, kind, sourceId);
  if (pairs.length === 0) return;
  await db.insert(mappingEvidence).values(pairs.map((pair) => ({ kind, sourceId, ...pair })));
}

export async function deleteSourceEvidence(
  db: DbOrTx,
  kind: MappingSuggestionKind,
  sourceId: number,
): Promise<void> {
  await db
    .delete(mappingEvidence)
    .where(and(eq(mappingEvidence.kind, kind), eq(mappingEvidence.sourceId, sourceId)));
}

/** Every recorded pair of the installation; returns how many were removed. */
export async function deleteAllEvidence(db: DbOrTx): Promise<number> {
  const removed = await db.delete(mappingEvidence).returning({ id: mappingEvidence.id });
  return removed.length;
}

const LIVE_SOURCE = sql`(
  (e.kind = 'order-tracking' and exists (select 1 from ${orderTrackingSources} s where s.id = e.source_id and not s.deleted_status))
  or (e.kind = 'inventory' and exists (select 1 from ${inventorySources} s where s.id = e.source_id and s.deleted_at is null))
)`;

/** How many pairs that count (not accepted) the live sources hold, and how many sources hold them. */
export async function evidenceSummary(db: DbOrTx): Promise<{ pairs: number; sources: number }> {
  const [row] = await queryRows<{ pairs: number | string; sources: number | string }>(
    db,
    sql`select count(*) as pairs, count(distinct (e.kind, e.source_id)) as sources
          from ${mappingEvidence} e
         where e.origin <> 'accepted' and ${LIVE_SOURCE}`,
  );
  return { pairs: Number(row?.pairs ?? 0), sources: Number(row?.sources ?? 0) };
}

/**
 * Per header text and field, how many live sources of the kind map it as typed and as corrected. Rows of a
 * source deleted since are left out even if they were not removed with it.
 */
export async function evidenceTotals(db: DbOrTx, kind: MappingSuggestionKind): Promise<EvidenceTotal[]> {
  const rows = await queryRows<{
    header: string;
    field: string;
    typed: number | string;
    corrected: number | string;
  }>(
    db,
    sql`select e.header, e.field,
               count(*) filter (where e.origin = 'typed') as typed,
               count(*) filter (where e.origin = 'corrected') as corrected
          from ${mappingEvidence} e
         where e.kind = ${kind} and e.origin <> 'accepted' and ${LIVE_SOURCE}
         group by e.header, e.field
         order by e.header, e.field`,
  );
  return rows.map((row) => ({
    header: row.header,
    field: row.field,
    typed: Number(row.typed),
    corrected: Number(row.corrected),
  }));
}
