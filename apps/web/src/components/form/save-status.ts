/**
 * The Save button's states (docs/behaviour/screens.md#save-button): idle → saving → saved | error, and back to
 * idle after a delay the editor chooses (2 s or 3 s after a save; some editors wait longer after an error).
 * Kept apart from React so the transitions and delays are tested with fake timers alone.
 */
export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

export const SAVE_LABELS: Record<SaveState, string> = {
  idle: 'Save',
  saving: 'Saving...',
  saved: 'Saved!',
  error: 'Error - Try Again',
};

export interface SaveStatus {
  start(): void;
  succeed(): void;
  fail(): void;
  /** Stops a pending return to idle (the editor has gone). */
  dispose(): void;
}

export function createSaveStatus(
  onChange: (state: SaveState) => void,
  resetMs: number,
  errorResetMs = resetMs,
): SaveStatus {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settle = (next: 'saved' | 'error') => {
    onChange(next);
    clearTimeout(timer);
    timer = setTimeout(() => onChange('idle'), next === 'saved' ? resetMs : errorResetMs);
  };
  return {
    start() {
      clearTimeout(timer);
      onChange('saving');
    },
    succeed: () => settle('saved'),
    fail: () => settle('error'),
    dispose: () => clearTimeout(timer),
  };
}
