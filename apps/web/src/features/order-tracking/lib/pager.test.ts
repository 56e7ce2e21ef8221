import { describe, expect, it } from 'vitest';
import { clampPage, displayedPageCount, pageCount, pagerState } from './pager';

describe('pager', () => {
  it('counts pages and shows 1 when there are none', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(displayedPageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(displayedPageCount(2000, 250)).toBe(8);
    expect(displayedPageCount(2001, 250)).toBe(9);
  });

  it('enables the buttons that lead somewhere', () => {
    expect(pagerState(1, 0, 10)).toEqual({ page: 1, last: 1, canGoBack: false, canGoForward: false });
    expect(pagerState(1, 25, 10)).toEqual({ page: 1, last: 3, canGoBack: false, canGoForward: true });
    expect(pagerState(3, 25, 10)).toEqual({ page: 3, last: 3, canGoBack: true, canGoForward: false });
  });

  it('clamps a page beyond the last', () => {
    expect(clampPage(5, 25, 10)).toBe(3);
    expect(clampPage(2, 0, 10)).toBe(1);
    expect(clampPage(0, 25, 10)).toBe(1);
    expect(clampPage(2, 25, 10)).toBe(2);
  });
});
