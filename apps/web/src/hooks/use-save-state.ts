import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

export const SAVE_LABELS: Record<SaveState, string> = {
  idle: 'Save',
  saving: 'Saving...',
  saved: 'Saved!',
  error: 'Error - Try Again',
};

/** idle → saving → saved | error → idle after `resetMs` (spec: 2 s or 3 s per editor). */
export function useSaveState(resetMs: number, errorResetMs = resetMs) {
  const [state, setState] = useState<SaveState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const settle = useCallback(
    (next: 'saved' | 'error') => {
      setState(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setState('idle'), next === 'saved' ? resetMs : errorResetMs);
    },
    [resetMs, errorResetMs],
  );
  return {
    state,
    label: SAVE_LABELS[state],
    start: useCallback(() => {
      clearTimeout(timer.current);
      setState('saving');
    }, []),
    succeed: useCallback(() => settle('saved'), [settle]),
    fail: useCallback(() => settle('error'), [settle]),
  };
}
