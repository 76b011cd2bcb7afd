import { describe, expect, it } from 'vitest';
import { hasNextPage, previousPage, showHistoryPager, totalPages } from '#client/features/portal/components/paging';

describe('portal paging rules', () => {
  it('enables Next only after a full page', () => {
    expect(hasNextPage(4, 4)).toBe(true);
    expect(hasNextPage(3, 4)).toBe(false);
    expect(hasNextPage(0, 4)).toBe(false);
    expect(hasNextPage(5, 5)).toBe(true);
    expect(hasNextPage(4, 5)).toBe(false);
  });

  it('never goes below page 1', () => {
    expect(previousPage(1)).toBe(1);
    expect(previousPage(3)).toBe(2);
  });

  it('shows the visit history pager only above 4 visits', () => {
    expect(showHistoryPager(4, 4)).toBe(false);
    expect(showHistoryPager(5, 4)).toBe(true);
    expect(totalPages(9, 4)).toBe(3);
    expect(totalPages(0, 4)).toBe(1);
  });
});
