import { lazy, Suspense, useState } from 'react';
import { Box, Button, CircularProgress, InputAdornment, Stack, TextField, Typography, useMediaQuery } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import DeletedIcon from '@mui/icons-material/DeleteSweepOutlined';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX, PAGE_SIZE } from '#shared/constants';
import type { VetPet } from '#shared/contract/vet';
import { useDeletePet, useRestorePet, useVetPets } from '#client/api/portal-pets';
import { RecentlyDeleted } from '#client/features/portal/pets/recently-deleted';
import { UndoSnackbar, type UndoOffer } from '#client/features/portal/undo-snackbar';
import { ConfirmDialog } from '#client/components/confirm-dialog';
import { Pager } from '#client/components/pager';
import { useDebouncedValue } from '#client/components/use-debounced-value';
import { PetCards } from '#client/features/portal/pets/pet-cards';
import type { GridSort } from '#client/features/portal/pets/pets-grid';
import { loadGridPageSize, saveGridPageSize } from '#client/features/portal/pets/grid-page-size';
import { ErrorLine } from '#client/components/error-line';

const PetsGrid = lazy(() => import('#client/features/portal/pets/pets-grid'));
const PetFormDialog = lazy(() => import('#client/features/portal/pets/pet-form-dialog'));
const PetProfileDialog = lazy(() => import('#client/features/portal/pets/pet-profile-dialog'));

type FormTarget = { mode: 'create' } | { mode: 'edit'; petProfileId: number };

/** Pets tab ("Vet Pets", SPEC.md §2): search, "+ Add Pet", total, the grid (desk) or cards (phone), delete. */
export default function PetsTab() {
  const { t } = useTranslation('portal');
  const wide = useMediaQuery(`(min-width:${MOBILE_BREAKPOINT_PX}px)`, { noSsr: true });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [gridPageSize, setGridPageSize] = useState(loadGridPageSize);
  const [sort, setSort] = useState<GridSort | null>(null);
  const [form, setForm] = useState<FormTarget | null>(null);
  const [deleting, setDeleting] = useState<VetPet | null>(null);
  const [profileId, setProfileId] = useState<number | null>(null);
  const [deleteError, setDeleteError] = useState('');
  const [undo, setUndo] = useState<UndoOffer | null>(null);
  const [view, setView] = useState<'pets' | 'deleted'>('pets');
  const term = useDebouncedValue(search.trim());
  const limit = wide ? gridPageSize : PAGE_SIZE;
  const pets = useVetPets({ page, searchTerm: term, limit, sortField: wide ? sort?.field : undefined, sortOrder: wide ? sort?.order : undefined });
  const remove = useDeletePet();
  const restore = useRestorePet();
  const list = pets.data?.pets ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    setDeleteError('');
    const pet = deleting;
    remove.mutate(pet.ID, {
      // SPEC.md's confirmation first, then the Undo (issue 20).
      onSuccess: () => setUndo({ message: t('pets.deleted', { name: pet.Name }), restore: () => restore.mutateAsync(pet.ID) }),
      onError: (err) => setDeleteError(t('visits.deleteFailed', { message: err.message })),
      onSettled: () => setDeleting(null),
    });
  };

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

  const edit = (p: VetPet) => setForm({ mode: 'edit', petProfileId: p.ID });
  const open = (p: VetPet) => setProfileId(p.ID);

  return (
    <Box>
      <Typography component="h1" variant="h2" sx={{ mb: 1 }}>
        {t('pets.heading')}
      </Typography>
      {(pets.isError || deleteError) && (
        <ErrorLine plain message={deleteError || (pets.error?.message ?? '')} sx={{ mb: 1 }} />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <TextField
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
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
        <Button variant="contained" color="secondary" onClick={() => setForm({ mode: 'create' })} sx={{ flexShrink: 0 }}>
          {t('pets.add')}
        </Button>
        <Button variant="outlined" startIcon={<DeletedIcon />} onClick={() => setView('deleted')} sx={{ flexShrink: 0 }}>
          {t('deleted.open')}
        </Button>
      </Stack>
      <Typography sx={{ mb: 1 }} aria-live="polite">
        {t('pets.total', { count: pets.data?.count ?? 0 })}
      </Typography>
      {wide ? (
        <Suspense fallback={<CircularProgress aria-label={t('loading')} />}>
          <PetsGrid
            pets={list}
            count={pets.data?.count ?? 0}
            loading={pets.isFetching}
            page={page}
            pageSize={gridPageSize}
            sort={sort}
            onPage={(p, size) => {
              setPage(size !== gridPageSize ? 1 : p);
              if (size !== gridPageSize) saveGridPageSize(size);
              setGridPageSize(size);
            }}
            onSort={(s) => {
              setSort(s);
              setPage(1);
            }}
            onOpen={open}
            onEdit={edit}
            onDelete={setDeleting}
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
            <PetCards pets={list} onOpen={open} onEdit={edit} onDelete={setDeleting} />
          )}
          <Pager page={page} itemsOnPage={list.length} fullPage={PAGE_SIZE} onPageChange={setPage} label={t('pets.pagerLabel')} />
        </>
      )}
      <ConfirmDialog open={deleting !== null} title={t('confirmDeletion')} text={t('pets.confirmDelete')} busy={remove.isPending} onYes={confirmDelete} onNo={() => setDeleting(null)} />
      {undoSnackbar}
      <Suspense fallback={null}>
        {profileId !== null && <PetProfileDialog petProfileId={profileId} onClose={() => setProfileId(null)} />}
        {form && <PetFormDialog petProfileId={form.mode === 'edit' ? form.petProfileId : null} onClose={() => setForm(null)} />}
      </Suspense>
    </Box>
  );
}
