import { useMemo } from 'react';
import { Button, Link, Stack } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { DESK_PAGE_SIZES, VISIT_FILTER } from '#shared/constants';
import type { VetVisit, VetVisitSortField } from '#shared/contract/vet';
import { useVetVisits, type VisitFilter } from '#client/api/portal-visits';
import { LongDateCell } from '#client/components/desk-grid/long-date-cell';
import { UserText } from '#client/components/i18n/bidi';
import { FullValueCell } from '#client/components/desk-grid/full-value-cell';
import { PetAvatar } from '#client/components/media/pet-avatar';
import { useDebouncedValue } from '#client/components/hooks/use-debounced-value';
import { DateRangeFilter } from '#client/components/desk-grid/date-range-filter';
import { readDay } from '#client/components/desk-grid/date-range';
import { DeskGrid } from '#client/components/desk-grid/desk-grid';
import { fittingPageSize } from '#client/components/desk-grid/grid-state';
import { useDeskGridState } from '#client/components/desk-grid/use-desk-grid-state';
import { VisitStatusChip } from '#client/features/portal-visits/visit-card';
import type { VisitActions } from '#client/features/portal-visits/visit-actions';
import { VisitListFrame } from '#client/features/portal-visits/visit-list-frame';
import { VisitStatusFilter } from '#client/features/portal-visits/visit-status-filter';
import type { RequestedVisits } from '#client/features/portal-visits/visit-requests-view';
import { VisitSearchField } from '#client/features/portal-visits/visit-search-field';
import { VISIT_RANGE_PRESETS } from '#client/features/portal-visits/visit-range';

/** The filters of the desk's visit list, kept in a saved view and the last state. */
interface VisitDeskFilters {
  isFinished: VisitFilter;
  from?: string;
  to?: string;
  search: string;
}

