import { z } from 'zod';
import { MAPPING_SUGGESTION_KINDS, ZMappingSuggestionSchema } from './mapping-suggestions';
import { SPREADSHEET_FILE_TYPES, type SpreadsheetFileType } from './shared-fields';

/**
 * POST /api/email-sources/{id}/messages/{messageId}/suggest-source: a new order tracking or inventory source
 * pre-filled from a ledger message and one of its attachments (docs/behaviour/mail-intake.md#create-a-source-from-a-message).
 * Nothing is stored: the editor opens with the prefill and saves only when the operator presses Save.
 */
export const ZSuggestSourceRequestSchema = z.strictObject({
  kind: z.enum(MAPPING_SUGGESTION_KINDS, { error: 'Kind must be order-tracking or inventory' }),
  /** The attachment's position in the ledger message's list (0 is the first). */
  attachment: z
    .number({ error: 'Attachment must be the position of one of the message’s attachments' })
    .int('Attachment must be the position of one of the message’s attachments')
    .min(0, 'Attachment must be the position of one of the message’s attachments'),
});
export type SuggestSourceRequest = z.infer<typeof ZSuggestSourceRequestSchema>;

export const ZSourcePrefillSchema = z.object({
  kind: z.enum(MAPPING_SUGGESTION_KINDS),
  /** The ledger message it came from and the attachment's file name, for the editor's note. */
  messageId: z.number().int(),
  fileName: z.string(),
  emailSourceId: z.number().int(),
  fromEmail: z.string(),
  /** The subject's stable part (dates and numbers left out) with Contains on, or the whole subject, exact. */
  subjectValue: z.string(),
  containsNotExact: z.boolean(),
  /** The file name with its dates and numbers replaced by `*`. */
  attachmentName: z.string(),
  fileType: z.enum(SPREADSHEET_FILE_TYPES),
  /** The column mapping suggested from the attachment; null when it could not be read (mappingNote says why). */
  mapping: ZMappingSuggestionSchema.nullable(),
  mappingNote: z.string().nullable(),
});
export type SourcePrefill = z.infer<typeof ZSourcePrefillSchema>;

const SPREADSHEET_CONTENT_TYPES: Record<string, SpreadsheetFileType> = {
  'text/csv': '.csv',
  'application/csv': '.csv',
  'application/vnd.ms-excel': '.xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
};

/**
 * The file type a source takes for an attachment: its extension, else its MIME type; undefined when it is
 * not a spreadsheet (the ledger offers "New … source" only for these).
 */
export function spreadsheetTypeOf(fileName: string, contentType: string): SpreadsheetFileType | undefined {
  const dot = fileName.lastIndexOf('.');
  const extension = dot >= 0 ? fileName.slice(dot).toLowerCase() : '';
  if ((SPREADSHEET_FILE_TYPES as readonly string[]).includes(extension))
    return extension as SpreadsheetFileType;
  return SPREADSHEET_CONTENT_TYPES[contentType.toLowerCase()];
}
