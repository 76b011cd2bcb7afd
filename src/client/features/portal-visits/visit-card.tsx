import { Box, Button, ButtonBase, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import type { VetVisit } from '#shared/contract/vet';
import { PetSummary } from '#client/components/media/pet-avatar';
import { formatLongDate } from '#client/components/format/dates';
import { Ltr, UserText } from '#client/components/i18n/bidi';

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

interface Props {
  visit: VetVisit;
  onOpenPet: (petProfileId: number) => void;
  onEdit: (visit: VetVisit) => void;
  onDelete: (visit: VetVisit) => void;
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
        <ButtonBase
          onClick={() => onOpenPet(visit.PetProfileID)}
          title={t('visits.openPet', { name: visit.petName })}
          sx={{
            width: '100%',
            justifyContent: 'flex-start',
            textAlign: 'start',
            borderRadius: 2,
            p: 0.5,
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
          }}
        >
          <PetSummary pet={visit} headingLevel="h3" />
        </ButtonBase>
        <Stack spacing={0.5} sx={{ mt: 1.5 }}>
          <Typography variant="body2">
            <strong>{t('visits.owner')}:</strong> <UserText>{visit.OwnerNameForVet}</UserText>
          </Typography>
          <Typography variant="body2">
            <Ltr>{visit.OwnerPhoneForVet}</Ltr>
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
            <Chip
              size="small"
              variant="outlined"
              icon={<StatusDot finished={visit.isFinished} />}
              label={visit.isFinished ? t('visits.status.completed') : t('visits.status.active')}
              sx={{ ps: 0.5 }}
            />
          </Box>
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end' }}>
        <Button
          startIcon={<EditIcon />}
          onClick={() => onEdit(visit)}
          aria-label={t('visits.editLabel', { name: visit.petName })}
        >
          {t('edit')}
        </Button>
        <Button
          color="error"
          startIcon={<DeleteIcon />}
          onClick={() => onDelete(visit)}
          aria-label={t('visits.deleteLabel', { name: visit.petName })}
        >
          {t('delete')}
        </Button>
      </CardActions>
    </Card>
  );
}
