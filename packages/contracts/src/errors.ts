import { z } from 'zod';

/** Body of every 4xx/5xx the API sends. `fields` carries per-field messages for validation errors. */
export const ZApiErrorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ZApiErrorBodySchema>;

/** A text with U+0000 in it is refused on every field: PostgreSQL text cannot hold that character. */
export const NUL_CHARACTER_MESSAGE = 'Must not contain the NUL character (U+0000)';
