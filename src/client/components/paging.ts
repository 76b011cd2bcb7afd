import { FIRST_PAGE, PAGE_SIZE } from '#shared/constants';

/** SPEC.md §9: total pages = ceiling of totalCount / page size (4). Never below 0. */
export function totalPages(totalCount: number, pageSize: number = PAGE_SIZE): number {
  if (!Number.isFinite(totalCount) || totalCount <= 0 || pageSize <= 0) return 0;
  return Math.ceil(totalCount / pageSize);
}

/** A page number read from the URL: a whole number ≥ 1, else page 1. */
export function parsePage(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= FIRST_PAGE ? n : FIRST_PAGE;
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

/** SPEC.md §5 paging rules. */
export function isPreviousDisabled(page: number): boolean {
  return page <= FIRST_PAGE;
}
export function isNextDisabled(itemsOnPage: number): boolean {
  return itemsOnPage <= 0;
}
