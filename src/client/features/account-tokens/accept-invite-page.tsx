import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TokenConfirmationView } from '#client/features/account-tokens/token-confirmation';
import { TokenPageFrame } from '#client/features/account-tokens/token-page-frame';

/** /AcceptPetInvite?token=…: accepts once on load (SPEC.md §2 "Accept pet ownership invite page"). */
export default function AcceptInvitePage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  return (
    <TokenPageFrame title={t('invite.pageTitle')} heading={t('invite.heading')}>
      <TokenConfirmationView kind="accept-invite" token={params.get('token')?.trim() ?? ''} />
    </TokenPageFrame>
  );
}
