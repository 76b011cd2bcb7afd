import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ISO_DAY } from '#client/components/format/dates';

/**
 * Snoozing one reminder (issue 33): the last day it stays snoozed, a week from today at first, never before tomorrow.
 * The server checks the day too; its message shows under the field.
 */
export function SnoozeDialog({
  petName,
  busy,
  error,
  onSnooze,
  onCancel,
}: {
  petName: string;
  busy: boolean;
  error: string;
  onSnooze: (until: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('portal');
  const tomorrow = dayjs().add(1, 'day').format(ISO_DAY);
  const [until, setUntil] = useState(() => dayjs().add(7, 'day').format(ISO_DAY));
  const tooEarly = until !== '' && until < tomorrow;
  return (
    <Dialog open onClose={onCancel} aria-labelledby="snooze-title" fullWidth maxWidth="xs">
      <DialogTitle id="snooze-title">{t('reminders.snoozeTitle', { name: petName })}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          type="date"
          label={t('reminders.snoozeUntilLabel')}
          value={until}
          onChange={(e) => setUntil(e.target.value)}
          error={until === '' || tooEarly}
          helperText={until === '' || tooEarly ? t('validation.snoozeUntilRequired') : t('reminders.snoozeHelp')}
          fullWidth
          sx={{ mt: 1 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: tomorrow } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('reminders.cancel')}</Button>
        <Button variant="contained" disabled={busy || until === '' || tooEarly} onClick={() => onSnooze(until)}>
          {t('reminders.snoozeSave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
