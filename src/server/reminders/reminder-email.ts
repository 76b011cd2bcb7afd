import { and, eq } from 'drizzle-orm';
import { createEvent } from 'ics';
import { CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import { intlLocale } from '#shared/languages';
import { clinics, petProfiles, wellnessRecords } from '#server/db/schema';
import { absoluteMediaUrl, type Composer } from '#server/mail/compose';
import { renderMailHtml, renderMailText, type MailLayout } from '#server/mail/layout';
import { mailTranslator } from '#server/mail/mail-text';
import type { ReminderMailPayload } from '#server/reminders/send-reminders';

function isPayload(p: Record<string, unknown>): p is Record<string, unknown> & ReminderMailPayload {
  return typeof p.wellnessRecordId === 'number' && typeof p.clinicId === 'number' && typeof p.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(p.date);
}

/**
 * A clinic's reminder to an owner: the clinic, the pet, what is due and when, the clinic's phone,
 * and an all-day calendar event (.ics) on the due date.
 */
export const composeReminderMail: Composer = async (app, message) => {
  const payload = message.payload;
  if (!isPayload(payload)) return { drop: 'unreadable reminder' };
  const [row] = await app.db
    .select({
      categoryTypeId: wellnessRecords.categoryTypeId,
      recordValue: wellnessRecords.recordValue,
      nextReminderDate: wellnessRecords.nextReminderDate,
      petName: petProfiles.name,
      petImagePath: petProfiles.imagePath,
      clinicName: clinics.name,
      clinicPhone: clinics.phone,
    })
    .from(wellnessRecords)
    .innerJoin(petProfiles, eq(petProfiles.id, wellnessRecords.petProfileId))
    .innerJoin(clinics, eq(clinics.id, wellnessRecords.clinicId))
    .where(and(eq(wellnessRecords.id, payload.wellnessRecordId), eq(wellnessRecords.clinicId, payload.clinicId)));
  if (!row) return { drop: 'the reminder was deleted' };
  if (row.nextReminderDate !== payload.date) return { drop: 'the reminder was moved to another date' };

  const { t, language, titles } = mailTranslator(message.language);
  const { publicUrl, appName } = app.config;
  const kind = t(row.categoryTypeId === CATEGORY_TYPE_VACCINATION ? 'reminder.vaccination' : 'reminder.antiparasitic');
  // the vaccination or antiparasitic in the owner's language (its stored value is the English key)
  const what = row.recordValue.trim() ? t('reminder.named', { kind, name: titles.recordValue(row.categoryTypeId, row.recordValue.trim()) }) : kind;
  const [y, m, d] = payload.date.split('-').map(Number);
  const date = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
  const vars = { petName: row.petName, clinicName: row.clinicName, what, date, phone: row.clinicPhone };
  const call = row.clinicPhone.trim() ? t('reminder.call', vars) : t('reminder.callNoPhone', vars);
  const image = absoluteMediaUrl(publicUrl, row.petImagePath);

  const event = createEvent({
    start: [y, m, d],
    duration: { days: 1 },
    title: t('reminder.eventTitle', vars),
    description: `${t('reminder.intro', vars)}\n${call}`,
    uid: `reminder-${payload.wellnessRecordId}-${payload.date}@${new URL(publicUrl).hostname || 'pawtal'}`,
    productId: `${appName}/reminders`,
    status: 'CONFIRMED',
    busyStatus: 'FREE',
    transp: 'TRANSPARENT',
  });
  if (event.error || !event.value) throw new Error(`calendar event: ${event.error?.message ?? 'empty'}`);

  const layout: MailLayout = {
    language,
    appName,
    publicUrl,
    title: t('reminder.subject', vars),
    paragraphs: [t('reminder.intro', vars), call],
    image: image ? { src: image, alt: row.petName } : undefined,
    notes: [t('reminder.calendar')],
    footer: [t('footer', { appName, publicUrl }), t('automatic')],
  };
  return {
    subject: layout.title,
    text: renderMailText(layout),
    html: renderMailHtml(layout),
    attachments: [{ filename: 'reminder.ics', content: event.value, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
  };
};
