import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import type { FoundReportValues } from '#shared/forms/lost-found-forms';
import { apiGet, apiPostMultipart, type UploadFile } from '#client/api/client';

/** Open found reports a page lists: the newest found first. */
const FOUND_LIST_LIMIT = 24;

/** GetFoundPets: the open reports, of every type. */
export const foundPetsQuery = () =>
  queryOptions({
    queryKey: ['found-pets'] as const,
    queryFn: ({ signal }) => apiGet(API.foundPets, { offset: 1, limit: FOUND_LIST_LIMIT }, { signal }),
  });

export function useFoundPets() {
  return useQuery(foundPetsQuery());
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
