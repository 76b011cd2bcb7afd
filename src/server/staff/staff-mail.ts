import { and, eq } from 'drizzle-orm';
import type { Composer } from '#server/mail/compose';
import { renderMailHtml, renderMailText, type MailLayout } from '#server/mail/layout';
import { enqueueMail, type EnqueueResult, type RecipientCap } from '#server/mail/outbox';
import { mailTranslator } from '#server/i18n';
import type { Db } from '#server/db/client';
import { clinicUsers, clinics } from '#server/db/schema';
import { issueStaffLink, LINK_PAGES, type StaffLinkKind } from '#server/staff/staff-links';

/** What a staff e-mail's payload holds: whose link, which, and who sent it (a name, '' for the clinic). */
interface StaffMailPayload {
  userId: number;
  link: StaffLinkKind;
  by: string;
}

/**
 * Queues a staff e-mail (an invitation, a reset link) in `tx`, in the person's language. Its link is made when it is
 * sent (composeStaffMail), so no usable token ever waits in the outbox. `cap`: how many a day may go to the address.
 */
export async function queueStaffMail(
  tx: Db,
  to: { userId: number; email: string; language: string },
  link: StaffLinkKind,
  by: string,
  cap: RecipientCap,
): Promise<EnqueueResult['status']> {
  const payload: StaffMailPayload = { userId: to.userId, link, by };
  const queued = await enqueueMail(
    tx,
    { kind: 'staff', recipient: to.email, language: to.language, payload: { ...payload } },
    cap,
  );
  return queued.status;
}

/** The e-mail of an invitation or a reset link; dropped when the person is gone, deactivated or the link moot. */
export const composeStaffMail: Composer = async (app, message) => {
  const { userId, link, by } = message.payload as Partial<StaffMailPayload>;
  if (typeof userId !== 'number' || (link !== 'invite' && link !== 'password' && link !== 'pin'))
    return { drop: 'not a staff e-mail' };
  const [person] = await app.db
    .select({ name: clinicUsers.name, invitePending: clinicUsers.invitePending, clinicName: clinics.name })
    .from(clinicUsers)
    .innerJoin(clinics, eq(clinics.id, clinicUsers.clinicId))
    .where(and(eq(clinicUsers.id, userId), eq(clinicUsers.active, true)));
  if (!person) return { drop: 'the person is gone or deactivated' };
  if ((link === 'invite') !== person.invitePending) return { drop: 'the link no longer applies' };
  const token = await issueStaffLink(app.db, userId, link);
  const { t, language } = mailTranslator(message.language);
  const { publicUrl, appName } = app.config;
  const names = { name: person.name, clinicName: person.clinicName, by: by || person.clinicName };
  const layout: MailLayout = {
    language,
    appName,
    publicUrl,
    title: t(`staff.${link}.subject`, names),
    paragraphs: [t(`staff.${link}.intro`, names)],
    action: { label: t(`staff.${link}.action`), href: `${publicUrl}${LINK_PAGES[link]}?token=${token}` },
    notes: [t(`staff.${link}.linkNote`), t('staff.notYou')],
    footer: [t('footer', { appName, publicUrl }), t('automatic')],
  };
  return { subject: layout.title, text: renderMailText(layout), html: renderMailHtml(layout) };
};
