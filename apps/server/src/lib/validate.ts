import type { z } from 'zod';
import { AppError } from './app-error';

/** Parses a payload with its contract schema; a failure becomes a 400 naming each bad field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const summary = Object.entries(fields)
    .map(([field, message]) => (field === '_' ? message : `${field}: ${message}`))
    .join('; ');
  throw AppError.badRequest(`Invalid request: ${summary}`, fields);
}

export function parseIdParam(value: unknown, name = 'id'): number {
  const text = String(value ?? '');
  if (!/^\d{1,9}$/.test(text))
    throw AppError.badRequest(`${name} must be a whole number`, { [name]: 'Invalid id' });
  return Number(text);
}
