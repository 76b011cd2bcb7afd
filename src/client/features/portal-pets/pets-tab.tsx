import { lazy, Suspense, useCallback, useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  InputAdornment,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX, PAGE_SIZE } from '#shared/constants';
import type { VetPet } from '#shared/contract/vet';
import { downloadPetsExport } from '#client/api/portal-exports';
import { useDeletePet, useRestorePet, useVetPets, vetPetsListQuery, type VetPetFilters } from '#client/api/portal-pets';
import { usePortalState } from '#client/api/portal-session';
import { ConfirmDialog } from '#client/components/portal/confirm-dialog';
import { Pager } from '#client/components/lists/pager';
import { saveFile } from '#client/components/media/save-file';
import { useDebouncedValue } from '#client/components/hooks/use-debounced-value';
import { ErrorLine } from '#client/components/states/error-line';
import { PetCards } from '#client/features/portal-pets/pet-cards';
import { RecentlyDeleted, RecentlyDeletedButton } from '#client/components/portal/recently-deleted';
import { UndoSnackbar, type UndoOffer } from '#client/components/portal/undo-snackbar';
import { PetFilters, readPetFilters } from '#client/features/portal-pets/pet-filters';
import { GRID_PAGE_SIZES } from '#client/features/portal-pets/grid-page-size';
import { apiSort } from '#client/features/portal-pets/pet-sort';
import { useDeskGridState } from '#client/components/desk-grid/use-desk-grid-state';
import { usePortalScreens, type VisitPet } from '#client/components/portal/portal-screens';
import { useCan } from '#client/components/portal/can-access';

const PetsGrid = lazy(() => import('#client/features/portal-pets/pets-grid'));
const PetFormDialog = lazy(() => import('#client/features/portal-pets/pet-form-dialog'));
const PetProfileDialog = lazy(() => import('#client/features/portal-pets/pet-profile-dialog'));

type FormTarget = { mode: 'create' } | { mode: 'edit'; petProfileId: number };

/** What the Pets grid's saved views and last state keep besides the grid's own state: the search and the filters. */
interface PetDeskFilters extends VetPetFilters {
  search: string;
}

function readFilters(raw: unknown): PetDeskFilters {
  const search =
    typeof raw === 'object' && raw !== null && typeof (raw as { search?: unknown }).search === 'string'
      ? (raw as { search: string }).search.slice(0, 200)
      : '';
  return { ...readPetFilters(raw), search };
}

/**
 * Pets tab ("Vet Pets", SPEC.md §2): search, "+ Add Pet", the CSV export, total, and at a desk the
 * grid with its filters and saved views (issue 21), on a phone SPEC.md's cards; delete, and a new
 * visit for a pet from its row or card.
 */
