import { NUL_CHARACTER_MESSAGE } from '@app/contracts';
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

/**
 * The dotted path ('' for the value itself) of the first string, or object key, holding U+0000, or undefined
 * when there is none. Iterative, so a deeply nested JSON body cannot overflow the stack.
 */
export function findNulCharacter(value: unknown): string | undefined {
  const pending: Array<[unknown, string]> = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current !== null && typeof current === 'object') {
      const children: Array<[unknown, string]> = [];
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath.replaceAll('\u0000', '\\u0000');
        children.push([child, childPath]);
      }
      // Reversed onto the stack, so fields are looked at in the order they were sent.
      for (let index = children.length - 1; index >= 0; index -= 1) pending.push(children[index]!);
    }
  }
  return undefined;
}

/**
 * Refuses a value with U+0000 anywhere in it with a 400 naming the field. Every JSON body, query string and
 * path parameter passes here (request-guards.ts), and so do the text parts of multipart uploads.
 */
export function assertNoNulCharacter(value: unknown, name?: string): void {
  const path = findNulCharacter(value);
  if (path === undefined) return;
  const field = [name, path].filter(Boolean).join('.') || '_';
  throw AppError.badRequest(`Invalid request: ${field}: ${NUL_CHARACTER_MESSAGE}`, {
    [field]: NUL_CHARACTER_MESSAGE,
  });
}
