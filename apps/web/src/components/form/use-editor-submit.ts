import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import {
  applyServerFieldErrors,
  type EditorSaveOptions,
  runEditorSave,
  type SaveOutcome,
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
