import { Box, Button, IconButton, Stack, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { VISIT_FORM_MAX } from '#shared/forms/visit-payload';
import { emptyConsultation, type ConsultationRowState } from '#client/features/portal-visits/visit-form-state';
import { USER_TEXT_INPUT } from '#client/components/i18n/bidi';

/** Consultation rows: reason and notes; add and remove. */
export function ConsultationRows({
  rows,
  visitDate,
  onChange,
}: {
  rows: ConsultationRowState[];
  visitDate: string;
  onChange: (rows: ConsultationRowState[]) => void;
}) {
  const { t } = useTranslation('portal');
  const update = (key: string, patch: Partial<ConsultationRowState>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <Stack spacing={2}>
      {rows.map((row, index) => (
        <Stack
          key={row.key}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}
        >
          <TextField
            label={t('editVisit.reason')}
            value={row.title}
            size="small"
            onChange={(e) => update(row.key, { title: e.target.value })}
            slotProps={{ htmlInput: { maxLength: VISIT_FORM_MAX.title } }}
          />
          <TextField
            label={t('editVisit.notes')}
            value={row.notes}
            size="small"
            multiline
            minRows={1}
            onChange={(e) => update(row.key, { notes: e.target.value })}
            slotProps={{ htmlInput: { maxLength: VISIT_FORM_MAX.consultationNotes, ...USER_TEXT_INPUT } }}
          />
          <IconButton
            aria-label={t('editVisit.removeRow', { n: index + 1 })}
            onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
            sx={{ alignSelf: 'center' }}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => onChange([...rows, emptyConsultation(visitDate)])}>
          {t('editVisit.add.consultations')}
        </Button>
      </Box>
    </Stack>
  );
}
