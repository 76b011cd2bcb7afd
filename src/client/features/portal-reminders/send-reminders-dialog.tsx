import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SendVetRemindersResult } from '#shared/contract/vet';
import { ErrorLine } from '#client/components/states/error-line';

interface Props {
  open: boolean;
  /** what is sent: "March 5, 2025", a range of two such dates, or "Overdue" */
  rangeLabel: string;
  overdue?: boolean;
  /** the dry run's counts; null while they load */
  preview: SendVetRemindersResult | null;
  error: string;
  busy: boolean;
  onSend: () => void;
  onCancel: () => void;
}

/**
 * The confirmation of "Send reminders": how many owners get an e-mail (one each, every pet and item
 * of theirs in it) and how many reminders it covers, how many have no address, how many went before.
 */
export function SendRemindersDialog({
  open,
  rangeLabel,
  overdue = false,
  preview,
  error,
  busy,
  onSend,
  onCancel,
}: Props) {
  const { t } = useTranslation('portal');
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="send-reminders-title"
      aria-describedby="send-reminders-text"
    >
      <DialogTitle id="send-reminders-title">
        {overdue ? t('reminderMail.confirmTitleOverdue') : t('reminderMail.confirmTitle', { day: rangeLabel })}
      </DialogTitle>
      <DialogContent>
        <Stack id="send-reminders-text" spacing={1}>
          {!preview && !error && <CircularProgress size={24} aria-label={t('reminderMail.counting')} />}
          {preview && (
            <>
              <DialogContentText>
                {preview.queued > 0
                  ? `${t('reminderMail.willSend', { count: preview.queued })} ${t('reminderMail.covering', { count: preview.reminders })}`
                  : t('reminderMail.nothingToSend')}
              </DialogContentText>
              {preview.withoutEmail > 0 && (
                <DialogContentText>{t('reminderMail.withoutEmail', { count: preview.withoutEmail })}</DialogContentText>
              )}
              {preview.optedOut > 0 && (
                <DialogContentText>{t('reminderMail.optedOut', { count: preview.optedOut })}</DialogContentText>
              )}
              {preview.alreadySent > 0 && (
                <DialogContentText>{t('reminderMail.alreadySent', { count: preview.alreadySent })}</DialogContentText>
              )}
              {preview.overDailyLimit > 0 && (
                <DialogContentText>
                  {t('reminderMail.overDailyLimit', { count: preview.overDailyLimit })}
                </DialogContentText>
              )}
              {preview.overClinicDailyLimit > 0 && (
                <DialogContentText>
                  {t('reminderMail.overClinicDailyLimit', { count: preview.overClinicDailyLimit })}
                </DialogContentText>
              )}
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
