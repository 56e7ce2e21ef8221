import { z } from 'zod';
import { ORDER_MAPPING_FIELDS, UNIQUE_COLUMN_VALUES } from './order-tracking-sources';

/**
 * POST /api/mapping-suggestions: the set-up a sample file suggests for a source
 * (docs/behaviour/sources.md#suggest-from-a-sample-file). Nothing is stored; the editor applies it to its form.
 */
export const MAPPING_SUGGESTION_KINDS = ['order-tracking', 'inventory'] as const;
export type MappingSuggestionKind = (typeof MAPPING_SUGGESTION_KINDS)[number];

export const INVENTORY_MAPPING_FIELDS = [
  'itemNumberColumnName',
  'qtyColumnName',
  'itemStatusColumnName',
] as const;
export type InventoryMappingField = (typeof INVENTORY_MAPPING_FIELDS)[number];

/** The fields a suggestion proposes a column for, per kind. */
export const MAPPING_SUGGESTION_FIELDS = {
  'order-tracking': ORDER_MAPPING_FIELDS,
  inventory: INVENTORY_MAPPING_FIELDS,
} as const;

export const ZMappingSuggestionRequestSchema = z.object({
  kind: z.enum(MAPPING_SUGGESTION_KINDS, { error: 'Kind must be order-tracking or inventory' }),
});

export const ZSuggestedColumnSchema = z.object({
  index: z.number().int().min(0),
  /** The header cell's text; null when the file has no header row (or the cell is empty). */
  header: z.string().nullable(),
  /** Up to five non-empty values from the rows under the header, as the file shows them. */
  samples: z.array(z.string()).max(5),
});
export type SuggestedColumn = z.infer<typeof ZSuggestedColumnSchema>;

export const ZFieldSuggestionSchema = z.object({
  /** The header text the source's mapping takes, or the 0-based index as a string when there is no header; null: no proposal. */
  column: z.string().nullable(),
  confidence: z.number().min(0).max(1),
  /** One line in the operator's words: which header, which values. */
  reason: z.string(),
});
export type FieldSuggestion = z.infer<typeof ZFieldSuggestionSchema>;

export const ZMappingSuggestionSchema = z.object({
  fileHasHeader: z.boolean(),
  headerRowIndex: z.number().int().min(0).nullable(),
  columns: z.array(ZSuggestedColumnSchema),
  fields: z.record(z.string(), ZFieldSuggestionSchema),
  /** Order tracking only: the unique column value (UNIQUE_COLUMN_VALUES), or null. Always null for inventory. */
  uniqueColumn: z.enum(UNIQUE_COLUMN_VALUES).nullable(),
  /** Order tracking only: the delimiter between several tracking numbers in one cell, or null. */
  secondaryDelimiter: z.string().nullable(),
});
export type MappingSuggestion = z.infer<typeof ZMappingSuggestionSchema>;
