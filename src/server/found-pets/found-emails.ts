import { and, eq, sql } from 'drizzle-orm';
import { GENDER_FEMALE } from '#shared/constants';
import { FOUND_REPORT_DAYS } from '#shared/found-pets';
import { intlLocale } from '#shared/languages';
import { foundPets, lostPetDetails, petProfiles } from '#server/db/schema';
import { petNotDeleted } from '#server/db/live-rows';
import { absoluteMediaUrl, type Composer } from '#server/mail/compose';
import { renderMailHtml, renderMailText, type MailLayout } from '#server/mail/layout';
import { mailTranslator } from '#server/i18n';
import { createLink } from '#server/auth/link-tokens';
import { createSightingLink } from '#server/sightings/sighting-links';
import { distanceKm } from '#server/found-pets/place';

/** A finder's link works this long: past any report's renewals. */
const FINDER_LINK_DAYS = 365;

type Translate = ReturnType<typeof mailTranslator>['t'];

const longDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

/** "a dog", "a cat"… in the reader's language (a pet of a type without its own word: "a pet"). */
const aPet = (t: Translate, petTypeId: number) => t(`found.aPet.${petTypeId}`, { defaultValue: t('found.aPet.other') });

function foundIdOf(payload: Record<string, unknown>): number | null {
  return typeof payload.foundPetId === 'number' ? payload.foundPetId : null;
}

function layoutOf(
  app: Parameters<Composer>[0],
  language: ReturnType<typeof mailTranslator>['language'],
  t: Translate,
  parts: Pick<MailLayout, 'title' | 'paragraphs' | 'image' | 'action' | 'notes'>,
): MailLayout {
  const { appName, publicUrl } = app.config;
  return { language, appName, publicUrl, ...parts, footer: [t('footer', { appName, publicUrl }), t('automatic')] };
}

const rendered = (layout: MailLayout) => ({
  subject: layout.title,
  text: renderMailText(layout),
  html: renderMailHtml(layout),
});

/** The finder's confirmation: the link that publishes the report and, after, lets them manage it. */
export const composeFoundConfirmMail: Composer = async (app, message) => {
  const foundPetId = foundIdOf(message.payload);
  const [report] = foundPetId ? await app.db.select().from(foundPets).where(eq(foundPets.id, foundPetId)) : [];
  if (!report) return { drop: 'the report is gone' };
  if (report.status === 'withdrawn') return { drop: 'the report was withdrawn' };
  const { t, language } = mailTranslator(message.language);
  const token = await createLink(app.db, 'found-manage', report.id, FINDER_LINK_DAYS);
  return rendered(
    layoutOf(app, language, t, {
      title: t('found.confirm.subject'),
      paragraphs: [
        t('found.confirm.intro', { date: longDate(report.foundDate, language) }),
        t('found.confirm.manage', { days: FOUND_REPORT_DAYS }),
      ],
      image: report.photos[0]
        ? { src: absoluteMediaUrl(app.config.publicUrl, report.photos[0]) ?? '', alt: t('found.photoAlt') }
        : undefined,
      action: { label: t('found.confirm.action'), href: `${app.config.publicUrl}/found/manage?token=${token}` },
      notes: [t('found.linkNote'), t('found.addressNote')],
    }),
  );
};

/** The finder is told their report expired, with a new link to renew it. */
export const composeFoundExpiredMail: Composer = async (app, message) => {
  const foundPetId = foundIdOf(message.payload);
  const [report] = foundPetId ? await app.db.select().from(foundPets).where(eq(foundPets.id, foundPetId)) : [];
  if (!report || report.status !== 'expired') return { drop: 'the report is no longer expired' };
  const { t, language } = mailTranslator(message.language);
  const token = await createLink(app.db, 'found-manage', report.id, FINDER_LINK_DAYS);
  return rendered(
    layoutOf(app, language, t, {
      title: t('found.expired.subject'),
      paragraphs: [t('found.expired.intro', { date: longDate(report.foundDate, language), days: FOUND_REPORT_DAYS })],
      action: { label: t('found.expired.action'), href: `${app.config.publicUrl}/found/manage?token=${token}` },
      notes: [t('found.linkNote')],
    }),
  );
};

/**
 * The owner of a lost pet is told of a found report that may be their pet ("A dog found 1.2 km from where Luna was
 * lost may be her"), with a new link to their sightings page, which lists every candidate with its exact place.
 */
export const composeFoundMatchMail: Composer = async (app, message) => {
  const foundPetId = foundIdOf(message.payload);
  const petId = message.petProfileId;
  if (foundPetId === null || petId === null) return { drop: 'unreadable match' };
  const [[report], [pet]] = await Promise.all([
    app.db
      .select()
      .from(foundPets)
      .where(and(eq(foundPets.id, foundPetId), eq(foundPets.status, 'open'))),
    app.db
      .select({
        name: petProfiles.name,
        genderId: petProfiles.genderId,
        latitude: lostPetDetails.latitude,
        longitude: lostPetDetails.longitude,
      })
      .from(petProfiles)
      .innerJoin(lostPetDetails, eq(lostPetDetails.petProfileId, petProfiles.id))
      .where(and(eq(petProfiles.id, petId), sql`${petProfiles.isLost}`, petNotDeleted)),
  ]);
  if (!report) return { drop: 'the found report is no longer open' };
  if (!pet || pet.latitude === null || pet.longitude === null) return { drop: 'the pet is no longer lost' };
  const { t, language } = mailTranslator(message.language);
  const km = distanceKm(report, { latitude: pet.latitude, longitude: pet.longitude });
  const distance = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 1 }).format(
    Math.round(km * 10) / 10,
  );
  const vars = { pet: aPet(t, report.petTypeId), distance, petName: pet.name };
  const context = pet.genderId === GENDER_FEMALE ? 'female' : 'male';
  const token = await createSightingLink(app.db, petId, app.config.sightingRetentionDays);
  const { publicUrl } = app.config;
  return rendered(
    layoutOf(app, language, t, {
      title: t('found.match.subject', { ...vars, context }),
      paragraphs: [
        t('found.match.intro', { ...vars, date: longDate(report.foundDate, language) }),
        t('found.match.relay', { petName: pet.name }),
      ],
      image: report.photos[0]
        ? { src: absoluteMediaUrl(publicUrl, report.photos[0]) ?? '', alt: t('found.photoAlt') }
        : undefined,
      action: { label: t('found.match.action'), href: `${publicUrl}/Sightings?token=${token}` },
      notes: [
        t('found.match.publicPage', { url: `${publicUrl}/found/${report.id}` }),
        t('sighting.linkNote', { days: app.config.sightingRetentionDays }),
      ],
    }),
  );
};
