import { useMemo } from 'react';
import { Box, Link, Stack } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import NewVisitIcon from '@mui/icons-material/PostAddOutlined';
import { useTranslation } from 'react-i18next';
import type { VetPet } from '#shared/contract/vet';
import { useDataTitles } from '#client/components/format/data-titles';
import { ageOrNotAvailable } from '#client/components/format/age';
import { PetAvatar, PetTypeIcon } from '#client/components/media/pet-avatar';
import { DeskGrid } from '#client/components/desk-grid/desk-grid';
import { FullValueCell } from '#client/components/desk-grid/full-value-cell';
import type { DeskGridControls } from '#client/components/desk-grid/use-desk-grid-state';
import { GRID_PAGE_SIZES } from '#client/features/portal-pets/grid-page-size';
import { PET_SORT_FIELDS } from '#client/features/portal-pets/pet-sort';
import { UserText } from '#client/components/i18n/bidi';
import { DueChip } from '#client/features/portal-pets/due-chip';

const PAGE_SIZE_OPTIONS: number[] = [...GRID_PAGE_SIZES];

interface Props {
  sync: DeskGridControls;
  pets: VetPet[];
  count: number;
  loading: boolean;
  page: number;
  onOpen: (pet: VetPet) => void;
  onEdit: (pet: VetPet) => void;
  /** absent when the acting person may not delete pets */
  onDelete?: (pet: VetPet) => void;
  onNewVisit: (pet: VetPet) => void;
}

const SORTABLE = Object.keys(PET_SORT_FIELDS);

/**
 * The Pets tab from 768 px: an MUI X data grid with server-side paging and sorting, its filters
 * beside it (pets-tab), saved views in its toolbar. Text columns share the free width before a
 * value is cut with "…" (its whole value in the cell's title).
 */
export default function PetsGrid({ sync, pets, count, loading, page, onOpen, onEdit, onDelete, onNewVisit }: Props) {
  const { t } = useTranslation('portal');
  const titles = useDataTitles();

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
            <UserText>{row.petName}</UserText>
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
        field: 'dueStatus',
        headerName: t('pets.col.due'),
        flex: 0.7,
        minWidth: 110,
        renderCell: ({ row }) => (
          <Stack sx={{ height: '100%', justifyContent: 'center', alignItems: 'flex-start' }}>
            <DueChip status={row.dueStatus} />
          </Stack>
        ),
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
          ...(onDelete
            ? [
                <GridActionsCellItem
                  key="delete"
                  icon={<DeleteIcon color="error" />}
                  label={t('pets.deleteLabel', { name: row.petName })}
                  onClick={() => onDelete(row)}
                />,
              ]
            : []),
        ],
      },
    ],
    [t, titles, onOpen, onEdit, onDelete, onNewVisit],
  );

  // On a tablet the e-mail and age columns step aside so every row's actions stay in view, until the user chooses
  // columns.
  const tablet = typeof window !== 'undefined' && window.innerWidth < 1100;
  return (
    <Box sx={{ width: '100%' }}>
      <DeskGrid
        sync={sync}
        rows={pets}
        getRowId={(r) => r.ID}
        columns={columns}
        sortable={SORTABLE}
        rowCount={count}
        loading={loading}
        page={page}
        pageSizes={PAGE_SIZE_OPTIONS}
        rowHeight={60}
        label={t('pets.heading')}
        emptyLabel={t('pets.empty')}
        defaultColumns={tablet ? { columnVisibilityModel: { OwnerEmailForVet: false, age: false } } : undefined}
      />
    </Box>
  );
}
