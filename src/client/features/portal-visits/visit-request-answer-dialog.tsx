import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { VisitRequest } from '#shared/contract/visit-requests';
import { VISIT_REQUEST_LIMITS } from '#shared/forms/visit-request-forms';
import { useAnswerVisitRequest } from '#client/api/portal-visits';
import { ISO_DAY } from '#client/components/format/dates';
import { USER_TEXT_INPUT } from '#client/components/i18n/bidi';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import type { VisitRequestAnswer } from '#client/features/portal-visits/visit-request-card';

/**
 * Accept (the visit's day, the owner's first preferred day unless changed) or Decline of one visit request, either with
 * an optional message to the owner (their e-mail carries it), sent with the version the list showed: a request someone answered meanwhile is refused (409) with
 * who answered it.
 */
export function VisitRequestAnswerDialog({
  request,
  answer,
  onClose,
  onAnswered,
}: {
  request: VisitRequest;
  answer: VisitRequestAnswer;
  onClose: () => void;
  /** the day booked (accepted) or null (declined) */
  onAnswered: (visitDate: string | null) => void;
}) {
  const { t } = useTranslation('portal');
  const send = useAnswerVisitRequest();
  const [date, setDate] = useState<Dayjs | null>(() => dayjs(request.preferredDays[0] ?? undefined));
  const [message, setMessage] = useState('');
  const accept = answer === 'accept';
  const submit = () => {
    const visitDate = date?.format(ISO_DAY) ?? '';
    send.mutate(
      accept
        ? { requestId: request.id, version: request.version, visitDate, decline: false, message }
        : { requestId: request.id, version: request.version, decline: true, message },
      { onSuccess: () => onAnswered(accept ? visitDate : null) },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="visit-request-answer-title" fullWidth maxWidth="xs">
      <DialogTitle id="visit-request-answer-title">
        {t(accept ? 'visits.requests.acceptTitle' : 'visits.requests.declineTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {accept && (
            <DatePicker
              label={t('visits.requests.visitDate')}
              value={date}
              onChange={setDate}
              slotProps={{ textField: { required: true } }}
            />
          )}
          <TextField
            label={t('visits.requests.message')}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { ...USER_TEXT_INPUT, maxLength: VISIT_REQUEST_LIMITS.message } }}
          />
          {send.error && <ErrorLine plain message={errorMessage(send.error)} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button
          variant="contained"
          color={accept ? 'primary' : 'error'}
          loading={send.isPending}
          disabled={accept && !date?.isValid()}
          onClick={submit}
        >
          {t(accept ? 'visits.requests.confirmAccept' : 'visits.requests.confirmDecline')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
