import { z } from 'zod';

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
export interface PickerPair {
  item1: string;
  item2: number;
}

export const SPREADSHEET_FILE_TYPES = ['.csv', '.xls', '.xlsx'] as const;
export type SpreadsheetFileType = (typeof SPREADSHEET_FILE_TYPES)[number];

export const MAX_UPLOAD_BYTES = 10_485_760;

/** Outcome of a "Test connection" check, per server. */
export interface ConnectionCheck {
  ok: boolean;
  message: string;
}

export interface ActiveToggle {
  activeStatus: boolean;
}
export const ZActiveToggleSchema = z.object({ activeStatus: z.boolean() });
