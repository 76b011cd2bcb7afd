import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ErrorLine } from '#client/components/states/error-line';
import { RecentlyDeletedButton } from '#client/components/portal/recently-deleted';
import type { VisitActions } from '#client/features/portal-visits/visit-actions';

/**
 * What both layouts of the Visits tab (phone cards, the desk's grid) show around their list: the heading, their
 * filters, the way to "Recently deleted" (deleted visits come back from there), the total, the list's load error and
 * a failed delete.
 */
export function VisitListFrame({
  filters,
  count,
  loadError,
  actions,
  onOpenDeleted,
  children,
}: {
  filters: ReactNode;
  count: number;
  /** why the list did not load, else undefined */
  loadError: string | undefined;
  actions: Pick<VisitActions, 'deleteError' | 'clearDeleteError'>;
  onOpenDeleted: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('portal');
  return (
    <Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography component="h1" variant="h2" sx={{ flexGrow: 1 }}>
          {t('visits.heading')}
        </Typography>
        <RecentlyDeletedButton onClick={onOpenDeleted} />
      </Stack>
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
