import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import type { FoundReportValues } from '#shared/forms/lost-found-forms';
import type { NearMePosition } from '#shared/contract/near-me';
import { apiGet, apiPostMultipart, type UploadFile } from '#client/api/client';

/** Open found reports a page lists: the newest found first. */
const FOUND_LIST_LIMIT = 24;

/**
 * GetFoundPets: the open reports, of every type; near a position (the address's rounded ?near=), the nearest rounded
 * places first, each with its distance.
 */
export const foundPetsQuery = (near: NearMePosition | null = null) =>
  queryOptions({
    queryKey: ['found-pets', near?.latitude ?? null, near?.longitude ?? null] as const,
    queryFn: ({ signal }) =>
      apiGet(
        API.foundPets,
        { offset: 1, limit: FOUND_LIST_LIMIT, latitude: near?.latitude, longitude: near?.longitude },
        { signal },
      ),
  });

export function useFoundPets(near: NearMePosition | null) {
  return useQuery(foundPetsQuery(near));
}

/** GetFoundPet: one report's public page (an unknown, withdrawn or expired report answers "not found"). */
export const foundPetQuery = (foundPetId: number) =>
  queryOptions({
    queryKey: ['found-pet', foundPetId] as const,
    queryFn: ({ signal }) => apiGet(API.foundPet, { foundPetId }, { signal }),
  });

export function useFoundPet(foundPetId: number | null) {
  return useQuery({ ...foundPetQuery(foundPetId ?? 0), enabled: foundPetId !== null });
}

/** ReportFoundPet: the report waits for the finder's e-mail confirmation; nothing is listed before. */
export function useReportFoundPet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ values, photos }: { values: FoundReportValues; photos: UploadFile[] }) =>
      apiPostMultipart(API.reportFoundPet, values, photos),
    onSuccess: () => client.invalidateQueries({ queryKey: ['found-pets'] }),
  });
}
