import { eq } from 'drizzle-orm';
import { createEvent } from 'ics';
import { intlLocale } from '#shared/languages';
import { clinics, visitRequests } from '#server/db/schema';
import type { Composer } from '#server/mail/compose';
import { allDayEvent } from '#server/mail/all-day-event';
import { renderMailHtml, renderMailText, type MailLayout } from '#server/mail/layout';
import type { MailAttachment } from '#server/mail/transport';
import { mailTranslator } from '#server/i18n';
import { clinicRepliesLine, clinicReplyTo, clinicSenderName } from '#server/reminders/clinic-sender';

/** The booked visit as an all-day calendar event (the clinic gives the hour by phone or reply). */
function visitEvent(day: string, title: string, description: string, uid: string, appName: string): MailAttachment {
  const event = createEvent({
    ...allDayEvent(day),
    title,
    description,
    uid,
    productId: `${appName}/visits`,
    status: 'CONFIRMED',
  });
  if (event.error || !event.value) throw new Error(`calendar event: ${event.error?.message ?? 'empty'}`);
  return { filename: 'visit.ics', content: event.value, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
}

/**
 * The clinic's answer to an owner's visit request (issue 33, decision 0187), in the owner's language and the clinic's
 * name (like its reminders): booked, with the day, the clinic's message if it wrote one, and an .ics; or declined,
 * with the clinic's message.
 */
export const composeVisitAnswerMail: Composer = async (app, message) => {
  const requestId = message.payload.visitRequestId;
  if (typeof requestId !== 'number') return { drop: 'unreadable visit answer' };
  // an acceptance's message rides in the payload (decision 0195); messages queued before it have none
  const acceptMessage = typeof message.payload.message === 'string' ? message.payload.message : '';
  const [row] = await app.db
    .select({
      state: visitRequests.state,
      visitDate: visitRequests.visitDate,
      declineMessage: visitRequests.declineMessage,
      clinicName: clinics.name,
      clinicPhone: clinics.phone,
      clinicEmail: clinics.email,
    })
    .from(visitRequests)
    .innerJoin(clinics, eq(clinics.id, visitRequests.clinicId))
    .where(eq(visitRequests.id, requestId));
  if (!row || row.state === 'requested') return { drop: 'the request is gone or not answered' };
  const { t, language } = mailTranslator(message.language);
  const { publicUrl, appName } = app.config;
  const vars = {
    clinicName: row.clinicName,
    phone: row.clinicPhone,
    date: row.visitDate
      ? new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
          new Date(`${row.visitDate}T00:00:00Z`),
        )
      : '',
  };
  const booked = row.state === 'booked' && row.visitDate !== null;
  const call = row.clinicPhone.trim() ? t('reminder.call', vars) : t('reminder.callNoPhone', vars);
  const paragraphs = booked
    ? [t('visitAnswer.bookedIntro', vars), ...(acceptMessage ? [acceptMessage] : []), call]
    : [t('visitAnswer.declinedIntro', vars), ...(row.declineMessage ? [row.declineMessage] : []), call];
  const title = booked ? t('visitAnswer.bookedTitle', vars) : t('visitAnswer.declinedTitle', vars);
  const host = new URL(publicUrl).hostname || 'pawtal';
  const attachments =
    booked && row.visitDate
      ? [
          visitEvent(
            row.visitDate,
            title,
            `${t('visitAnswer.bookedIntro', vars)}\n${call}`,
            `visit-request-${requestId}@${host}`,
            appName,
          ),
        ]
      : [];
  const layout: MailLayout = {
    language,
    appName,
    publicUrl,
    title,
    paragraphs,
    notes: booked ? [t('visitAnswer.calendar')] : [],
    footer: [t('footer', { appName, publicUrl }), clinicRepliesLine(t, row.clinicName, row.clinicEmail)],
  };
  // our own words only in the subject (decision 0094): the date, never the clinic's text
  const subject = booked ? t('visitAnswer.bookedSubject', vars) : t('visitAnswer.declinedSubject');
  return {
    subject,
    text: renderMailText(layout),
    html: renderMailHtml(layout),
    attachments,
    fromName: clinicSenderName(t, row.clinicName, appName),
    replyTo: clinicReplyTo(row.clinicEmail),
  };
};
