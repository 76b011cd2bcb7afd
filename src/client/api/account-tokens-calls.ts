import { useMutation, useQuery } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import type { ResetPasswordBody } from '#shared/contract/accounts';
import type { RequestVisitValues } from '#shared/forms/visit-request-forms';
import { apiPostJson } from '#client/api/client';

/** POST auth/resetPassword { newPassword, passwordResetToken }. */
export function useResetPassword() {
  return useMutation({
    mutationKey: ['reset-password'],
    mutationFn: (body: ResetPasswordBody) => apiPostJson(API.resetPassword, body),
  });
}

/**
 * Whether a reset link still works, asked when the reset page opens (the token is not used up),
 * so a dead link is told before the visitor types a new password twice.
 */
export function useResetTokenCheck(token: string) {
  return useQuery({
    queryKey: ['reset-token-check', token] as const,
    queryFn: () => apiPostJson(API.checkResetToken, { passwordResetToken: token }).then(() => true as const),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export type TokenConfirmation = 'verify-email' | 'accept-invite';

const confirmationPaths = {
  'verify-email': API.verifyEmail,
  'accept-invite': API.acceptPetInvite,
} as const satisfies Record<TokenConfirmation, string>;

/**
 * Verify e-mail and accept invite: one POST { verificationToken } when the page opens with a token,
 * never without one. Keyed by the token and never refetched, so a remount (React StrictMode runs
 * effects twice) or a re-render cannot spend a single-use token twice.
 */
export function useTokenConfirmation(kind: TokenConfirmation, token: string) {
  return useQuery({
    queryKey: ['token-confirmation', kind, token] as const,
    // 'already': a verify link opened again after it worked (the address is verified).
    queryFn: () =>
      apiPostJson(confirmationPaths[kind], { verificationToken: token }).then((data) =>
        data?.alreadyVerified ? ('already' as const) : ('done' as const),
      ),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}

/**
 * CheckBookingLink: what a reminder e-mail's "Book a visit" link names (the clinic, the pets, a request already made
 * with it), asked once when /BookVisit opens (it spends nothing).
 */
export function useBookingLink(token: string) {
  return useQuery({
    queryKey: ['booking-link', token] as const,
    queryFn: () => apiPostJson(API.checkBookingLink, { token }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** RequestVisit: the owner's preferred days, part of the day and note (the shared form checked them first). */
export function useRequestVisit() {
  return useMutation({
    mutationKey: ['request-visit'],
    mutationFn: (body: RequestVisitValues) => apiPostJson(API.requestVisit, body),
  });
}
