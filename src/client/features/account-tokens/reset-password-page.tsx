import { Alert, AlertTitle, CircularProgress, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isNotFoundAnswer, isTooManyAttempts } from '#client/api/client';
import { useResetTokenCheck } from '#client/api/account-tokens-calls';
import { ResetPasswordForm } from '#client/features/account-tokens/reset-password-form';
import { TokenPageFrame } from '#client/features/account-tokens/token-page-frame';

/** The form once the link is known to work; a dead link (unknown, used, expired) is told at once, with what to do. */
function ResetWithToken({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const check = useResetTokenCheck(token);
  if (check.isPending) {
    return (
      <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', py: 2 }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>{t('reset.checking')}</Typography>
      </Stack>
    );
  }
  // Past the failed-link limit of this address the check cannot tell: a form that would fail too is not offered.
  if (check.isError && isTooManyAttempts(check.error)) {
    return (
      <Alert severity="warning">
        <AlertTitle>{t('reset.tooManyTries')}</AlertTitle>
        {t('reset.tooManyTriesHelp')}
      </Alert>
    );
  }
  // A network failure does not prove the link dead: the form stays, and the reset itself tells.
  if (check.isError && isNotFoundAnswer(check.error)) {
    return (
      <Alert severity="warning">
        <AlertTitle>{t('reset.linkInvalid')}</AlertTitle>
        {t('reset.linkInvalidHelp')}
      </Alert>
    );
  }
  return <ResetPasswordForm token={token} />;
}

/** /ResetPassword?token=… (SPEC.md §2 "Reset password page"). */
export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <TokenPageFrame
      title={t('reset.pageTitle')}
      heading={t('reset.heading')}
      intro={token ? t('reset.intro') : undefined}
    >
      {token ? <ResetWithToken token={token} /> : <Alert severity="info">{t('reset.noToken')}</Alert>}
    </TokenPageFrame>
  );
}
