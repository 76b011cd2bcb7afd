import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import type { AnimalHouseList, ProviderDetail, ProviderList } from '#shared/contract/providers';
import type { NearMePosition } from '#shared/contract/near-me';
import { PAGE_SIZE, type ProviderKind } from '#shared/constants';
import { apiGet, isNotFoundAnswer, logCallFailure } from '#client/api/client';

const listPaths = {
  sitter: API.petSitters,
  trainer: API.petTrainers,
  walker: API.petWalkers,
  groomer: API.petGroomers,
  vet: API.vets,
} as const satisfies Record<ProviderKind, string>;
const byIdPaths = {
  sitter: API.petSitterById,
  trainer: API.petTrainerById,
  walker: API.petWalkerById,
  groomer: API.petGroomerById,
  vet: API.vetById,
} as const satisfies Record<ProviderKind, string>;

export interface DirectoryParams {
  /** 1-based page, sent as offset */
  page: number;
  /** empty = every country */
  countryId: string;
  /** "near me": the visitor's (rounded) position; nearest first with distanceKm */
  near?: NearMePosition | null;
}

/**
 * The query of SPEC.md §7: offset (the page), limit 4, CountryId; SearchTerm, CurrencyId,
 * PricingTypeId, PriceFrom and PriceTo sent empty. latitude and longitude only for "near me".
 */
function providerListQueryParams({ page, countryId, near }: DirectoryParams) {
  const base = {
    offset: page,
    limit: PAGE_SIZE,
    SearchTerm: '',
    CurrencyId: '',
    PricingTypeId: '',
    PriceFrom: '',
    PriceTo: '',
    CountryId: countryId,
  };
  return near ? { ...base, latitude: near.latitude, longitude: near.longitude } : base;
}

function fetchProviders(kind: ProviderKind, params: DirectoryParams, signal?: AbortSignal): Promise<ProviderList> {
  return apiGet(listPaths[kind], providerListQueryParams(params), { signal });
}

export const providersQuery = (kind: ProviderKind, params: DirectoryParams) =>
  queryOptions({
    queryKey: [
      'providers',
      kind,
      params.page,
      params.countryId,
      params.near?.latitude ?? null,
      params.near?.longitude ?? null,
    ] as const,
    queryFn: ({ signal }) => fetchProviders(kind, params, signal),
    placeholderData: keepPreviousData,
  });

export function useProviders(kind: ProviderKind, params: DirectoryParams) {
  return useQuery(providersQuery(kind, params));
}

/**
 * GET …ById: the data is a list; the first item is used (null when the list is empty).
 * SPEC.md §8: a failure is only logged; the page then renders empty.
 */
async function fetchProvider(kind: ProviderKind, id: string, signal?: AbortSignal): Promise<ProviderDetail | null> {
  try {
    // The address's id as the contract's integer ("abc" is sent as NaN: the server's 400 reads as not found).
    const list = await apiGet(byIdPaths[kind], { id: Number(id) }, { signal });
    return list[0] ?? null;
  } catch (error) {
    logCallFailure('Error fetching provider details:', error, signal);
    throw error;
  }
}

export const providerQuery = (kind: ProviderKind, id: string) =>
  queryOptions({
    queryKey: ['provider', kind, id] as const,
    queryFn: ({ signal }) => fetchProvider(kind, id, signal),
    retry: false,
    // "No such provider" is an answer, not a failure to retry (see petDetailsQuery).
    retryOnMount: (query) => !isNotFoundAnswer(query.state.error),
  });

export function useProvider(kind: ProviderKind, id: string) {
  return useQuery(providerQuery(kind, id));
}

/** GET AnimalHouses/GetAnimalHouses (Pawtal's /AnimalHouse directory): offset, limit 4, CountryId, SearchTerm empty. */
function fetchAnimalHouses({ page, countryId }: DirectoryParams, signal?: AbortSignal): Promise<AnimalHouseList> {
  return apiGet(API.animalHouses, { offset: page, limit: PAGE_SIZE, SearchTerm: '', CountryId: countryId }, { signal });
}

export const animalHousesQuery = (params: DirectoryParams) =>
  queryOptions({
    queryKey: ['animal-houses', params.page, params.countryId] as const,
    queryFn: ({ signal }) => fetchAnimalHouses(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAnimalHouses(params: DirectoryParams) {
  return useQuery(animalHousesQuery(params));
}
