import { Alert } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useRelaySenderConfirmation } from '#client/api/lost-found-links';
import { LinkPageFrame, LinkState } from '#client/features/lost-found-links/link-page-frame';

/** /messages/confirm?token=…: the relay's first-time sender confirms their address; their message goes. */
export default function MessagesConfirmPage() {
  const { t } = useTranslation('found');
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const confirmation = useRelaySenderConfirmation(token);
  return (
    <LinkPageFrame title={t('links.relayConfirm.title')}>
      <LinkState token={token} query={confirmation} />
      {confirmation.data && (
        <Alert severity="success" role="status">
          {t('links.relayConfirm.sent', { count: confirmation.data.delivered })}
        </Alert>
      )}
    </LinkPageFrame>
  );
}
