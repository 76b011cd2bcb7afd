/** Visit calls of the clinic portal (SPEC.md §7 "Vet portal"): list, details, create, delete, save. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import { PAGE_SIZE } from '#shared/constants';
import type { DeleteVetVisitBody, VetVisitSortField, WellnessRecord } from '#shared/contract/vet';
import type { CreateVisitValues, NormalisedVisitPayload } from '#shared/forms/visit-payload';
import type { VisitRequestState } from '#shared/contract/visit-requests';
import type { AnswerVisitRequestValues } from '#shared/forms/visit-request-forms';
import { apiGet, apiPostJson, apiPostMultipart, type UploadFile } from '#client/api/client';
import { getToken, PORTAL_KEY, writeOptions } from '#client/api/portal-session';

export { PORTAL_KEY };

export type VisitFilter = 0 | 1 | 2;

/**
 * A page of the visit list: SPEC.md's status filter and page (4 on phones), and at a desk a range, a search and a sort.
 */
export interface VetVisitsParams {
  isFinished: VisitFilter;
  page: number;
  limit?: number;
  dateFrom?: string;
  dateTo?: string;
  searchTerm?: string;
  sortField?: VetVisitSortField;
  sortOrder?: 'asc' | 'desc';
}

function vetVisitsQuery({
  isFinished,
  page,
  limit = PAGE_SIZE,
  dateFrom,
  dateTo,
  searchTerm,
  sortField,
  sortOrder,
}: VetVisitsParams) {
  // Only what is set is sent: SPEC.md's call stays SPEC.md's call.
  const query = {
    isFinished,
    offset: page,
    limit,
    ...(dateFrom ? { dateFrom } : {}),
    ...(dateTo ? { dateTo } : {}),
    ...(searchTerm ? { searchTerm } : {}),
    ...(sortField ? { sortField, sortOrder: sortOrder ?? (sortField === 'date' ? 'desc' : 'asc') } : {}),
  };
  return queryOptions({
    queryKey: [PORTAL_KEY, 'visits', query] as const,
    queryFn: ({ signal }) => apiGet(API.vetVisits, query, { token: getToken(), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useVetVisits(params: VetVisitsParams) {
  return useQuery(vetVisitsQuery(params));
}

/**
 * The address of a visit picture as GetVetVisitDetails hands it out: ImageHostLink + ImagePath,
 * where ImagePath carries the picture's signed, expiring link (issue 20, docs/decisions/0099).
 * Everything that shows a visit picture (the Edit Visit dialog, the visit summary) reads it here.
 */
export function visitPictureUrl(record: Pick<WellnessRecord, 'ImageHostLink' | 'ImagePath'>): string {
  return record.ImageHostLink + record.ImagePath;
}

export function useVetVisitDetails(vetVisitId: number) {
  return useQuery({
    queryKey: [PORTAL_KEY, 'visit-details', vetVisitId] as const,
    queryFn: ({ signal }) => apiGet(API.vetVisitDetails, { vetVisitId }, { token: getToken(), signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** After any change to visits: the lists, pet histories, reminders and the recently deleted may all have moved. */
function useInvalidateVisits() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      ['visits', 'visit-requests', 'pet-visits', 'reminders', 'pet-details', 'pet-history', 'deleted'].map((list) =>
        client.invalidateQueries({ queryKey: [PORTAL_KEY, list] }),
      ),
    );
}

export function useCreateVisit() {
  const invalidate = useInvalidateVisits();
  return useMutation({
    mutationFn: (body: CreateVisitValues) => apiPostJson(API.createVetVisit, body, writeOptions()),
    onSuccess: invalidate,
  });
}

export function useDeleteVisit() {
  const invalidate = useInvalidateVisits();
  return useMutation({
    mutationFn: (body: DeleteVetVisitBody) => apiPostJson(API.deleteVetVisit, body, writeOptions()),
    onSuccess: invalidate,
  });
}

/** Undo of a visit's delete (RestoreVetVisit), within the restore window. */
export function useRestoreVisit() {
  const invalidate = useInvalidateVisits();
  return useMutation({
    mutationFn: (vetVisitId: number) => apiPostJson(API.restoreVetVisit, { vetVisitId }, writeOptions()),
    onSuccess: invalidate,
  });
}

export function useSaveVisit() {
  const invalidate = useInvalidateVisits();
  return useMutation({
    mutationFn: ({ payload, files }: { payload: NormalisedVisitPayload; files: UploadFile[] }) =>
      apiPostMultipart(API.saveVetVisit, payload, files, writeOptions()),
    onSuccess: invalidate,
  });
}

/** GetVisitRequests: a page of the owners' visit requests of one state, with the Requested filter's count. */
export function useVisitRequests({ state, page }: { state: VisitRequestState; page: number }) {
  const query = { state, offset: page, limit: PAGE_SIZE };
  return useQuery({
    queryKey: [PORTAL_KEY, 'visit-requests', query] as const,
    queryFn: ({ signal }) => apiGet(API.visitRequests, query, { token: getToken(), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** AnswerVisitRequest: accepting makes the visits (every visit list moves), declining only the requests. */
export function useAnswerVisitRequest() {
  const invalidate = useInvalidateVisits();
  return useMutation({
    mutationFn: (body: AnswerVisitRequestValues) => apiPostJson(API.answerVisitRequest, body, writeOptions()),
    onSettled: invalidate,
  });
}
