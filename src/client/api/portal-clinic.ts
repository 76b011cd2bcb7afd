/** The session clinic's letterhead (GetVetClinic), for printouts; its contact settings (admins). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import type { ClinicContactValues } from '#shared/forms/clinic-contact-form';
import { apiGet, apiPostJson } from '#client/api/client';
import { getToken, PORTAL_KEY, writeOptions } from '#client/api/portal-session';

const clinicKey = [PORTAL_KEY, 'clinic'] as const;

export function useVetClinic() {
  return useQuery({
    queryKey: clinicKey,
    queryFn: ({ signal }) => apiGet(API.vetClinic, undefined, { token: getToken(), signal }),
    staleTime: 60_000,
    retry: false,
  });
}

/** SaveClinicContact (issue 33): the clinic's phone and e-mail; the clinic is read again after it. */
export function useSaveClinicContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClinicContactValues) => apiPostJson(API.saveClinicContact, body, writeOptions()),
    onSuccess: () => client.invalidateQueries({ queryKey: clinicKey }),
  });
}
