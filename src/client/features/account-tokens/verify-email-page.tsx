import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TokenConfirmationView } from '#client/features/account-tokens/token-confirmation';
import { TokenPageFrame } from '#client/features/account-tokens/token-page-frame';

/** /VerifyEmail?token=…: verifies once on load (SPEC.md §2 "Verify email page"). */
export default function VerifyEmailPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  return (
    <TokenPageFrame title={t('verify.pageTitle')} heading={t('verify.heading')}>
      <TokenConfirmationView kind="verify-email" token={params.get('token')?.trim() ?? ''} />
    </TokenPageFrame>
  );
}
