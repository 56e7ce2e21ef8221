/**
 * One editor save, apart from React: send the parsed form, then report saving → saved | error with the message
 * the screen shows (docs/behaviour/screens.md#save-errors), put the server's per-field messages on the form and
 * hand a successful answer to the editor, which opens the new record or refills the form.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/** The message field of an error answer, if the server sent one (docs/behaviour/screens.md#save-errors: else the caller's fallback). */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message.trim() || undefined;
  }
  if (typeof body === 'string' && body.trim()) return body.trim();
  return undefined;
}

/**
 * Puts the server's per-field messages (dotted paths such as 'fileData.inventoryFile' or
 * 'columnNormalizationValues.qty') on the form and focuses the first one; `accept` leaves out paths the form
 * has no field for. Returns how many were put.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  accept: (path: string) => boolean = () => true,
) {
  if (!(error instanceof ApiError) || !error.fields) return 0;
  const entries = Object.entries(error.fields).filter(([path]) => accept(path));
  entries.forEach(([path, message], index) => {
    setError(path as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  return entries.length;
}

/** A save answered 200 with the saved record; 204 (no body) also counts as success (docs/behaviour/screens.md#save-button). */
export type SaveAnswer<T> = { kind: 'saved'; record: T } | { kind: 'no-content' } | { kind: 'unexpected' };

/** `idKey` names the record's id field (users have `userId`). */
export function readSaveAnswer<T extends object>(body: unknown, idKey = 'id'): SaveAnswer<T> {
  if (body === undefined || body === null || body === '') return { kind: 'no-content' };
  const id = typeof body === 'object' ? (body as Record<string, unknown>)[idKey] : undefined;
  if (typeof id === 'number' && id > 0) return { kind: 'saved', record: body as T };
  return { kind: 'unexpected' };
}

/** What the screen shows after a save: the success alert or the error banner. */
export interface SaveOutcome {
  success: string | null;
  error: string | null;
}

/** Where an editor's save reports to (useEditorSaveState). */
export interface SaveReport {
  begin(): void;
  fail(message: string): void;
  succeed(message: string | null): void;
}

export interface EditorSaveOptions<TParsed, TRecord> {
  save: (values: TParsed) => Promise<unknown>;
  /** The console line a failed save is logged under (the spec's texts). */
  logLabel: string;
  /** The banner's text for a refused or failed request. */
  failureMessage: (error: unknown, values: TParsed) => string;
  /** The banner's text when the answer is neither the saved record nor empty; without it any answer is a success. */
  unexpectedMessage?: string | undefined;
  /** The record's id field, when it is not `id`. */
  idKey?: string;
  /** The success alert's text; null shows none. */
  savedMessage: string | null;
  onSaved: (answer: Exclude<SaveAnswer<TRecord>, { kind: 'unexpected' }>, values: TParsed) => void;
}

export async function runEditorSave<TParsed, TRecord extends object>(
  values: TParsed,
  options: EditorSaveOptions<TParsed, TRecord>,
  report: SaveReport,
  onFieldErrors: (error: unknown) => void,
) {
  report.begin();
  let body: unknown;
  try {
    body = await options.save(values);
  } catch (error) {
    console.error(options.logLabel, error);
    report.fail(options.failureMessage(error, values));
    onFieldErrors(error);
    return;
  }
  const answer = readSaveAnswer<TRecord>(body, options.idKey);
  if (answer.kind === 'unexpected' && options.unexpectedMessage !== undefined) {
    report.fail(options.unexpectedMessage);
    return;
  }
  report.succeed(options.savedMessage);
  options.onSaved(answer.kind === 'unexpected' ? { kind: 'no-content' } : answer, values);
}

/**
 * What a record editor does after a save: a create opens the new record's editor (so the next Save updates
 * it), or the list when the answer had no record (204: the new id is unknown); an update refills the form
 * from the saved record, or from what is on screen when there was none.
 */
export function openOrRefill<TRecord extends { id: number }>({
  open,
  editPath,
  listPath,
  refill,
}: {
  open: (path: string) => void;
  editPath: (id: number) => string;
  listPath: string;
  refill: (record: TRecord | null) => void;
}) {
  return (answer: Exclude<SaveAnswer<TRecord>, { kind: 'unexpected' }>, values: { id: number }) => {
    const record = answer.kind === 'saved' ? answer.record : null;
    if (values.id !== 0) refill(record);
    else open(record ? editPath(record.id) : listPath);
  };
}
