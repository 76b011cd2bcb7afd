import { useEffect, useMemo } from 'react';
import { Box, Link, Stack } from '@mui/material';
import { DataGrid, GridActionsCellItem, useGridApiRef, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import NewVisitIcon from '@mui/icons-material/PostAddOutlined';
import { useDataTitles } from '#client/components/format/data-titles';
import { UserText } from '#client/components/i18n/bidi';
import { ageOrNotAvailable } from '#client/components/format/age';
import { useTranslation } from 'react-i18next';
import type { GridName, VetPet } from '#shared/contract/vet';
import { PetAvatar, PetTypeIcon } from '#client/components/media/pet-avatar';
import { GRID_PAGE_SIZES } from '#client/features/portal-pets/grid-page-size';
import { DeskToolbar } from '#client/components/desk-grid/desk-toolbar';
import type { DeskGridState } from '#client/components/desk-grid/grid-state';
import { PET_SORT_FIELDS } from '#client/features/portal-pets/pet-sort';
import { useGridLocaleText } from '#client/components/i18n/portal-locale';

const PAGE_SIZE_OPTIONS: number[] = [...GRID_PAGE_SIZES];

/**
 * A cell's value, cut with an ellipsis, the whole value in its title. The cell keeps the page's side;
 * `ltr`: a phone number or e-mail address, isolated left to right; otherwise text people wrote,
 * in its own direction (docs/decisions/0107).
 */
function FullValueCell({ value, ltr = false }: { value: string | null | undefined; ltr?: boolean }) {
  const text = value ?? '';
  return (
    <Box
      component="span"
      title={text}
      data-full-value={text}
      sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'start' }}
    >
      {ltr ? <bdi dir="ltr">{text}</bdi> : <UserText>{text}</UserText>}
    </Box>
  );
}

/** The grid's own part of a saved view: its columns (visible, order, widths) and density. */
export type GridLayout = Pick<DeskGridState<unknown>, 'columns' | 'density'>;

interface Props {
  pets: VetPet[];
  count: number;
  loading: boolean;
  page: number;
  pageSize: number;
  sort: DeskGridState<unknown>['sort'];
  /** the grid's columns and density as the last state left them */
  initialState: GridLayout;
  /** a layout to take now (a saved view was applied); a new object each time */
  restore: GridLayout | null;
  views: {
    grid: GridName;
    vetUserId: number | null;
    capture: () => Record<string, unknown>;
    apply: (state: Record<string, unknown>) => void;
  };
  onPage: (page: number, pageSize: number) => void;
  onSort: (sort: DeskGridState<unknown>['sort']) => void;
  /** the columns or density changed (to remember them) */
  onLayout: (layout: GridLayout) => void;
  onOpen: (pet: VetPet) => void;
  onEdit: (pet: VetPet) => void;
  onDelete: (pet: VetPet) => void;
  onNewVisit: (pet: VetPet) => void;
}

/**
 * The Pets tab from 768 px: an MUI X data grid with server-side paging and sorting, its filters
 * beside it (pets-tab), saved views in its toolbar. Text columns share the free width before a
 * value is cut with "…" (its whole value in the cell's title).
 */
