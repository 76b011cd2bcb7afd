import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import type { PetGroup } from '#shared/contract/pets';
import type { NearMePosition } from '#shared/contract/near-me';
import { PAGE_SIZE } from '#shared/constants';
import { apiGet } from '#client/api/client';

export type PetListingKind = 'adoption' | 'lost';

const paths: Record<PetListingKind, typeof API.petsForAdoption | typeof API.lostPets> = {
  adoption: API.petsForAdoption,
  lost: API.lostPets,
};

export interface PetListingParams {
  petTypeId: number;
  /** 1-based page (sent as offset) */
  page: number;
  /** lost pets "near me": the visitor's (rounded) position; ignored for adoption */
  near?: NearMePosition | null;
  /** the listing's text search (a pet's name or breed), "" for all */
  search?: string;
}

/**
 * GET Pets/GetPetsForAdoption or Pets/GetLostPets: one page (4 pets) grouped by breed, searchTerm the page's search
 * box ("" for all). Lost pets near me add latitude and longitude.
 */
function fetchPetListing(
  kind: PetListingKind,
  { petTypeId, page, near, search = '' }: PetListingParams,
  signal?: AbortSignal,
): Promise<PetGroup[]> {
  const query = { petTypeId, offset: page, limit: PAGE_SIZE, searchTerm: search };
  return apiGet(
    paths[kind],
    kind === 'lost' && near ? { ...query, latitude: near.latitude, longitude: near.longitude } : query,
    { signal },
  );
}

export const petListingQuery = (kind: PetListingKind, params: PetListingParams) =>
  queryOptions({
    queryKey: [
      'pet-listing',
      kind,
      params.petTypeId,
      params.page,
      params.search ?? '',
      kind === 'lost' ? (params.near?.latitude ?? null) : null,
      kind === 'lost' ? (params.near?.longitude ?? null) : null,
    ] as const,
    queryFn: ({ signal }) => fetchPetListing(kind, params, signal),
    placeholderData: keepPreviousData,
  });

export function usePetListing(kind: PetListingKind, params: PetListingParams) {
  return useQuery(petListingQuery(kind, params));
}
