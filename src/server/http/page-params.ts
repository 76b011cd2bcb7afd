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
 * a page above MAX_PAGE answers empty. `limit` is clamped to 1..MAX_PAGE_SIZE (default PAGE_SIZE).
 */
export function pageWindow(offset: number | undefined, limit: number | undefined): PageWindow {
  const page = offset !== undefined && Number.isFinite(offset) && offset >= 1 ? Math.trunc(offset) : 1;
  const size = limit !== undefined && Number.isFinite(limit) ? Math.min(Math.max(Math.trunc(limit), 1), MAX_PAGE_SIZE) : PAGE_SIZE;
  const beyondEnd = page > MAX_PAGE;
  return { page, limit: size, skip: beyondEnd ? 0 : (page - 1) * size, beyondEnd };
}

/** A LIKE pattern matching `term` anywhere, with %, _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
