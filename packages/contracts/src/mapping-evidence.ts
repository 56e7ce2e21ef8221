import { z } from 'zod';

/**
 * What this installation's operators mapped, as evidence for later suggestions
 * (docs/behaviour/sources.md#suggest-from-a-sample-file). Kept apart from mapping-suggestions.ts so the source
 * save schemas can carry the applied suggestion without importing the suggestion's own contract.
 */
export const MAPPING_EVIDENCE_ORIGINS = ['typed', 'corrected', 'accepted'] as const;
export type MappingEvidenceOrigin = (typeof MAPPING_EVIDENCE_ORIGINS)[number];

/**
 * The columns the suggestion the operator applied proposed, per field (null: no proposal), sent with a source's
 * save so the server can tell a pair accepted from the suggestion from one the operator changed or typed.
 * Absent or null: nothing was suggested, every mapped pair was typed.
 */
export const ZSuggestedMappingSchema = z.record(z.string(), z.string().nullable()).nullish();
export type SuggestedMapping = z.infer<typeof ZSuggestedMappingSchema>;

/** DELETE /api/mapping-suggestions/evidence: how many recorded pairs were cleared. */
export const ZMappingEvidenceClearedSchema = z.object({ deleted: z.number().int().min(0) });
export type MappingEvidenceCleared = z.infer<typeof ZMappingEvidenceClearedSchema>;

/** GET /api/mapping-suggestions/evidence: how much this installation has learned (the live sources' pairs). */
export const ZMappingEvidenceSummarySchema = z.object({
  pairs: z.number().int().min(0),
  sources: z.number().int().min(0),
});
export type MappingEvidenceSummary = z.infer<typeof ZMappingEvidenceSummarySchema>;
