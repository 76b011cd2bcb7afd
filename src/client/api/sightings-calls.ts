import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import { apiGet } from '#client/api/client';

/** GetPetSightings: a lost pet's sightings, for the holder of the owner's private link. */
function petSightingsQuery(token: string) {
  return queryOptions({
    queryKey: ['pet-sightings', token] as const,
    queryFn: ({ signal }) => apiGet(API.petSightings, { token }, { signal }),
    retry: false,
    // new sightings arrive while the owner keeps the page open
    refetchInterval: 60_000,
  });
}

export function usePetSightings(token: string) {
  return useQuery({ ...petSightingsQuery(token), enabled: token !== '' });
}
