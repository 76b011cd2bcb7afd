import { lazy, Suspense, useState } from 'react';
import { Box, Button, CircularProgress, Stack, Typography, useMediaQuery } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DESK_BREAKPOINT_PX, PAGE_SIZE, VISIT_FILTER } from '#shared/constants';
import { useVetVisits, type VisitFilter } from '#client/api/portal-visits';
import { CardList } from '#client/components/card-list';
import { ChoiceToggle } from '#client/components/choice-toggle';
import { Pager } from '#client/components/pager';
import { PullToRefreshArea } from '#client/components/pull-to-refresh-area';
import { StatusDot, VisitCard } from '#client/features/portal/visits/visit-card';
import { useVisitActions } from '#client/features/portal/visits/visit-actions';
import { ErrorLine } from '#client/components/error-line';

// The desk's data grid, its date pickers and views load only at a desk.
const VisitsDesk = lazy(() => import('#client/features/portal/visits/visits-desk'));

/**
 * Visits tab (SPEC.md §2): from 1024 px a data grid with a date range, a search, sorting and saved
 * views (issue 21); on phones and tablets SPEC.md's cards: filter, "+ New Visit", total, the list,
 * pull-to-refresh and pagination of 4.
 */
export function VisitsTab({ selectedUserId }: { selectedUserId: number | null }) {
  const { t } = useTranslation('portal');
  const desk = useMediaQuery(`(min-width:${DESK_BREAKPOINT_PX}px)`, { noSsr: true });
  if (!desk) return <VisitCards selectedUserId={selectedUserId} />;
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      }
    >
      <VisitsDesk selectedUserId={selectedUserId} />
    </Suspense>
  );
}

/** SPEC.md's Visits tab: the status filter, "+ New Visit", the total, cards 4 a page, pull-to-refresh. */
function VisitCards({ selectedUserId }: { selectedUserId: number | null }) {
  const { t } = useTranslation('portal');
  const [filter, setFilter] = useState<VisitFilter>(VISIT_FILTER.active);
  const [page, setPage] = useState(1);
  const visits = useVetVisits({ isFinished: filter, page });
  const refresh = () => {
    setPage(1);
    void visits.refetch();
  };
  const actions = useVisitActions(selectedUserId, refresh);
  const list = visits.data?.visits ?? [];

  return (
    <Box>
      <Typography component="h1" variant="h2" sx={{ mb: 2 }}>
        {t('visits.heading')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <ChoiceToggle
          value={filter}
          label={t('visits.filter.label')}
          onChange={(v: VisitFilter) => {
            setFilter(v);
            setPage(1);
          }}
          choices={[
            { value: VISIT_FILTER.all, label: t('visits.filter.all') },
            {
              value: VISIT_FILTER.active,
              sx: { gap: 1 },
              label: (
                <>
                  <StatusDot finished={false} />
                  {t('visits.filter.active')}
                </>
              ),
            },
            {
              value: VISIT_FILTER.completed,
              sx: { gap: 1 },
              label: (
                <>
                  <StatusDot finished />
                  {t('visits.filter.completed')}
                </>
              ),
            },
          ]}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" color="secondary" onClick={actions.openNew}>
          {t('visits.new')}
        </Button>
      </Stack>
      <Typography sx={{ mb: 1 }} aria-live="polite">
        {t('visits.total', { count: visits.data?.count ?? 0 })}
      </Typography>
      {visits.isError && <ErrorLine plain message={visits.error.message} sx={{ mb: 2 }} />}
      {actions.deleteError && <ErrorLine plain message={actions.deleteError} onClose={actions.clearDeleteError} sx={{ mb: 2 }} />}
      <PullToRefreshArea onRefresh={refresh}>
        <CardList pending={visits.isPending} itemCount={list.length} emptyMessage={t('visits.empty')} skeletonHeight={220} label={t('visits.listLabel')} dimmed={visits.isPlaceholderData}>
          {list.map((v) => (
            <VisitCard key={v.ID} visit={v} onOpenPet={actions.openPet} onEdit={actions.openEdit} onDelete={actions.askDelete} />
          ))}
        </CardList>
      </PullToRefreshArea>
      <Pager page={page} itemsOnPage={list.length} fullPage={PAGE_SIZE} onPageChange={setPage} label={t('visits.pagerLabel')} />
      {actions.dialogs}
    </Box>
  );
}
