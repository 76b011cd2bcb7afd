import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { readOneSnapshot } from '#server/db/one-snapshot';
import { MAX_PAGE, MAX_PAGE_SIZE, PAGE_SIZE } from '#shared/constants';

/** `page` is 1-based (SPEC.md §7 `offset`); both already bounded (pageWindow, or the contract's schemas). */
export interface Paging {
  page: number;
  limit: number;
}

export interface PageWindow extends Paging {
  /** rows to skip */
  skip: number;
  /** the page lies beyond MAX_PAGE: the answer is empty without asking the database */
  beyondEnd: boolean;
}

/** The rows before a page. */
export function rowsToSkip(p: Paging): number {
  return (p.page - 1) * p.limit;
}

/**
 * `offset` is the 1-based page number (SPEC.md §7). A page below 1 (or missing) counts as page 1;
 * a page above MAX_PAGE (Infinity too) answers empty. `limit` is clamped to 1..MAX_PAGE_SIZE (default PAGE_SIZE).
 */
export function pageWindow(offset: number | undefined, limit: number | undefined): PageWindow {
  const wanted = offset === undefined || Number.isNaN(offset) ? 1 : offset;
  const beyondEnd = wanted > MAX_PAGE;
  const page = beyondEnd ? MAX_PAGE + 1 : Math.max(Math.trunc(wanted), 1);
  const size =
    limit === undefined || Number.isNaN(limit) ? PAGE_SIZE : Math.min(Math.max(Math.trunc(limit), 1), MAX_PAGE_SIZE);
  return { page, limit: size, skip: beyondEnd ? 0 : rowsToSkip({ page, limit: size }), beyondEnd };
}

/** A LIKE pattern matching `term` anywhere, with %, _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The column of a count query: `select({ count: rowCount })`. */
export const rowCount = sql<number>`count(*)::int`;

/** A page of a list and the number of all its matches: two queries on one snapshot, so they agree (readOneSnapshot). */
export function pageWithCount<Row>(
  db: Db,
  page: (tx: Db) => PromiseLike<Row[]>,
  count: (tx: Db) => PromiseLike<{ count: number }[]>,
): Promise<{ rows: Row[]; count: number }> {
  return readOneSnapshot(db, async (tx) => {
    const rows = await page(tx);
    const [{ count: total }] = await count(tx);
    return { rows, count: total };
  });
}

/** The rows of a page beyond the end (pageWindow's beyondEnd): none, without asking the database. */
export const noRows: Promise<never[]> = Promise.resolve([]);
