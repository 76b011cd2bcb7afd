import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ValidationError } from 'yup';
import { intlLocale } from '#shared/languages';
import { parsePayload } from '#shared/forms/payload-form';
import { requestVisitForm, VISIT_REQUEST_LIMITS, type PartOfDay } from '#shared/forms/visit-request-forms';
import { useBookingLink, useRequestVisit } from '#client/api/account-tokens-calls';
import { dateTimeFormat } from '#client/components/format/intl-formats';
import { Phone, USER_TEXT_INPUT, UserText } from '#client/components/i18n/bidi';
import { useLanguage } from '#client/components/i18n/language';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { ResultStatus } from '#client/components/states/result-status';
import { TokenPageFrame } from '#client/features/account-tokens/token-page-frame';
import type { BookingLink } from '#shared/contract/visit-requests';

/** How many days from tomorrow on the page offers (the server takes any day of the coming year). */
const OFFERED_DAYS = 28;
const PARTS: readonly PartOfDay[] = ['morning', 'afternoon', 'any'];

/** The next OFFERED_DAYS calendar days from tomorrow (the visitor's calendar), as yyyy-mm-dd. */
function offeredDays(today: Date): string[] {
  return Array.from({ length: OFFERED_DAYS }, (_, i) => {
    const day = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + 1 + i));
    return day.toISOString().slice(0, 10);
  });
}

/**
 * /BookVisit?token=…: a reminder e-mail's "Book a visit" link (issue 33, docs/decisions/0187). Shows the clinic and
 * the pets, takes up to three preferred days, a part of the day and a note, and sends them once (RequestVisit).
 */
export default function BookVisitPage() {
  const { t } = useTranslation('account');
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const link = useBookingLink(token);
  return (
    <TokenPageFrame title={t('booking.title')} heading={t('booking.title')} showHome={false}>
      {!token ? (
        <Alert severity="warning">{t('booking.badLink')}</Alert>
      ) : link.error ? (
        <ErrorLine plain message={errorMessage(link.error)} />
      ) : !link.data ? (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress aria-label={t('booking.title')} />
        </Box>
      ) : (
        <BookingForm token={token} link={link.data} />
      )}
    </TokenPageFrame>
  );
}

function BookingForm({ token, link }: { token: string; link: BookingLink }) {
  const { t } = useTranslation('account');
  const language = useLanguage();
  const request = useRequestVisit();
  const days = useMemo(() => offeredDays(new Date()), []);
  const dayLabel = useMemo(
    () => dateTimeFormat(intlLocale(language), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }),
    [language],
  );
  const [chosen, setChosen] = useState<string[]>([]);
  const [partOfDay, setPartOfDay] = useState<PartOfDay>('any');
  const [note, setNote] = useState('');
  const [daysError, setDaysError] = useState<string | null>(null);
  const petNames = new Intl.ListFormat(intlLocale(language), { type: 'conjunction' }).format(link.petNames);

  const header = (
    <Box>
      <Typography>{t('booking.intro', { clinicName: link.clinicName })}</Typography>
      <Typography sx={{ mt: 1, fontWeight: 600 }}>
        <UserText>{link.clinicName}</UserText>
        {link.clinicPhone && (
          <>
            {' · '}
            <Phone>{link.clinicPhone}</Phone>
          </>
        )}
      </Typography>
      <Typography sx={{ mt: 0.5 }}>{t('booking.pets', { petNames })}</Typography>
    </Box>
  );

  if (link.requestState !== null)
    return (
      <>
        {header}
        <Alert severity="info" role="status">
          {t('booking.already')}
        </Alert>
      </>
    );
  if (request.isSuccess) return <ResultStatus focus>{t('booking.sent', { clinicName: link.clinicName })}</ResultStatus>;

  const toggle = (day: string) => {
    setDaysError(null);
    setChosen((now) => (now.includes(day) ? now.filter((d) => d !== day) : [...now, day]));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const body = await parsePayload(requestVisitForm, { token, preferredDays: chosen, partOfDay, note });
      request.mutate(body);
    } catch (error) {
      if (error instanceof ValidationError) setDaysError(error.message);
      else throw error;
    }
  };
  const full = chosen.length >= VISIT_REQUEST_LIMITS.days;

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2.5 }}>
      {header}
      <FormControl component="fieldset" error={daysError !== null}>
        <FormLabel component="legend">{t('booking.days')}</FormLabel>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' } }}>
          {days.map((day) => (
            <FormControlLabel
              key={day}
              control={
                <Checkbox
                  checked={chosen.includes(day)}
                  disabled={full && !chosen.includes(day)}
                  onChange={() => toggle(day)}
                />
              }
              label={dayLabel.format(new Date(`${day}T00:00:00Z`))}
            />
          ))}
        </FormGroup>
        {daysError && <FormHelperText>{t(daysError)}</FormHelperText>}
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('booking.partOfDay')}</FormLabel>
        <RadioGroup row value={partOfDay} onChange={(e) => setPartOfDay(e.target.value as PartOfDay)}>
          {PARTS.map((part) => (
            <FormControlLabel key={part} value={part} control={<Radio />} label={t(`booking.${part}`)} />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField
        label={t('booking.note')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { ...USER_TEXT_INPUT, maxLength: VISIT_REQUEST_LIMITS.note } }}
      />
      {request.error && <ErrorLine plain message={errorMessage(request.error)} />}
      <Box>
        <Button type="submit" variant="contained" loading={request.isPending}>
          {t('booking.submit')}
        </Button>
      </Box>
    </Box>
  );
}
