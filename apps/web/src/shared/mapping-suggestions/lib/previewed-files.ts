/**
 * The file an operator last previewed in Process File, per order tracking source, kept in memory for the page's
 * life so the source's editor can suggest its mapping from it (docs/behaviour/sources.md#suggest-from-a-sample-file).
 */
import { useSyncExternalStore } from 'react';

const files = new Map<number, File>();
const listeners = new Set<() => void>();

export function rememberPreviewedFile(sourceId: number, file: File) {
  files.set(sourceId, file);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePreviewedFile(sourceId: number | undefined): File | null {
  return useSyncExternalStore(subscribe, () =>
    sourceId === undefined ? null : (files.get(sourceId) ?? null),
  );
}
