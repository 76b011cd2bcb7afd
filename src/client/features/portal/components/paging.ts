/** Paging rules of SPEC.md §5 for the portal's Previous / "Page {n}" / Next pagers. */

/** Next is enabled only when the current page came back full. */
export function hasNextPage(itemsOnPage: number, pageSize: number): boolean {
  return pageSize > 0 && itemsOnPage >= pageSize;
}

/** Previous never goes below page 1. */
export function previousPage(page: number): number {
  return Math.max(1, page - 1);
}

/** Pagination of the pet's visit history shows only when there is more than one page. */
export function showHistoryPager(total: number, pageSize: number): boolean {
  return total > pageSize;
}

export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
