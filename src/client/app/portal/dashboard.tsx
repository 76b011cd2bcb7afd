import { lazy, Suspense, useState } from 'react';
import { Alert, Box, CircularProgress, Container, IconButton, Stack, Tab, Tooltip, useMediaQuery } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { logout, usePortalState } from '#client/api/portal-session';
import type { VetUser } from '#shared/contract/vet';
import { FittedTabs } from '#client/components/page/fitted-tabs';
import { LanguageSwitcher } from '#client/components/i18n/language-switcher';
import { PortalLocale } from '#client/components/i18n/portal-locale';
import { UserSelector } from '#client/components/portal/user-selector';
import { HeaderMenu } from '#client/components/portal/header-menu';
import { PortalScreensContext, type PortalScreens } from '#client/components/portal/portal-screens';
import { useCan } from '#client/components/portal/can-access';
import { QuickSearch } from '#client/features/portal-quick-search/quick-search';
import { IdleLock } from '#client/features/portal-auth/idle-lock';
import SwitchUserDialog from '#client/features/portal-auth/switch-user-dialog';

// The tabs load when opened; the visits tab is the first one most clinics see.
const VisitsTab = lazy(() =>
  import('#client/features/portal-visits/visits-tab').then((m) => ({ default: m.VisitsTab })),
);
const PetsTab = lazy(() => import('#client/features/portal-pets/pets-tab'));
const OwnersTab = lazy(() => import('#client/features/portal-owners/owners-tab'));
const NotificationsTab = lazy(() => import('#client/features/portal-reminders/notifications-tab'));
const StaffTab = lazy(() => import('#client/features/portal-staff/staff-tab'));
const ImportTab = lazy(() => import('#client/features/portal-import/import-tab'));
const AccountTab = lazy(() => import('#client/features/portal-account/account-tab'));

// The dialogs one portal feature opens from another's screen (a visit card opens the pet, a pet starts a visit, the
// quick search opens a pet): composed here, each in its feature's own chunk, loaded when first opened.
const screens: PortalScreens = {
  PetProfileDialog: lazy(() => import('#client/features/portal-pets/pet-profile-dialog')),
  NewVisitDialog: lazy(() => import('#client/features/portal-visits/new-visit-dialog')),
  EditVisitDialog: lazy(() => import('#client/features/portal-visits/edit-visit-dialog')),
};

const DASHBOARD_TABS = ['visits', 'pets', 'owners', 'notifications', 'staff', 'import', 'account'] as const;
type DashboardTab = (typeof DASHBOARD_TABS)[number];

/**
 * The tab a query names, among those the acting person has: the Staff and Import tabs are an admin's, and a person the clinic's
 * two-factor rule holds has only their account until they set it up (issue 31).
 */
function tabOf(value: string | null, open: readonly DashboardTab[]): DashboardTab {
  return open.find((t) => t === value) ?? open[0];
}

function TabLoading() {
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <CircularProgress aria-label="…" />
    </Box>
  );
}

/**
 * The clinic dashboard (SPEC.md §2) behind the login: header, user selector, tabs. Its own chunk,
 * loaded only with a session, so the login (the portal's first screen) downloads none of it.
 */
export default function PortalDashboard({
  users,
  selectedUserId,
}: {
  users: readonly VetUser[];
  selectedUserId: number | null;
}) {
  return (
    <PortalLocale>
      <PortalScreensContext value={screens}>
        <Dashboard users={users} selectedUserId={selectedUserId} />
      </PortalScreensContext>
    </PortalLocale>
  );
}

function Dashboard({ users, selectedUserId }: { users: readonly VetUser[]; selectedUserId: number | null }) {
  const { t } = useTranslation('portal');
  const [params, setParams] = useSearchParams();
  const { session } = usePortalState();
  const holdAtAccount = session?.twoFactorSetupRequired === true;
  const canManageStaff = useCan('manageStaff');
  const canImport = useCan('importPatients');
  const open: readonly DashboardTab[] = holdAtAccount
    ? ['account']
    : DASHBOARD_TABS.filter((d) => (d !== 'staff' || canManageStaff) && (d !== 'import' || canImport));
  const tab = tabOf(params.get('tab'), open);
  const narrow = useMediaQuery('(max-width:599px)');
  const [switchingTo, setSwitchingTo] = useState<VetUser | null>(null);
  const choose = (id: number) => {
    const user = users.find((u) => u.ID === id);
    if (user && id !== selectedUserId) setSwitchingTo(user);
  };

  const changeTab = (next: DashboardTab) => {
    const p = new URLSearchParams(params);
    if (next === 'visits') p.delete('tab');
    else p.set('tab', next);
    setParams(p);
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg">
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', py: 1, flexWrap: narrow ? 'nowrap' : 'wrap', rowGap: 1, minWidth: 0 }}
          >
            <Box component="img" src="/logo.svg" alt={t('logoAlt')} sx={{ height: 36, flexShrink: 0 }} />
            <Box sx={{ flexGrow: 1 }} />
            <QuickSearch />
            {!narrow && <LanguageSwitcher />}
            <UserSelector users={users} selectedId={selectedUserId} onSelect={choose} />
            {narrow ? (
              <HeaderMenu onLogout={() => void logout()} />
            ) : (
              <Tooltip title={t('logout')}>
                <IconButton aria-label={t('logout')} onClick={() => void logout()}>
                  <LogoutIcon />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
          <FittedTabs
            value={tab}
            onChange={(_e, v: DashboardTab) => changeTab(v)}
            aria-label={t('dashboard.tabsLabel')}
          >
            {open.map((name) => (
              <Tab
                key={name}
                value={name}
                label={t(`tabs.${name}`)}
                id={`tab-${name}`}
                aria-controls={`panel-${name}`}
              />
            ))}
          </FittedTabs>
        </Container>
      </Box>
      {/* the main landmark holds the open tab's panel (a role on <main> itself would take its landmark away) */}
      <Container component="main" maxWidth="lg" sx={{ py: 2 }}>
        <Box id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`}>
          {holdAtAccount && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('dashboard.twoFactorRequired')}
            </Alert>
          )}
          <Suspense fallback={<TabLoading />}>
            {tab === 'visits' && <VisitsTab selectedUserId={selectedUserId} />}
            {tab === 'pets' && <PetsTab />}
            {tab === 'owners' && <OwnersTab />}
            {tab === 'notifications' && <NotificationsTab />}
            {tab === 'staff' && <StaffTab />}
            {tab === 'import' && <ImportTab />}
            {tab === 'account' && <AccountTab />}
          </Suspense>
        </Box>
      </Container>
      {switchingTo && <SwitchUserDialog user={switchingTo} onClose={() => setSwitchingTo(null)} />}
      <IdleLock users={users} onLogout={() => void logout()} />
    </Box>
  );
}
