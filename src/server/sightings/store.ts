import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { petSightings, sightingLinks } from '#server/db/schema';
import type { Position } from '#server/sightings/position';
import { queueSightingMail } from '#server/sightings/notify-owner';

const DAY_MS = 24 * 60 * 60 * 1000;

function cutoff(retentionDays: number, now: Date): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

export interface StoredSighting {
  /** whether the owner has an e-mail address, so the sighting reaches them */
  ownerNotified: boolean;
}

/**
 * Stores a sighting of a lost pet, queues the owner's e-mail about it in the same transaction
 * (gathered with others: notify-owner.ts), and drops that pet's sightings older than the retention period.
 */
export async function storeSighting(
  db: Db,
  petProfileId: number,
  position: Position,
  opts: { retentionDays: number; emailIntervalMinutes: number; note?: string },
  now = new Date(),
): Promise<StoredSighting> {
  return db.transaction(async (tx) => {
    await tx.insert(petSightings).values({
      petProfileId,
      latitude: position.latitude,
      longitude: position.longitude,
      note: opts.note?.trim() || null,
      createdAt: now,
    });
    await tx
      .delete(petSightings)
      .where(
        and(eq(petSightings.petProfileId, petProfileId), lt(petSightings.createdAt, cutoff(opts.retentionDays, now))),
      );
    const ownerNotified = await queueSightingMail(tx as unknown as Db, petProfileId, opts.emailIntervalMinutes);
    return { ownerNotified };
  });
}

/**
 * Deletes every sighting older than the retention period, and expired sightings-page links; returns how many sightings.
 */
export async function purgeSightings(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const gone = await db
    .delete(petSightings)
    .where(lt(petSightings.createdAt, cutoff(retentionDays, now)))
    .returning({ id: petSightings.id });
  await db.delete(sightingLinks).where(lt(sightingLinks.expiresAt, now));
  return gone.length;
}
