import { useEffect, useRef } from 'react';
import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import SnoozeOutlined from '@mui/icons-material/SnoozeOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import type { ReminderAction } from '#shared/forms/reminder-action-form';
import { useTranslation } from 'react-i18next';
import type { VetReminder } from '#shared/contract/vet';
import { undeliverableAddress } from '#shared/email-address';
import { formatLongDate } from '#client/components/format/dates';
import { telUrl } from '#client/components/format/external-links';
import { useDataTitles } from '#client/components/format/data-titles';
import { Ltr, Phone, UserText } from '#client/components/i18n/bidi';
import { PetSummary } from '#client/components/media/pet-avatar';
import { DeliveryChip } from '#client/features/portal-reminders/delivery-chip';
import { stageLabel } from '#client/features/portal-reminders/stage-label';

/**
 * One reminder due: the pet, what is due and when, the owner, the e-mail's state, call and e-mail links, and (issue
 * 33) its state with Done, Snooze and Reopen. `onMark` makes the call (Snooze first asks the day, in the tab).
 */
export function ReminderCard({
  r,
  busy = false,
  onMark,
}: {
  r: VetReminder;
  busy?: boolean;
  onMark: (r: VetReminder, action: ReminderAction) => void;
}) {
  const { t, i18n } = useTranslation('portal');
  const tel = telUrl(r.ownerPhoneForVet);
  const titles = useDataTitles();
  // Done and Reopen take each other's place, and a button disabled while its call runs drops the focus: once the
  // card's state changed after an action of this card, the button now in their place gets the focus back
  const stateButton = useRef<HTMLButtonElement>(null);
  const acted = useRef(false);
  const mark = (action: ReminderAction) => {
    acted.current = true;
    onMark(r, action);
  };
  useEffect(() => {
    if (!acted.current) return;
    acted.current = false;
    const focused = document.activeElement;
    if (focused === null || focused === document.body) stateButton.current?.focus();
  }, [r.reminderState]);
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
              {undeliverableAddress(r.ownerEmailForVet) && (
                <Typography component="span" variant="body2" sx={{ display: 'block', color: 'warning.dark' }}>
                  {t('reminders.emailLooksWrong')}
                </Typography>
              )}
            </Typography>
          )}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center' }}>
          <Typography variant="body2" component="span">
            <strong>{t('reminderMail.cardLabel')}:</strong>
          </Typography>
          <DeliveryChip status={r.deliveryStatus} error={r.deliveryError} />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
          <Typography variant="body2" component="span">
            <strong>{t('reminders.stateLabel')}:</strong>
          </Typography>
          <Chip
            size="small"
            variant={r.reminderState === 'open' ? 'outlined' : 'filled'}
            color={r.reminderState === 'done' ? 'success' : r.reminderState === 'snoozed' ? 'info' : 'default'}
            label={
              r.reminderState === 'snoozed' && r.snoozedUntil
                ? t('reminders.snoozedUntil', { date: formatLongDate(r.snoozedUntil, i18n.language) })
                : t(`reminders.state.${r.reminderState}`)
            }
          />
        </Stack>
        <ScheduledNotices notices={r.notices} />
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {r.reminderState !== 'done' && (
          <Button
            size="small"
            ref={r.reminderState === 'open' ? stateButton : undefined}
            startIcon={<TaskAltOutlined />}
            disabled={busy}
            onClick={() => mark('done')}
            aria-label={t('reminders.markDoneFor', { name: r.petName })}
          >
            {t('reminders.markDone')}
          </Button>
        )}
        {r.reminderState === 'open' && (
          <Button
            size="small"
            startIcon={<SnoozeOutlined />}
            disabled={busy}
            onClick={() => mark('snooze')}
            aria-label={t('reminders.snoozeFor', { name: r.petName })}
          >
            {t('reminders.snooze')}
          </Button>
        )}
        {r.reminderState !== 'open' && (
          <Button
            size="small"
            ref={stateButton}
            startIcon={<ReplayOutlined />}
            disabled={busy}
            onClick={() => mark('reopen')}
            aria-label={t('reminders.reopenFor', { name: r.petName })}
          >
            {t('reminders.reopen')}
          </Button>
        )}
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

/** The notices the clinic's schedule sent of a reminder: the stage in words and the day it went (issue 33). */
function ScheduledNotices({ notices }: { notices: VetReminder['notices'] }) {
  const { t, i18n } = useTranslation('portal');
  if (notices.length === 0) return null;
  return (
    <Typography component="div" variant="body2" sx={{ mt: 1 }}>
      <strong>{t('reminders.notices.title')}:</strong>
      <Box component="ul" aria-label={t('reminders.notices.title')} sx={{ m: 0, pl: 2.5 }}>
        {notices.map((n) => (
          <li key={n.stage}>
            {stageLabel(t, n.stage)}: <time dateTime={n.sentAt}>{formatLongDate(n.sentAt, i18n.language)}</time>
          </li>
        ))}
      </Box>
    </Typography>
  );
}