export default function PetsGrid({
  pets,
  count,
  loading,
  page,
  pageSize,
  sort,
  initialState,
  restore,
  views,
  onPage,
  onSort,
  onLayout,
  onOpen,
  onEdit,
  onDelete,
  onNewVisit,
}: Props) {
  const apiRef = useGridApiRef();
  const { t } = useTranslation('portal');
  const titles = useDataTitles();
  const localeText = useGridLocaleText();

  const columns = useMemo<GridColDef<VetPet>[]>(
    () => [
      {
        field: 'petImage',
        headerName: t('pets.col.photo'),
        width: 72,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack sx={{ height: '100%', justifyContent: 'center' }}>
            <PetAvatar src={row.petImage} name={row.petName} size={40} />
          </Stack>
        ),
      },
      {
        field: 'petName',
        headerName: t('pets.col.name'),
        flex: 1,
        minWidth: 110,
        renderCell: ({ row }) => (
          <Link
            component="button"
            type="button"
            onClick={() => onOpen(row)}
            title={row.petName}
            aria-label={t('visits.openPet', { name: row.petName })}
            sx={{
              maxWidth: '100%',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              textAlign: 'start',
            }}
          >
            {row.petName}
          </Link>
        ),
      },
      {
        field: 'age',
        headerName: t('pets.col.age'),
        flex: 0.6,
        minWidth: 90,
        renderCell: ({ row }) => <FullValueCell value={ageOrNotAvailable(t, row.age, row.dob)} />,
      },
      {
        field: 'petType',
        headerName: t('pets.col.type'),
        flex: 0.6,
        minWidth: 100,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
            <PetTypeIcon src={row.petTypeImage} />
            <FullValueCell value={titles.petType(row.petTypeId, row.petType)} />
          </Stack>
        ),
      },
      {
        field: 'petBreed',
        headerName: t('pets.col.breed'),
        flex: 1,
        minWidth: 110,
        renderCell: ({ row }) => <FullValueCell value={titles.breed(row.petBreedId, row.petBreed)} />,
      },
      {
        field: 'OwnerNameForVet',
        headerName: t('pets.col.owner'),
        flex: 1,
        minWidth: 130,
        renderCell: ({ row }) => <FullValueCell value={row.OwnerNameForVet} />,
      },
      {
        field: 'OwnerPhoneForVet',
        headerName: t('pets.col.phone'),
        flex: 0.9,
        minWidth: 140,
        sortable: false,
        renderCell: ({ row }) => <FullValueCell value={row.OwnerPhoneForVet} ltr />,
      },
      {
        field: 'OwnerEmailForVet',
        headerName: t('pets.col.email'),
        flex: 1.4,
        minWidth: 170,
        sortable: false,
        renderCell: ({ row }) => <FullValueCell value={row.OwnerEmailForVet} ltr />,
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('pets.col.actions'),
        width: 130,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="visit"
            icon={<NewVisitIcon />}
            label={t('pets.newVisitFor', { name: row.petName })}
            onClick={() => onNewVisit(row)}
          />,
          <GridActionsCellItem
            key="edit"
            icon={<EditIcon />}
            label={t('pets.editLabel', { name: row.petName })}
            onClick={() => onEdit(row)}
          />,
          <GridActionsCellItem
            key="delete"
            icon={<DeleteIcon color="error" />}
            label={t('pets.deleteLabel', { name: row.petName })}
            onClick={() => onDelete(row)}
          />,
        ],
      },
    ],
    [t, titles, onOpen, onEdit, onDelete, onNewVisit],
  );

  // Stable references: a new sort model on every render reads to the grid as a sort change, and a
  // sort change sends it back to the first page (it did so on each "next page": issue 11).
  const sortModel = useMemo<GridSortModel>(
    () => (sort && PET_SORT_FIELDS[sort.field] ? [{ field: sort.field, sort: sort.order }] : []),
    [sort],
  );
  const paginationModel = useMemo(() => ({ page: page - 1, pageSize }), [page, pageSize]);
  // On a tablet the e-mail and age columns step aside so every row's actions stay in view, until the user chooses
  // columns.
  const tablet = typeof window !== 'undefined' && window.innerWidth < 1100;
  const startState = useMemo(
    () => ({
      columns:
        initialState.columns ??
        (tablet ? { columnVisibilityModel: { OwnerEmailForVet: false, age: false } } : undefined),
      density: initialState.density,
    }),
    // the grid reads its initial state once
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  // A saved view's columns and density, when one is applied.
  useEffect(() => {
    if (restore) apiRef.current?.restoreState(restore);
  }, [restore, apiRef]);
  const layoutChanged = () => {
    const state = apiRef.current?.exportState();
    if (state) onLayout({ columns: state.columns, density: state.density });
  };

  return (
    <Box sx={{ width: '100%' }}>
      <DataGrid
        apiRef={apiRef}
        aria-label={t('pets.heading')}
        rows={pets}
        getRowId={(r) => r.ID}
        columns={columns}
        rowCount={count}
        loading={loading}
        paginationMode="server"
        sortingMode="server"
        paginationModel={paginationModel}
        onPaginationModelChange={(m) => onPage(m.page + 1, m.pageSize)}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        sortModel={sortModel}
        onSortModelChange={(m) => {
          const first = m[0];
          onSort(first?.sort ? { field: first.field, order: first.sort } : null);
        }}
        initialState={startState}
        onColumnVisibilityModelChange={layoutChanged}
        onColumnWidthChange={layoutChanged}
        onColumnOrderChange={layoutChanged}
        onDensityChange={() => setTimeout(layoutChanged, 0)}
        showToolbar
        slots={{ toolbar: DeskToolbar }}
        slotProps={{ toolbar: { views } }}
        disableColumnFilter
        disableRowSelectionOnClick
        rowHeight={60}
        autoHeight
        localeText={{ ...localeText, noRowsLabel: t('pets.empty') }}
      />
    </Box>
  );
}
