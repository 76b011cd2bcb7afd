import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PORTAL_KEY, usePortalState } from '#client/api/portal-session';
import { LanguageSwitcher } from '#client/components/i18n/language-switcher';
import { useDocumentTitle } from '#client/components/page/document-title';
import { LoginPage } from '#client/features/portal-auth/login-page';

/**
 * A portal page outside the dashboard (a printout, often opened in a new tab): the clinic's
 * session from this browser, else the login, after which the page shows where it was asked for.
 */
export function PortalSessionGate({ children }: { children: ReactNode }) {
  const { session, reason } = usePortalState();
  const queryClient = useQueryClient();
  // Nothing of a clinic stays in memory once its session ends.
  useEffect(() => {
    if (!session) queryClient.removeQueries({ queryKey: [PORTAL_KEY] });
  }, [session, queryClient]);
  if (!session) return <LoginGate reason={reason} />;
  return children;
}

function LoginGate({ reason }: { reason: Parameters<typeof LoginPage>[0]['reason'] }) {
  const { t } = useTranslation('portal');
  useDocumentTitle(t('login.pageTitle'));
  return <LoginPage reason={reason} languageSwitcher={<LanguageSwitcher />} />;
}
