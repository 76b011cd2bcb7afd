/** Reminder calls of the clinic portal: GetVetReminders (POST) by day, one page or the whole day. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '#shared/constants';
import type { SendVetRemindersResult, VetReminder, VetRemindersResult } from '#shared/contract/vet';
import { apiPostJson } from '#client/api/client';
import { getToken } from '#client/api/portal-session';
import { PORTAL_KEY } from '#client/api/portal-visits';

export function useVetReminders(date: string, page: number) {
  return useQuery({
    queryKey: [PORTAL_KEY, 'reminders', date, page] as const,
    queryFn: ({ signal }) => apiPostJson<VetRemindersResult>(API.vetReminders, { date, offset: page, limit: PAGE_SIZE }, { token: getToken(), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // while e-mails of the page are on their way, their cards follow them to sent or failed
    refetchInterval: (query) => (query.state.data?.reminders.some((r) => r.deliveryStatus === 'queued') ? 2000 : false),
  });
}

/** SendVetReminders: e-mails the owners of the day's reminders (dryRun: only counts, for the confirmation). */
export function sendVetReminders(date: string, dryRun: boolean): Promise<SendVetRemindersResult> {
  return apiPostJson<SendVetRemindersResult>(API.sendVetReminders, { date, dryRun }, { token: getToken() });
}

/** Every reminder of the day, in pages of the largest size the server accepts (for the CSV export). */
export async function fetchAllReminders(date: string): Promise<VetReminder[]> {
  const all: VetReminder[] = [];
  for (let page = 1; ; page += 1) {
    const { reminders, count } = await apiPostJson<VetRemindersResult>(API.vetReminders, { date, offset: page, limit: MAX_PAGE_SIZE }, { token: getToken() });
    all.push(...reminders);
    if (reminders.length < MAX_PAGE_SIZE || all.length >= count) return all;
  }
}
