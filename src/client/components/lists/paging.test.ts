import { describe, expect, it } from 'vitest';
import {
  isNextDisabled,
  isPreviousDisabled,
  pageBeforeTheEnd,
  pageWindow,
  showHistoryPager,
  totalPages,
} from '#client/components/lists/paging';
import { parsePage } from '#shared/listing-query';

describe('totalPages', () => {
  it('is the ceiling of totalCount / 4, and 0 for an empty list (no page to show)', () => {
    expect(totalPages(0)).toBe(0);
    expect(totalPages(1)).toBe(1);
    expect(totalPages(4)).toBe(1);
    expect(totalPages(5)).toBe(2);
    expect(totalPages(41)).toBe(11);
    expect(totalPages(9, 4)).toBe(3);
    expect(totalPages(0, 4)).toBe(0);
  });
  it('accepts another page size and ignores nonsense', () => {
    expect(totalPages(11, 5)).toBe(3);
    expect(totalPages(-3)).toBe(0);
    expect(totalPages(Number.NaN)).toBe(0);
  });
});

describe('paging rules', () => {
  it('disables Previous on page 1 only', () => {
    expect(isPreviousDisabled(1)).toBe(true);
    expect(isPreviousDisabled(2)).toBe(false);
  });
  it('disables Next when the page returned no items', () => {
    expect(isNextDisabled(0)).toBe(true);
    expect(isNextDisabled(1)).toBe(false);
    expect(isNextDisabled(4)).toBe(false);
  });
  it('with a full-page size, enables Next only after a full page', () => {
    expect(isNextDisabled(4, 4)).toBe(false);
    expect(isNextDisabled(3, 4)).toBe(true);
    expect(isNextDisabled(0, 4)).toBe(true);
    expect(isNextDisabled(5, 5)).toBe(false);
    expect(isNextDisabled(4, 5)).toBe(true);
  });
  it('with the total known, disables Next on the last page and past it', () => {
    expect(isNextDisabled(4, undefined, { page: 2, totalPages: 3 })).toBe(false);
    expect(isNextDisabled(4, undefined, { page: 3, totalPages: 3 })).toBe(true);
    expect(isNextDisabled(0, undefined, { page: 9, totalPages: 3 })).toBe(true);
    expect(isNextDisabled(0, undefined, { page: 1, totalPages: 0 })).toBe(true);
  });
  it('leads an empty page past the end back: to the last page when known, else the first', () => {
    expect(pageBeforeTheEnd(9, 3)).toBe(3);
    expect(pageBeforeTheEnd(4, undefined)).toBe(1);
    // page 1 and an empty list are simply empty
    expect(pageBeforeTheEnd(1, undefined)).toBeNull();
    expect(pageBeforeTheEnd(1, 0)).toBeNull();
    expect(pageBeforeTheEnd(3, 0)).toBeNull();
    expect(pageBeforeTheEnd(2, 3)).toBeNull();
  });
  it('shows the visit history pager only above 4 visits', () => {
    expect(showHistoryPager(0)).toBe(false);
    expect(showHistoryPager(4)).toBe(false);
    expect(showHistoryPager(5)).toBe(true);
  });
  it('reads a page from the URL, falling back to 1', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('abc')).toBe(1);
  });
});

describe('pageWindow', () => {
  it('lists every page when there are few', () => {
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
  it('keeps first, last and the neighbours of the current page', () => {
    expect(pageWindow(6, 12)).toEqual([1, 'gap', 5, 6, 7, 'gap', 12]);
    expect(pageWindow(1, 12)).toEqual([1, 2, 'gap', 12]);
    expect(pageWindow(3, 12)).toEqual([1, 2, 3, 4, 'gap', 12]);
    expect(pageWindow(12, 12)).toEqual([1, 'gap', 11, 12]);
  });
});
