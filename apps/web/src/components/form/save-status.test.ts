import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSaveStatus, SAVE_LABELS, type SaveState } from './save-status';

describe('createSaveStatus (docs/behaviour/screens.md#save-button)', () => {
  let seen: SaveState[];
  beforeEach(() => {
    vi.useFakeTimers();
    seen = [];
  });
  afterEach(() => vi.useRealTimers());

  it('goes saving → saved and back to idle after the reset delay', () => {
    const status = createSaveStatus((state) => seen.push(state), 3000);
    status.start();
    status.succeed();
    expect(seen).toEqual(['saving', 'saved']);
    vi.advanceTimersByTime(2999);
    expect(seen.at(-1)).toBe('saved');
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['saving', 'saved', 'idle']);
  });

  it('waits its own delay after an error', () => {
    const status = createSaveStatus((state) => seen.push(state), 2000, 5000);
    status.start();
    status.fail();
    vi.advanceTimersByTime(2000);
    expect(seen.at(-1)).toBe('error');
    vi.advanceTimersByTime(3000);
    expect(seen.at(-1)).toBe('idle');
  });

  it('a new save cancels the pending return to idle', () => {
    const status = createSaveStatus((state) => seen.push(state), 2000);
    status.start();
    status.fail();
    vi.advanceTimersByTime(1500);
    status.start();
    vi.advanceTimersByTime(5000);
    expect(seen).toEqual(['saving', 'error', 'saving']);
  });

  it('a second outcome restarts the delay', () => {
    const status = createSaveStatus((state) => seen.push(state), 2000);
    status.succeed();
    vi.advanceTimersByTime(1500);
    status.succeed();
    vi.advanceTimersByTime(1500);
    expect(seen.at(-1)).toBe('saved');
    vi.advanceTimersByTime(500);
    expect(seen.at(-1)).toBe('idle');
  });

  it('dispose stops the pending return to idle', () => {
    const status = createSaveStatus((state) => seen.push(state), 2000);
    status.succeed();
    status.dispose();
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual(['saved']);
  });

  it("labels the button with the spec's texts", () => {
    expect(SAVE_LABELS).toEqual({
      idle: 'Save',
      saving: 'Saving...',
      saved: 'Saved!',
      error: 'Error - Try Again',
    });
  });
});
