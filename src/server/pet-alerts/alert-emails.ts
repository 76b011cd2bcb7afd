import { eq } from 'drizzle-orm';
import { intlLocale } from '#shared/languages';
import { petProfilePath } from '#shared/pet-profile-path';
import { alertSubscriptions } from '#server/db/schema';
import type { Composer } from '#server/mail/compose';
import { renderMailHtml, renderMailText, type MailLayout } from '#server/mail/layout';
import { mailTranslator } from '#server/i18n';
import { createLink } from '#server/auth/link-tokens';
import { DIGEST_ITEMS, newFoundPets, newLostPets } from '#server/pet-alerts/digest';

/** A digest's unsubscribe link works this long (older digests' links keep working for a year). */
const UNSUBSCRIBE_DAYS = 365;
const CONFIRM_DAYS = 7;

function subscriptionIdOf(payload: Record<string, unknown>): number | null {
  return typeof payload.subscriptionId === 'number' ? payload.subscriptionId : null;
}

const footerOf = (t: ReturnType<typeof mailTranslator>['t'], appName: string, publicUrl: string) => [
  t('footer', { appName, publicUrl }),
  t('automatic'),
];

/** The subscriber's confirmation: a link that starts the alerts (and a way out if they did not ask for them). */
export const composeAlertConfirmMail: Composer = async (app, message) => {
  const id = subscriptionIdOf(message.payload);
  const [s] = id ? await app.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.id, id)) : [];
  if (!s || s.status !== 'pending') return { drop: 'the subscription is no longer waiting' };
  const { t, language } = mailTranslator(message.language);
  const { appName, publicUrl } = app.config;
  const token = await createLink(app.db, 'alert-confirm', s.id, CONFIRM_DAYS);
  const layout: MailLayout = {
    language,
    appName,
    publicUrl,
    title: t('alerts.confirm.subject'),
    paragraphs: [t('alerts.confirm.intro', { radius: s.radiusKm })],
    action: { label: t('alerts.confirm.action'), href: `${publicUrl}/alerts/confirm?token=${token}` },
    notes: [t('alerts.confirm.notYou', { days: CONFIRM_DAYS })],
    footer: footerOf(t, appName, publicUrl),
  };
  return { subject: layout.title, text: renderMailText(layout), html: renderMailHtml(layout) };
};

/**
 * A digest: the pets reported lost and found inside the subscriber's circle in its window, nearest first, in the
 * subscriber's language, with a one-click unsubscribe (RFC 8058: List-Unsubscribe with its POST address).
 */
export const composeAlertDigestMail: Composer = async (app, message) => {
  const id = subscriptionIdOf(message.payload);
  const from = typeof message.payload.from === 'string' ? new Date(message.payload.from) : null;
  const to = typeof message.payload.to === 'string' ? new Date(message.payload.to) : null;
  if (id === null || !from || !to || Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()))
    return { drop: 'unreadable digest' };
  const [s] = await app.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.id, id));
  if (!s || s.status !== 'active') return { drop: 'the subscriber unsubscribed' };
  const [lost, found] = await Promise.all([
    newLostPets(app.db, s, from, to, DIGEST_ITEMS + 1),
    newFoundPets(app.db, s, from, to, DIGEST_ITEMS + 1),
  ]);
  if (lost.length + found.length === 0) return { drop: 'nothing new is left' };
  const { t, language, titles } = mailTranslator(message.language);
  const { appName, publicUrl } = app.config;
  const km = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 1 });
  const day = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' });
  const date = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`));
  const lines = [
    ...lost.slice(0, DIGEST_ITEMS).map((p) =>
      t('alerts.digest.lostItem', {
        name: p.name,
        breed: titles.breed(p.petBreedId, p.breed),
        date: date(p.lostDate),
        distance: km.format(p.km),
        url: `${publicUrl}${petProfilePath({ petProfileId: p.petId, publicId: p.publicId }, 'Lost')}`,
      }),
    ),
    ...found.slice(0, DIGEST_ITEMS).map((f) =>
      t('alerts.digest.foundItem', {
        type: titles.petType(f.petTypeId, ''),
        date: date(f.foundDate),
        distance: km.format(f.km),
        url: `${publicUrl}/found/${f.id}`,
      }),
    ),
  ];
  const more = lost.length > DIGEST_ITEMS || found.length > DIGEST_ITEMS;
  const token = await createLink(app.db, 'alert-unsubscribe', s.id, UNSUBSCRIBE_DAYS);
  const near = `${s.latitude.toFixed(2)},${s.longitude.toFixed(2)}`;
  const layout: MailLayout = {
    language,
    appName,
    publicUrl,
    title: t('alerts.digest.subject', {
      count: Math.min(lost.length, DIGEST_ITEMS) + Math.min(found.length, DIGEST_ITEMS),
    }),
    paragraphs: [
      t('alerts.digest.intro', { radius: s.radiusKm }),
      ...lines,
      ...(more ? [t('alerts.digest.more')] : []),
    ],
    action: { label: t('alerts.digest.action'), href: `${publicUrl}/lost?near=${near}` },
    notes: [t('alerts.digest.unsubscribe', { url: `${publicUrl}/alerts/unsubscribe?token=${token}` })],
    footer: footerOf(t, appName, publicUrl),
  };
  return {
    subject: layout.title,
    text: renderMailText(layout),
    html: renderMailHtml(layout),
    headers: {
      'List-Unsubscribe': `<${publicUrl}/api/Pets/UnsubscribeLostPetAlerts?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
};
