/** Pager arithmetic (docs/behaviour/order-tracking.md#pager): pages count from 1, and an empty result still reads "Page 1 of 1". */

export function pageCount(totalRecords: number, pageSize: number): number {
  if (!Number.isFinite(totalRecords) || totalRecords <= 0 || pageSize <= 0) return 0;
  return Math.ceil(totalRecords / pageSize);
}

/** The y of "Page x of y": 1 when there are 0 pages. */
export function displayedPageCount(totalRecords: number, pageSize: number): number {
  return Math.max(1, pageCount(totalRecords, pageSize));
}

export function pagerState(page: number, totalRecords: number, pageSize: number) {
  const last = displayedPageCount(totalRecords, pageSize);
  return {
    page,
    last,
    canGoBack: page > 1,
    canGoForward: page < last,
  };
}

/** A page beyond the last one (after a deletion or a smaller result) moves to the last page. */
export function clampPage(page: number, totalRecords: number, pageSize: number): number {
  return Math.min(Math.max(1, page), displayedPageCount(totalRecords, pageSize));
}
