/**
 * The visit details the Pet Profile modal shows as records (its category list is useWellnessCategories of
 * pet-profile-queries).
 */
import { useQueries } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import { apiGet } from '#client/api/client';
import { getToken } from '#client/api/portal-session';
import { PORTAL_KEY } from '#client/api/portal-visits';

/** The details of several visits (the records a clinic wrote for the pet), loaded only when enabled. */
export function useVisitsDetails(visitIds: readonly number[], enabled: boolean) {
  return useQueries({
    queries: visitIds.map((vetVisitId) => ({
      queryKey: [PORTAL_KEY, 'visit-details', vetVisitId] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiGet(API.vetVisitDetails, { vetVisitId }, { token: getToken(), signal }),
      enabled,
      retry: false,
    })),
  });
}
