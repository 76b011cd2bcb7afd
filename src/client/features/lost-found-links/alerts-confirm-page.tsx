import { Alert } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAlertConfirmation } from '#client/api/lost-found-links';
import { LinkPageFrame, LinkState } from '#client/features/lost-found-links/link-page-frame';

/** /alerts/confirm?token=…: a neighbour's lost-pet alerts start. */
export default function AlertsConfirmPage() {
  const { t } = useTranslation('found');
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const confirmation = useAlertConfirmation(token);
  return (
    <LinkPageFrame title={t('links.alertsConfirm.title')}>
      <LinkState token={token} query={confirmation} />
      {confirmation.data && (
        <Alert severity="success" role="status">
          {t('links.alertsConfirm.started')}
        </Alert>
      )}
    </LinkPageFrame>
  );
}
