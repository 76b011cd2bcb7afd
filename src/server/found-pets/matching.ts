import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { FOUND_REPORT_DAYS, type FoundSize } from '#shared/found-pets';
import type { FoundCandidate, FoundPetMatch } from '#shared/contract/found-pets';
import type { Db } from '#server/db/client';
import { foundPets, lostPetDetails, petProfiles } from '#server/db/schema';
import { petNotDeleted } from '#server/db/live-rows';
import { mediaBase } from '#server/config';
import { chordKmOf, chordTo, geoPoint } from '#server/geo/near-me';
import { enqueueMail } from '#server/mail/outbox';
import { imageUrl } from '#server/media/media-url';
import { latestWeight, weightFields } from '#server/pets/pet-columns';
import { lostPetOwnerAddress } from '#server/sightings/notify-owner';
import { asFoundColors, colorNamesOfText } from '#server/found-pets/colors';
import {
  GOOD_MATCH_SCORE,
  matchScore,
  MAX_DISTANCE_KM,
  sizeFromWeight,
  type FoundFacts,
  type LostFacts,
} from '#server/found-pets/match-score';
import { rememberedPhotoColors } from '#server/found-pets/photo-colors';

/**
 * Matching found reports with lost pets (docs/decisions/0151): the candidates of either side from the database
 * (same type, within MAX_DISTANCE_KM of the exact places through the GiST indexes, found within FOUND_REPORT_DAYS
 * of being lost), scored by match-score.ts. Nothing is stored but the owners' e-mails: the finder's list and the
 * owner's candidates are scored when they are asked for, so a pet found since, or a report withdrawn, is gone.
 */

/** Candidates read per report or pet (nearest first) before scoring: far more than a city's lost pets of a type. */
const CANDIDATES = 200;
/** The lists show the best of these, at least this score. */
const LISTED = 10;
const LISTED_SCORE = 30;

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type Queryable = Pick<Db, 'select'>;

interface LostRow {
  petId: number;
  publicId: string;
  petName: string;
  imagePath: string | null;
  petTypeId: number;
  petBreedId: number;
  color: string | null;
  lostDate: string;
  latitude: number | null;
  longitude: number | null;
  weight: ReturnType<typeof latestWeight>['_']['type'];
}

const lostColumns = {
  petId: petProfiles.id,
  publicId: petProfiles.publicId,
  petName: petProfiles.name,
  imagePath: petProfiles.imagePath,
  petTypeId: petProfiles.petTypeId,
  petBreedId: petProfiles.petBreedId,
  color: petProfiles.color,
  lostDate: lostPetDetails.lostDate,
  latitude: lostPetDetails.latitude,
  longitude: lostPetDetails.longitude,
  weight: latestWeight(petProfiles.id),
};

/** A lost pet as the scoring reads it; its photo's colours from those already read. */
function lostFacts(row: LostRow, photoColors: Map<string, FoundColorList>): LostFacts {
  const weight = weightFields(row.weight);
  const value = weight.weightValue === null ? null : Number(weight.weightValue.replace(',', '.'));
  const kg = value === null ? null : /lb/i.test(weight.weight ?? '') ? value * 0.4536 : value;
  return {
    petTypeId: row.petTypeId,
    petBreedId: row.petBreedId,
    colors: colorNamesOfText(row.color),
    photoColors: row.imagePath ? (photoColors.get(row.imagePath) ?? []) : [],
    size: sizeFromWeight(row.petTypeId, kg),
    lostDate: row.lostDate,
    latitude: row.latitude ?? 0,
    longitude: row.longitude ?? 0,
  };
}
type FoundColorList = LostFacts['colors'];

type FoundRow = typeof foundPets.$inferSelect;

