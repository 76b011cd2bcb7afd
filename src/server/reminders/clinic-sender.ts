import type { TFunction } from 'i18next';
import { deliverableAddress } from '#shared/email-address';
import type { Db } from '#server/db/client';
import { createLink } from '#server/auth/link-tokens';

/** How long a reminder e-mail's "Book a visit" link opens /BookVisit. */
const BOOKING_LINK_DAYS = 60;

/** The sender's name of a clinic's e-mail to an owner (issue 33): "<clinic> via Pawtal", MAIL_FROM's address. */
export function clinicSenderName(t: TFunction<'mail'>, clinicName: string, appName: string): string {
  return t('reminder.fromName', { clinicName, appName, interpolation: { escapeValue: false } });
}

/** Where an owner's reply goes: the clinic's own address (a clinic setting), or nowhere else when it has none. */
export function clinicReplyTo(clinicEmail: string): string | undefined {
  return deliverableAddress(clinicEmail) ?? undefined;
}

/**
 * The footer's line about replies of a clinic's e-mail to an owner: they reach the clinic when it has an address
 * (its Reply-To); only without one are they "not read" (the owner was told so while the reply went to the clinic).
 */
export function clinicRepliesLine(t: TFunction<'mail'>, clinicName: string, clinicEmail: string): string {
  return clinicReplyTo(clinicEmail) ? t('repliesToClinic', { clinicName }) : t('automatic');
}

/**
 * The "Book a visit" button of a reminder e-mail: a new link to /BookVisit whose token names this e-mail (its outbox
 * message: the clinic, the owner's address and the reminders it covers); only the token's hash is stored.
 */
export async function bookVisitAction(
  db: Pick<Db, 'insert'>,
  t: TFunction<'mail'>,
  publicUrl: string,
  outboxMessageId: number,
  language: string,
): Promise<{ label: string; href: string }> {
  const token = await createLink(db, 'book-visit', outboxMessageId, BOOKING_LINK_DAYS);
  // ?lang= opens the page in the owner's language, whatever the browser that opens the link prefers
  const query = new URLSearchParams({ token, lang: language });
  return { label: t('reminder.bookVisit'), href: `${publicUrl}/BookVisit?${query.toString()}` };
}
