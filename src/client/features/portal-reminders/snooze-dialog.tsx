import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ISO_DAY } from '#client/components/format/dates';

/**
 * Snoozing one reminder (issue 33): the last day it stays snoozed, a week from today at first, never before tomorrow.
 * The server checks the day too; its message shows under the field. The day is the portal's date picker, written as
 * the page's language writes a day (a native date input followed the browser's language instead).
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
  const tomorrow = dayjs().add(1, 'day').startOf('day');
  const [until, setUntil] = useState<Dayjs | null>(() => dayjs().add(7, 'day').startOf('day'));
  const usable = until !== null && until.isValid() && !until.isBefore(tomorrow, 'day');
  return (
    <Dialog open onClose={onCancel} aria-labelledby="snooze-title" fullWidth maxWidth="xs">
      <DialogTitle id="snooze-title">{t('reminders.snoozeTitle', { name: petName })}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DatePicker
          label={t('reminders.snoozeUntilLabel')}
          value={until}
          onChange={setUntil}
          minDate={tomorrow}
          slotProps={{
            textField: {
              fullWidth: true,
              sx: { mt: 1 },
              error: !usable,
              helperText: usable ? t('reminders.snoozeHelp') : t('validation.snoozeUntilRequired'),
            },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('reminders.cancel')}</Button>
        <Button variant="contained" disabled={busy || !usable} onClick={() => until && onSnooze(until.format(ISO_DAY))}>
          {t('reminders.snoozeSave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
