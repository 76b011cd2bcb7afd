import { useState } from 'react';
import {
  Autocomplete,
  Box,
  Button,
  Chip,
  FormControl,
  FormControlLabel,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ReminderSchedule } from '#shared/contract/reminder-protocols';
import { SCHEDULE_LIMITS } from '#shared/forms/reminder-protocol-form';
import { ApiError, versionConflictOf } from '#client/api/client';
import { useSaveReminderSchedule } from '#client/api/portal-reminders';
import { ConflictNotice } from '#client/components/portal/conflict-notice';
import { ErrorLine } from '#client/components/states/error-line';
import { stageLabel } from '#client/features/portal-reminders/stage-label';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
/** Every IANA time zone this browser knows (the server checks the name again). */
const TIME_ZONES = Intl.supportedValuesOf('timeZone');

/**
 * The clinic's schedule of notices (issue 33, item 2; docs/decisions/0184): on or off, the stages as chips (days
 * before or after the due date), the send hour and the time zone. Admins edit and save it (SaveReminderSchedule,
 * naming the version read); everyone else reads it. A save refused over someone else's newer schedule offers Reload
 * (`onReload`: the schedule read again and the form started over from it).
 */
export function ReminderScheduleForm({
  schedule,
  editable,
  reloading,
  onReload,
}: {
  schedule: ReminderSchedule;
  editable: boolean;
  reloading: boolean;
  onReload: () => void;
}) {
  const { t } = useTranslation('portal');
  const save = useSaveReminderSchedule();
  const [enabled, setEnabled] = useState(schedule.enabled);
  const [stages, setStages] = useState(schedule.stages);
  const [sendHour, setSendHour] = useState(schedule.sendHour);
  const [timeZone, setTimeZone] = useState<string | null>(schedule.timeZone);
  const [days, setDays] = useState('');
  const [side, setSide] = useState<'before' | 'after'>('before');
  // the version this form last read or saved: a save over someone else's newer one is refused (409)
  const [version, setVersion] = useState(schedule.version);
  const [error, setError] = useState('');
  const [conflict, setConflict] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);

  const dayCount = Number(days);
  const newStage = side === 'before' ? -dayCount : dayCount;
  // a seventh notice would only be refused by the save
  const full = stages.length >= SCHEDULE_LIMITS.stages;
  const canAdd =
    !full &&
    days.trim() !== '' &&
    Number.isInteger(dayCount) &&
    dayCount >= 0 &&
    dayCount <= SCHEDULE_LIMITS.days &&
    !stages.includes(newStage);
  const addStage = () => {
    setStages([...stages, newStage].sort((a, b) => a - b));
    setDays('');
    setSaved(false);
  };

  const submit = async () => {
    setError('');
    setSaved(false);
    if (!timeZone) {
      setError(t('reminderSettings.timeZoneRequired'));
      return;
    }
    try {
      const result = await save.mutateAsync({ enabled, stages, sendHour, timeZone, version });
      setVersion(result.version);
      setSaved(true);
    } catch (err) {
      const refused = versionConflictOf(err);
      if (refused) setConflict(refused);
      else setError(err instanceof ApiError && err.fromServer ? err.message : t('reminderSettings.saveFailed'));
    }
  };

  return (
    <Stack spacing={2}>
      <FormControlLabel
        control={<Switch checked={enabled} disabled={!editable} onChange={(e) => setEnabled(e.target.checked)} />}
        label={t('reminderSettings.enabled')}
      />
      <Box>
        <Typography id="reminder-stages-label" component="h4" variant="subtitle2" sx={{ mb: 1 }}>
          {t('reminderSettings.stages')}
        </Typography>
        <Stack
          component="ul"
          aria-labelledby="reminder-stages-label"
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
        >
          {stages.map((stage) => (
            <li key={stage}>
              <Chip
                label={stageLabel(t, stage)}
                onDelete={
                  editable && stages.length > 1
                    ? () => {
                        setStages(stages.filter((s) => s !== stage));
                        setSaved(false);
                      }
                    : undefined
                }
              />
            </li>
          ))}
        </Stack>
      </Box>
      {editable && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            size="small"
            type="number"
            label={t('reminderSettings.days')}
            value={days}
            disabled={full}
            onChange={(e) => setDays(e.target.value)}
            slotProps={{ htmlInput: { min: 0, max: SCHEDULE_LIMITS.days, step: 1 } }}
            sx={{ width: { sm: 120 } }}
          />
          <FormControl size="small" sx={{ minWidth: 160 }}>
            <InputLabel id="reminder-stage-side-label">{t('reminderSettings.side')}</InputLabel>
            <Select
              labelId="reminder-stage-side-label"
              label={t('reminderSettings.side')}
              value={side}
              onChange={(e) => setSide(e.target.value === 'after' ? 'after' : 'before')}
            >
              <MenuItem value="before">{t('reminderSettings.before')}</MenuItem>
              <MenuItem value="after">{t('reminderSettings.after')}</MenuItem>
            </Select>
          </FormControl>
          <Button variant="outlined" disabled={!canAdd} onClick={addStage}>
            {t('reminderSettings.addStage')}
          </Button>
        </Stack>
      )}
      {editable && full && <Typography variant="body2">{t('reminderSettings.stagesFull')}</Typography>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormControl size="small" sx={{ minWidth: 140 }} disabled={!editable}>
          <InputLabel id="reminder-send-hour-label">{t('reminderSettings.sendHour')}</InputLabel>
          <Select
            labelId="reminder-send-hour-label"
            label={t('reminderSettings.sendHour')}
            value={sendHour}
            onChange={(e) => setSendHour(Number(e.target.value))}
          >
            {HOURS.map((hour) => (
              <MenuItem key={hour} value={hour}>
                {`${String(hour).padStart(2, '0')}:00`}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Autocomplete
          size="small"
          options={TIME_ZONES}
          value={timeZone}
          disabled={!editable}
          onChange={(_, zone) => setTimeZone(zone)}
          sx={{ flexGrow: 1, minWidth: 220 }}
          renderInput={(params) => <TextField {...params} label={t('reminderSettings.timeZone')} />}
        />
      </Stack>
      {error && <ErrorLine plain message={error} />}
      {conflict && <ConflictNotice error={conflict} subject="schedule" reloading={reloading} onReload={onReload} />}
      {saved && (
        <Typography role="status" color="success.main">
          {t('reminderSettings.saved')}
        </Typography>
      )}
      {editable && (
        <Box>
          <Button variant="contained" disabled={save.isPending || conflict !== null} onClick={() => void submit()}>
            {t('reminderSettings.saveSchedule')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
