import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  applyServerFieldErrors,
  type EditorSaveOptions,
  openOrRefill,
  runEditorSave,
  type SaveOutcome,
  serverMessage,
} from './editor-save';
import { createSaveStatus, SAVE_LABELS, type SaveState } from './save-status';

/** The Save button's state and label; see save-status.ts. */
export function useSaveState(resetMs: number, errorResetMs = resetMs) {
  const [state, setState] = useState<SaveState>('idle');
  const status = useMemo(() => createSaveStatus(setState, resetMs, errorResetMs), [resetMs, errorResetMs]);
  useEffect(() => () => status.dispose(), [status]);
  return {
    state,
    label: SAVE_LABELS[state],
    start: status.start,
    succeed: status.succeed,
    fail: status.fail,
  };
}

const NO_OUTCOME: SaveOutcome = { success: null, error: null };

/**
 * An editor's save state: the button's state, the success alert or error banner, and whether a save has
 * succeeded (which shows 'Back to …'). Kept by the page above its keyed form, so after a create, when the page
 * becomes the new record's editor, 'Saved!' and the alert stay.
 */
export function useEditorSaveState(resetMs: number, errorResetMs = resetMs) {
  const button = useSaveState(resetMs, errorResetMs);
  const [outcome, setOutcome] = useState<SaveOutcome>(NO_OUTCOME);
  const [savedOnce, setSavedOnce] = useState(false);
  const { start, fail, succeed } = button;
  return {
    button,
    outcome,
    savedOnce,
    saving: button.state === 'saving',
    begin: useCallback(() => {
      setOutcome(NO_OUTCOME);
      start();
    }, [start]),
    fail: useCallback(
      (message: string) => {
        fail();
        setOutcome({ success: null, error: message });
      },
      [fail],
    ),
    succeed: useCallback(
      (message: string | null) => {
        succeed();
        setSavedOnce(true);
        setOutcome({ success: message, error: null });
      },
      [succeed],
    ),
  };
}

export type EditorSaveState = ReturnType<typeof useEditorSaveState>;

/**
 * The form's submit handler: validate, save, report to `state`, put the server's field errors on the form
 * (those `acceptFieldError` takes) and hand a successful answer to `onSaved`.
 */
export function useEditorSubmit<T extends FieldValues, TParsed extends FieldValues, TRecord extends object>(
  form: UseFormReturn<T, unknown, TParsed>,
  state: EditorSaveState,
  options: EditorSaveOptions<TParsed, TRecord> & { acceptFieldError?: (path: string) => boolean },
) {
  return form.handleSubmit((values) =>
    runEditorSave(values, options, state, (error) =>
      applyServerFieldErrors(form.setError, error, options.acceptFieldError),
    ),
  );
}

export interface RecordEditorOptions<T extends FieldValues, TParsed extends FieldValues, TRecord> {
  save: (values: TParsed) => Promise<unknown>;
  logLabel: string;
  messages: { saveFailed: string; unexpected: string; saved: string };
  /** The banner of a failed save; by default the server's message, else `messages.saveFailed`. */
  failureMessage?: (error: unknown, values: TParsed) => string;
  editPath: (id: number) => string;
  listPath: string;
  toFormValues: (record: TRecord) => T;
  /** Fields that never come back from the server (a password, a chosen file), emptied after a save. */
  clearAfterSave?: Partial<T>;
  /** After the form was refilled: for inputs the form does not hold (a file input's key). */
  afterRefill?: () => void;
}

/**
 * useEditorSubmit for the editor of one record at /…/edit/{id}: a create opens the new record's editor, an
 * update refills the form (docs/behaviour/screens.md#save-button).
 */
export function useRecordEditorSubmit<
  T extends FieldValues,
  TParsed extends FieldValues & { id: number },
  TRecord extends { id: number },
>(
  form: UseFormReturn<T, unknown, TParsed>,
  state: EditorSaveState,
  options: RecordEditorOptions<T, TParsed, TRecord>,
) {
  const navigate = useNavigate();
  const { messages } = options;
  return useEditorSubmit<T, TParsed, TRecord>(form, state, {
    save: options.save,
    logLabel: options.logLabel,
    failureMessage: options.failureMessage ?? ((error) => serverMessage(error) ?? messages.saveFailed),
    unexpectedMessage: messages.unexpected,
    savedMessage: messages.saved,
    onSaved: openOrRefill<TRecord>({
      open: (path) => navigate(path, { replace: true }),
      editPath: options.editPath,
      listPath: options.listPath,
      refill: (record) => {
        form.reset(
          record ? options.toFormValues(record) : { ...form.getValues(), ...options.clearAfterSave },
        );
        options.afterRefill?.();
      },
    }),
  });
}