function readFilters(raw: unknown): VisitDeskFilters {
  const v = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const isFinished = [0, 1, 2].includes(v.isFinished as number) ? (v.isFinished as VisitFilter) : VISIT_FILTER.active;
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
const SORTABLE = Object.keys(SORT_FIELDS);
const PAGE_SIZES: number[] = [...DESK_PAGE_SIZES];
const ROW_HEIGHT = 56;
/** What stands above and below the rows at a desk (header, tabs, filters, toolbar, column headers, footer). */
const CHROME_PX = 430;

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
  onOpenDeleted,
  requested,
}: {
  selectedUserId: number | null;
  actions: VisitActions;
  page: number;
  onPageChange: (page: number) => void;
  onOpenDeleted: () => void;
  requested: RequestedVisits;
}) {
  const { t, i18n } = useTranslation('portal');
  const grid = useDeskGridState({
    grid: 'visits',
    vetUserId: selectedUserId,
    readFilters,
    pageSizes: PAGE_SIZES,
    defaultPageSize: () => fittingPageSize(PAGE_SIZES, window.innerHeight - CHROME_PX, ROW_HEIGHT),
    setPage,
  });
  const { filters, sort } = grid;
  const term = useDebouncedValue(filters.search.trim());
  const visits = useVetVisits({
    isFinished: filters.isFinished,
    page,
    limit: grid.pageSize,
    dateFrom: filters.from,
    dateTo: filters.to,
    searchTerm: term,
    sortField: sort ? SORT_FIELDS[sort.field] : undefined,
    sortOrder: sort?.order,
  });
  const changeFilters = (next: Partial<VisitDeskFilters>) => grid.changeFilters({ ...filters, ...next });
  const { openPet, openEdit, askDelete } = actions;

  // The columns' least widths add up to what a 1024 px window leaves the grid, so Edit and Delete are always in sight
  // (issue 36, item 4); wider windows share the rest by flex.
  const columns = useMemo<GridColDef<VetVisit>[]>(
    () => [
      {
        field: 'petName',
        headerName: t('desk.visits.col.pet'),
        flex: 1.2,
        minWidth: 125,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
            <PetAvatar src={row.petImage} name={row.petName} size={36} />
            <Link
              component="button"
              type="button"
              onClick={() => openPet(row.PetProfileID)}
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
        flex: 0.9,
        minWidth: 150,
        renderCell: ({ row }) => <LongDateCell value={row.VisitDate} language={i18n.language} />,
      },
      {
        field: 'isFinished',
        headerName: t('desk.visits.col.status'),
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <VisitStatusChip finished={row.isFinished} />,
      },
      {
        field: 'OwnerNameForVet',
        headerName: t('visits.owner'),
        flex: 1,
        minWidth: 110,
        renderCell: ({ row }) => <FullValueCell value={row.OwnerNameForVet} />,
      },
      {
        field: 'OwnerPhoneForVet',
        headerName: t('pets.col.phone'),
        width: 140,
        sortable: false,
        renderCell: ({ row }) => <FullValueCell value={row.OwnerPhoneForVet} ltr />,
      },
      {
        field: 'OwnerEmailForVet',
        headerName: t('pets.col.email'),
        flex: 1.2,
        minWidth: 120,
        sortable: false,
        renderCell: ({ row }) => <FullValueCell value={row.OwnerEmailForVet} ltr />,
      },
      {
        field: 'VetName',
        headerName: t('visits.vet'),
        flex: 1,
        minWidth: 100,
        renderCell: ({ row }) => <FullValueCell value={row.VetName ?? t('visits.noVet')} />,
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('pets.col.actions'),
        // two buttons of 40 px and the cell's padding; no resize handle past the grid's edge
        width: 104,
        resizable: false,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="edit"
            icon={<EditIcon />}
            label={t('visits.editLabel', { name: row.petName })}
            onClick={() => openEdit(row)}
          />,
          ...(askDelete
            ? [
                <GridActionsCellItem
                  key="delete"
                  icon={<DeleteIcon color="error" />}
                  label={t('visits.deleteLabel', { name: row.petName })}
                  onClick={() => askDelete(row)}
                />,
              ]
            : []),
        ],
      },
    ],
    [t, i18n.language, openPet, openEdit, askDelete],
  );
  const statusFilter = (
    <VisitStatusFilter
      value={requested.on ? 'requested' : filters.isFinished}
      requestedCount={requested.count}
      focusChosen={requested.swapped}
      onChange={(v) => {
        requested.choose(v === 'requested');
        if (v !== 'requested') changeFilters({ isFinished: v });
      }}
    />
  );
  if (requested.on) return requested.view(statusFilter);

  return (
    <VisitListFrame
      filters={
        <Stack spacing={1.5} sx={{ mb: 2 }}>
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {statusFilter}
            <VisitSearchField
              value={filters.search}
              onChange={(search) => changeFilters({ search })}
              sx={{ flex: '1 1 260px' }}
            />
            <Button variant="contained" color="secondary" onClick={actions.openNew}>
              {t('visits.new')}
            </Button>
          </Stack>
          <DateRangeFilter
            label={t('desk.visits.rangeLabel')}
            value={{ from: filters.from, to: filters.to }}
            presets={VISIT_RANGE_PRESETS}
            clearable
            onChange={(range) => changeFilters({ from: range.from, to: range.to })}
          />
        </Stack>
      }
      count={visits.data?.count ?? 0}
      loadError={visits.error?.message}
      actions={actions}
      onOpenDeleted={onOpenDeleted}
    >
      <DeskGrid
        sync={grid}
        rows={visits.data?.visits ?? []}
        getRowId={(r) => r.ID}
        columns={columns}
        sortable={SORTABLE}
        rowCount={visits.data?.count ?? 0}
        loading={visits.isFetching}
        page={page}
        pageSizes={PAGE_SIZES}
        rowHeight={ROW_HEIGHT}
        label={t('visits.listLabel')}
        emptyLabel={t('visits.empty')}
        keepLeastWidths
      />
    </VisitListFrame>
  );
}
