import type { VetOwnerSortField } from '#shared/contract/vet-owners';
import type { DeskGridState } from '#client/components/desk-grid/grid-state';

/** Owners grid column → the API's sortField (the other columns do not sort). */
export const OWNER_SORT_FIELDS: Partial<Record<string, VetOwnerSortField>> = {
  name: 'name',
  petCount: 'petCount',
};

/** The grid's sort as the saved state keeps it (by column), as the API takes it; null for the default order. */
export function ownerApiSort(
  sort: DeskGridState<unknown>['sort'],
): { field: VetOwnerSortField; order: 'asc' | 'desc' } | null {
  const field = sort ? OWNER_SORT_FIELDS[sort.field] : undefined;
  return sort && field ? { field, order: sort.order } : null;
}

/** Page sizes on offer in the Owners grid; 25 unless the last state kept another. */
export const OWNER_PAGE_SIZES = [10, 25, 50] as const;
