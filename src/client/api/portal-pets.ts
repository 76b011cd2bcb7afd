/** Pet calls of the clinic portal (SPEC.md §7 "Vet portal"): list, details, history, create, update, delete, breeds. */
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import { PAGE_SIZE } from '#shared/constants';
import type { PetFormValues, PetUpdateValues } from '#shared/forms/pet-form';
import type { VetPetListFilters, VetPetSortField } from '#shared/contract/vet';
import { apiGet, apiPostJson, apiPostMultipart, type UploadFile } from '#client/api/client';
import { getToken, writeOptions } from '#client/api/portal-session';
import { PORTAL_KEY } from '#client/api/portal-visits';

/** The Pets tab's filters besides the search (issue 21): each sent only when set. */
export type VetPetFilters = Pick<
  VetPetListFilters,
  'petTypeId' | 'petBreedId' | 'genderId' | 'isSterilized' | 'ageFrom' | 'ageTo' | 'dueStatus'
>;

export interface VetPetsParams {
  page: number;
  searchTerm: string;
  limit?: number;
  sortField?: VetPetSortField;
  sortOrder?: 'asc' | 'desc';
  filters?: VetPetFilters;
}

/** The list's search, filters and sort as the API takes them (the list and its export). */
export function vetPetsListQuery({
  searchTerm,
  sortField,
  sortOrder,
  filters = {},
}: Omit<VetPetsParams, 'page' | 'limit'>): VetPetListFilters {
  const set = Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== undefined && v !== null),
  ) as VetPetFilters;
  return { searchTerm, ...set, ...(sortField ? { sortField, sortOrder: sortOrder ?? 'asc' } : {}) };
}

export function useVetPets({ page, limit = PAGE_SIZE, ...rest }: VetPetsParams, enabled = true) {
  const query = { offset: page, limit, ...vetPetsListQuery(rest) };
  return useQuery({
    queryKey: [PORTAL_KEY, 'pets', query] as const,
    queryFn: ({ signal }) => apiGet(API.vetPets, query, { token: getToken(), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}

export function useVetPetDetails(petProfileId: number | null) {
  return useQuery({
    queryKey: [PORTAL_KEY, 'pet-details', petProfileId] as const,
    queryFn:
      petProfileId === null
        ? skipToken
        : ({ signal }) => apiGet(API.vetPetDetails, { petProfileId }, { token: getToken(), signal }),
    staleTime: 0,
    retry: false,
  });
}

export function useVetPetVisits(petProfileId: number, page: number, limit = PAGE_SIZE) {
  return useQuery({
    queryKey: [PORTAL_KEY, 'pet-visits', petProfileId, page, limit] as const,
    queryFn: ({ signal }) =>
      apiGet(API.vetPetVisits, { petProfileId, offset: page, limit }, { token: getToken(), signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

function useInvalidatePets() {
  const client = useQueryClient();
  // a pet's name, photo or owner shows in visits and reminders too
  return () => client.invalidateQueries({ queryKey: [PORTAL_KEY] });
}

export type PetImageUpload = UploadFile | null;

export function useCreatePet() {
  const invalidate = useInvalidatePets();
  return useMutation({
    mutationFn: ({ payload, image }: { payload: PetFormValues; image: PetImageUpload }) =>
      apiPostMultipart(API.createVetPet, payload, image ? [image] : [], writeOptions()),
    onSuccess: invalidate,
  });
}

/** The image part is sent only when a new file was chosen (docs/decisions/0011-portal-pet-update-image.md). */
export function useUpdatePet() {
  const invalidate = useInvalidatePets();
  return useMutation({
    mutationFn: ({ payload, image }: { payload: PetUpdateValues; image: PetImageUpload }) =>
      apiPostMultipart(API.updateVetPet, payload, image ? [image] : [], writeOptions()),
    onSuccess: invalidate,
  });
}

export function useDeletePet() {
  const invalidate = useInvalidatePets();
  return useMutation({
    mutationFn: (petId: number) => apiPostJson(API.deleteVetPet, { petId }, writeOptions()),
    onSuccess: invalidate,
  });
}

/** Undo of a pet's delete (RestoreVetPet), within the restore window: its visits and records come back with it. */
export function useRestorePet() {
  const invalidate = useInvalidatePets();
  return useMutation({
    mutationFn: (petId: number) => apiPostJson(API.restoreVetPet, { petId }, writeOptions()),
    onSuccess: invalidate,
  });
}

/** A page of a pet's history at this clinic (GetVetPetHistory), newest first. */
export function useVetPetHistory(petProfileId: number, page: number, enabled: boolean, limit = PAGE_SIZE) {
  return useQuery({
    queryKey: [PORTAL_KEY, 'pet-history', petProfileId, page, limit] as const,
    queryFn: ({ signal }) =>
      apiGet(API.vetPetHistory, { petProfileId, offset: page, limit }, { token: getToken(), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
    enabled,
  });
}

/** A page of the pets and visits deleted recently that can still be restored (GetDeletedVetItems). */
export function useDeletedItems(page: number, limit = PAGE_SIZE) {
  return useQuery({
    queryKey: [PORTAL_KEY, 'deleted', page, limit] as const,
    queryFn: ({ signal }) => apiGet(API.deletedVetItems, { offset: page, limit }, { token: getToken(), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
