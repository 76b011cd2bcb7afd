import { MAX_PAGE, MAX_PAGE_SIZE, PAGE_SIZE } from '#shared/constants';

export interface PageWindow {
  page: number;
  limit: number;
  /** rows to skip */
  skip: number;
  /** the page lies beyond MAX_PAGE: the answer is empty without asking the database */
  beyondEnd: boolean;
}

/**
 * `offset` is the 1-based page number (SPEC.md §7). A page below 1 (or missing) counts as page 1;
 * a page above MAX_PAGE (Infinity too) answers empty. `limit` is clamped to 1..MAX_PAGE_SIZE (default PAGE_SIZE).
 */
export function pageWindow(offset: number | undefined, limit: number | undefined): PageWindow {
  const wanted = offset === undefined || Number.isNaN(offset) ? 1 : offset;
  const beyondEnd = wanted > MAX_PAGE;
  const page = beyondEnd ? MAX_PAGE + 1 : Math.max(Math.trunc(wanted), 1);
  const size = limit === undefined || Number.isNaN(limit) ? PAGE_SIZE : Math.min(Math.max(Math.trunc(limit), 1), MAX_PAGE_SIZE);
  return { page, limit: size, skip: beyondEnd ? 0 : (page - 1) * size, beyondEnd };
}

/** A LIKE pattern matching `term` anywhere, with %, _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
