import { useCallback, useMemo, useState } from 'react';
import { Box, Button, Chip, InputAdornment, Link, Stack, TextField, Typography } from '@mui/material';
import { DataGrid, GridActionsCellItem, useGridApiRef, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { DESK_PAGE_SIZES, VISIT_FILTER } from '#shared/constants';
import type { VetVisit, VetVisitSortField } from '#shared/contract/vet';
import { useVetVisits, type VisitFilter } from '#client/api/portal-visits';
import { formatLongDate } from '#client/components/format/dates';
import { ErrorLine } from '#client/components/states/error-line';
import { Ltr, UserText } from '#client/components/i18n/bidi';
import { useGridLocaleText } from '#client/components/i18n/portal-locale';
import { PetAvatar } from '#client/components/media/pet-avatar';
import { useDebouncedValue } from '#client/components/hooks/use-debounced-value';
import { DateRangeFilter } from '#client/components/desk-grid/date-range-filter';
import { readDay } from '#client/components/desk-grid/date-range';
import { DeskToolbar } from '#client/components/desk-grid/desk-toolbar';
import {
  fittingPageSize,
  loadLastGridState,
  readGridState,
  saveLastGridState,
  type DeskGridState,
} from '#client/components/desk-grid/grid-state';
import { StatusDot } from '#client/features/portal-visits/visit-card';
import type { VisitActions } from '#client/features/portal-visits/visit-actions';
import { VisitStatusFilter } from '#client/features/portal-visits/visit-status-filter';

/** The filters of the desk's visit list, kept in a saved view and the last state. */
interface VisitDeskFilters {
  isFinished: VisitFilter;
  from?: string;
  to?: string;
  search: string;
}

const DEFAULT_FILTERS: VisitDeskFilters = { isFinished: VISIT_FILTER.active, search: '' };

function readFilters(raw: unknown): VisitDeskFilters {
  const v = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const isFinished = [0, 1, 2].includes(v.isFinished as number)
    ? (v.isFinished as VisitFilter)
    : DEFAULT_FILTERS.isFinished;
  return {
    isFinished,
    from: readDay(v.from),
    to: readDay(v.to),
    search: typeof v.search === 'string' ? v.search.slice(0, 200) : '',
  };
}

/** Grid column → the API's sortField. */
const SORT_FIELDS: Record<string, VetVisitSortField> = {
  VisitDate: 'date',
  petName: 'pet',
  OwnerNameForVet: 'owner',
  VetName: 'vet',
};
const PAGE_SIZES: number[] = [...DESK_PAGE_SIZES];
const ROW_HEIGHT = 56;
/** What stands above and below the rows at a desk (header, tabs, filters, toolbar, column headers, footer). */
const CHROME_PX = 430;

function sortModelOf(sort: DeskGridState<VisitDeskFilters>['sort']): GridSortModel {
  return sort && Object.keys(SORT_FIELDS).includes(sort.field) ? [{ field: sort.field, sort: sort.order }] : [];
}

/**
 * The Visits tab from 1024 px (issue 21, item 1): an MUI X data grid with server-side paging (10,
 * 25, 50; by default what fits the window), sorting by date, pet, owner and vet, SPEC.md's status
 * filter, a date range with presets, and a search (300 ms after typing stops); saved views in its
 * toolbar, and the last state back on return.
 */
export default function VisitsDesk({
  selectedUserId,
  actions,
  page,
  onPageChange: setPage,
}: {
  selectedUserId: number | null;
  actions: VisitActions;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const { t, i18n } = useTranslation('portal');
  const apiRef = useGridApiRef();
  const [last] = useState(() => loadLastGridState('visits', selectedUserId, readFilters));
  const [filters, setFilters] = useState<VisitDeskFilters>(() => last.filters ?? DEFAULT_FILTERS);
  const [sort, setSort] = useState<DeskGridState<VisitDeskFilters>['sort']>(last.sort ?? null);
  const [pageSize, setPageSize] = useState(() =>
    last.pageSize && PAGE_SIZES.includes(last.pageSize)
      ? last.pageSize
      : fittingPageSize(PAGE_SIZES, window.innerHeight - CHROME_PX, ROW_HEIGHT),
  );
  const term = useDebouncedValue(filters.search.trim());
  const sortField = sort ? SORT_FIELDS[sort.field] : undefined;
  const visits = useVetVisits({
    isFinished: filters.isFinished,
    page,
    limit: pageSize,
    dateFrom: filters.from,
    dateTo: filters.to,
    searchTerm: term,
    sortField,
    sortOrder: sort?.order,
  });
  const localeText = useGridLocaleText();

  // What a saved view and the last state hold: the grid's columns and density, and the tab's sort, page size and
  // filters.
  const capture = useCallback((): DeskGridState<VisitDeskFilters> => {
    const grid = apiRef.current?.exportState();
    return { columns: grid?.columns, density: grid?.density, filters, sort, pageSize };
  }, [apiRef, filters, sort, pageSize]);
  const remember = useCallback(
    (next: Partial<DeskGridState<VisitDeskFilters>> = {}) =>
      saveLastGridState('visits', selectedUserId, { ...capture(), ...next }),
    [capture, selectedUserId],
  );
  const apply = useCallback(
    (raw: Record<string, unknown>) => {
      const state = readGridState(raw, readFilters);
      if (state.columns || state.density)
        apiRef.current?.restoreState({ columns: state.columns, density: state.density });
      setFilters(state.filters ?? DEFAULT_FILTERS);
      setSort(state.sort ?? null);
      if (state.pageSize && PAGE_SIZES.includes(state.pageSize)) setPageSize(state.pageSize);
      setPage(1);
      saveLastGridState('visits', selectedUserId, state);
    },
    [apiRef, selectedUserId, setPage],
  );

  const changeFilters = (next: Partial<VisitDeskFilters>) => {
    const merged = { ...filters, ...next };
    setFilters(merged);
    setPage(1);
    remember({ filters: merged });
  };

  const columns = useMemo<GridColDef<VetVisit>[]>(
    () => [
      {
        field: 'petName',
        headerName: t('desk.visits.col.pet'),
        flex: 1.2,
        minWidth: 170,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
            <PetAvatar src={row.petImage} name={row.petName} size={36} />
            <Link
              component="button"
              type="button"
              onClick={() => actions.openPet(row.PetProfileID)}
              aria-label={t('visits.openPet', { name: row.petName })}
              title={row.petName}
              sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'start' }}
            >
              <UserText>{row.petName}</UserText>
            </Link>
          </Stack>
        ),
      },
      {
        field: 'VisitDate',
        headerName: t('visits.date'),
        width: 170,
        valueFormatter: (v: string) => formatLongDate(v, i18n.language),
      },
      {
        field: 'isFinished',
        headerName: t('desk.visits.col.status'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            icon={<StatusDot finished={row.isFinished} />}
            label={row.isFinished ? t('visits.status.completed') : t('visits.status.active')}
            sx={{ ps: 0.5 }}
          />
        ),
      },
      {
        field: 'OwnerNameForVet',
        headerName: t('visits.owner'),
        flex: 1,
        minWidth: 140,
        renderCell: ({ row }) => <UserText>{row.OwnerNameForVet}</UserText>,
      },
      {
        field: 'OwnerPhoneForVet',
        headerName: t('pets.col.phone'),
        width: 160,
        sortable: false,
        renderCell: ({ row }) => <Ltr>{row.OwnerPhoneForVet}</Ltr>,
      },
      {
        field: 'OwnerEmailForVet',
        headerName: t('pets.col.email'),
        flex: 1.2,
        minWidth: 180,
        sortable: false,
        renderCell: ({ row }) => <Ltr>{row.OwnerEmailForVet}</Ltr>,
      },
      {
        field: 'VetName',
        headerName: t('visits.vet'),
        flex: 1,
        minWidth: 140,
        renderCell: ({ row }) => (row.VetName ? <UserText>{row.VetName}</UserText> : t('visits.noVet')),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('pets.col.actions'),
        width: 96,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="edit"
            icon={<EditIcon />}
            label={t('visits.editLabel', { name: row.petName })}
            onClick={() => actions.openEdit(row)}
          />,
          <GridActionsCellItem
            key="delete"
            icon={<DeleteIcon color="error" />}
            label={t('visits.deleteLabel', { name: row.petName })}
            onClick={() => actions.askDelete(row)}
          />,
        ],
      },
    ],
    // actions' handlers are state setters (stable); the columns follow the language
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );

  const sortModel = useMemo(() => sortModelOf(sort), [sort]);
  const paginationModel = useMemo(() => ({ page: page - 1, pageSize }), [page, pageSize]);
  const list = visits.data?.visits ?? [];

  return (
    <Box>
      <Typography component="h1" variant="h2" sx={{ mb: 2 }}>
        {t('visits.heading')}
      </Typography>
      <Stack spacing={1.5} sx={{ mb: 2 }}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <VisitStatusFilter value={filters.isFinished} onChange={(v) => changeFilters({ isFinished: v })} />
          <TextField
            type="search"
            size="small"
            value={filters.search}
            onChange={(e) => changeFilters({ search: e.target.value })}
            placeholder={t('desk.visits.searchPlaceholder')}
            slotProps={{
              htmlInput: { 'aria-label': t('desk.visits.searchLabel'), maxLength: 200 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ flex: '1 1 260px' }}
          />
          <Button variant="contained" color="secondary" onClick={actions.openNew}>
            {t('visits.new')}
          </Button>
        </Stack>
        <DateRangeFilter
          label={t('desk.visits.rangeLabel')}
          value={{ from: filters.from, to: filters.to }}
          presets={['today', 'thisWeek', 'next7', 'last30']}
          clearable
          onChange={(range) => changeFilters({ from: range.from, to: range.to })}
        />
      </Stack>
      <Typography sx={{ mb: 1 }} aria-live="polite">
        {t('visits.total', { count: visits.data?.count ?? 0 })}
      </Typography>
      {visits.isError && <ErrorLine plain message={visits.error.message} sx={{ mb: 2 }} />}
      {actions.deleteError && (
        <ErrorLine plain message={actions.deleteError} onClose={actions.clearDeleteError} sx={{ mb: 2 }} />
      )}
      <DataGrid
        apiRef={apiRef}
        aria-label={t('visits.listLabel')}
        rows={list}
        getRowId={(r) => r.ID}
        columns={columns}
        rowCount={visits.data?.count ?? 0}
        loading={visits.isFetching}
        paginationMode="server"
        sortingMode="server"
        paginationModel={paginationModel}
        onPaginationModelChange={(m) => {
          const resized = m.pageSize !== pageSize;
          setPageSize(m.pageSize);
          setPage(resized ? 1 : m.page + 1);
          if (resized) remember({ pageSize: m.pageSize });
        }}
        pageSizeOptions={PAGE_SIZES}
        sortModel={sortModel}
        onSortModelChange={(m) => {
          const first = m[0];
          const next = first?.sort ? { field: first.field, order: first.sort } : null;
          setSort(next);
          setPage(1);
          remember({ sort: next });
        }}
        initialState={{ columns: last.columns, density: last.density }}
        onColumnVisibilityModelChange={() => remember()}
        onColumnWidthChange={() => remember()}
        onColumnOrderChange={() => remember()}
        onDensityChange={() => setTimeout(() => remember(), 0)}
        showToolbar
        slots={{ toolbar: DeskToolbar }}
        slotProps={{
          toolbar: {
            views: {
              grid: 'visits',
              vetUserId: selectedUserId,
              capture: capture as () => Record<string, unknown>,
              apply,
            },
          },
        }}
        disableColumnFilter
        disableRowSelectionOnClick
        rowHeight={ROW_HEIGHT}
        autoHeight
        localeText={{ ...localeText, noRowsLabel: t('visits.empty') }}
      />
    </Box>
  );
}
