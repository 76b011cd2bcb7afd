import { lazy, Suspense, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE, VISIT_FILTER } from '#shared/constants';
import type { VetVisit } from '#shared/contract/vet';
import { useDeleteVisit, useRestoreVisit, useVetVisits, type VisitFilter } from '#client/api/portal-visits';
import { formatLongDate } from '#client/components/dates';
import { UndoSnackbar, type UndoOffer } from '#client/features/portal/undo-snackbar';
import { CardList } from '#client/components/card-list';
import { ChoiceToggle } from '#client/components/choice-toggle';
import { ConfirmDialog } from '#client/components/confirm-dialog';
import { Pager } from '#client/components/pager';
import { PullToRefreshArea } from '#client/components/pull-to-refresh-area';
import { StatusDot, VisitCard } from '#client/features/portal/visits/visit-card';
import { ErrorLine } from '#client/components/error-line';

const NewVisitDialog = lazy(() => import('#client/features/portal/visits/new-visit-dialog'));
const EditVisitDialog = lazy(() => import('#client/features/portal/visits/edit-visit-dialog'));
const PetProfileDialog = lazy(() => import('#client/features/portal/pets/pet-profile-dialog'));

/** Visits tab (SPEC.md §2): filter, "+ New Visit", total, the list, pull-to-refresh and pagination. */
export function VisitsTab({ selectedUserId }: { selectedUserId: number | null }) {
  const { t, i18n } = useTranslation('portal');
  const [filter, setFilter] = useState<VisitFilter>(VISIT_FILTER.active);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<VetVisit | null>(null);
  const [petId, setPetId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<VetVisit | null>(null);
  const [deleteError, setDeleteError] = useState('');
  const [undo, setUndo] = useState<UndoOffer | null>(null);
  const visits = useVetVisits(filter, page);
  const remove = useDeleteVisit();
  const restore = useRestoreVisit();

  const list = visits.data?.visits ?? [];
  const refresh = () => {
    setPage(1);
    void visits.refetch();
  };

  const confirmDelete = () => {
    if (!deleting) return;
    setDeleteError('');
    const visit = deleting;
    remove.mutate(
      { vetVisitId: visit.ID, petId: visit.PetProfileID },
      {
        // SPEC.md's confirmation first, then the Undo (issue 20).
        onSuccess: () =>
          setUndo({ message: t('visits.deleted', { name: visit.petName, date: formatLongDate(visit.VisitDate, i18n.language) }), restore: () => restore.mutateAsync(visit.ID) }),
        onError: (err) => setDeleteError(t('visits.deleteFailed', { message: err.message })),
        onSettled: () => setDeleting(null),
      },
    );
  };

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
        <Button variant="contained" color="secondary" onClick={() => setCreating(true)}>
          {t('visits.new')}
        </Button>
      </Stack>
      <Typography sx={{ mb: 1 }} aria-live="polite">
        {t('visits.total', { count: visits.data?.count ?? 0 })}
      </Typography>
      {visits.isError && (
        <ErrorLine plain message={visits.error.message} sx={{ mb: 2 }} />
      )}
      {deleteError && (
        <ErrorLine plain message={deleteError} onClose={() => setDeleteError('')} sx={{ mb: 2 }} />
      )}
      <PullToRefreshArea onRefresh={refresh}>
        <CardList pending={visits.isPending} itemCount={list.length} emptyMessage={t('visits.empty')} skeletonHeight={220} label={t('visits.listLabel')} dimmed={visits.isPlaceholderData}>
          {list.map((v) => (
            <VisitCard key={v.ID} visit={v} onOpenPet={setPetId} onEdit={setEditing} onDelete={setDeleting} />
          ))}
        </CardList>
      </PullToRefreshArea>
      <Pager page={page} itemsOnPage={list.length} fullPage={PAGE_SIZE} onPageChange={setPage} label={t('visits.pagerLabel')} />
      <ConfirmDialog open={deleting !== null} title={t('confirmDeletion')} text={t('visits.confirmDelete')} busy={remove.isPending} onYes={confirmDelete} onNo={() => setDeleting(null)} />
      <UndoSnackbar offer={undo} onClose={() => setUndo(null)} />
      <Suspense fallback={null}>
        {creating && <NewVisitDialog vetUserId={selectedUserId} onClose={() => setCreating(false)} onCreated={() => { setCreating(false); refresh(); }} />}
        {editing && <EditVisitDialog visitId={editing.ID} selectedUserId={selectedUserId} onClose={() => setEditing(null)} />}
        {petId !== null && <PetProfileDialog petProfileId={petId} onClose={() => setPetId(null)} />}
      </Suspense>
    </Box>
  );
}
