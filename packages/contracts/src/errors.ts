/** Body of every 4xx/5xx the API sends. `fields` carries per-field messages for validation errors. */
export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
}

/** A text with U+0000 in it is refused on every field: PostgreSQL text cannot hold that character. */
export const NUL_CHARACTER_MESSAGE = 'Must not contain the NUL character (U+0000)';
