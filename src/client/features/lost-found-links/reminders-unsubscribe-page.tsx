import { Box, Button, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useReminderUnsubscribeLink, useUnsubscribeReminders } from '#client/api/owner-unsubscribe';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { ResultStatus } from '#client/components/states/result-status';
import { LinkPageFrame, LinkState } from '#client/features/lost-found-links/link-page-frame';

/**
 * /Unsubscribe?token=…: the footer link of a clinic's reminder e-mail (issue 32). It shows the clinic and one button
 * that stops the clinic's reminder e-mails; opening the page changes nothing (link scanners open links).
 */
export default function RemindersUnsubscribePage() {
  const { t } = useTranslation('found');
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const link = useReminderUnsubscribeLink(token);
  const unsubscribe = useUnsubscribeReminders(token);
  const clinicName = link.data?.clinicName ?? '';
  return (
    <LinkPageFrame title={t('links.reminders.title')}>
      <LinkState token={token} query={link} />
      {link.data &&
        (link.data.unsubscribed ? (
          // the button pressed just now is gone: the answer takes the focus
          <ResultStatus focus={unsubscribe.isSuccess}>
            <Typography>
              {unsubscribe.data && !unsubscribe.data.alreadyUnsubscribed
                ? t('links.reminders.done', { clinicName })
                : t('links.reminders.already', { clinicName })}
            </Typography>
            <Typography variant="body2">{t('links.reminders.again')}</Typography>
          </ResultStatus>
        ) : (
          <>
            <Typography>{t('links.reminders.intro', { clinicName })}</Typography>
            {unsubscribe.error && <ErrorLine plain message={errorMessage(unsubscribe.error)} />}
            <Box>
              <Button variant="contained" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
                {t('links.reminders.action')}
              </Button>
            </Box>
          </>
        ))}
    </LinkPageFrame>
  );
}
