import { Box, Button, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isNotFoundAnswer } from '#client/api/client';
import { paths } from '#shared/page-routes';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { NotFound } from '#client/components/states/not-found';

export function PrintLoading() {
  const { t } = useTranslation('portal');
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <CircularProgress aria-label={t('print.loading')} />
    </Box>
  );
}

/**
 * What a printout shows when one of its calls failed: a pet or visit that is missing, or another
 * clinic's (the server answers both alike), is not found; anything else is an error to retry.
 */
export function PrintFailure({
  error,
  notFoundMessage,
  onRetry,
}: {
  error: unknown;
  notFoundMessage: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation('portal');
  if (error === null || isNotFoundAnswer(error))
    return <NotFound message={notFoundMessage} home={{ to: paths.dashboard, label: t('print.backToDashboard') }} />;
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <ErrorLine message={errorMessage(error)} />
      <Button variant="outlined" onClick={onRetry}>
        {t('print.retry')}
      </Button>
    </Box>
  );
}
