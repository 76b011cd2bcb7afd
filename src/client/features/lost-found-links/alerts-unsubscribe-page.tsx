import { Alert, Box, Button } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useUnsubscribeAlerts } from '#client/api/lost-found-links';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { LinkPageFrame } from '#client/features/lost-found-links/link-page-frame';

/** /alerts/unsubscribe?token=…: one click stops the digests (nothing happens on opening: link scanners open links). */
export default function AlertsUnsubscribePage() {
  const { t } = useTranslation('found');
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const unsubscribe = useUnsubscribeAlerts(token);
  return (
    <LinkPageFrame title={t('links.unsubscribe.title')}>
      {!token && <Alert severity="info">{t('links.noToken')}</Alert>}
      {unsubscribe.error && <ErrorLine plain message={errorMessage(unsubscribe.error)} />}
      {unsubscribe.isSuccess ? (
        <Alert severity="success" role="status">
          {t('links.unsubscribe.done')}
        </Alert>
      ) : (
        <Box>
          <Button
            variant="contained"
            disabled={!token}
            loading={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate()}
          >
            {t('links.unsubscribe.action')}
          </Button>
        </Box>
      )}
    </LinkPageFrame>
  );
}
