import { z } from 'zod';
import { TEXT_ENCODING_NAMES } from './text-encodings';

/** An optional whole number that forms send as a number, null, or an empty string meaning null. */
export const optionalInt = (min?: number, max?: number, message?: string) => {
  let schema = z.number().int('Must be a whole number');
  if (min !== undefined) schema = schema.min(min, message ?? `Must be at least ${min}`);
  if (max !== undefined) schema = schema.max(max, message ?? `Must be at most ${max}`);
  return z.preprocess(emptyToNull, schema.nullable()).default(null);
};

export const optionalDecimal = (min: number, max: number, message?: string) =>
  z
    .preprocess(
      emptyToNull,
      z
        .number()
        .min(min, message ?? `Must be at least ${min}`)
        .max(max, message ?? `Must be at most ${max}`)
        .nullable(),
    )
    .default(null);

/** Empty strings and whitespace mean "not set"; numeric text from a form becomes a number. */
export function emptyToNull(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    const asNumber = Number(trimmed);
    return Number.isFinite(asNumber) ? asNumber : value;
  }
  return value;
}

export const optionalText = z
  .string()
  .nullish()
  .transform((value) => value?.trim() ?? '');

export const port = optionalInt(1, 65535, 'Enter a port from 1 to 65535');

export const entityId = z.coerce.number().int().nonnegative().default(0);

/** The id of a chosen entity; forms send the picker's item2. */
export const requiredId = (message: string) =>
  z.preprocess(emptyToNull, z.number({ error: message }).int(message).positive(message));

/** A picker entry: display name and id (docs/behaviour/sources.md#email-source-picker). */
export const ZPickerPairSchema = z.object({ item1: z.string(), item2: z.number().int() });
export type PickerPair = z.infer<typeof ZPickerPairSchema>;

export const SPREADSHEET_FILE_TYPES = ['.csv', '.xls', '.xlsx'] as const;
export type SpreadsheetFileType = (typeof SPREADSHEET_FILE_TYPES)[number];

export const MAX_UPLOAD_BYTES = 10_485_760;

/** Outcome of a "Test connection" check, per server. */
export const ZConnectionCheckSchema = z.object({ ok: z.boolean(), message: z.string() });
export type ConnectionCheck = z.infer<typeof ZConnectionCheckSchema>;

export const ZActiveToggleSchema = z.object({ activeStatus: z.boolean() });
export type ActiveToggle = z.infer<typeof ZActiveToggleSchema>;
/** The answer of every POST …/{id}/active. */
export const ZActiveToggleResultSchema = z.object({ id: z.number().int(), activeStatus: z.boolean() });

/**
 * What every source that reads mailed files says about the e-mails it takes (docs/behaviour/sources.md#matching-e-mails):
 * the mailbox, the sender, the subject and the attachment.
 */
export const MAILED_SOURCE_FIELDS = {
  id: z.number().int(),
  sourceName: z.string(),
  emailSourceId: z.number().int().nullable(),
  fileType: z.string(),
  /** '' when the encoding of text files is detected from their bytes. */
  textEncoding: z.union([z.enum(TEXT_ENCODING_NAMES), z.literal('')]),
  fromEmail: z.string(),
  subjectValue: z.string(),
  containsNotExact: z.boolean(),
  attachmentName: z.string(),
  activeStatus: z.boolean(),
};
export type MailedSourceFields = z.infer<z.ZodObject<typeof MAILED_SOURCE_FIELDS>>;
