/**
 * The review of a suggestion before it fills a form (docs/behaviour/sources.md#suggest-from-a-sample-file): the
 * operator's choice per field starts as the proposal and may become another column or none; applying gives the
 * values the form takes, with the original proposals so the save can tell accepted pairs from changed ones.
 */
import {
  type MappingSuggestion,
  type SuggestedColumn,
  UNIQUE_COLUMN_FIELD,
  type UniqueColumn,
} from '@app/contracts';

/** What a column is called in a mapping: its header text, or its 0-based index without a header row. */
export function columnValue(column: SuggestedColumn, fileHasHeader: boolean): string {
  return fileHasHeader && column.header !== null && column.header.trim() !== ''
    ? column.header
    : String(column.index);
}

/** How a column reads in the review: its header, or its 1-based position. */
export function columnLabel(column: SuggestedColumn, fileHasHeader: boolean): string {
  const position = `Column ${column.index + 1}`;
  return fileHasHeader && column.header ? column.header : position;
}

export function columnOf(suggestion: MappingSuggestion, value: string | null): SuggestedColumn | undefined {
  if (value === null) return undefined;
  return suggestion.columns.find((column) => columnValue(column, suggestion.fileHasHeader) === value);
}

export type Choices = Record<string, string | null>;

/** The proposals as the starting choices; a proposal naming no column of the file is dropped. */
export function initialChoices(suggestion: MappingSuggestion, fields: readonly string[]): Choices {
  return Object.fromEntries(
    fields.map((field) => {
      const column = suggestion.fields[field]?.column ?? null;
      return [field, columnOf(suggestion, column) ? column : null];
    }),
  );
}

export interface AppliedSuggestion {
  fileHasHeader: boolean;
  headerRowIndex: number | null;
  /** Field → column as the form takes it ('' for none). */
  fields: Record<string, string>;
  /** Null when the file gave none, or when the field it keys on was cleared. */
  uniqueColumn: UniqueColumn | null;
  secondaryDelimiter: string | null;
  /** The original proposals, for the save (ZSuggestedMappingSchema). */
  suggested: Record<string, string | null>;
}

export function applySuggestion(
  suggestion: MappingSuggestion,
  fields: readonly string[],
  choices: Choices,
): AppliedSuggestion {
  const unique = suggestion.uniqueColumn;
  const uniqueField = unique ? UNIQUE_COLUMN_FIELD[unique] : null;
  return {
    fileHasHeader: suggestion.fileHasHeader,
    headerRowIndex: suggestion.fileHasHeader ? suggestion.headerRowIndex : null,
    fields: Object.fromEntries(fields.map((field) => [field, choices[field] ?? ''])),
    uniqueColumn: uniqueField && choices[uniqueField] ? unique : null,
    secondaryDelimiter: suggestion.secondaryDelimiter,
    suggested: Object.fromEntries(fields.map((field) => [field, suggestion.fields[field]?.column ?? null])),
  };
}

/** A confidence as the operator reads it. */
export const confidenceText = (confidence: number) => `${Math.round(confidence * 100)} %`;
