import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SendVetRemindersResult } from '#shared/contract/vet';
import { ErrorLine } from '#client/components/error-line';

interface Props {
  open: boolean;
  /** the long date of the day, e.g. "March 5, 2025" */
  dayLabel: string;
  /** the dry run's counts; null while they load */
  preview: SendVetRemindersResult | null;
  error: string;
  busy: boolean;
  onSend: () => void;
  onCancel: () => void;
}

/** The confirmation of "Send reminders": how many owners get an e-mail and how many have no address. */
export function SendRemindersDialog({ open, dayLabel, preview, error, busy, onSend, onCancel }: Props) {
  const { t } = useTranslation('portal');
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby="send-reminders-title" aria-describedby="send-reminders-text">
      <DialogTitle id="send-reminders-title">{t('reminderMail.confirmTitle', { day: dayLabel })}</DialogTitle>
      <DialogContent>
        <Stack id="send-reminders-text" spacing={1}>
          {!preview && !error && <CircularProgress size={24} aria-label={t('reminderMail.counting')} />}
          {preview && (
            <>
              <DialogContentText>{preview.queued > 0 ? t('reminderMail.willSend', { count: preview.queued }) : t('reminderMail.nothingToSend')}</DialogContentText>
              {preview.withoutEmail > 0 && <DialogContentText>{t('reminderMail.withoutEmail', { count: preview.withoutEmail })}</DialogContentText>}
              {preview.alreadySent > 0 && <DialogContentText>{t('reminderMail.alreadySent', { count: preview.alreadySent })}</DialogContentText>}
              {preview.overDailyLimit > 0 && <DialogContentText>{t('reminderMail.overDailyLimit', { count: preview.overDailyLimit })}</DialogContentText>}
            </>
          )}
          {error && <ErrorLine plain message={error} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('reminderMail.cancel')}
        </Button>
        <Button variant="contained" onClick={onSend} disabled={busy || !preview || preview.queued === 0} autoFocus>
          {t('reminderMail.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
