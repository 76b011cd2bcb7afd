import { Alert } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ResetPasswordForm } from './reset-password-form';
import { TokenPageFrame } from './token-page-frame';

/** /ResetPassword?token=… (SPEC.md §2 "Reset password page"). */
export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <TokenPageFrame title={t('reset.pageTitle')} heading={t('reset.heading')} intro={token ? t('reset.intro') : undefined}>
      {token ? <ResetPasswordForm token={token} /> : <Alert severity="info">{t('reset.noToken')}</Alert>}
    </TokenPageFrame>
  );
}
