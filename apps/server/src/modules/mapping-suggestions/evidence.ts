/**
 * This installation's own mappings as evidence for later suggestions
 * (docs/behaviour/sources.md#suggest-from-a-sample-file). Each save of an order tracking or inventory source
 * records the header → field pairs of its mapping, once per field, with how the pair came about:
 *
 * - `typed`: no suggestion proposed that column for the field (nothing was applied, or it proposed none);
 * - `corrected`: the applied suggestion proposed another column, and the operator chose this one;
 * - `accepted`: the pair is the suggestion's own, unchanged.
 *
 * A pair saved again unchanged keeps the origin it was first recorded with, so a resave after a suggestion that
 * came from this very evidence does not turn it into `accepted`. Weights: corrected 2, typed 1, accepted 0 (the
 * engine must not learn from itself), summed over the live sources of the kind. A file without a header row maps
 * indexes, which say nothing about header texts: such a source records nothing.
 */
import type { MappingSuggestionKind, SuggestedMapping } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import {
  deleteSourceEvidence,
  evidenceTotals,
  listSourceEvidence,
  replaceSourceEvidence,
  type StoredEvidence,
} from './evidence-repository';

export const EVIDENCE_WEIGHTS = { typed: 1, corrected: 2, accepted: 0 } as const;

/** One learned header → field pair as the engine takes it. */
export interface LearnedPair {
  kind: MappingSuggestionKind;
  header: string;
  field: string;
  weight: number;
}

export interface SavedMapping {
  kind: MappingSuggestionKind;
  sourceId: number;
  fileHasHeader: boolean;
  /** The saved mapping: field → header text ('' or null: not mapped). */
  mapping: Readonly<Record<string, string | null | undefined>>;
  suggested: SuggestedMapping;
}

const sameHeader = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The pairs a save leaves on record, given what was recorded for the source before. */
export function pairsToRecord(saved: SavedMapping, previous: readonly StoredEvidence[]): StoredEvidence[] {
  if (!saved.fileHasHeader) return [];
  const before = new Map(previous.map((pair) => [pair.field, pair]));
  const pairs: StoredEvidence[] = [];
  for (const [field, value] of Object.entries(saved.mapping)) {
    const header = value?.trim() ?? '';
    if (header === '') continue;
    const earlier = before.get(field);
    if (earlier && sameHeader(earlier.header, header)) {
      pairs.push({ field, header, origin: earlier.origin });
      continue;
    }
    const proposed = saved.suggested?.[field] ?? null;
    const origin = proposed === null ? 'typed' : sameHeader(proposed, header) ? 'accepted' : 'corrected';
    pairs.push({ field, header, origin });
  }
  return pairs;
}

/** Called in the save's own transaction, after the source row is written. */
export async function recordSavedMapping(tx: DbOrTx, saved: SavedMapping): Promise<void> {
  const previous = await listSourceEvidence(tx, saved.kind, saved.sourceId);
  await replaceSourceEvidence(tx, saved.kind, saved.sourceId, pairsToRecord(saved, previous));
}

/** Called in a source's delete transaction: its pairs stop counting with it. */
export async function forgetSourceEvidence(
  tx: DbOrTx,
  kind: MappingSuggestionKind,
  sourceId: number,
): Promise<void> {
  await deleteSourceEvidence(tx, kind, sourceId);
}

/** The weighed pairs of the kind's live sources, for the engine. */
export async function learnedEvidence(db: DbOrTx, kind: MappingSuggestionKind): Promise<LearnedPair[]> {
  const totals = await evidenceTotals(db, kind);
  return totals.map((total) => ({
    kind,
    header: total.header,
    field: total.field,
    weight: total.typed * EVIDENCE_WEIGHTS.typed + total.corrected * EVIDENCE_WEIGHTS.corrected,
  }));
}
