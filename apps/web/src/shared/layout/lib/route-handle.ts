import { useMatches } from 'react-router';

/** What a route tells the layout about itself (the router's `handle`). */
export interface RouteHandle {
  /** The page is a table or grid: it may use the whole window width instead of the reading width. */
  fullWidth?: boolean;
}

export function useFullWidthPage(): boolean {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.fullWidth === true);
}

/** Navigation state a page can hand to the next one: a sentence the layout shows above the page. */
export interface LayoutNotice {
  notice: string;
}

export function noticeFromState(state: unknown): string | null {
  if (state && typeof state === 'object' && 'notice' in state && typeof state.notice === 'string')
    return state.notice;
  return null;
}
