import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import { apiGet, apiPostJson } from '#client/api/client';

/**
 * The calls of a reminder e-mail's unsubscribe page (issue 32): what its link names, read when the page opens (it
 * changes nothing: mail scanners open links), and the button's POST.
 */
const linkKey = (token: string) => ['reminder-unsubscribe', token] as const;

/** GetReminderUnsubscribe: the clinic's name, and whether reminder e-mails are off already. */
export function useReminderUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: linkKey(token),
    queryFn: ({ signal }) => apiGet(API.reminderUnsubscribe, { token }, { signal }),
    enabled: token !== '',
    retry: false,
  });
}

/** UnsubscribeReminders: on a click (a mail client's one-click POST goes to the API itself). */
export function useUnsubscribeReminders(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPostJson(API.unsubscribeReminders, { token }),
    onSuccess: (answer) => client.setQueryData(linkKey(token), { clinicName: answer.clinicName, unsubscribed: true }),
  });
}
