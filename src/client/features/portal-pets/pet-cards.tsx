import { Box, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import NewVisitIcon from '@mui/icons-material/PostAddOutlined';
import { useDataTitles } from '#client/components/format/data-titles';
import { Ltr, Phone, UserText } from '#client/components/i18n/bidi';
import { ageOrNotAvailable } from '#client/components/format/age';
import { useTranslation } from 'react-i18next';
import type { VetPet } from '#shared/contract/vet';
import { DeleteButton, EditButton } from '#client/components/portal/record-buttons';
import { OpenPetButton } from '#client/components/portal/open-pet-button';
import { PetAvatar, PetTypeIcon } from '#client/components/media/pet-avatar';
import { DueChip } from '#client/features/portal-pets/due-chip';

interface Props {
  pets: VetPet[];
  onOpen: (pet: VetPet) => void;
  onEdit: (pet: VetPet) => void;
  /** absent when the acting person may not delete pets */
  onDelete?: (pet: VetPet) => void;
  /** starts a new visit for the pet (issue 21, item 8) */
  onNewVisit: (pet: VetPet) => void;
}

/** The Pets tab below 768 px: SPEC.md's cards. */
export function PetCards({ pets, onOpen, onEdit, onDelete, onNewVisit }: Props) {
  const { t } = useTranslation('portal');
  const titles = useDataTitles();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {pets.map((p) => (
        <Card key={p.ID} component="article" aria-label={p.petName}>
          <CardContent>
            <OpenPetButton petName={p.petName} onClick={() => onOpen(p)}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
                <PetAvatar src={p.petImage} name={p.petName} size={64} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography component="h2" variant="h3" noWrap>
                    <UserText>{p.petName}</UserText>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {ageOrNotAvailable(t, p.age, p.dob)}
                  </Typography>
                  <Typography variant="body2">
                    <PetTypeIcon src={p.petTypeImage} /> <bdi>{titles.petType(p.petTypeId, p.petType)}</bdi> ·{' '}
                    <bdi>{titles.breed(p.petBreedId, p.petBreed)}</bdi>
                  </Typography>
                </Box>
              </Stack>
            </OpenPetButton>
            <Stack spacing={0.25} sx={{ mt: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" component="span">
                  <strong>{t('pets.col.due')}:</strong>
                </Typography>
                <DueChip status={p.dueStatus} />
              </Stack>
              <Typography variant="body2">
                <strong>{t('pets.col.owner')}:</strong> <UserText>{p.OwnerNameForVet}</UserText>
              </Typography>
              <Typography variant="body2">
                <strong>{t('pets.col.phone')}:</strong> <Phone>{p.OwnerPhoneForVet}</Phone>
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                <strong>{t('pets.col.email')}:</strong>{' '}
                {p.OwnerEmailForVet ? <Ltr>{p.OwnerEmailForVet}</Ltr> : t('notAvailable')}
              </Typography>
            </Stack>
          </CardContent>
          <CardActions sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button
              startIcon={<NewVisitIcon />}
              onClick={() => onNewVisit(p)}
              aria-label={t('pets.newVisitFor', { name: p.petName })}
            >
              {t('pets.newVisit')}
            </Button>
            {onDelete && (
              <DeleteButton label={t('pets.deleteLabel', { name: p.petName })} onClick={() => onDelete(p)} />
            )}
            <EditButton label={t('pets.editLabel', { name: p.petName })} onClick={() => onEdit(p)} />
          </CardActions>
        </Card>
      ))}
    </Box>
  );
}
