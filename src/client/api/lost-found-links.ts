import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import type { FoundReportAction } from '#shared/found-pets';
import { contactFinderForm, contactOwnerForm, tellOwnerForm } from '#shared/forms/lost-found-forms';
import { parsePayload } from '#shared/forms/payload-form';
import { apiGet, apiPostJson, type CallOptions } from '#client/api/client';

/**
 * The calls of the pages that the lost-and-found e-mails link to (docs/decisions/0150, 0152, 0153): each opens with
 * the link's token. A confirmation runs once when its page opens, keyed by the token and never refetched, so a
 * remount cannot send it twice (each is also harmless twice on the server).
 */
const once = {
  retry: false,
  staleTime: Infinity,
  gcTime: Infinity,
  refetchOnMount: false,
  refetchOnWindowFocus: false,
};

/** ConfirmFoundPet: publishes the finder's report (or answers it as it is), the first thing its link does. */
export function useFoundReportOfLink(token: string) {
  return useQuery({
    queryKey: ['found-report-link', token] as const,
    queryFn: () => apiPostJson(API.confirmFoundPet, { token }),
    enabled: token !== '',
    ...once,
  });
}

/** ManageFoundPet: the pet is home, take the report down, or keep it up 60 more days. */
export function useManageFoundReport(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ foundPetId, action }: { foundPetId: number; action: FoundReportAction }) =>
      apiPostJson(API.manageFoundPet, { foundPetId, token, action }),
    onSuccess: (report) => client.setQueryData(['found-report-link', token], report),
  });
}

/** GetFoundPetMatches: the lost pets the found one may be, best first. */
export function useFoundPetMatches(foundPetId: number | null, token: string) {
  return useQuery({
    queryKey: ['found-pet-matches', foundPetId, token] as const,
    queryFn: ({ signal }) => apiGet(API.foundPetMatches, { foundPetId: foundPetId ?? 0, token }, { signal }),
    enabled: foundPetId !== null && token !== '',
    retry: false,
  });
}

/** ConfirmRelaySender: the sender's address is confirmed and their waiting messages go. */
export function useRelaySenderConfirmation(token: string) {
  return useQuery({
    queryKey: ['relay-sender-confirmation', token] as const,
    queryFn: () => apiPostJson(API.confirmRelaySender, { token }),
    enabled: token !== '',
    ...once,
  });
}

/** GetConversation: either side's view of a relay conversation. */
export function useConversation(token: string) {
  return useQuery({
    queryKey: ['relay-conversation', token] as const,
    queryFn: ({ signal }) => apiGet(API.conversation, { token }, { signal }),
    enabled: token !== '',
    retry: false,
    // the other side's reply arrives while the page stays open
    refetchInterval: 60_000,
  });
}

export function useReply(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => apiPostJson(API.replyToConversation, { token, message }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['relay-conversation', token] }),
  });
}

export function useBlockSender(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (report: boolean) => apiPostJson(API.blockSender, { token, report }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['relay-conversation', token] }),
  });
}

/** ConfirmLostPetAlerts: the neighbour's alerts start. */
export function useAlertConfirmation(token: string) {
  return useQuery({
    queryKey: ['alert-confirmation', token] as const,
    queryFn: () => apiPostJson(API.confirmLostPetAlerts, { token }).then(() => true as const),
    enabled: token !== '',
    ...once,
  });
}

/** UnsubscribeLostPetAlerts: on a click (a mail client's one-click POST goes to the API itself). */
export function useUnsubscribeAlerts(token: string) {
  return useMutation({ mutationFn: () => apiPostJson(API.unsubscribeLostPetAlerts, { token }) });
}

/**
 * Who a relay message goes to: a lost pet's owner (by its public ID), a found report's finder, or (the clinic portal's
 * "Tell the owner", TellLostPetOwner) the owner of a pet reported lost, written to by the signed-in clinic.
 */
export type ContactTarget =
  | { to: 'owner'; publicId: string }
  | { to: 'finder'; foundPetId: number }
  | { to: 'lostPetOwner'; petProfileId: number };

/**
 * ContactOwner, ContactFinder, TellLostPetOwner: the shared form checks the message and address first (its message is
 * an i18n key). `callOptions` gives a portal call its session (kept out of this module, which public pages load).
 */
export function useContact(target: ContactTarget, callOptions?: () => CallOptions) {
  return useMutation({
    mutationFn: async ({ message, email }: { message: string; email: string }) => {
      switch (target.to) {
        case 'owner':
          return apiPostJson(
            API.contactOwner,
            await parsePayload(contactOwnerForm, { publicId: target.publicId, message, email }),
          );
        case 'finder':
          return apiPostJson(
            API.contactFinder,
            await parsePayload(contactFinderForm, { foundPetId: target.foundPetId, message, email }),
          );
        case 'lostPetOwner':
          return apiPostJson(
            API.tellLostPetOwner,
            await parsePayload(tellOwnerForm, { petProfileId: target.petProfileId, message, email }),
            callOptions?.(),
          );
      }
    },
  });
}
