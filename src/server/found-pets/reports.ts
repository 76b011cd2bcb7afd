import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { FOUND_PHOTOS_MAX, FOUND_PHOTOS_MIN, FOUND_REPORT_DAYS, type FoundReportAction } from '#shared/found-pets';
import type { FoundPetReported, ManagedFoundPet } from '#shared/contract/found-pets';
import type { FoundReportValues } from '#shared/forms/lost-found-forms';
import { mailboxOf } from '#shared/email-address';
import type { Db } from '#server/db/client';
import { confirmedSenders, foundPets, petTypes } from '#server/db/schema';
import { mediaBase } from '#server/config';
import { cacheTag, markChanged } from '#server/cache/public-cache';
import { UserError } from '#server/http/errors';
import { reservePublicWrite } from '#server/http/write-limit';
import { enqueueMail } from '#server/mail/outbox';
import { withIngestedImages } from '#server/media/ingest-image';
import { imageUrl } from '#server/media/media-url';
import type { UploadedFile } from '#server/media/multipart';
import { assertBreedOfType } from '#server/clinic-pets/pet-writes';
import { openLink } from '#server/auth/link-tokens';
import { asFoundColors } from '#server/found-pets/colors';
import { matchConfirmedReport } from '#server/found-pets/matching';
import { photoColorsOf } from '#server/found-pets/photo-colors';
import { publicPlace } from '#server/found-pets/place';
import { breedTitleOf } from '#server/found-pets/public-reports';

const DAY_MS = 86_400_000;
/** Confirmation e-mails one address gets per day, from every form of lost and found together. */
export const CONFIRMATION_SENDER = 'lost-found';

type FoundRow = typeof foundPets.$inferSelect;

/** The report's type and breed guess name real rows, the breed one of that type. */
async function assertTypeAndBreed(db: Db, petTypeId: number, petBreedId: number | null): Promise<void> {
  if (petBreedId !== null) return assertBreedOfType(db, petTypeId, petBreedId);
  const [type] = await db.select({ id: petTypes.id }).from(petTypes).where(eq(petTypes.id, petTypeId));
  if (!type) throw new UserError('petTypeNotFound');
}

/**
 * ReportFoundPet (docs/decisions/0150): the report is stored waiting for its finder's confirmation, with its photos
 * (the portal's upload rules: sniffed, re-encoded without metadata, 5 MB each) and their dominant colours, and the
 * confirmation e-mail is queued in the same transaction. Nothing is listed until the link is followed.
 */
export async function reportFoundPet(
  app: FastifyInstance,
  request: FastifyRequest,
  values: FoundReportValues,
  files: UploadedFile[],
  language: string,
): Promise<FoundPetReported> {
  if (files.length < FOUND_PHOTOS_MIN || files.length > FOUND_PHOTOS_MAX) throw new UserError('foundPhotosRequired');
  await assertTypeAndBreed(app.db, values.petTypeId, values.petBreedId);
  await reservePublicWrite(app, request);
  const place = publicPlace(values.latitude, values.longitude);
  const foundPetId = await withIngestedImages(
    app.mediaStorage,
    files.map((f) => f.bytes),
    async (photos) => {
      const photoColors = await photoColorsOf(app, photos);
      return app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(foundPets)
          .values({
            petTypeId: values.petTypeId,
            petBreedId: values.petBreedId,
            colors: values.colors,
            photoColors,
            size: values.size,
            latitude: values.latitude,
            longitude: values.longitude,
            publicLatitude: place.latitude,
            publicLongitude: place.longitude,
            foundDate: values.foundDate,
            note: values.note,
            photos,
            finderEmail: values.email,
            language,
          })
          .returning({ id: foundPets.id });
        const queued = await enqueueMail(
          tx as unknown as Db,
          { kind: 'found-confirm', recipient: values.email, language, payload: { foundPetId: row.id } },
          { sender: CONFIRMATION_SENDER, perDay: app.config.mailPerRecipientPerDay },
        );
        if (queued.status !== 'queued') throw new UserError('tooManyEmailsToAddress');
        return row.id;
      });
    },
  );
  app.mail.nudge();
  return { foundPetId };
}

/** The report a finder's link opens, or a "link not valid" error counted against the address's token limit. */
async function reportOfLink(app: FastifyInstance, request: FastifyRequest, token: string): Promise<FoundRow> {
  const held = await app.failureLimits.tokens.reserve(request);
  const link = await openLink(app.db, ['found-manage'], token);
  const [row] = link ? await app.db.select().from(foundPets).where(eq(foundPets.id, link.subjectId)) : [];
  if (!row) throw new UserError('linkInvalid');
  await held.giveBack();
  return row;
}

