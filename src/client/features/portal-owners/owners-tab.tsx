import { lazy, Suspense, useCallback, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CircularProgress,
  InputAdornment,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import DownloadIcon from '@mui/icons-material/Download';
import MergeIcon from '@mui/icons-material/MergeType';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX, PAGE_SIZE } from '#shared/constants';
import type { VetOwner } from '#shared/contract/vet-owners';
import { useVetOwners, vetOwnersListQuery } from '#client/api/portal-owners';
import { downloadOwnersExport } from '#client/api/portal-exports';
import { usePortalState } from '#client/api/portal-session';
import { Pager } from '#client/components/lists/pager';
import { saveFile } from '#client/components/media/save-file';
import { useDebouncedValue } from '#client/components/hooks/use-debounced-value';
import { ErrorLine } from '#client/components/states/error-line';
import { Ltr, Phone, UserText } from '#client/components/i18n/bidi';
import { useDeskGridState } from '#client/components/desk-grid/use-desk-grid-state';
import { useCan } from '#client/components/portal/can-access';
import { OWNER_PAGE_SIZES, ownerApiSort } from '#client/features/portal-owners/owner-sort';
import { OwnerDuplicates } from '#client/features/portal-owners/owner-duplicates';

const OwnersGrid = lazy(() => import('#client/features/portal-owners/owners-grid'));
const OwnerDialog = lazy(() => import('#client/features/portal-owners/owner-dialog'));

/** What the Owners grid's saved views and last state keep besides the grid's own state: the search. */
interface OwnerDeskFilters {
  search: string;
}

function readFilters(raw: unknown): OwnerDeskFilters {
  const search = typeof raw === 'object' && raw !== null ? (raw as { search?: unknown }).search : undefined;
  return { search: typeof search === 'string' ? search.slice(0, 200) : '' };
}

type DialogTarget = { ownerId: number | null };

/**
 * The Owners tab (issue 32): a clinic's owners, searched by name, phone or e-mail, at a desk in a grid with sort,
 * saved views and the CSV export, on a phone as cards; an owner opens with their pets, "Add owner" makes one.
 */
export default function OwnersTab() {
  const { t } = useTranslation('portal');
  const wide = useMediaQuery(`(min-width:${MOBILE_BREAKPOINT_PX}px)`, { noSsr: true });
  const { selectedUserId } = usePortalState();
  const [page, setPage] = useState(1);
  const grid = useDeskGridState({
    grid: 'owners',
    vetUserId: selectedUserId,
    readFilters,
    pageSizes: OWNER_PAGE_SIZES,
    defaultPageSize: () => 25,
    setPage,
  });
  const { search } = grid.filters;
  const term = useDebouncedValue(search.trim());
  const limit = wide ? grid.pageSize : PAGE_SIZE;
  const sort = wide ? ownerApiSort(grid.sort) : null;
  const listQuery = { searchTerm: term, sortField: sort?.field, sortOrder: sort?.order };
  const owners = useVetOwners({ page, limit, ...listQuery });
  const canWrite = useCan('writePets');
  const canExport = useCan('exportCsv');
  const canMerge = useCan('mergeOwners');
  const [view, setView] = useState<'owners' | 'duplicates'>('owners');
  const [dialog, setDialog] = useState<DialogTarget | null>(null);
  const [exportError, setExportError] = useState('');
  const [exporting, setExporting] = useState(false);
  const list = owners.data?.owners ?? [];
  const count = owners.data?.count ?? 0;
  const open = useCallback((o: VetOwner) => setDialog({ ownerId: o.ID }), []);

  const exportCsv = async () => {
    setExporting(true);
    setExportError('');
    try {
      const { blob, filename } = await downloadOwnersExport(vetOwnersListQuery(listQuery));
      saveFile(blob, filename);
    } catch (err) {
      setExportError(err instanceof Error ? err.message : String(err));
    } finally {
      setExporting(false);
    }
  };

  if (view === 'duplicates') {
    return (
      <Box>
        <Typography component="h1" variant="h2" sx={{ mb: 1 }}>
          {t('owners.heading')}
        </Typography>
        <OwnerDuplicates onBack={() => setView('owners')} />
      </Box>
    );
  }

  return (
    <Box>
      <Typography component="h1" variant="h2" sx={{ mb: 1 }}>
        {t('owners.heading')}
      </Typography>
      {(owners.isError || exportError) && (
        <ErrorLine plain message={exportError || (owners.error?.message ?? '')} sx={{ mb: 1 }} />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <TextField
          type="search"
          value={search}
          onChange={(e) => grid.changeFilters({ search: e.target.value }, { remember: wide })}
          placeholder={t('owners.searchPlaceholder')}
          slotProps={{
            htmlInput: { 'aria-label': t('owners.searchLabel'), maxLength: 200 },
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
        {canWrite && (
          <Button
            variant="contained"
            color="secondary"
            onClick={() => setDialog({ ownerId: null })}
            sx={{ flexShrink: 0 }}
          >
            {t('owners.add')}
          </Button>
        )}
        {canExport && (
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => void exportCsv()}
            disabled={exporting || count === 0}
            sx={{ flexShrink: 0, transition: 'none' }}
          >
            {t('owners.export')}
          </Button>
        )}
        {canMerge && (
          <Button
            variant="outlined"
            startIcon={<MergeIcon />}
            onClick={() => setView('duplicates')}
            sx={{ flexShrink: 0 }}
          >
            {t('owners.duplicates.open')}
          </Button>
        )}
      </Stack>
      <Typography sx={{ mb: 1 }} aria-live="polite">
        {t('owners.total', { count })}
      </Typography>
      {wide ? (
        <Suspense fallback={<CircularProgress aria-label={t('loading')} />}>
          <OwnersGrid sync={grid} owners={list} count={count} loading={owners.isFetching} page={page} onOpen={open} />
        </Suspense>
      ) : (
        <>
          {owners.isPending ? (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
              <CircularProgress aria-label={t('loading')} />
            </Box>
          ) : list.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              {t('owners.empty')}
            </Typography>
          ) : (
            <OwnerCards owners={list} onOpen={open} />
          )}
          <Pager
            page={page}
            itemsOnPage={list.length}
            fullPage={PAGE_SIZE}
            onPageChange={setPage}
            label={t('owners.pagerLabel')}
          />
        </>
      )}
      <Suspense fallback={null}>
        {dialog && <OwnerDialog ownerId={dialog.ownerId} onClose={() => setDialog(null)} />}
      </Suspense>
    </Box>
  );
}

/** The Owners tab below 768 px: a card per owner, opening them. */
function OwnerCards({ owners, onOpen }: { owners: VetOwner[]; onOpen: (owner: VetOwner) => void }) {
  const { t } = useTranslation('portal');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {owners.map((o) => (
        <Card key={o.ID} component="article" aria-label={o.name}>
          <CardActionArea onClick={() => onOpen(o)} aria-label={t('owners.open', { name: o.name })}>
            <CardContent>
              <Typography component="h2" variant="h3" noWrap>
                <UserText>{o.name}</UserText>
              </Typography>
              <Typography variant="body2">
                <Phone>{o.phone}</Phone>
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {o.email ? <Ltr>{o.email}</Ltr> : t('notAvailable')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('owners.petCount', { count: o.petCount })}
                {o.remindersByEmail ? '' : ` · ${t('owners.remindersOff')}`}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
