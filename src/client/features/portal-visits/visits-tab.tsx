import { lazy, Suspense, useState } from 'react';
import { Box, Button, CircularProgress, Stack, Typography, useMediaQuery } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DESK_BREAKPOINT_PX, VISIT_FILTER } from '#shared/constants';
import { useVetVisits, type VisitFilter } from '#client/api/portal-visits';
import { PagedCardList } from '#client/components/lists/card-list';
import { DateRangeFilter } from '#client/components/desk-grid/date-range-filter';
import type { DayRange } from '#client/components/desk-grid/date-range';
import { useDebouncedValue } from '#client/components/hooks/use-debounced-value';
import { RecentlyDeleted } from '#client/components/portal/recently-deleted';
import { VisitCard } from '#client/features/portal-visits/visit-card';
import { useVisitActions, type VisitActions } from '#client/features/portal-visits/visit-actions';
import { VisitListFrame } from '#client/features/portal-visits/visit-list-frame';
import { VisitStatusFilter } from '#client/features/portal-visits/visit-status-filter';
import { useRequestedVisits, type RequestedVisits } from '#client/features/portal-visits/visit-requests-view';
import { VisitSearchField } from '#client/features/portal-visits/visit-search-field';
import { VISIT_RANGE_PRESETS } from '#client/features/portal-visits/visit-range';

// The desk's data grid, its date pickers and views load only at a desk.
const VisitsDesk = lazy(() => import('#client/features/portal-visits/visits-desk'));

/**
 * Visits tab (SPEC.md §2): from 1024 px a data grid with a date range, a search, sorting and saved
 * views (issue 21); on phones and tablets SPEC.md's cards: filter, "+ New Visit", total, the list,
 * pull-to-refresh and pagination of 4, with the desk's search and dates (issue 36, item 2).
 */
export function VisitsTab({ selectedUserId }: { selectedUserId: number | null }) {
  const { t } = useTranslation('portal');
  const desk = useMediaQuery(`(min-width:${DESK_BREAKPOINT_PX}px)`, { noSsr: true });
  const [page, setPage] = useState(1);
  // One set of visit dialogs above both layouts: a dialog open when the window crosses 1024 px (a
  // tablet turned, a window resized) stays open with its edits.
  const actions = useVisitActions(selectedUserId, () => setPage(1));
  const [showDeleted, setShowDeleted] = useState(false);
  const requested = useRequestedVisits();
  const openDeleted = () => setShowDeleted(true);
  return (
    <>
      {showDeleted ? (
        <Box>
          <Typography component="h1" variant="h2" sx={{ mb: 1 }}>
            {t('visits.heading')}
          </Typography>
          <RecentlyDeleted onBack={() => setShowDeleted(false)} />
        </Box>
      ) : desk ? (
        <Suspense
          fallback={
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label={t('loading')} />
            </Box>
          }
        >
          <VisitsDesk
            selectedUserId={selectedUserId}
            actions={actions}
            page={page}
            onPageChange={setPage}
            onOpenDeleted={openDeleted}
            requested={requested}
          />
        </Suspense>
      ) : (
        <VisitCards
          actions={actions}
          page={page}
          onPageChange={setPage}
          onOpenDeleted={openDeleted}
          requested={requested}
        />
      )}
      {actions.dialogs}
    </>
  );
}

/**
 * SPEC.md's Visits tab: the status filter, "+ New Visit", the total, cards 4 a page, pull-to-refresh; and the desk's
 * search (owner's phone too) and date range, so a receptionist on a tablet finds today's visits.
 */
function VisitCards({
  actions,
  page,
  onPageChange: setPage,
  onOpenDeleted,
  requested,
}: {
  actions: VisitActions;
  page: number;
  onPageChange: (page: number) => void;
  onOpenDeleted: () => void;
  requested: RequestedVisits;
}) {
  const { t } = useTranslation('portal');
  const [filter, setFilter] = useState<VisitFilter>(VISIT_FILTER.active);
  const [search, setSearch] = useState('');
  const [range, setRange] = useState<DayRange>({});
  const term = useDebouncedValue(search.trim());
  const visits = useVetVisits({ isFinished: filter, page, searchTerm: term, dateFrom: range.from, dateTo: range.to });
  const refresh = () => {
    setPage(1);
    void visits.refetch();
  };
  const list = visits.data?.visits ?? [];
  const statusFilter = (
    <VisitStatusFilter
      value={requested.on ? 'requested' : filter}
      requestedCount={requested.count}
      focusChosen={requested.swapped}
      onChange={(v) => {
        requested.choose(v === 'requested');
        if (v === 'requested') return;
        setFilter(v);
        setPage(1);
      }}
    />
  );
  if (requested.on) return requested.view(statusFilter);

  return (
    <VisitListFrame
      filters={
        <Stack spacing={1.5} sx={{ mb: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            {statusFilter}
            <Box sx={{ flexGrow: 1 }} />
            <Button variant="contained" color="secondary" onClick={actions.openNew}>
              {t('visits.new')}
            </Button>
          </Stack>
          <VisitSearchField
            value={search}
            onChange={(next) => {
              setSearch(next);
              setPage(1);
            }}
          />
          <DateRangeFilter
            label={t('desk.visits.rangeLabel')}
            value={range}
            presets={VISIT_RANGE_PRESETS}
            clearable
            onChange={(next) => {
              setRange(next);
              setPage(1);
            }}
          />
        </Stack>
      }
      count={visits.data?.count ?? 0}
      loadError={visits.error?.message}
      actions={actions}
      onOpenDeleted={onOpenDeleted}
    >
      <PagedCardList
        pending={visits.isPending}
        itemCount={list.length}
        total={visits.data?.count}
        emptyMessage={t('visits.empty')}
        skeletonHeight={220}
        label={t('visits.listLabel')}
        dimmed={visits.isPlaceholderData}
        page={page}
        onPageChange={setPage}
        pagerLabel={t('visits.pagerLabel')}
        onRefresh={refresh}
      >
        {list.map((v) => (
          <VisitCard
            key={v.ID}
            visit={v}
            onOpenPet={actions.openPet}
            onEdit={actions.openEdit}
            onDelete={actions.askDelete}
          />
        ))}
      </PagedCardList>
    </VisitListFrame>
  );
}
