import { and, asc, eq, inArray } from 'drizzle-orm';
import { createEvent } from 'ics';
import { CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import { intlLocale } from '#shared/languages';
import { clinics, petProfiles, wellnessRecords } from '#server/db/schema';
import { absoluteMediaUrl, type Composer } from '#server/mail/compose';
import { allDayEvent } from '#server/mail/all-day-event';
import { renderMailHtml, renderMailText, type MailLayout } from '#server/mail/layout';
import { mailTranslator } from '#server/i18n';
import type { MailAttachment } from '#server/mail/transport';
import type { ReminderMailPayload } from '#server/reminders/send-reminders';
import { recordNotDeleted } from '#server/db/live-rows';
import { reminderUnsubscribe } from '#server/clinic-owners/reminder-unsubscribe';
import { bookVisitAction, clinicRepliesLine, clinicReplyTo, clinicSenderName } from '#server/reminders/clinic-sender';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isReminderItem(item: unknown): item is { wellnessRecordId: number; date: string } {
  const i = item as { wellnessRecordId?: unknown; date?: unknown } | null;
  return typeof i?.wellnessRecordId === 'number' && typeof i.date === 'string' && ISO_DAY.test(i.date);
}

/**
 * The reminders a message covers: its list, or (messages queued before one e-mail covered several
 * reminders) its one reminder. Null when the payload cannot be read.
 */
function readPayload(p: Record<string, unknown>): ReminderMailPayload | null {
  if (typeof p.clinicId !== 'number') return null;
  if (Array.isArray(p.reminders))
    return p.reminders.length > 0 && p.reminders.every(isReminderItem)
      ? { clinicId: p.clinicId, reminders: p.reminders }
      : null;
  const single = { wellnessRecordId: p.wellnessRecordId, date: p.date };
  return isReminderItem(single) ? { clinicId: p.clinicId, reminders: [single] } : null;
}

/** The day a yyyy-mm-dd names, in UTC (a calendar date never moves with a time zone). */
function utcDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

/**
 * A clinic's reminder to an owner (docs/decisions/0111): the clinic, every pet and item due in the
 * range sent (a vaccination or antiparasitic, and its day), the clinic's phone, and one all-day
 * calendar event (.ics) per item. A reminder deleted (with its visit or pet, or purged) or moved to
 * another day since it was queued is left out; a message with none left is not sent.
 */
export const composeReminderMail: Composer = async (app, message) => {
  const payload = readPayload(message.payload);
  if (!payload) return { drop: 'unreadable reminder' };
  const rows = await app.db
    .select({
      id: wellnessRecords.id,
      petProfileId: wellnessRecords.petProfileId,
      categoryTypeId: wellnessRecords.categoryTypeId,
      recordValue: wellnessRecords.recordValue,
      nextReminderDate: wellnessRecords.nextReminderDate,
      petName: petProfiles.name,
      petImagePath: petProfiles.imagePath,
      clinicName: clinics.name,
      clinicPhone: clinics.phone,
      clinicEmail: clinics.email,
    })
    .from(wellnessRecords)
    .innerJoin(petProfiles, eq(petProfiles.id, wellnessRecords.petProfileId))
    .innerJoin(clinics, eq(clinics.id, wellnessRecords.clinicId))
    .where(
      and(
        inArray(
          wellnessRecords.id,
          payload.reminders.map((r) => r.wellnessRecordId),
        ),
        eq(wellnessRecords.clinicId, payload.clinicId),
        recordNotDeleted,
      ),
    )
    .orderBy(asc(wellnessRecords.nextReminderDate), asc(petProfiles.name), asc(wellnessRecords.id));
  const dueOn = new Map(payload.reminders.map((r) => [r.wellnessRecordId, r.date]));
  const items = rows.filter((r) => r.nextReminderDate !== null && r.nextReminderDate === dueOn.get(r.id));
  if (items.length === 0)
    return { drop: rows.length === 0 ? 'the reminders were deleted' : 'the reminders were moved to other dates' };

  const { t, language, titles } = mailTranslator(message.language);
  const unsubscribe = await reminderUnsubscribe(
    app,
    payload.clinicId,
    [...new Set(items.map((i) => i.petProfileId))],
    language,
  );
  if (unsubscribe === 'optedOut') return { drop: 'the owner turned reminder e-mails off' };
  const { publicUrl, appName } = app.config;
  const host = new URL(publicUrl).hostname || 'pawtal';
  const dateText = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' });
  const today = new Date().toISOString().slice(0, 10);
  const { clinicName, clinicPhone, clinicEmail } = items[0];
  const described = items.map((row) => {
    const kind = t(
      row.categoryTypeId === CATEGORY_TYPE_VACCINATION ? 'reminder.vaccination' : 'reminder.antiparasitic',
    );
    // the vaccination or antiparasitic in the owner's language (its stored value is the English key)
    const what = row.recordValue.trim()
      ? t('reminder.named', { kind, name: titles.recordValue(row.categoryTypeId, row.recordValue.trim()) })
      : kind;
    const day = row.nextReminderDate ?? today;
    return {
      row,
      day,
      kind,
      vars: { petName: row.petName, clinicName, what, date: dateText.format(utcDate(day)), phone: clinicPhone },
      overdue: day < today,
    };
  });
  const first = described[0];
  const call = clinicPhone.trim() ? t('reminder.call', first.vars) : t('reminder.callNoPhone', first.vars);
  const single = described.length === 1;
  const petNames = [...new Set(items.map((i) => i.petName))];

  const attachments: MailAttachment[] = described.map((d, n) => {
    const event = createEvent({
      ...allDayEvent(d.day),
      title: t('reminder.eventTitle', d.vars),
      description: `${t('reminder.intro', d.vars)}\n${call}`,
      uid: `reminder-${d.row.id}-${d.day}@${host}`,
      productId: `${appName}/reminders`,
      status: 'CONFIRMED',
      busyStatus: 'FREE',
      transp: 'TRANSPARENT',
    });
    if (event.error || !event.value) throw new Error(`calendar event: ${event.error?.message ?? 'empty'}`);
    return {
      filename: single ? 'reminder.ics' : `reminder-${n + 1}.ics`,
      content: event.value,
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    };
  });

  const title = single
    ? t('reminder.title', first.vars)
    : t('reminder.titleMany', {
        count: described.length,
        petNames: new Intl.ListFormat(intlLocale(language), { type: 'conjunction' }).format(petNames),
      });
  const paragraphs = single
    ? [t(first.overdue ? 'reminder.introOverdue' : 'reminder.intro', first.vars), call]
    : [
        t('reminder.introMany', { clinicName, count: described.length }),
        ...described.map((d) => t(d.overdue ? 'reminder.itemOverdue' : 'reminder.item', d.vars)),
        call,
      ];
  const image = petNames.length === 1 ? absoluteMediaUrl(publicUrl, items[0].petImagePath) : undefined;
  const layout: MailLayout = {
    language,
    appName,
    publicUrl,
    title,
    paragraphs,
    image: image ? { src: image, alt: items[0].petName } : undefined,
    action: await bookVisitAction(app.db, t, publicUrl, message.id, language),
    notes: [t(single ? 'reminder.calendar' : 'reminder.calendarMany')],
    footer: [t('footer', { appName, publicUrl }), clinicRepliesLine(t, clinicName, clinicEmail)],
    footerLink: unsubscribe?.footerLink,
  };
  // Built from our own words only (the kind of treatment, the date, the count): the pets' names, the
  // clinic's name and what it typed stay in the body, escaped, never in a header (docs/decisions/0094).
  const subject = single
    ? t('reminder.subject', { kind: first.kind, date: first.vars.date })
    : t('reminder.subjectMany', { count: described.length });
  return {
    subject,
    text: renderMailText(layout),
    html: renderMailHtml(layout),
    attachments,
    headers: unsubscribe?.headers,
    fromName: clinicSenderName(t, clinicName, appName),
    replyTo: clinicReplyTo(clinicEmail),
  };
};
