import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { alertSubscriptions, foundPets, lostPetDetails, petBreeds, petProfiles } from '#server/db/schema';
import { petNotDeleted } from '#server/db/live-rows';
import { chordKmOf, chordTo, geoPoint, greatCircleKm } from '#server/geo/near-me';
import { enqueueMail } from '#server/mail/outbox';

const HOUR_MS = 3_600_000;
/** Subscriptions taken per transaction. */
const BATCH = 50;
/** A digest lists at most this many pets of each kind (the rest: "and N more" with the listing's link). */
export const DIGEST_ITEMS = 20;

type Subscription = typeof alertSubscriptions.$inferSelect;
type Queryable = Pick<Db, 'select'>;

const inCircle = (point: ReturnType<typeof geoPoint>, s: Pick<Subscription, 'latitude' | 'longitude' | 'radiusKm'>) =>
  sql`${chordTo(point, s)} <= ${chordKmOf(s.radiusKm)}`;

/** The pets reported lost in the window inside the circle, of the subscriber's types, nearest first. */
export function newLostPets(db: Queryable, s: Subscription, from: Date, to: Date, limit = DIGEST_ITEMS) {
  const point = geoPoint(lostPetDetails.latitude, lostPetDetails.longitude);
  return db
    .select({
      petId: petProfiles.id,
      publicId: petProfiles.publicId,
      name: petProfiles.name,
      petTypeId: petProfiles.petTypeId,
      petBreedId: petProfiles.petBreedId,
      breed: petBreeds.title,
      lostDate: lostPetDetails.lostDate,
      km: sql<number>`${chordTo(point, s)}`,
    })
    .from(lostPetDetails)
    .innerJoin(petProfiles, eq(petProfiles.id, lostPetDetails.petProfileId))
    .innerJoin(petBreeds, eq(petBreeds.id, petProfiles.petBreedId))
    .where(
      and(
        sql`${petProfiles.isLost}`,
        petNotDeleted,
        inArray(petProfiles.petTypeId, s.petTypeIds),
        gte(lostPetDetails.reportedAt, from),
        lt(lostPetDetails.reportedAt, to),
        inCircle(point, s),
      ),
    )
    .orderBy(asc(chordTo(point, s)), desc(petProfiles.id))
    .limit(limit)
    .then((rows) => rows.map((r) => ({ ...r, km: greatCircleKm(r.km) ?? 0 })));
}

/** The found reports confirmed in the window inside the circle (their rounded places), nearest first. */
export function newFoundPets(db: Queryable, s: Subscription, from: Date, to: Date, limit = DIGEST_ITEMS) {
  const point = geoPoint(foundPets.publicLatitude, foundPets.publicLongitude);
  return db
    .select({
      id: foundPets.id,
      petTypeId: foundPets.petTypeId,
      foundDate: foundPets.foundDate,
      km: sql<number>`${chordTo(point, s)}`,
    })
    .from(foundPets)
    .where(
      and(
        eq(foundPets.status, 'open'),
        inArray(foundPets.petTypeId, s.petTypeIds),
        gte(foundPets.confirmedAt, from),
        lt(foundPets.confirmedAt, to),
        inCircle(point, s),
      ),
    )
    .orderBy(asc(chordTo(point, s)), desc(foundPets.id))
    .limit(limit)
    .then((rows) => rows.map((r) => ({ ...r, km: greatCircleKm(r.km) ?? 0 })));
}

/**
 * The daily digests (a schedule of every process, docs/decisions/0153): each active subscription whose digest is due
 * is taken FOR UPDATE SKIP LOCKED, its window [digestFrom, now) read, a digest queued when the window holds a new
 * lost or found pet inside the circle (dedupe key: subscription and window end), and the window moved on, all in one
 * transaction: no two processes send one digest, and a digest missed while no process ran goes out at the next
 * start. Answers how many digests were queued.
 */
export async function sendDueDigests(app: FastifyInstance, now = new Date()): Promise<number> {
  let queued = 0;
  for (;;) {
    const taken = await app.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(alertSubscriptions)
        .where(and(eq(alertSubscriptions.status, 'active'), lte(alertSubscriptions.nextDigestAt, now)))
        .orderBy(asc(alertSubscriptions.nextDigestAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const s of due) {
        const from = s.digestFrom ?? s.confirmedAt ?? now;
        const [lost, found] = await Promise.all([newLostPets(tx, s, from, now, 1), newFoundPets(tx, s, from, now, 1)]);
        if (lost.length + found.length > 0) {
          const result = await enqueueMail(tx as unknown as Db, {
            kind: 'alert-digest',
            recipient: s.email,
            language: s.language,
            payload: { subscriptionId: s.id, from: from.toISOString(), to: now.toISOString() },
            dedupeKey: `alert-digest:${s.id}:${now.getTime()}`,
          });
          if (result.status === 'queued') queued++;
        }
        await tx
          .update(alertSubscriptions)
          .set({ digestFrom: now, nextDigestAt: new Date(now.getTime() + app.config.alertDigestPeriodHours * HOUR_MS) })
          .where(eq(alertSubscriptions.id, s.id));
      }
      return due.length;
    });
    if (taken < BATCH) break;
  }
  if (queued > 0) app.mail.nudge();
  return queued;
}
