import type { VetPetSortField } from '#shared/contract/vet';
import type { DeskGridState } from '#client/components/desk-grid/grid-state';

/** Pets grid column → the API's sortField (the other columns do not sort). */
export const PET_SORT_FIELDS: Partial<Record<string, VetPetSortField>> = {
  petName: 'name',
  age: 'age',
  petType: 'type',
  petBreed: 'breed',
  OwnerNameForVet: 'owner',
  dueStatus: 'due',
};

/** The grid's sort as the saved state keeps it (by column), as the API takes it; null for the default order. */
export function apiSort(
  sort: DeskGridState<unknown>['sort'],
): { field: VetPetSortField; order: 'asc' | 'desc' } | null {
  const field = sort ? PET_SORT_FIELDS[sort.field] : undefined;
  return sort && field ? { field, order: sort.order } : null;
}
