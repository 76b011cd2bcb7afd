import { Suspense, useState } from 'react';
import { Box, Button, List, ListItem, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import NewVisitIcon from '@mui/icons-material/PostAddOutlined';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '#shared/constants';
import type { VetPetDetails } from '#shared/contract/vet';
import { useVetPetVisits } from '#client/api/portal-pets';
import { usePortalState } from '#client/api/portal-session';
import { formatLongDate } from '#client/components/format/dates';
import { ErrorLine } from '#client/components/states/error-line';
import { UserText } from '#client/components/i18n/bidi';
import { Pager } from '#client/components/lists/pager';
import { showHistoryPager } from '#client/components/lists/paging';
import { usePortalScreens } from '#client/components/portal/portal-screens';
import { VisitSummaryIconLink } from '#client/components/portal/print-links';

/**
 * The Pet Profile's visit history (SPEC.md §2, pages of 4 shown only above 4), where each visit
 * opens in the Edit Visit dialog and "New visit" starts one for this pet (issue 21, item 8).
 */
export function PetVisitHistory({ pet }: { pet: VetPetDetails }) {
  const { t, i18n } = useTranslation('portal');
  const { selectedUserId } = usePortalState();
  const { EditVisitDialog, NewVisitDialog } = usePortalScreens();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const history = useVetPetVisits(pet.petProfileId, page);
  return (
    <Box component="section" aria-labelledby="history-title">
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography id="history-title" component="h3" variant="h3">
          {t('profile.history')}
        </Typography>
        <Button
          startIcon={<NewVisitIcon />}
          onClick={() => setCreating(true)}
          aria-label={t('pets.newVisitFor', { name: pet.petName })}
        >
          {t('pets.newVisit')}
        </Button>
      </Stack>
      {history.isError && <ErrorLine plain message={t('profile.loadFailed')} />}
      {history.data && history.data.visits.length === 0 && (
        <Typography color="text.secondary">{t('visits.empty')}</Typography>
      )}
      <List dense>
        {history.data?.visits.map((v) => {
          const date = formatLongDate(v.visitDate, i18n.language);
          return (
            <ListItem
              key={v.id}
              divider
              disablePadding
              secondaryAction={<VisitSummaryIconLink vetVisitId={v.id} date={date} />}
            >
              <ListItemButton onClick={() => setEditing(v.id)} aria-label={t('profile.openVisit', { date })}>
                <ListItemText
                  primary={date}
                  secondary={v.vetName ? <UserText>{v.vetName}</UserText> : t('visits.noVet')}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {history.data && showHistoryPager(history.data.count, PAGE_SIZE) && (
        <Pager
          page={page}
          itemsOnPage={history.data.visits.length}
          fullPage={PAGE_SIZE}
          onPageChange={setPage}
          label={t('profile.historyPager')}
        />
      )}
      <Suspense fallback={null}>
        {editing !== null && (
          <EditVisitDialog visitId={editing} selectedUserId={selectedUserId} onClose={() => setEditing(null)} />
        )}
        {creating && (
          <NewVisitDialog
            vetUserId={selectedUserId}
            initialPet={{
              ID: pet.petProfileId,
              petName: pet.petName,
              petImage: pet.petImage,
              petType: pet.petType,
              petTypeId: pet.petTypeId,
              petBreed: pet.petBreed,
              petBreedId: pet.petBreedId,
              OwnerNameForVet: pet.ownerNameForVet,
            }}
            onClose={() => setCreating(false)}
            onCreated={() => setCreating(false)}
          />
        )}
      </Suspense>
    </Box>
  );
}
