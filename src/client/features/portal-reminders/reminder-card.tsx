import { Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import { useTranslation } from 'react-i18next';
import type { VetReminder } from '#shared/contract/vet';
import { formatLongDate } from '#client/components/format/dates';
import { telUrl } from '#client/components/format/external-links';
import { useDataTitles } from '#client/components/format/data-titles';
import { Ltr, Phone, UserText } from '#client/components/i18n/bidi';
import { PetSummary } from '#client/components/media/pet-avatar';
import { DeliveryChip } from '#client/features/portal-reminders/delivery-chip';

/** One reminder due: the pet, what is due and when, the owner, the e-mail's state, and call and e-mail links. */
export function ReminderCard({ r }: { r: VetReminder }) {
  const { t, i18n } = useTranslation('portal');
  const tel = telUrl(r.ownerPhoneForVet);
  const titles = useDataTitles();
  return (
    <Card component="article" aria-label={r.petName} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <PetSummary pet={r} headingLevel="h2" />
        <Stack spacing={0.25} sx={{ mt: 1.5 }}>
          <Typography variant="body2">
            <strong>{t('reminders.due')}:</strong> <bdi>{titles.recordValue(r.categoryTypeId, r.recordValue)}</bdi>
          </Typography>
          <Typography variant="body2">
            <strong>{t('reminders.date')}:</strong> {formatLongDate(r.nextReminderDate, i18n.language)}
          </Typography>
          <Typography variant="body2">
            <strong>{t('pets.col.owner')}:</strong> <UserText>{r.ownerNameForVet}</UserText> ·{' '}
            <Phone>{r.ownerPhoneForVet}</Phone>
          </Typography>
          {r.ownerEmailForVet && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <strong>{t('pets.col.email')}:</strong> <Ltr>{r.ownerEmailForVet}</Ltr>
            </Typography>
          )}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center' }}>
          <Typography variant="body2" component="span">
            <strong>{t('reminderMail.cardLabel')}:</strong>
          </Typography>
          <DeliveryChip status={r.deliveryStatus} error={r.deliveryError} />
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {tel && (
          <Button
            size="small"
            startIcon={<PhoneOutlined />}
            href={tel}
            aria-label={t('reminders.callOwner', { name: r.ownerNameForVet })}
          >
            {t('reminders.call')}
          </Button>
        )}
        {r.ownerEmailForVet && (
          <Button
            size="small"
            startIcon={<EmailOutlined />}
            href={`mailto:${encodeURIComponent(r.ownerEmailForVet).replace(/%40/g, '@')}`}
            aria-label={t('reminders.emailOwner', { name: r.ownerNameForVet })}
          >
            {t('reminders.email')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
