/**
 * The installation's own mappings as evidence for later suggestions (issue 30 item 2): pairs of a header as an
 * operator's saved mapping spelled it and the field it was mapped to, each with a weight (how many saved
 * sources, or however the caller counts). How they are weighed: docs/design/mapping-suggestions.md#learned-evidence
 *
 * - the same header text (trimmed, spaces collapsed, any case: as an import compares headers) counts 0.97 × its
 *   share, which beats every catalogue synonym (at most 0.95 × similarity);
 * - the same words in another spelling (`Trk No.` and `TRK #`, `Ship Date` and `date_shipped`) counts 0.9 × share;
 * - share: this field's weight over all the weight that header has for this kind, so a header mapped to two
 *   fields by different operators counts for each in proportion;
 * - a header of nothing but words for a kind of value (`Date`, `Name`, `Status`) counts × 0.75 (GENERIC_EVIDENCE):
 *   one supplier's `Date` was its ship date, the next one's may be its order date, so the values and the other
 *   columns can still outweigh it;
 * - pairs of another kind, of a field the kind does not have, or of a weight that is not a positive number are
 *   left out.
 */
import type { MappingSuggestionKind } from '@app/contracts';
import { normaliseHeader } from '../order-tracking-ingestion/header-drift';
import { headerKey, isGenericHeader } from './header-words';

export interface LearnedMapping {
  kind: MappingSuggestionKind;
  /** The header as the operator's saved mapping spelled it. */
  header: string;
  field: string;
  weight: number;
}

export type LearnedEvidence = readonly LearnedMapping[];

export const EXACT_EVIDENCE = 0.97;
export const SAME_WORDS_EVIDENCE = 0.9;
export const GENERIC_EVIDENCE = 0.75;

export interface EvidenceMatch {
  score: number;
  /** The total weight behind it, for the reason. */
  weight: number;
  exact: boolean;
}

export type EvidenceLookup = (header: string) => Map<string, EvidenceMatch>;

export function evidenceLookup(
  evidence: LearnedEvidence | undefined,
  kind: MappingSuggestionKind,
  fields: readonly string[],
): EvidenceLookup {
  const exact = new Map<string, Map<string, number>>();
  const words = new Map<string, Map<string, number>>();
  const add = (index: Map<string, Map<string, number>>, key: string, field: string, weight: number) => {
    if (key === '') return;
    const byField = index.get(key) ?? new Map<string, number>();
    byField.set(field, (byField.get(field) ?? 0) + weight);
    index.set(key, byField);
  };
  for (const pair of evidence ?? []) {
    if (pair.kind !== kind || !fields.includes(pair.field)) continue;
    if (!Number.isFinite(pair.weight) || pair.weight <= 0) continue;
    add(exact, normaliseHeader(pair.header), pair.field, pair.weight);
    add(words, headerKey(pair.header), pair.field, pair.weight);
  }
  return (header) => {
    const matches = new Map<string, EvidenceMatch>();
    const generic = isGenericHeader(header) ? GENERIC_EVIDENCE : 1;
    const tiers: [Map<string, number> | undefined, number, boolean][] = [
      [words.get(headerKey(header)), SAME_WORDS_EVIDENCE, false],
      [exact.get(normaliseHeader(header)), EXACT_EVIDENCE, true],
    ];
    for (const [byField, strength, isExact] of tiers) {
      if (!byField) continue;
      let total = 0;
      for (const weight of byField.values()) total += weight;
      for (const [field, weight] of byField) {
        const score = (generic * strength * weight) / total;
        if (score > (matches.get(field)?.score ?? 0)) matches.set(field, { score, weight, exact: isExact });
      }
    }
    return matches;
  };
}
