import { lazy, Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PORTAL_KEY, usePortalState } from '#client/api/portal-session';
import { LanguageSwitcher } from '#client/components/i18n/language-switcher';
import { useDocumentTitle } from '#client/components/page/document-title';
import { PageLoading } from '#client/components/states/page-loading';
import { LoginPage } from '#client/features/portal-auth/login-page';

// The dashboard's code (grid, date pickers, tabs) loads only with a session: a visitor at the
// login downloads the login form alone (issue 14: the portal's first screen).
const PortalDashboard = lazy(() => import('#client/app/portal/dashboard'));

/** /Dashboard: the login when no session exists, else the clinic dashboard (SPEC.md §2). */
export default function DashboardPage() {
  const { t } = useTranslation('portal');
  const { session, selectedUserId, reason } = usePortalState();
  const queryClient = useQueryClient();
  // The server renders the login (a session lives in the browser only).
  useDocumentTitle(t(session ? 'dashboard.pageTitle' : 'login.pageTitle'));

  // Nothing of a clinic stays in memory once its session ends.
  useEffect(() => {
    if (!session) queryClient.removeQueries({ queryKey: [PORTAL_KEY] });
  }, [session, queryClient]);

  if (!session) return <LoginPage reason={reason} languageSwitcher={<LanguageSwitcher />} />;
  return (
    <Suspense fallback={<PageLoading label={t('sessionShell.opening')} />}>
      <PortalDashboard users={session.users} selectedUserId={selectedUserId} />
    </Suspense>
  );
}
