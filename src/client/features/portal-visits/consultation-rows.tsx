import { Box, Button, IconButton, Stack, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { VISIT_FORM_MAX } from '#shared/forms/visit-payload';
import { emptyConsultation, type VisitFormState } from '#client/features/portal-visits/visit-form-state';
import { USER_TEXT_INPUT } from '#client/components/i18n/bidi';

/** Consultation rows of the Edit Visit form (a field array): reason and notes; add and remove. */
export function ConsultationRows() {
  const { t } = useTranslation('portal');
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<VisitFormState>();
  const { fields, append, remove } = useFieldArray({ control, name: 'consultations' });
  const visitDate = useWatch({ control, name: 'visitDate' });
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  return (
    <Stack spacing={2}>
      {fields.map((field, index) => {
        const rowErrors = errors.consultations?.[index];
        return (
          <Stack
            key={field.id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}
          >
            <TextField
              label={t('editVisit.reason')}
              size="small"
              {...register(`consultations.${index}.title`)}
              error={!!rowErrors?.title}
              helperText={message(rowErrors?.title?.message)}
              slotProps={{ htmlInput: { maxLength: VISIT_FORM_MAX.title } }}
            />
            <TextField
              label={t('editVisit.notes')}
              size="small"
              multiline
              minRows={1}
              {...register(`consultations.${index}.notes`)}
              error={!!rowErrors?.notes}
              helperText={message(rowErrors?.notes?.message)}
              slotProps={{ htmlInput: { maxLength: VISIT_FORM_MAX.consultationNotes, ...USER_TEXT_INPUT } }}
            />
            <IconButton
              aria-label={t('editVisit.removeRow', { n: index + 1 })}
              onClick={() => remove(index)}
              sx={{ alignSelf: 'center' }}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        );
      })}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => append(emptyConsultation(visitDate))}>
          {t('editVisit.add.consultations')}
        </Button>
      </Box>
    </Stack>
  );
}
