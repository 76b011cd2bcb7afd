/**
 * Reminder calls of the clinic portal: GetVetReminders (POST) by day, range or overdue, the calendar's days,
 * SendVetReminders, the clinic's reminder protocols and its schedule of notices.
 */
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import { PAGE_SIZE } from '#shared/constants';
import type {
  ReminderDeliveryStatus,
  ReminderState,
  ReminderUpdated,
  SendVetRemindersResult,
} from '#shared/contract/vet';
import type { ReminderAction } from '#shared/forms/reminder-action-form';
import { apiGet, apiPostJson } from '#client/api/client';
import type { ReminderProtocolValues, ReminderScheduleValues } from '#shared/forms/reminder-protocol-form';
import { getToken, writeOptions } from '#client/api/portal-session';
import { PORTAL_KEY } from '#client/api/portal-visits';

/**
 * Which reminders the workbench shows: from..to (yyyy-mm-dd, either end open), or the overdue ones
 * (due before today and not done since), with the owner e-mail's state as a filter.
 */
export interface ReminderSelection {
  dateFrom?: string;
  dateTo?: string;
  overdue?: boolean;
  status?: ReminderDeliveryStatus;
  /** issue 33: open, done or snoozed as staff marked it */
  state?: ReminderState;
}

/** The selection as the calls take it: only what is set. */
export function reminderQuery({ dateFrom, dateTo, overdue, status, state }: ReminderSelection) {
  return {
    ...(dateFrom ? { dateFrom } : {}),
    ...(dateTo ? { dateTo } : {}),
    ...(overdue ? { overdue: true } : {}),
    ...(status ? { status } : {}),
    ...(state ? { state } : {}),
  };
}

export function useVetReminders(selection: ReminderSelection, page: number) {
  const body = { ...reminderQuery(selection), offset: page, limit: PAGE_SIZE };
  return useQuery({
    queryKey: [PORTAL_KEY, 'reminders', body] as const,
    queryFn: ({ signal }) => apiPostJson(API.vetReminders, body, { token: getToken(), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // while e-mails of the page are on their way, their cards follow them to sent or failed
    refetchInterval: (query) => (query.state.data?.reminders.some((r) => r.deliveryStatus === 'queued') ? 2000 : false),
  });
}

/** The days from..to that have reminders (the calendar's marks); nothing is asked without a range. */
export function useReminderDays(range: { dateFrom: string; dateTo: string } | null, status?: ReminderDeliveryStatus) {
  const query = range ? { ...range, ...(status ? { status } : {}) } : null;
  return useQuery({
    queryKey: [PORTAL_KEY, 'reminders', 'days', query] as const,
    queryFn: query ? ({ signal }) => apiGet(API.vetReminderDays, query, { token: getToken(), signal }) : skipToken,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** SendVetReminders for the selection's range: one e-mail per owner (dryRun: only counts, for the confirmation). */
export function sendVetReminders(selection: ReminderSelection, dryRun: boolean): Promise<SendVetRemindersResult> {
  const { status: _status, state: _state, ...range } = reminderQuery(selection);
  return apiPostJson(API.sendVetReminders, { ...range, dryRun }, { token: getToken() });
}

/**
 * UpdateVetReminder (issue 33): marks a reminder done, snoozes it through `until`, or reopens it, checked against the
 * version its card showed.
 */
export function updateVetReminder(
  r: { id: number; reminderVersion: number },
  action: ReminderAction,
  until?: string,
): Promise<ReminderUpdated> {
  return apiPostJson(
    API.updateVetReminder,
    { reminderId: r.id, action, version: r.reminderVersion, ...(until ? { until } : {}) },
    { token: getToken() },
  );
}

/** The clinic's reminder protocols (GetReminderProtocols): the Edit Visit dialog's "(protocol)" choice. */
export function useReminderProtocols() {
  return useQuery({
    queryKey: [PORTAL_KEY, 'reminder-protocols'] as const,
    queryFn: ({ signal }) => apiGet(API.reminderProtocols, undefined, { token: getToken(), signal }),
    staleTime: 60_000,
  });
}

/** GetReminderCompliance (issue 33): per month of due dates, the reminders due, e-mailed and done. */
export function useReminderCompliance(range: { dateFrom: string; dateTo: string }) {
  return useQuery({
    queryKey: [PORTAL_KEY, 'reminders', 'compliance', range] as const,
    queryFn: ({ signal }) => apiGet(API.reminderCompliance, range, { token: getToken(), signal }),
    staleTime: 60_000,
  });
}

const SCHEDULE_KEY = [PORTAL_KEY, 'reminder-schedule'] as const;

/** The clinic's schedule of reminder notices (GetReminderSchedule): the Reminder settings dialog. */
export function useReminderSchedule() {
  return useQuery({
    queryKey: SCHEDULE_KEY,
    queryFn: ({ signal }) => apiGet(API.reminderSchedule, undefined, { token: getToken(), signal }),
    staleTime: 0,
  });
}

/** SaveReminderSchedule (admins), naming the version read: a save over a newer one is refused (409). */
export function useSaveReminderSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ReminderScheduleValues) => apiPostJson(API.saveReminderSchedule, values, writeOptions()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHEDULE_KEY }),
  });
}

/** DeleteReminderProtocol (admins), naming the version read: a delete over a newer one is refused (409). */
export function useDeleteReminderProtocol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; version: number }) =>
      apiPostJson(API.deleteReminderProtocol, body, writeOptions()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PORTAL_KEY, 'reminder-protocols'] }),
  });
}

/** SaveReminderProtocol (admins): a new protocol without `id`, a change naming the version read. */
export function useSaveReminderProtocol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ReminderProtocolValues) => apiPostJson(API.saveReminderProtocol, values, writeOptions()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PORTAL_KEY, 'reminder-protocols'] }),
  });
}
