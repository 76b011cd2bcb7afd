/** Wellness calls the Pet Profile modal uses: the public category list, and visit details for the records. */
import { useQueries, useQuery } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import { apiGet } from '#client/api/client';
import { getToken } from '#client/api/portal-session';
import { PORTAL_KEY } from '#client/api/portal-visits';

export function usePortalWellnessCategories() {
  return useQuery({
    queryKey: ['wellness-categories'] as const,
    queryFn: ({ signal }) => apiGet(API.wellnessCategories, undefined, { signal }),
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
}

/** The details of several visits (the records a clinic wrote for the pet), loaded only when enabled. */
export function useVisitsDetails(visitIds: readonly number[], enabled: boolean) {
  return useQueries({
    queries: visitIds.map((vetVisitId) => ({
      queryKey: [PORTAL_KEY, 'visit-details', vetVisitId] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => apiGet(API.vetVisitDetails, { vetVisitId }, { token: getToken(), signal }),
      enabled,
      retry: false,
    })),
  });
}
