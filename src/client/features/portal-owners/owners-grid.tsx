import { useMemo } from 'react';
import { Box, Link } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '#shared/languages';
import type { VetOwner } from '#shared/contract/vet-owners';
import { DeskGrid } from '#client/components/desk-grid/desk-grid';
import { FullValueCell } from '#client/components/desk-grid/full-value-cell';
import type { DeskGridControls } from '#client/components/desk-grid/use-desk-grid-state';
import { UserText } from '#client/components/i18n/bidi';
import { OWNER_PAGE_SIZES, OWNER_SORT_FIELDS } from '#client/features/portal-owners/owner-sort';

const PAGE_SIZE_OPTIONS: number[] = [...OWNER_PAGE_SIZES];
const SORTABLE = Object.keys(OWNER_SORT_FIELDS);

interface Props {
  sync: DeskGridControls;
  owners: VetOwner[];
  count: number;
  loading: boolean;
  page: number;
  onOpen: (owner: VetOwner) => void;
}

/** The Owners tab from 768 px (issue 32): a desk grid like the Pets tab's, paged and sorted on the server. */
export default function OwnersGrid({ sync, owners, count, loading, page, onOpen }: Props) {
  const { t } = useTranslation('portal');
  const columns = useMemo<GridColDef<VetOwner>[]>(
    () => [
      {
        field: 'name',
        headerName: t('owners.col.name'),
        flex: 1.2,
        minWidth: 140,
        renderCell: ({ row }) => (
          <Link
            component="button"
            type="button"
            onClick={() => onOpen(row)}
            title={row.name}
            aria-label={t('owners.open', { name: row.name })}
            sx={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            <UserText>{row.name}</UserText>
          </Link>
        ),
      },
      {
        field: 'phone',
        headerName: t('owners.col.phone'),
        flex: 0.9,
        minWidth: 140,
        sortable: false,
        renderCell: ({ row }) => <FullValueCell value={row.phone} ltr />,
      },
      {
        field: 'email',
        headerName: t('owners.col.email'),
        flex: 1.3,
        minWidth: 170,
        sortable: false,
        renderCell: ({ row }) => <FullValueCell value={row.email} ltr />,
      },
      {
        field: 'language',
        headerName: t('owners.col.language'),
        flex: 0.7,
        minWidth: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <FullValueCell value={LANGUAGES.find((l) => l.code === row.language)?.label ?? t('owners.clinicLanguage')} />
        ),
      },
      {
        field: 'remindersByEmail',
        headerName: t('owners.col.reminders'),
        flex: 0.6,
        minWidth: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <FullValueCell value={row.remindersByEmail ? t('owners.remindersOn') : t('owners.remindersOff')} />
        ),
      },
      {
        field: 'petCount',
        headerName: t('owners.col.pets'),
        type: 'number',
        width: 90,
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('pets.col.actions'),
        width: 80,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="edit"
            icon={<EditIcon />}
            label={t('owners.editLabel', { name: row.name })}
            onClick={() => onOpen(row)}
          />,
        ],
      },
    ],
    [t, onOpen],
  );
  return (
    <Box sx={{ width: '100%' }}>
      <DeskGrid
        sync={sync}
        rows={owners}
        getRowId={(r) => r.ID}
        columns={columns}
        sortable={SORTABLE}
        rowCount={count}
        loading={loading}
        page={page}
        pageSizes={PAGE_SIZE_OPTIONS}
        rowHeight={52}
        label={t('owners.heading')}
        emptyLabel={t('owners.empty')}
      />
    </Box>
  );
}
