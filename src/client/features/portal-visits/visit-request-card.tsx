import { Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { VisitRequest } from '#shared/contract/visit-requests';
import { intlLocale } from '#shared/languages';
import { formatLongDate } from '#client/components/format/dates';
import { useDataTitles } from '#client/components/format/data-titles';
import { Phone, UserText } from '#client/components/i18n/bidi';
import { useCan } from '#client/components/portal/can-access';

/** How a request is answered: Accept (a visit date) or Decline (a message). */
export type VisitRequestAnswer = 'accept' | 'decline';

/**
 * One owner's visit request (issue 33, item 5): the owner and their phone, the pets, the reminders it is about, the
 * preferred days, part of the day and note, and Accept / Decline for a person who may create visits.
 */
export function VisitRequestCard({
  request,
  onAnswer,
}: {
  request: VisitRequest;
  onAnswer: (request: VisitRequest, answer: VisitRequestAnswer) => void;
}) {
  const { t, i18n } = useTranslation('portal');
  const titles = useDataTitles();
  const canAnswer = useCan('createVisits');
  const list = (items: string[]) =>
    new Intl.ListFormat(intlLocale(i18n.language), { type: 'conjunction' }).format(items);
  const petNames = list(request.pets.map((p) => p.petName));
  const title = (value: string) => {
    const vaccination = titles.vaccination(value);
    return vaccination !== value ? vaccination : titles.antiparasitic(value);
  };
  return (
    <Card
      component="article"
      aria-label={t('visits.requests.cardLabel', { name: request.ownerName })}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography component="h3" variant="h6">
          <UserText>{request.ownerName}</UserText>
        </Typography>
        {request.ownerPhone && (
          <Typography variant="body2">
            <Phone>{request.ownerPhone}</Phone>
          </Typography>
        )}
        <Stack spacing={0.5} sx={{ mt: 1.5 }}>
          <Typography variant="body2">{t('visits.requests.pets', { petNames })}</Typography>
          {request.reminders.map((r) => (
            <Typography variant="body2" key={`${r.wellnessRecordId}-${r.dueDate}`} sx={{ color: 'text.secondary' }}>
              {t('visits.requests.due', { title: title(r.title), date: formatLongDate(r.dueDate, i18n.language) })}
            </Typography>
          ))}
          <Typography variant="body2">
            {t('visits.requests.preferredDays', {
              days: list(request.preferredDays.map((d) => formatLongDate(d, i18n.language))),
            })}
          </Typography>
          <Typography variant="body2">
            {t('visits.requests.partOfDay', { part: t(`visits.requests.${request.partOfDay}`) })}
          </Typography>
          {request.note && (
            <Typography variant="body2">
              <strong>{t('visits.requests.note')}:</strong> <UserText>{request.note}</UserText>
            </Typography>
          )}
        </Stack>
      </CardContent>
      {canAnswer && (
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          <Button color="error" onClick={() => onAnswer(request, 'decline')}>
            {t('visits.requests.decline')}
          </Button>
          <Button variant="contained" onClick={() => onAnswer(request, 'accept')}>
            {t('visits.requests.accept')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
