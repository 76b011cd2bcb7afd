/** The session clinic's letterhead (GetVetClinic), for printouts. */
import { useQuery } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import { apiGet } from '#client/api/client';
import { getToken, PORTAL_KEY } from '#client/api/portal-session';

export function useVetClinic() {
  return useQuery({
    queryKey: [PORTAL_KEY, 'clinic'] as const,
    queryFn: ({ signal }) => apiGet(API.vetClinic, undefined, { token: getToken(), signal }),
    staleTime: 60_000,
    retry: false,
  });
}
