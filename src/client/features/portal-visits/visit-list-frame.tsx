import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ErrorLine } from '#client/components/states/error-line';
import type { VisitActions } from '#client/features/portal-visits/visit-actions';

/**
 * What both layouts of the Visits tab (phone cards, the desk's grid) show around their list: the heading, their
 * filters, the total, the list's load error and a failed delete.
 */
export function VisitListFrame({
  filters,
  count,
  loadError,
  actions,
  children,
}: {
  filters: ReactNode;
  count: number;
  /** why the list did not load, else undefined */
  loadError: string | undefined;
  actions: Pick<VisitActions, 'deleteError' | 'clearDeleteError'>;
  children: ReactNode;
}) {
  const { t } = useTranslation('portal');
  return (
    <Box>
      <Typography component="h1" variant="h2" sx={{ mb: 2 }}>
        {t('visits.heading')}
      </Typography>
      {filters}
      <Typography sx={{ mb: 1 }} aria-live="polite">
        {t('visits.total', { count })}
      </Typography>
      {loadError !== undefined && <ErrorLine plain message={loadError} sx={{ mb: 2 }} />}
      {actions.deleteError && (
        <ErrorLine plain message={actions.deleteError} onClose={actions.clearDeleteError} sx={{ mb: 2 }} />
      )}
      {children}
    </Box>
  );
}
