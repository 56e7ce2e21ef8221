/**
 * How a form control is tied to its label, hint and error: the control carries the id its Label points at, and
 * aria-describedby names the hint (`{id}-hint`) and the error (`{id}-error`) while they show, so browser tests
 * and screen readers find a field by its label and hear why it was refused.
 */
import { type FieldErrors, type FieldValues, get } from 'react-hook-form';

/** The aria-describedby of a control: its hint and its error, when shown. */
export function describedBy(id: string, { hint, error }: { hint?: unknown; error?: unknown }) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The a11y props of a text control with this id. */
export function controlProps(id: string, { hint, error }: { hint?: unknown; error?: unknown }) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, { hint, error }),
  } as const;
}

/** The message of a field's error, nested paths ('fileData.inventoryFile') included. */
export function fieldError<T extends FieldValues>(errors: FieldErrors<T>, name: string): string | undefined {
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}