/** The report as its finder's link shows it. */
function managedView(app: FastifyInstance, row: FoundRow): ManagedFoundPet {
  const base = mediaBase(app.config);
  return {
    foundPetId: row.id,
    status: row.status as ManagedFoundPet['status'],
    petTypeId: row.petTypeId,
    petBreedId: row.petBreedId,
    petBreed: null,
    colors: asFoundColors(row.colors),
    size: row.size as ManagedFoundPet['size'],
    foundDate: row.foundDate,
    note: row.note,
    photos: row.photos.map((p) => imageUrl(base, p)),
    latitude: row.latitude,
    longitude: row.longitude,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

async function withBreed(app: FastifyInstance, view: ManagedFoundPet): Promise<ManagedFoundPet> {
  return { ...view, petBreed: await breedTitleOf(app.db, view.petBreedId) };
}

/**
 * ConfirmFoundPet: the finder followed their e-mail's link. A waiting report is listed for FOUND_REPORT_DAYS,
 * scored against the lost pets at once (their owners e-mailed about good matches, in the same transaction), and
 * the finder's address counts as confirmed for the relay. A report confirmed before just answers as it is (the
 * link also opens the report's page for its finder).
 */
export async function confirmFoundPet(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
  now = new Date(),
): Promise<ManagedFoundPet> {
  const found = await reportOfLink(app, request, token);
  if (found.status !== 'pending') return withBreed(app, managedView(app, found));
  markChanged(request, [cacheTag.found, cacheTag.foundPet(found.id)]);
  const row = await app.db.transaction(async (tx) => {
    const [opened] = await tx
      .update(foundPets)
      .set({ status: 'open', confirmedAt: now, expiresAt: new Date(now.getTime() + FOUND_REPORT_DAYS * DAY_MS) })
      .where(and(eq(foundPets.id, found.id), eq(foundPets.status, 'pending')))
      .returning();
    if (!opened) return null;
    await tx
      .insert(confirmedSenders)
      .values({ mailbox: mailboxOf(opened.finderEmail), confirmedAt: now })
      .onConflictDoNothing();
    await matchConfirmedReport(app, tx as unknown as Db, opened);
    return opened;
  });
  app.mail.nudge();
  const [current] = row ? [row] : await app.db.select().from(foundPets).where(eq(foundPets.id, found.id));
  return withBreed(app, managedView(app, current));
}

/** What each action makes of the report's state, from the states it may be taken in. */
const ACTIONS: Record<FoundReportAction, { from: FoundRow['status'][]; to: FoundRow['status'] }> = {
  reunited: { from: ['open', 'expired'], to: 'reunited' },
  withdraw: { from: ['pending', 'open', 'expired', 'reunited'], to: 'withdrawn' },
  renew: { from: ['open', 'expired'], to: 'open' },
};

/**
 * ManageFoundPet, from the finder's link: the pet is home (the page says so until it expires), the report is
 * withdrawn (gone from every public path), or renewed for FOUND_REPORT_DAYS from now.
 */
export async function manageFoundPet(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { foundPetId: number; token: string; action: FoundReportAction },
  now = new Date(),
): Promise<ManagedFoundPet> {
  const found = await reportOfLink(app, request, body.token);
  if (found.id !== body.foundPetId) throw new UserError('linkInvalid');
  const action = ACTIONS[body.action];
  if (!action.from.includes(found.status)) throw new UserError('foundReportClosed');
  markChanged(request, [cacheTag.found, cacheTag.foundPet(found.id)]);
  const renew = body.action === 'renew';
  const [row] = await app.db
    .update(foundPets)
    .set({
      status: action.to,
      ...(renew ? { expiresAt: new Date(now.getTime() + FOUND_REPORT_DAYS * DAY_MS), closedAt: null } : {}),
      ...(action.to === 'open' ? {} : { closedAt: now }),
    })
    .where(and(eq(foundPets.id, found.id), inArray(foundPets.status, action.from)))
    .returning();
  if (!row) throw new UserError('foundReportClosed');
  return withBreed(app, managedView(app, row));
}

/** GetFoundPetMatches: the report a finder's link and id name (both must agree). */
export async function reportOfFinder(
  app: FastifyInstance,
  request: FastifyRequest,
  foundPetId: number,
  token: string,
): Promise<FoundRow> {
  const row = await reportOfLink(app, request, token);
  if (row.id !== foundPetId) throw new UserError('linkInvalid');
  return row;
}
