import { queryOptions, skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import type { Country, Directory, DirectoryCountry, PetType } from '#shared/contract/general';
import { apiGet, logCallFailure } from '#client/api/client';

/** GET General/GetPetTypes: the pet-type buttons of the adoption and lost screens. */
function fetchPetTypes(signal?: AbortSignal): Promise<PetType[]> {
  return apiGet(API.petTypes, undefined, { signal });
}

export const petTypesQuery = () =>
  queryOptions({
    queryKey: ['pet-types'] as const,
    queryFn: ({ signal }) => fetchPetTypes(signal),
    staleTime: 60 * 60 * 1000,
  });

export function usePetTypes() {
  return useQuery(petTypesQuery());
}

/**
 * GET General/GetCountries. SPEC.md §8: a failure is logged ("Error fetching countries:") and the dropdown stays empty.
 */
async function fetchCountries(signal?: AbortSignal): Promise<Country[]> {
  try {
    return await apiGet(API.countries, undefined, { signal });
  } catch (error) {
    logCallFailure('Error fetching countries:', error, signal);
    throw error;
  }
}

export const countriesQuery = () =>
  queryOptions({
    queryKey: ['countries'] as const,
    queryFn: ({ signal }) => fetchCountries(signal),
    // loaded once per visit (SPEC.md §4 "Countries load once on screen open")
    staleTime: Infinity,
    retry: false,
  });

export function useCountries() {
  return useQuery(countriesQuery());
}

/** GET General/GetDirectoryCountries: the countries a directory has providers (or shelters) in, with their counts. */
async function fetchDirectoryCountries(directory: Directory, signal?: AbortSignal): Promise<DirectoryCountry[]> {
  try {
    return await apiGet(API.directoryCountries, { directory }, { signal });
  } catch (error) {
    logCallFailure('Error fetching the countries of this directory:', error, signal);
    throw error;
  }
}

const directoryCountriesQuery = (directory: Directory) =>
  queryOptions({
    queryKey: ['directory-countries', directory] as const,
    queryFn: ({ signal }) => fetchDirectoryCountries(directory, signal),
    staleTime: 10 * 60 * 1000,
    retry: false,
  });

/**
 * For a server render: the directory's country counts before the page renders (a failure renders the filter without
 * counts).
 */
export function prefetchDirectoryCountries(client: QueryClient, directory: Directory): Promise<void> {
  return client.prefetchQuery(directoryCountriesQuery(directory));
}

/** A failure leaves the country filter listing every country alike (the screen keeps working). */
export function useDirectoryCountries(directory: Directory) {
  return useQuery(directoryCountriesQuery(directory));
}

/** GetPetBreeds: the breeds of a pet type (none asked while no type is chosen). */
export function useBreeds(petTypeId: number | null) {
  return useQuery({
    queryKey: ['breeds', petTypeId] as const,
    queryFn:
      petTypeId === null ? skipToken : ({ signal }) => apiGet(API.petBreeds, { PetTypeId: petTypeId }, { signal }),
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
}
