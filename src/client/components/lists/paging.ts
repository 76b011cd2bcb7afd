import { FIRST_PAGE, PAGE_SIZE } from '#shared/constants';

/** SPEC.md §9: total pages = ceiling of totalCount / page size (4); an empty list has 0 pages. */
export function totalPages(totalCount: number, pageSize: number = PAGE_SIZE): number {
  if (!Number.isFinite(totalCount) || totalCount <= 0 || pageSize <= 0) return 0;
  return Math.ceil(totalCount / pageSize);
}

/** The page buttons to draw: every page when there are few, else first, last and a window around the current one. */
export function pageWindow(page: number, total: number, radius = 1): Array<number | 'gap'> {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set<number>([1, total]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 1 && p <= total) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(p - sorted[i - 1] === 2 ? p - 1 : 'gap');
    out.push(p);
  });
  return out;
}

/** SPEC.md §5 paging rules: Previous never goes below page 1. */
export function isPreviousDisabled(page: number): boolean {
  return page <= FIRST_PAGE;
}

/**
 * Next is disabled when the page returned no items (SPEC.md §5); with `fullPage` (the portal's lists,
 * and the public pet listings, whose partial page is their last) Next is enabled only after a full
 * page of that size; with `totalPages` (a list that knows its total) it is disabled on the last page.
 */
export function isNextDisabled(
  itemsOnPage: number,
  fullPage?: number,
  position?: { page: number; totalPages: number },
): boolean {
  if (position && position.page >= position.totalPages) return true;
  if (fullPage !== undefined) return !(fullPage > 0 && itemsOnPage >= fullPage);
  return itemsOnPage <= 0;
}

/**
 * Where a visitor on an empty page past the end of a list can go: the last page when the list knows
 * its total, else the first page; null when the empty page is not past the end (page 1, or an empty list).
 */
export function pageBeforeTheEnd(page: number, totalPages?: number): number | null {
  if (page <= FIRST_PAGE) return null;
  if (totalPages === undefined) return FIRST_PAGE;
  return totalPages >= FIRST_PAGE && totalPages < page ? totalPages : null;
}

/** The pager of a pet's visit history shows only when there is more than one page (SPEC.md §9). */
export function showHistoryPager(total: number, pageSize: number = PAGE_SIZE): boolean {
  return totalPages(total, pageSize) > 1;
}
