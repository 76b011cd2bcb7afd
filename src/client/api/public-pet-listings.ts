import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import type { PetGroup } from '#shared/contract/pets';
import { PAGE_SIZE } from '#shared/constants';
import { apiGet } from './client';

export type PetListingKind = 'adoption' | 'lost';

const paths: Record<PetListingKind, string> = { adoption: API.petsForAdoption, lost: API.lostPets };

export interface PetListingParams {
  petTypeId: number;
  /** 1-based page (sent as offset) */
  page: number;
}

/** GET Pets/GetPetsForAdoption or Pets/GetLostPets: one page (4 pets) grouped by breed; searchTerm is sent empty. */
export function fetchPetListing(kind: PetListingKind, { petTypeId, page }: PetListingParams, signal?: AbortSignal): Promise<PetGroup[]> {
  return apiGet<PetGroup[]>(paths[kind], { petTypeId, offset: page, limit: PAGE_SIZE, searchTerm: '' }, { signal });
}

export const petListingQuery = (kind: PetListingKind, params: PetListingParams) =>
  queryOptions({
    queryKey: ['pet-listing', kind, params.petTypeId, params.page] as const,
    queryFn: ({ signal }) => fetchPetListing(kind, params, signal),
    placeholderData: keepPreviousData,
  });

export function usePetListing(kind: PetListingKind, params: PetListingParams) {
  return useQuery(petListingQuery(kind, params));
}