export default function PetsTab() {
  const { t } = useTranslation('portal');
  const wide = useMediaQuery(`(min-width:${MOBILE_BREAKPOINT_PX}px)`, { noSsr: true });
  const { selectedUserId } = usePortalState();
  const { NewVisitDialog } = usePortalScreens();
  const [page, setPage] = useState(1);
  const grid = useDeskGridState({
    grid: 'pets',
    vetUserId: selectedUserId,
    readFilters,
    pageSizes: GRID_PAGE_SIZES,
    defaultPageSize: () => PAGE_SIZE,
    setPage,
  });
  const { search, ...filters } = grid.filters;
  const [form, setForm] = useState<FormTarget | null>(null);
  const [deleting, setDeleting] = useState<VetPet | null>(null);
  const [profileId, setProfileId] = useState<number | null>(null);
  const [visitFor, setVisitFor] = useState<VisitPet | null>(null);
  const [deleteError, setDeleteError] = useState('');
  const [exportError, setExportError] = useState('');
  const [exporting, setExporting] = useState(false);
  const [undo, setUndo] = useState<UndoOffer | null>(null);
  const [view, setView] = useState<'pets' | 'deleted'>('pets');
  const term = useDebouncedValue(search.trim());
  const limit = wide ? grid.pageSize : PAGE_SIZE;
  const gridSort = wide ? apiSort(grid.sort) : null;
  const listQuery = {
    searchTerm: term,
    sortField: gridSort?.field,
    sortOrder: gridSort?.order,
    filters: wide ? filters : {},
  };
  const pets = useVetPets({ page, limit, ...listQuery });
  const canDeletePets = useCan('deletePets');
  const canExport = useCan('exportCsv');
  const remove = useDeletePet();
  const restorePet = useRestorePet();
  const list = pets.data?.pets ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    setDeleteError('');
    const pet = deleting;
    remove.mutate(pet.ID, {
      // SPEC.md's confirmation first, then the Undo (issue 20).
      onSuccess: () =>
        setUndo({ message: t('pets.deleted', { name: pet.Name }), restore: () => restorePet.mutateAsync(pet.ID) }),
      onError: (err) => setDeleteError(t('visits.deleteFailed', { message: err.message })),
      onSettled: () => setDeleting(null),
    });
  };

  const exportCsv = async () => {
    setExporting(true);
    setExportError('');
    try {
      const { blob, filename } = await downloadPetsExport(vetPetsListQuery(listQuery));
      saveFile(blob, filename);
    } catch (err) {
      setExportError(err instanceof Error ? err.message : String(err));
    } finally {
      setExporting(false);
    }
  };

  const edit = useCallback((p: VetPet) => setForm({ mode: 'edit', petProfileId: p.ID }), []);
  const open = useCallback((p: VetPet) => setProfileId(p.ID), []);
  const newVisit = useCallback((p: VetPet) => setVisitFor(p), []);

  const undoSnackbar = <UndoSnackbar offer={undo} onClose={() => setUndo(null)} />;
  if (view === 'deleted') {
    return (
      <Box>
        <Typography component="h1" variant="h2" sx={{ mb: 1 }}>
          {t('pets.heading')}
        </Typography>
        <RecentlyDeleted onBack={() => setView('pets')} />
        {undoSnackbar}
      </Box>
    );
  }

  return (
    <Box>
      <Typography component="h1" variant="h2" sx={{ mb: 1 }}>
        {t('pets.heading')}
      </Typography>
      {(pets.isError || deleteError || exportError) && (
        <ErrorLine plain message={deleteError || exportError || (pets.error?.message ?? '')} sx={{ mb: 1 }} />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <TextField
          type="search"
          value={search}
          // on a phone the search is not kept for the next visit (the grid's state is the desk's)
          onChange={(e) => grid.changeFilters({ ...grid.filters, search: e.target.value }, { remember: wide })}
          placeholder={t('pets.searchPlaceholder')}
          slotProps={{
            htmlInput: { 'aria-label': t('pets.searchLabel'), maxLength: 200 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
          sx={{ flexGrow: 1 }}
        />
        <Button
          variant="contained"
          color="secondary"
          onClick={() => setForm({ mode: 'create' })}
          sx={{ flexShrink: 0 }}
        >
          {t('pets.add')}
        </Button>
        {canExport && (
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => void exportCsv()}
            disabled={exporting || (pets.data?.count ?? 0) === 0}
            sx={{ flexShrink: 0, transition: 'none' }}
          >
            {t('pets.export')}
          </Button>
        )}
        <RecentlyDeletedButton onClick={() => setView('deleted')} />
      </Stack>
      {wide && (
        <Box sx={{ mb: 2 }}>
          <PetFilters value={filters} onChange={(next) => grid.changeFilters({ ...next, search })} />
        </Box>
      )}
      <Typography sx={{ mb: 1 }} aria-live="polite">
        {t('pets.total', { count: pets.data?.count ?? 0 })}
      </Typography>
      {wide ? (
        <Suspense fallback={<CircularProgress aria-label={t('loading')} />}>
          <PetsGrid
            sync={grid}
            pets={list}
            count={pets.data?.count ?? 0}
            loading={pets.isFetching}
            page={page}
            onOpen={open}
            onEdit={edit}
            onDelete={canDeletePets ? setDeleting : undefined}
            onNewVisit={newVisit}
          />
        </Suspense>
      ) : (
        <>
          {pets.isPending ? (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
              <CircularProgress aria-label={t('loading')} />
            </Box>
          ) : list.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              {t('pets.empty')}
            </Typography>
          ) : (
            <PetCards
              pets={list}
              onOpen={open}
              onEdit={edit}
              onDelete={canDeletePets ? setDeleting : undefined}
              onNewVisit={newVisit}
            />
          )}
          <Pager
            page={page}
            itemsOnPage={list.length}
            fullPage={PAGE_SIZE}
            onPageChange={setPage}
            label={t('pets.pagerLabel')}
          />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('confirmDeletion')}
        text={t('pets.confirmDelete')}
        busy={remove.isPending}
        onYes={confirmDelete}
        onNo={() => setDeleting(null)}
      />
      {undoSnackbar}
      <Suspense fallback={null}>
        {profileId !== null && <PetProfileDialog petProfileId={profileId} onClose={() => setProfileId(null)} />}
        {form && (
          <PetFormDialog petProfileId={form.mode === 'edit' ? form.petProfileId : null} onClose={() => setForm(null)} />
        )}
        {visitFor && (
          <NewVisitDialog
            vetUserId={selectedUserId}
            initialPet={visitFor}
            onClose={() => setVisitFor(null)}
            onCreated={() => setVisitFor(null)}
          />
        )}
      </Suspense>
    </Box>
  );
}
