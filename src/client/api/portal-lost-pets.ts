/** The clinic's microchip lookup among pets reported lost on Pawtal (FindLostPetByMicrochip, docs/decisions/0154). */
import { skipToken, useQuery } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import { apiGet } from '#client/api/client';
import { getToken, PORTAL_KEY } from '#client/api/portal-session';

/** `microChipId`: 15 digits already read from what was typed; null asks nothing. */
export function useLostPetsByMicrochip(microChipId: string | null) {
  return useQuery({
    queryKey: [PORTAL_KEY, 'lost-by-microchip', microChipId] as const,
    queryFn:
      microChipId === null
        ? skipToken
        : ({ signal }) => apiGet(API.lostPetByMicrochip, { microChipId }, { token: getToken(), signal }),
    staleTime: 30_000,
    retry: false,
  });
}
