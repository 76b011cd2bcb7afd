import { useMemo } from 'react';
import { Box, Link, Stack, useMediaQuery } from '@mui/material';
import { DataGrid, GridActionsCellItem, type GridColDef, type GridColumnVisibilityModel, type GridSortModel } from '@mui/x-data-grid';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { useDataTitles } from '#client/components/data-titles';
import { UserText } from '#client/components/bidi';
import { formatAge } from '#client/components/age';
import { useTranslation } from 'react-i18next';
import type { VetPet, VetPetSortField } from '#shared/contract/vet';
import { PetAvatar, PetTypeIcon } from '#client/components/pet-avatar';
import { GRID_PAGE_SIZES } from '#client/features/portal/pets/grid-page-size';
import { useGridLocaleText } from '#client/components/portal-locale';

export interface GridSort {
  field: VetPetSortField;
  order: 'asc' | 'desc';
}

/** Grid column → the API's sortField. */
const SORT_FIELDS: Partial<Record<string, VetPetSortField>> = { petName: 'name', age: 'age', petType: 'type', petBreed: 'breed', OwnerNameForVet: 'owner' };

function sortFromModel(model: GridSortModel): GridSort | null {
  const first = model[0];
  const field = first ? SORT_FIELDS[first.field] : undefined;
  return first && field && first.sort ? { field, order: first.sort } : null;
}


const PAGE_SIZE_OPTIONS: number[] = [...GRID_PAGE_SIZES];

/** A text cell that ends in an ellipsis when the column is too narrow, with the whole value as its tooltip. */
/**
 * A cell's value, cut with an ellipsis, the whole value in its title. The cell keeps the page's side;
 * `ltr`: a phone number or e-mail address, isolated left to right; otherwise text people wrote,
 * in its own direction (docs/decisions/0107).
 */
function FullValueCell({ value, ltr = false }: { value: string | null | undefined; ltr?: boolean }) {
  const text = value ?? '';
  return (
    <Box component="span" title={text} data-full-value={text} sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {ltr ? <bdi dir="ltr">{text}</bdi> : <UserText>{text}</UserText>}
    </Box>
  );
}

interface Props {
  pets: VetPet[];
  count: number;
  loading: boolean;
  page: number;
  pageSize: number;
  sort: GridSort | null;
  onPage: (page: number, pageSize: number) => void;
  onSort: (sort: GridSort | null) => void;
  onOpen: (pet: VetPet) => void;
  onEdit: (pet: VetPet) => void;
  onDelete: (pet: VetPet) => void;
}

/** The Pets tab from 768 px: an MUI X data grid with server-side paging and sorting. */
export default function PetsGrid({ pets, count, loading, page, pageSize, sort, onPage, onSort, onOpen, onEdit, onDelete }: Props) {
  const { t } = useTranslation('portal');
  const titles = useDataTitles();
  const localeText = useGridLocaleText();

  // On a tablet the e-mail and age columns step aside so every row's Edit and Delete stay in view.
  const tablet = useMediaQuery('(max-width:1099px)');
  const columnVisibilityModel = useMemo((): GridColumnVisibilityModel => (tablet ? { OwnerEmailForVet: false, age: false } : {}), [tablet]);

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
        minWidth: 100,
        renderCell: ({ row }) => (
          <Link component="button" type="button" onClick={() => onOpen(row)} title={row.petName} aria-label={t('visits.openPet', { name: row.petName })} sx={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'start' }}>
            {row.petName}
          </Link>
        ),
      },
      { field: 'age', headerName: t('pets.col.age'), width: 90, valueFormatter: (v: number | null, row: VetPet) => formatAge(t, v, row.dob) },
      {
        field: 'petType',
        headerName: t('pets.col.type'),
        width: 100,
        renderCell: ({ row }) => (
          <Box component="span">
            <PetTypeIcon src={row.petTypeImage} /> {titles.petType(row.petTypeId, row.petType)}
          </Box>
        ),
      },
      { field: 'petBreed', headerName: t('pets.col.breed'), flex: 1, minWidth: 100, renderCell: ({ row }) => <FullValueCell value={titles.breed(row.petBreedId, row.petBreed)} /> },
      { field: 'OwnerNameForVet', headerName: t('pets.col.owner'), flex: 1, minWidth: 130, renderCell: ({ row }) => <FullValueCell value={row.OwnerNameForVet} /> },
      { field: 'OwnerPhoneForVet', headerName: t('pets.col.phone'), width: 160, sortable: false, renderCell: ({ row }) => <FullValueCell ltr value={row.OwnerPhoneForVet} /> },
      { field: 'OwnerEmailForVet', headerName: t('pets.col.email'), flex: 1.5, minWidth: 200, sortable: false, renderCell: ({ row }) => <FullValueCell ltr value={row.OwnerEmailForVet} /> },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('pets.col.actions'),
        width: 90,
        getActions: ({ row }) => [
          <GridActionsCellItem key="edit" icon={<EditIcon />} label={t('pets.editLabel', { name: row.petName })} onClick={() => onEdit(row)} />,
          <GridActionsCellItem key="delete" icon={<DeleteIcon color="error" />} label={t('pets.deleteLabel', { name: row.petName })} onClick={() => onDelete(row)} />,
        ],
      },
    ],
    [t, titles, onOpen, onEdit, onDelete],
  );

  // Stable references: a new sort model on every render reads to the grid as a sort change, and a
  // sort change sends it back to the first page (it did so on each "next page": issue 11).
  const sortModel = useMemo<GridSortModel>(
    () => (sort ? [{ field: Object.entries(SORT_FIELDS).find(([, f]) => f === sort.field)?.[0] ?? 'petName', sort: sort.order }] : []),
    [sort],
  );
  const paginationModel = useMemo(() => ({ page: page - 1, pageSize }), [page, pageSize]);

  return (
    <Box sx={{ width: '100%' }}>
      <DataGrid
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
        onSortModelChange={(m) => onSort(sortFromModel(m))}
        columnVisibilityModel={columnVisibilityModel}
        disableColumnFilter
        disableRowSelectionOnClick
        rowHeight={60}
        autoHeight
        localeText={localeText}
      />
    </Box>
  );
}
