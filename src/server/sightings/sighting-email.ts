import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { outboxMessages, petProfiles, petSightings } from '#server/db/schema';
import { absoluteMediaUrl, type Composer } from '#server/mail/compose';
import { renderMailHtml, renderMailText, type MailLayout } from '#server/mail/layout';
import { mailTranslator } from '#server/i18n';
import { readOneSnapshot } from '#server/db/one-snapshot';
import { createSightingLink } from '#server/sightings/sighting-links';
import { intlLocale } from '#shared/languages';

/**
 * The owner's e-mail about sightings of their lost pet: every sighting since the last sent e-mail
 * (its payload remembers the last sighting it covered), the latest time, and a new private link
 * to the sightings page.
 */
export const composeSightingMail: Composer = async (app, message) => {
  const petProfileId = message.petProfileId;
  if (petProfileId === null) return { drop: 'no pet' };
  const read = await readOneSnapshot(app.db, async (tx) => {
    const [pet] = await tx
      .select({ name: petProfiles.name, imagePath: petProfiles.imagePath, isLost: petProfiles.isLost })
      .from(petProfiles)
      .where(eq(petProfiles.id, petProfileId));
    if (!pet || !pet.isLost) return { pet };
    // The newest sighting any sent e-mail told of: by sighting, not by send time (two sends can share a time).
    const [previous] = await tx
      .select({ lastSightingId: sql<number | null>`max((${outboxMessages.payload} ->> 'lastSightingId')::int)` })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.petProfileId, petProfileId),
          eq(outboxMessages.kind, 'sighting'),
          eq(outboxMessages.status, 'sent'),
        ),
      );
    const since = previous?.lastSightingId ?? 0;
    const [news] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        lastId: sql<number | null>`max(${petSightings.id})`,
        latest: sql<string | null>`max(${petSightings.createdAt})::text`,
      })
      .from(petSightings)
      .where(and(eq(petSightings.petProfileId, petProfileId), gt(petSightings.id, since)));
    // what finders wrote with their sightings (ReportSighting), newest first, a few at most
    const notes = await tx
      .select({ note: petSightings.note })
      .from(petSightings)
      .where(and(eq(petSightings.petProfileId, petProfileId), gt(petSightings.id, since), isNotNull(petSightings.note)))
      .orderBy(desc(petSightings.id))
      .limit(5);
    return { pet, news, notes };
  });
  const { pet, news } = read;
  const notes = read.notes ?? [];
  if (!pet) return { drop: 'the pet no longer exists' };
  if (!pet.isLost) return { drop: 'the pet is no longer lost' };
  if (!news || news.count === 0 || news.lastId === null || news.latest === null) return { drop: 'no new sightings' };

  const { t, language } = mailTranslator(message.language);
  const { publicUrl, appName, sightingRetentionDays } = app.config;
  const token = await createSightingLink(app.db, petProfileId, sightingRetentionDays);
  const time = new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(news.latest));
  const petName = pet.name;
  const image = absoluteMediaUrl(publicUrl, pet.imagePath);
  const layout: MailLayout = {
    language,
    appName,
    publicUrl,
    title: t('sighting.subject', { petName, count: news.count }),
    paragraphs: [
      t('sighting.intro', { petName, count: news.count }),
      t('sighting.latest', { time }),
      ...notes.map((n) => t('sighting.note', { note: n.note })),
    ],
    image: image ? { src: image, alt: t('sighting.photoAlt', { petName }) } : undefined,
    action: { label: t('sighting.action'), href: `${publicUrl}/Sightings?token=${token}` },
    notes: [t('sighting.linkNote', { days: sightingRetentionDays })],
    footer: [t('footer', { appName, publicUrl }), t('automatic')],
  };
  return {
    subject: layout.title,
    text: renderMailText(layout),
    html: renderMailHtml(layout),
    sentPayload: { lastSightingId: news.lastId },
  };
};
