import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Spec breakpoints: mobile under 768 px; the user list and other lists force cards under 1024 px. */
export const useIsMobile = () => useMediaQuery('(max-width: 767.98px)');
export const useIsUnder1024 = () => useMediaQuery('(max-width: 1023.98px)');
export const useIsUnder640 = () => useMediaQuery('(max-width: 639.98px)');
