import { Box, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { actingUser, usePortalState } from '#client/api/portal-session';
import { useSessions } from '#client/api/portal-staff';
import { ErrorLine } from '#client/components/states/error-line';
import { ChangePasswordForm, ChangePinForm } from '#client/features/portal-account/secret-forms';
import { SessionsList } from '#client/features/portal-account/sessions-list';
import { TwoFactorSection } from '#client/features/portal-account/two-factor-section';
import { UserText } from '#client/components/i18n/bidi';

/**
 * My account (issue 31): the acting person's own password, desk PIN, two-factor sign-in and sessions. Open to every
 * role, and the only tab of a person the clinic's two-factor rule holds until they set it up.
 */
export default function AccountTab() {
  const { t } = useTranslation('staff');
  const state = usePortalState();
  const me = actingUser(state);
  const sessions = useSessions();
  return (
    <Box>
      <Typography component="h1" variant="h2" sx={{ mb: 0.5 }}>
        {t('account.heading')}
      </Typography>
      {me && (
        <Typography sx={{ mb: 2 }} color="text.secondary">
          <UserText>{me.Name}</UserText> · {t(`roles.${me.Role}`)}
        </Typography>
      )}
      <Stack spacing={2}>
        <Card>
          <CardContent>
            <Typography component="h2" variant="h3" sx={{ mb: 1.5 }}>
              {t('twoFactor.title')}
            </Typography>
            {sessions.data ? (
              <TwoFactorSection on={sessions.data.twoFactor} onChanged={() => void sessions.refetch()} />
            ) : (
              <CircularProgress aria-label={t('loading')} />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <ChangePasswordForm />
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <ChangePinForm />
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography component="h2" variant="h3">
              {t('account.sessionsTitle')}
            </Typography>
            {sessions.isError && <ErrorLine plain message={sessions.error.message} />}
            {sessions.data && <SessionsList sessions={sessions.data.sessions} />}
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
