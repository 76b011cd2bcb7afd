/** `page` is 1-based (SPEC.md §7 `offset`); both are already bounded by the contract's schemas. */
export interface Paging {
  page: number;
  limit: number;
}

export function rowsToSkip(p: Paging): number {
  return (p.page - 1) * p.limit;
}