function foundFacts(row: FoundRow): FoundFacts {
  return {
    petTypeId: row.petTypeId,
    petBreedId: row.petBreedId,
    colors: asFoundColors(row.colors),
    photoColors: asFoundColors(row.photoColors),
    size: row.size as FoundSize,
    foundDate: row.foundDate,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/** The lost pets a found report may be: lost, of its type, within reach of its place and date, nearest first. */
function lostPetsNear(db: Queryable, found: FoundFacts): Promise<LostRow[]> {
  const chord = chordTo(geoPoint(lostPetDetails.latitude, lostPetDetails.longitude), found);
  return db
    .select(lostColumns)
    .from(lostPetDetails)
    .innerJoin(petProfiles, eq(petProfiles.id, lostPetDetails.petProfileId))
    .where(
      and(
        sql`${petProfiles.isLost}`,
        petNotDeleted,
        eq(petProfiles.petTypeId, found.petTypeId),
        isNotNull(lostPetDetails.latitude),
        isNotNull(lostPetDetails.longitude),
        lte(lostPetDetails.lostDate, found.foundDate),
        gte(lostPetDetails.lostDate, addDays(found.foundDate, -FOUND_REPORT_DAYS)),
        sql`${chord} <= ${chordKmOf(MAX_DISTANCE_KM)}`,
      ),
    )
    .orderBy(chord)
    .limit(CANDIDATES);
}

/** The open found reports a lost pet may be, nearest first. */
function openReportsNear(db: Queryable, lost: LostFacts): Promise<FoundRow[]> {
  const chord = chordTo(geoPoint(foundPets.latitude, foundPets.longitude), lost);
  return db
    .select()
    .from(foundPets)
    .where(
      and(
        eq(foundPets.status, 'open'),
        eq(foundPets.petTypeId, lost.petTypeId),
        gte(foundPets.foundDate, lost.lostDate),
        lte(foundPets.foundDate, addDays(lost.lostDate, FOUND_REPORT_DAYS)),
        sql`${chord} <= ${chordKmOf(MAX_DISTANCE_KM)}`,
      ),
    )
    .orderBy(chord, asc(foundPets.id))
    .limit(CANDIDATES);
}

function best<T extends { score: number; distanceKm: number }>(scored: T[], min: number): T[] {
  return scored
    .filter((s) => s.score >= min)
    .sort((a, b) => b.score - a.score || a.distanceKm - b.distanceKm)
    .slice(0, LISTED);
}

/** Scores a found report against its lost candidates (their photos' colours as far as they are known). */
async function scoreFoundReport(app: FastifyInstance, db: Queryable, found: FoundFacts) {
  const rows = await lostPetsNear(db, found);
  const colors = await rememberedPhotoColors(
    app,
    db,
    rows.flatMap((r) => (r.imagePath ? [r.imagePath] : [])),
    false,
  );
  return rows.flatMap((row) => {
    const result = matchScore(found, lostFacts(row, colors));
    return result ? [{ row, ...result }] : [];
  });
}

/** GetFoundPetMatches: the lost pets a found report may be, best first. */
export async function matchesOfReport(app: FastifyInstance, report: FoundRow): Promise<FoundPetMatch[]> {
  const base = mediaBase(app.config);
  const scored = await scoreFoundReport(app, app.db, foundFacts(report));
  return best(scored, LISTED_SCORE).map((s) => ({
    petId: s.row.petId,
    publicId: s.row.publicId,
    petName: s.row.petName,
    score: s.score,
    distanceKm: s.distanceKm,
    petImage: imageUrl(base, s.row.imagePath),
  }));
}

/** The lost pet as the scoring reads it, or null when it is not lost (any more) or has no place. */
async function lostPetFacts(app: FastifyInstance, db: Queryable, petId: number, readPhoto: boolean) {
  const [row] = await db
    .select(lostColumns)
    .from(lostPetDetails)
    .innerJoin(petProfiles, eq(petProfiles.id, lostPetDetails.petProfileId))
    .where(and(eq(lostPetDetails.petProfileId, petId), sql`${petProfiles.isLost}`, petNotDeleted));
  if (!row || row.latitude === null || row.longitude === null) return null;
  const colors = await rememberedPhotoColors(app, db, row.imagePath ? [row.imagePath] : [], readPhoto);
  return lostFacts(row, colors);
}

/** The owner's sightings page: the open found reports that may be their lost pet, best first, exact places. */
export async function candidatesOfLostPet(app: FastifyInstance, petId: number): Promise<FoundCandidate[]> {
  const lost = await lostPetFacts(app, app.db, petId, false);
  if (!lost) return [];
  const base = mediaBase(app.config);
  const scored = (await openReportsNear(app.db, lost)).flatMap((row) => {
    const result = matchScore(foundFacts(row), lost);
    return result ? [{ row, ...result }] : [];
  });
  return best(scored, LISTED_SCORE).map(({ row, score, distanceKm }) => ({
    foundPetId: row.id,
    petTypeId: row.petTypeId,
    petBreedId: row.petBreedId,
    petBreed: null,
    colors: asFoundColors(row.colors),
    size: row.size as FoundSize,
    foundDate: row.foundDate,
    score,
    distanceKm,
    photo: imageUrl(base, row.photos[0] ?? null),
    latitude: row.latitude,
    longitude: row.longitude,
  }));
}

/** Queues the owner's e-mail about a good match, once per report and pet ever (the outbox's dedupe key). */
async function queueMatchMail(tx: Db, foundPetId: number, petId: number): Promise<boolean> {
  const owner = await lostPetOwnerAddress(tx, petId);
  if (!owner) return false;
  const queued = await enqueueMail(tx, {
    kind: 'found-match',
    recipient: owner.email,
    language: owner.language,
    payload: { foundPetId, petProfileId: petId },
    dedupeKey: `found-match:${foundPetId}:${petId}`,
    petProfileId: petId,
  });
  return queued.status === 'queued';
}

/**
 * When a report is confirmed, in its transaction: scores it against the lost pets and queues an e-mail to the
 * owner of each good match. Answers how many owners will be told.
 */
export async function matchConfirmedReport(app: FastifyInstance, tx: Db, report: FoundRow): Promise<number> {
  const scored = await scoreFoundReport(app, tx, foundFacts(report));
  let told = 0;
  for (const s of scored.filter((x) => x.score >= GOOD_MATCH_SCORE))
    if (await queueMatchMail(tx, report.id, s.row.petId)) told++;
  return told;
}

/** Lost pets the matcher takes per transaction. */
const MATCHER_BATCH = 20;

/**
 * The lost-pet matcher (a schedule of every process, docs/decisions/0151): each pet newly reported lost (its
 * lost_pet_details.matched_at cleared by the database's triggers, whoever wrote it) is scored against the open
 * found reports and its owner e-mailed about good matches. Each pet is claimed under a row lock that other
 * processes skip, and marked matched in the same transaction, so no two processes match it and a restart
 * loses nothing. Answers how many pets were matched.
 */
export async function runLostPetMatcher(app: FastifyInstance, now = new Date()): Promise<number> {
  const due = await app.db
    .select({ petId: lostPetDetails.petProfileId })
    .from(lostPetDetails)
    .where(sql`${lostPetDetails.matchedAt} is null`)
    .orderBy(asc(lostPetDetails.reportedAt))
    .limit(MATCHER_BATCH);
  let matched = 0;
  let mails = 0;
  for (const { petId } of due) {
    // the photo is read outside the transaction (decoding takes a while); it is kept for every later match
    const lost = await lostPetFacts(app, app.db, petId, true);
    await app.db.transaction(async (tx) => {
      const [claimed] = await tx
        .select({ petId: lostPetDetails.petProfileId })
        .from(lostPetDetails)
        .where(and(eq(lostPetDetails.petProfileId, petId), sql`${lostPetDetails.matchedAt} is null`))
        .for('update', { skipLocked: true });
      if (!claimed) return;
      if (lost) {
        for (const row of await openReportsNear(tx, lost)) {
          const result = matchScore(foundFacts(row), lost);
          if (result && result.score >= GOOD_MATCH_SCORE && (await queueMatchMail(tx as unknown as Db, row.id, petId)))
            mails++;
        }
      }
      await tx.update(lostPetDetails).set({ matchedAt: now }).where(eq(lostPetDetails.petProfileId, petId));
      matched++;
    });
  }
  if (mails > 0) app.mail.nudge();
  return matched;
}
