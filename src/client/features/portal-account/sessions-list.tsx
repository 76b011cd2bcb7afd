import { Button, Chip, List, ListItem, ListItemText, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { StaffSession } from '#shared/contract/staff';
import { useRevokeSession } from '#client/api/portal-staff';
import { formatDateTime } from '#client/components/format/dates';
import { ErrorLine } from '#client/components/states/error-line';

/** One's own sessions (issue 31): the browser, when signed in, last seen; a sign-out for each other one. */
export function SessionsList({ sessions }: { sessions: readonly StaffSession[] }) {
  const { t, i18n } = useTranslation('staff');
  const revoke = useRevokeSession();
  return (
    <>
      {revoke.isError && <ErrorLine plain message={revoke.error.message} />}
      <List aria-label={t('account.sessionsTitle')}>
        {sessions.map((s) => (
          <ListItem
            key={s.sessionId}
            divider
            secondaryAction={
              s.current ? (
                <Chip size="small" color="primary" label={t('account.thisBrowser')} />
              ) : (
                <Button size="small" disabled={revoke.isPending} onClick={() => revoke.mutate(s.sessionId)}>
                  {t('account.signOut')}
                </Button>
              )
            }
          >
            <ListItemText
              primary={<span dir="ltr">{s.browser || t('account.unknownBrowser')}</span>}
              secondary={
                <Stack component="span">
                  <span>{t('account.signedIn', { time: formatDateTime(s.createdAt, i18n.language) })}</span>
                  <span>{t('account.lastSeen', { time: formatDateTime(s.lastSeenAt, i18n.language) })}</span>
                </Stack>
              }
              sx={{ pe: 12, overflowWrap: 'anywhere' }}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}
