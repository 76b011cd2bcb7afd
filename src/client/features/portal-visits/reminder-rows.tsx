import { Box, Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '#client/components/format/dates';
import { useDataTitles } from '#client/components/format/data-titles';
import { REMINDER_CHOICES, reminderDateFor, type ReminderChoice } from '#client/features/portal-visits/reminder-date';
import { ISO_DAY } from '#client/components/format/dates';
import { emptyReminderRow, type ReminderRowState } from '#client/features/portal-visits/visit-form-state';

interface Props {
  /** 'vaccinations' | 'antiparasitics': heading and labels */
  kind: 'vaccinations' | 'antiparasitics';
  choices: readonly string[];
  rows: ReminderRowState[];
  visitDate: string;
  onChange: (rows: ReminderRowState[]) => void;
}

function choiceValue(c: ReminderChoice): string {
  return String(c);
}

function parseChoice(v: string): ReminderChoice {
  return v === 'none' || v === 'custom' ? v : (Number(v) as ReminderChoice);
}

/** Vaccination or antiparasitic rows: title from the choices, date, reminder option; add and remove. */
export function ReminderRows({ kind, choices, rows, visitDate, onChange }: Props) {
  const { t, i18n } = useTranslation('portal');
  const titles = useDataTitles();
  const choiceTitle = kind === 'vaccinations' ? titles.vaccination : titles.antiparasitic;
  const update = (key: string, patch: Partial<ReminderRowState>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="h3" sx={{ mb: 1 }}>
        {t(`editVisit.${kind}`)}
      </Typography>
      <Stack spacing={2}>
        {rows.map((row, index) => (
          <Box
            key={row.key}
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: {
                xs: 'minmax(0,1fr)',
                sm: 'minmax(0,1fr) minmax(0,1fr)',
                md: 'minmax(0,1.2fr) minmax(0,1fr) minmax(0,1fr) minmax(0,1fr) auto',
              },
              alignItems: 'center',
              p: 1.5,
              borderRadius: 2,
              bgcolor: 'action.hover',
            }}
          >
            <TextField
              select
              label={t(`editVisit.${kind}Title`)}
              value={row.title}
              onChange={(e) => update(row.key, { title: e.target.value })}
              size="small"
            >
              <MenuItem value="">
                <em>{t('editVisit.choose')}</em>
              </MenuItem>
              {choices.map((c) => (
                <MenuItem key={c} value={c}>
                  {choiceTitle(c)}
                </MenuItem>
              ))}
            </TextField>
            <DatePicker
              label={t('editVisit.recordDate')}
              value={row.date ? dayjs(row.date) : null}
              onChange={(d) => {
                const date = d && d.isValid() ? d.format(ISO_DAY) : '';
                // a preset counts from the record's date: it moves with it
                update(
                  row.key,
                  typeof row.choice === 'number'
                    ? { date, nextReminderDate: reminderDateFor(row.choice, row.nextReminderDate, date || visitDate) }
                    : { date },
                );
              }}
              slotProps={{ textField: { size: 'small' } }}
            />
            <TextField
              select
              label={t('editVisit.reminder')}
              value={choiceValue(row.choice)}
              size="small"
              onChange={(e) => {
                const choice = parseChoice(e.target.value);
                update(row.key, {
                  choice,
                  nextReminderDate: reminderDateFor(choice, row.nextReminderDate, row.date || visitDate),
                });
              }}
            >
              {REMINDER_CHOICES.map((c) => (
                <MenuItem key={String(c)} value={choiceValue(c)}>
                  {t(`reminderChoice.${c}`)}
                </MenuItem>
              ))}
            </TextField>
            {row.choice === 'custom' && (
              <DatePicker
                label={t('editVisit.reminderDate')}
                value={row.nextReminderDate ? dayjs(row.nextReminderDate) : null}
                onChange={(d) => update(row.key, { nextReminderDate: d && d.isValid() ? d.format(ISO_DAY) : null })}
                slotProps={{ textField: { size: 'small' } }}
              />
            )}
            {row.choice !== 'custom' && (
              <Typography variant="body2" sx={{ px: 1 }}>
                {formatLongDate(row.nextReminderDate, i18n.language) || '—'}
              </Typography>
            )}
            <IconButton
              aria-label={t('editVisit.removeRow', { n: index + 1 })}
              onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
              sx={{ gridColumn: { xs: 'auto', sm: '1 / -1', md: 'auto' }, justifySelf: 'end' }}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        ))}
        <Box>
          <Button startIcon={<AddIcon />} onClick={() => onChange([...rows, emptyReminderRow(visitDate)])}>
            {t(`editVisit.add.${kind}`)}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
