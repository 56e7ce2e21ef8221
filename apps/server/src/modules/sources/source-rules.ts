/**
 * Save rules that every kind of source (order tracking, inventory, order submission, vendors) shares and that a
 * zod schema cannot express alone:
 * the spreadsheet file type, column indexes when a file has no header row, and the e-mail source link.
 */

import type { SourceListRuleFields } from '@app/contracts';
import { SPREADSHEET_FILE_TYPES, type SpreadsheetFileType } from '@app/contracts';
import { AppError } from '../../lib/app-error';

export const FILE_TYPE_MESSAGE = `File type must be one of ${SPREADSHEET_FILE_TYPES.join(', ')}`;
export const COLUMN_INDEX_MESSAGE = 'Enter a 0-based column index (the file has no header row)';

export type FieldErrors = Record<string, string>;

/** '.CSV', 'csv' and ' .csv ' all mean '.csv'; anything else is not a spreadsheet type we read. */
export function normaliseSpreadsheetFileType(value: string): SpreadsheetFileType | null {
  const lowered = value.trim().toLowerCase();
  const withDot = lowered.startsWith('.') ? lowered : `.${lowered}`;
  return SPREADSHEET_FILE_TYPES.find((type) => type === withDot) ?? null;
}

export function isColumnIndex(value: string): boolean {
  return /^\d{1,5}$/.test(value);
}

/** A field error for each non-empty column reference that is not an index. */
export function columnIndexErrors(columns: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, value] of Object.entries(columns)) {
    if (value !== '' && !isColumnIndex(value)) errors[field] = COLUMN_INDEX_MESSAGE;
  }
  return errors;
}

/** A 400 in the same shape `validate` gives, so the editors show every message under its field. */
export function fieldErrorsToBadRequest(fields: FieldErrors, lead = 'Invalid request'): AppError {
  const summary = Object.entries(fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');
  return AppError.badRequest(`${lead}: ${summary}`, fields);
}

/** The list columns every mail-read source has (the rule that recognises its files). */
type MailRuleRow = Omit<SourceListRuleFields, 'lastRun'>;

export function mailRuleListFields(row: MailRuleRow): MailRuleRow {
  return {
    id: row.id,
    sourceName: row.sourceName,
    activeStatus: row.activeStatus,
    fileType: row.fileType,
    fromEmail: row.fromEmail,
    expectedAttachmentCount: row.expectedAttachmentCount,
    subjectValue: row.subjectValue,
    attachmentName: row.attachmentName,
  };
}
