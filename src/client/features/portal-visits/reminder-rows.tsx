import { Box, Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '#client/components/format/dates';
import { useDataTitles } from '#client/components/format/data-titles';
import { matchProtocol } from '#shared/reminder-protocol-match';
import { REMINDER_PRESET_DAYS } from '#shared/constants';
import { useReminderProtocols } from '#client/api/portal-reminders';
import { REMINDER_CHOICES, reminderDateFor, type ReminderChoice } from '#client/features/portal-visits/reminder-date';
import { ISO_DAY } from '#client/components/format/dates';
import {
  emptyReminderRow,
  type ReminderRowState,
  type VisitFormState,
} from '#client/features/portal-visits/visit-form-state';

interface Props {
  /** 'vaccinations' | 'antiparasitics': the form's rows, heading and labels */
  kind: 'vaccinations' | 'antiparasitics';
  choices: readonly string[];
  /** the visit's pet, whose type and age choose the clinic's protocol (issue 33) */
  pet: { petTypeId: number; dob: string | null } | undefined;
}

function choiceValue(c: ReminderChoice): string {
  return String(c);
}

function parseChoice(v: string): ReminderChoice {
  return v === 'none' || v === 'custom' || v === 'protocol' ? v : (Number(v) as ReminderChoice);
}

/** The days of the clinic's protocol for a row (its title, its date, the pet), or null when none applies. */
function useProtocolDays(pet: Props['pet']) {
  const protocols = useReminderProtocols().data?.protocols;
  return (title: string, date: string): number | null => {
    if (!protocols || !pet || !title) return null;
    return matchProtocol(protocols, pet, title, date || dayjs().format(ISO_DAY))?.intervalDays ?? null;
  };
}

/**
 * Vaccination or antiparasitic rows of the Edit Visit form (a field array): title from the choices, date, reminder
 * option; add and remove. A preset reminder counts from the record's date and moves with it. With several rows, one
 * choice sets every row's reminder at once.
 */
export function ReminderRows({ kind, choices, pet }: Props) {
  const { t, i18n } = useTranslation('portal');
  const titles = useDataTitles();
  const choiceTitle = kind === 'vaccinations' ? titles.vaccination : titles.antiparasitic;
  const { control, setValue } = useFormContext<VisitFormState>();
  const { fields, append, remove } = useFieldArray({ control, name: kind });
  const rows = useWatch({ control, name: kind });
  const visitDate = useWatch({ control, name: 'visitDate' });
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  const protocolDays = useProtocolDays(pet);
  const setReminder = (index: number, choice: ReminderChoice, row: ReminderRowState, recordDate: string) => {
    const day = recordDate || visitDate;
    const date = reminderDateFor(choice, row.nextReminderDate, day, new Date(), protocolDays(row.title, day));
    setValue(`${kind}.${index}.nextReminderDate`, date, { shouldDirty: true });
  };
  // A new row takes the protocol of the title chosen (unless someone picked another choice); a title without one
  // leaves the protocol's date.
  const onTitle = (index: number, row: ReminderRowState, title: string) => {
    if (row.recordId !== undefined || (row.choice !== 'none' && row.choice !== 'protocol')) return;
    const choice = protocolDays(title, row.date || visitDate) === null ? 'none' : 'protocol';
    setValue(`${kind}.${index}.choice`, choice, { shouldDirty: true });
    setReminder(index, choice, { ...row, title }, row.date);
  };
  const protocolLabel = (days: number | null) =>
    t('reminderChoice.protocol', {
      interval: (REMINDER_PRESET_DAYS as readonly number[]).includes(days ?? 0)
        ? t(`reminderChoice.${days}`)
        : t('reminderChoice.inDays', { days }),
    });
  // one reminder for every row at once: a vet recording several vaccinations due again together (issue 36)
  const setEveryReminder = (choice: ReminderChoice) =>
    rows.forEach((row, index) => {
      setValue(`${kind}.${index}.choice`, choice, { shouldDirty: true });
      setReminder(index, choice, row, row.date);
    });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="h3" sx={{ mb: 1 }}>
        {t(`editVisit.${kind}`)}
      </Typography>
      <Stack spacing={2}>
        {fields.map((field, index) => {
          const row = rows[index] ?? field;
          const days = protocolDays(row.title, row.date || visitDate);
          return (
            <Box
              key={field.id}
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
              <Controller
                control={control}
                name={`${kind}.${index}.title`}
                render={({ field: title, fieldState }) => (
                  <TextField
                    select
                    label={t(`editVisit.${kind}Title`)}
                    inputRef={title.ref}
                    value={title.value}
                    onChange={(e) => {
                      title.onChange(e);
                      onTitle(index, row, e.target.value);
                    }}
                    onBlur={title.onBlur}
                    error={fieldState.invalid}
                    helperText={message(fieldState.error?.message)}
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
                )}
              />
              <Controller
                control={control}
                name={`${kind}.${index}.date`}
                render={({ field: date, fieldState }) => (
                  <DatePicker
                    label={t('editVisit.recordDate')}
                    inputRef={date.ref}
                    value={date.value ? dayjs(date.value) : null}
                    onChange={(d) => {
                      const day = d && d.isValid() ? d.format(ISO_DAY) : '';
                      date.onChange(day);
                      if (typeof row.choice === 'number' || row.choice === 'protocol')
                        setReminder(index, row.choice, row, day);
                    }}
                    slotProps={{
                      textField: {
                        size: 'small',
                        error: fieldState.invalid,
                        helperText: message(fieldState.error?.message),
                      },
                    }}
                  />
                )}
              />
              <Controller
                control={control}
                name={`${kind}.${index}.choice`}
                render={({ field: choice }) => (
                  <TextField
                    select
                    label={t('editVisit.reminder')}
                    inputRef={choice.ref}
                    value={choiceValue(choice.value)}
                    size="small"
                    onChange={(e) => {
                      const next = parseChoice(e.target.value);
                      choice.onChange(next);
                      setReminder(index, next, row, row.date);
                    }}
                    onBlur={choice.onBlur}
                  >
                    {days !== null || row.choice === 'protocol' ? (
                      <MenuItem value="protocol">{protocolLabel(days)}</MenuItem>
                    ) : null}
                    {REMINDER_CHOICES.map((c) => (
                      <MenuItem key={String(c)} value={choiceValue(c)}>
                        {t(`reminderChoice.${c}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              {row.choice === 'custom' ? (
                <Controller
                  control={control}
                  name={`${kind}.${index}.nextReminderDate`}
                  render={({ field: reminder, fieldState }) => (
                    <DatePicker
                      label={t('editVisit.reminderDate')}
                      inputRef={reminder.ref}
                      value={reminder.value ? dayjs(reminder.value) : null}
                      onChange={(d) => reminder.onChange(d && d.isValid() ? d.format(ISO_DAY) : null)}
                      slotProps={{
                        textField: {
                          size: 'small',
                          error: fieldState.invalid,
                          helperText: message(fieldState.error?.message),
                        },
                      }}
                    />
                  )}
                />
              ) : (
                <Typography variant="body2" sx={{ px: 1 }}>
                  {formatLongDate(row.nextReminderDate, i18n.language) || '—'}
                </Typography>
              )}
              <IconButton
                aria-label={t('editVisit.removeRow', { n: index + 1 })}
                onClick={() => remove(index)}
                sx={{ gridColumn: { xs: 'auto', sm: '1 / -1', md: 'auto' }, justifySelf: 'end' }}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          );
        })}
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Button startIcon={<AddIcon />} onClick={() => append(emptyReminderRow(visitDate))}>
            {t(`editVisit.add.${kind}`)}
          </Button>
          {fields.length > 1 && (
            // an action, not a value: it shows no choice of its own, and each row shows what it set
            <TextField
              select
              size="small"
              label={t('editVisit.reminderForAll')}
              value=""
              onChange={(e) => setEveryReminder(parseChoice(e.target.value))}
              sx={{ minWidth: 240 }}
            >
              {REMINDER_CHOICES.filter((c) => c !== 'custom').map((c) => (
                <MenuItem key={String(c)} value={choiceValue(c)}>
                  {t(`reminderChoice.${c}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
