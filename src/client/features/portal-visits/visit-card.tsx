import { Box, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { VetVisit } from '#shared/contract/vet';
import { PetSummary } from '#client/components/media/pet-avatar';
import { formatLongDate } from '#client/components/format/dates';
import { Ltr, Phone, UserText } from '#client/components/i18n/bidi';
import { DeleteButton, EditButton } from '#client/components/portal/record-buttons';
import { OpenPetButton } from '#client/components/portal/open-pet-button';

export function StatusDot({ finished }: { finished: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: 10,
        height: 10,
        borderRadius: '50%',
        bgcolor: finished ? 'error.main' : 'success.main',
      }}
    />
  );
}

/** A visit's state: Active (green dot) or Completed (red dot). */
export function VisitStatusChip({ finished }: { finished: boolean }) {
  const { t } = useTranslation('portal');
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<StatusDot finished={finished} />}
      label={finished ? t('visits.status.completed') : t('visits.status.active')}
      sx={{ ps: 0.5 }}
    />
  );
}

interface Props {
  visit: VetVisit;
  onOpenPet: (petProfileId: number) => void;
  onEdit: (visit: VetVisit) => void;
  /** absent when the acting person may not delete visits */
  onDelete?: ((visit: VetVisit) => void) | null;
}

/** One visit: a pet header (opens the Pet Profile modal), owner contact, date, vet, Edit and Delete. */
export function VisitCard({ visit, onOpenPet, onEdit, onDelete }: Props) {
  const { t, i18n } = useTranslation('portal');
  return (
    <Card
      component="article"
      aria-label={t('visits.cardLabel', { name: visit.petName, date: formatLongDate(visit.VisitDate, i18n.language) })}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <OpenPetButton petName={visit.petName} onClick={() => onOpenPet(visit.PetProfileID)}>
          <PetSummary pet={visit} headingLevel="h3" />
        </OpenPetButton>
        <Stack spacing={0.5} sx={{ mt: 1.5 }}>
          <Typography variant="body2">
            <strong>{t('visits.owner')}:</strong> <UserText>{visit.OwnerNameForVet}</UserText>
          </Typography>
          <Typography variant="body2">
            <Phone>{visit.OwnerPhoneForVet}</Phone>
            {visit.OwnerEmailForVet && (
              <>
                {' · '}
                <Ltr>{visit.OwnerEmailForVet}</Ltr>
              </>
            )}
          </Typography>
          <Typography variant="body2">
            <strong>{t('visits.date')}:</strong> {formatLongDate(visit.VisitDate, i18n.language)}
          </Typography>
          <Typography variant="body2">
            <strong>{t('visits.vet')}:</strong>{' '}
            {visit.VetName ? <UserText>{visit.VetName}</UserText> : t('visits.noVet')}
          </Typography>
          <Box>
            <VisitStatusChip finished={visit.isFinished} />
          </Box>
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end' }}>
        <EditButton label={t('visits.editLabel', { name: visit.petName })} onClick={() => onEdit(visit)} />
        {onDelete && (
          <DeleteButton label={t('visits.deleteLabel', { name: visit.petName })} onClick={() => onDelete(visit)} />
        )}
      </CardActions>
    </Card>
  );
}
