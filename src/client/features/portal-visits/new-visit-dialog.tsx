import { useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useDataTitles } from '#client/components/format/data-titles';
import { Phone, UserText } from '#client/components/i18n/bidi';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { VISIT_PET_SEARCH_PAGE_SIZE } from '#shared/constants';
import { createVisitSchema, type CreateVisitValues } from '#shared/forms/visit-payload';
import { useVetPets } from '#client/api/portal-pets';
import type { VisitPet } from '#client/components/portal/portal-screens';
import { useCreateVisit } from '#client/api/portal-visits';
import { PetAvatar } from '#client/components/media/pet-avatar';
import { Pager } from '#client/components/lists/pager';
import { useDebouncedValue } from '#client/components/hooks/use-debounced-value';
import { ISO_DAY } from '#client/components/format/dates';
import { ErrorLine } from '#client/components/states/error-line';
import { wholeFormResolver } from '#client/components/forms/form-resolver';
import { useBackCloses } from '#client/components/hooks/use-back-closes';
import EditVisitDialog from '#client/features/portal-visits/edit-visit-dialog';

interface NewVisitForm {
  petId: number | null;
  date: Dayjs | null;
}

interface Props {
  vetUserId: number | null;
  /** a visit for this pet (from its row or profile): the search starts already picked */
  initialPet?: VisitPet | null;
  onClose: () => void;
  /** the visit was created, and its Edit Vet Visit dialog closed */
  onCreated: () => void;
}

/**
 * New Vet Visit (SPEC.md §2, §4), then straight on to the new visit (issue 36, item 5): "Create Visit" opens its Edit
 * Vet Visit dialog in the same place (and the same history entry: Back closes it), where the vaccinations and notes
 * are recorded. SPEC.md closes the modal and refreshes the list, which left the user to find the visit
 * (docs/decisions/0160).
 */
export default function NewVisitDialog({ vetUserId, initialPet = null, onClose, onCreated }: Props) {
  const [created, setCreated] = useState<number | null>(null);
  if (created !== null) return <EditVisitDialog visitId={created} selectedUserId={vetUserId} onClose={onCreated} />;
  return <NewVisitForm vetUserId={vetUserId} initialPet={initialPet} onClose={onClose} onCreated={setCreated} />;
}

/** Search pets (pages of 5), pick one, a date (default today), "Create Visit". */
function NewVisitForm({
  vetUserId,
  initialPet,
  onClose,
  onCreated,
}: {
  vetUserId: number | null;
  initialPet: VisitPet | null;
  onClose: () => void;
  onCreated: (vetVisitId: number) => void;
}) {
  const { t } = useTranslation('portal');
  const titles = useDataTitles();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pet, setPet] = useState<VisitPet | null>(initialPet);
  // The shared CreateVetVisit schema, as the server checks it.
  const resolver = wholeFormResolver((v: NewVisitForm) =>
    createVisitSchema.validate({
      petId: v.petId,
      visitDate: v.date?.isValid() ? v.date.format(ISO_DAY) : '',
      vetUserId,
    }),
  );
  const { control, handleSubmit, setValue } = useForm<NewVisitForm, unknown, CreateVisitValues>({
    resolver,
    defaultValues: { petId: initialPet?.ID ?? null, date: dayjs() },
  });
  const date = useWatch({ control, name: 'date' });
  const [error, setError] = useState('');
  const term = useDebouncedValue(search.trim());
  const pets = useVetPets({ page, searchTerm: term, limit: VISIT_PET_SEARCH_PAGE_SIZE }, pet === null);
  const create = useCreateVisit();
  useBackCloses(onClose);
  const list = pets.data?.pets ?? [];
  const choose = (chosen: VisitPet | null) => {
    setPet(chosen);
    setValue('petId', chosen?.ID ?? null);
  };

  const submit = handleSubmit((values) => {
    setError('');
    create.mutate(values, {
      onSuccess: (visit) => onCreated(visit.vetVisitId),
      onError: () => setError(t('newVisit.failed')),
    });
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-visit-title">
      <DialogTitle id="new-visit-title">{t('newVisit.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {error && <ErrorLine plain message={error} />}
          {pet ? (
            <Box>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <PetAvatar src={pet.petImage} name={pet.petName} size={48} />
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>
                    <UserText>{pet.petName}</UserText>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    <bdi>{titles.petType(pet.petTypeId, pet.petType)}</bdi> ·{' '}
                    <bdi>{titles.breed(pet.petBreedId, pet.petBreed)}</bdi> · <UserText>{pet.OwnerNameForVet}</UserText>
                  </Typography>
                </Box>
              </Stack>
              <Link component="button" type="button" onClick={() => choose(null)} sx={{ mt: 1 }}>
                {t('newVisit.backToSearch')}
              </Link>
            </Box>
          ) : (
            <>
              <TextField
                label={t('newVisit.search')}
                type="search"
                value={search}
                autoFocus
                onChange={(e) => {
                  setSearch(e.target.value);
                  setPage(1);
                }}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
              {pets.isError && <ErrorLine plain message={pets.error.message} />}
              {pets.isPending ? (
                <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
                  <CircularProgress aria-label={t('loading')} />
                </Box>
              ) : list.length === 0 ? (
                <Typography color="text.secondary">{t('pets.empty')}</Typography>
              ) : (
                <List aria-label={t('newVisit.results')} dense>
                  {list.map((p) => (
                    <ListItemButton key={p.ID} onClick={() => choose(p)}>
                      <ListItemAvatar>
                        <PetAvatar src={p.petImage} name={p.petName} size={40} />
                      </ListItemAvatar>
                      <ListItemText
                        primary={<UserText>{p.petName}</UserText>}
                        secondary={
                          <>
                            <bdi>{titles.petType(p.petTypeId, p.petType)}</bdi> ·{' '}
                            <bdi>{titles.breed(p.petBreedId, p.petBreed)}</bdi> ·{' '}
                            <UserText>{p.OwnerNameForVet}</UserText> · <Phone>{p.OwnerPhoneForVet}</Phone>
                          </>
                        }
                      />
                    </ListItemButton>
                  ))}
                </List>
              )}
              <Pager
                page={page}
                itemsOnPage={list.length}
                fullPage={VISIT_PET_SEARCH_PAGE_SIZE}
                onPageChange={setPage}
                label={t('newVisit.pagerLabel')}
              />
            </>
          )}
          <Controller
            control={control}
            name="date"
            render={({ field }) => (
              <DatePicker
                label={t('newVisit.date')}
                value={field.value}
                onChange={field.onChange}
                inputRef={field.ref}
                slotProps={{ textField: { required: true } }}
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={!pet || !date || !date.isValid() || vetUserId === null || create.isPending}
        >
          {t('newVisit.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
