/**
 * Issue 31's calls: the staff list and its changes (admins), one's own account (password, PIN, two-factor,
 * sessions), and the staff link pages (invitation, reset, "forgot password").
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import type {
  AcceptStaffInviteBody,
  ChangePasswordBody,
  ChangePinBody,
  InviteStaffBody,
  ResetStaffLoginBody,
  SendStaffResetBody,
  UpdateStaffBody,
} from '#shared/contract/staff';
import { apiGet, apiPostJson } from '#client/api/client';
import { getToken, PORTAL_KEY, twoFactorSetUp, writeOptions } from '#client/api/portal-session';

const staffKey = [PORTAL_KEY, 'staff'] as const;
const sessionsKey = [PORTAL_KEY, 'sessions'] as const;

export function useStaff() {
  return useQuery({
    queryKey: staffKey,
    queryFn: ({ signal }) => apiGet(API.staff, undefined, { token: getToken(), signal }),
  });
}

/** A change of the staff list: the list is read again after it. */
function useStaffChange<B>(call: (body: B) => Promise<null>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: staffKey }) });
}

export const useInviteStaff = () =>
  useStaffChange((body: InviteStaffBody) => apiPostJson(API.inviteStaff, body, writeOptions()));
export const useUpdateStaff = () =>
  useStaffChange((body: UpdateStaffBody) => apiPostJson(API.updateStaff, body, writeOptions()));
export const useSendStaffReset = () =>
  useStaffChange((body: SendStaffResetBody) => apiPostJson(API.sendStaffReset, body, writeOptions()));
export const useRequireTwoFactor = () =>
  useStaffChange((requireTwoFactor: boolean) =>
    apiPostJson(API.saveClinicSettings, { requireTwoFactor }, writeOptions()),
  );

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => apiGet(API.sessions, undefined, { token: getToken(), signal }),
  });
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) => apiPostJson(API.revokeSession, { sessionId }, writeOptions()),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** One's new password: one's other sessions end, so the list of sessions is read again. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiPostJson(API.changePassword, body, writeOptions()),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
export const useChangePin = () =>
  useMutation({ mutationFn: (body: ChangePinBody) => apiPostJson(API.changePin, body, writeOptions()) });
export const useStartTwoFactor = () =>
  useMutation({ mutationFn: () => apiPostJson(API.startTwoFactor, {}, writeOptions()) });

export function useConfirmTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiPostJson(API.confirmTwoFactor, { code }, writeOptions()),
    onSuccess: () => {
      twoFactorSetUp();
      void client.invalidateQueries({ queryKey: staffKey });
    },
  });
}

export const useDisableTwoFactor = () =>
  useMutation({ mutationFn: (code: string) => apiPostJson(API.disableTwoFactor, { code }, writeOptions()) });

/** What a staff link is for (its page asks first; the link is not used up). */
export function useStaffLink(token: string) {
  return useQuery({
    queryKey: ['staff-link', token] as const,
    queryFn: () => apiPostJson(API.checkStaffLink, { token }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export const useAcceptStaffInvite = () =>
  useMutation({ mutationFn: (body: AcceptStaffInviteBody) => apiPostJson(API.acceptStaffInvite, body) });
export const useResetStaffLogin = () =>
  useMutation({ mutationFn: (body: ResetStaffLoginBody) => apiPostJson(API.resetStaffLogin, body) });
export const useRequestStaffReset = () =>
  useMutation({ mutationFn: (email: string) => apiPostJson(API.requestStaffReset, { email }) });
