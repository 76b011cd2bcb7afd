/** Owner calls of the clinic portal (issue 32): the Owners tab's list, an owner with their pets, saving one. */
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import { PAGE_SIZE } from '#shared/constants';
import type { EraseVetOwnerBody, VetOwnerSortField, VetOwnersExportQuery } from '#shared/contract/vet-owners';
import type { OwnerFormValues } from '#shared/forms/owner-form';
import { apiGet, apiPostJson } from '#client/api/client';
import { getToken, writeOptions } from '#client/api/portal-session';
import { PORTAL_KEY } from '#client/api/portal-visits';

export interface VetOwnersParams {
  page: number;
  searchTerm: string;
  limit?: number;
  sortField?: VetOwnerSortField;
  sortOrder?: 'asc' | 'desc';
}

/** The list's search and sort as the API takes them (the list and its export). */
export function vetOwnersListQuery({
  searchTerm,
  sortField,
  sortOrder,
}: Omit<VetOwnersParams, 'page' | 'limit'>): VetOwnersExportQuery {
  return { searchTerm, ...(sortField ? { sortField, sortOrder: sortOrder ?? 'asc' } : {}) };
}

export function useVetOwners({ page, limit = PAGE_SIZE, ...rest }: VetOwnersParams, enabled = true) {
  const query = { offset: page, limit, ...vetOwnersListQuery(rest) };
  return useQuery({
    queryKey: [PORTAL_KEY, 'owners', query] as const,
    queryFn: ({ signal }) => apiGet(API.vetOwners, query, { token: getToken(), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}

export function useVetOwnerDetails(ownerId: number | null) {
  return useQuery({
    queryKey: [PORTAL_KEY, 'owner-details', ownerId] as const,
    queryFn:
      ownerId === null
        ? skipToken
        : ({ signal }) => apiGet(API.vetOwnerDetails, { ownerId }, { token: getToken(), signal }),
    staleTime: 0,
    retry: false,
  });
}

/** SaveVetOwner: a new owner, or a change of one (every pet of theirs shows it: every portal list is read again). */
export function useSaveOwner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: OwnerFormValues) => apiPostJson(API.saveVetOwner, values, writeOptions()),
    onSuccess: () => client.invalidateQueries({ queryKey: [PORTAL_KEY] }),
  });
}

/** GetVetOwnerDuplicates: the pairs of owners that look like one person (admins). */
export function useOwnerDuplicates(enabled: boolean) {
  return useQuery({
    queryKey: [PORTAL_KEY, 'owner-duplicates'] as const,
    queryFn: ({ signal }) => apiGet(API.vetOwnerDuplicates, undefined, { token: getToken(), signal }),
    staleTime: 0,
    enabled,
  });
}

/** MergeVetOwners: the merged owner's pets go to the kept one (every portal list is read again). */
export function useMergeOwners() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { keepOwnerId: number; mergeOwnerId: number }) =>
      apiPostJson(API.mergeVetOwners, body, writeOptions()),
    onSuccess: () => client.invalidateQueries({ queryKey: [PORTAL_KEY] }),
  });
}

/** RestoreVetOwner: undoes a merge within the restore window. */
export function useRestoreOwner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ownerId: number) => apiPostJson(API.restoreVetOwner, { ownerId }, writeOptions()),
    onSuccess: () => client.invalidateQueries({ queryKey: [PORTAL_KEY] }),
  });
}

/** ExportVetOwnerData: everything the clinic keeps of one owner, saved by the browser as a JSON file (admins). */
export async function downloadOwnerData(ownerId: number): Promise<{ blob: Blob; filename: string }> {
  const data = await apiGet(API.exportVetOwnerData, { ownerId }, { token: getToken() });
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  return { blob, filename: `owner-${ownerId}.json` };
}

/** EraseVetOwner: the owner's contact data erased, their pets kept or deleted (every portal list is read again). */
export function useEraseOwner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EraseVetOwnerBody) => apiPostJson(API.eraseVetOwner, body, writeOptions()),
    onSuccess: () => client.invalidateQueries({ queryKey: [PORTAL_KEY] }),
  });
}
