import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import { apiGet, isNotFoundAnswer } from '#client/api/client';

export interface PetDetailsParams {
  publicId: string;
  petProfileId: string;
  /** the visitor's position; 0,0 when unknown or refused */
  latitude: number;
  longitude: number;
  /** counts the positions read, so the same place read again ("Help Find Pet") is sent again */
  fix: number;
}

/** GetPetDetailsByPublicId. The position is part of the key: a new position repeats the call. */
export function petDetailsQuery(params: PetDetailsParams) {
  return queryOptions({
    queryKey: [
      'pet-details',
      params.publicId,
      params.petProfileId,
      params.latitude,
      params.longitude,
      params.fix,
    ] as const,
    queryFn: ({ signal }) =>
      apiGet(
        API.petDetailsByPublicId,
        {
          petProfileId: params.petProfileId,
          publicId: params.publicId,
          profileNeeded: '',
          latitude: String(params.latitude),
          longitude: String(params.longitude),
        },
        { signal },
      ),
    // A new position reloads the pet without blanking the page.
    placeholderData: keepPreviousData,
    retry: false,
    // "No such pet" is an answer, not a failure to retry: the page keeps showing it (and hydrates
    // the not-found page the server rendered instead of a loading state).
    retryOnMount: (query) => !isNotFoundAnswer(query.state.error),
  });
}

export function usePetDetails(params: PetDetailsParams, enabled: boolean) {
  return useQuery({ ...petDetailsQuery(params), enabled });
}

export const wellnessCategoriesQuery = queryOptions({
  queryKey: ['wellness-categories'] as const,
  queryFn: ({ signal }) => apiGet(API.wellnessCategories, undefined, { signal }),
  staleTime: 60 * 60 * 1000,
});

/** The wellness categories (public reference data): the profile page's tabs and the portal's pet profile. */
export function useWellnessCategories(enabled: boolean) {
  return useQuery({ ...wellnessCategoriesQuery, enabled });
}

export interface CategoryTypesParams {
  petId: number;
  publicId: string;
  categoryId: number;
}

function wellnessCategoryTypesQuery(params: CategoryTypesParams) {
  return queryOptions({
    queryKey: ['wellness-category-types', params.petId, params.publicId, params.categoryId] as const,
    queryFn: ({ signal }) =>
      apiGet(
        API.wellnessCategoryTypes,
        { petProfile: params.petId, publicId: params.publicId, categoryId: params.categoryId },
        { signal },
      ),
  });
}

export function useWellnessCategoryTypes(params: CategoryTypesParams | null) {
  return useQuery({
    ...wellnessCategoryTypesQuery(params ?? { petId: 0, publicId: '', categoryId: 0 }),
    enabled: params !== null,
  });
}
