import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { petSightings } from '../db/schema';
import type { Position } from './position';

const DAY_MS = 24 * 60 * 60 * 1000;

function cutoff(retentionDays: number, now: Date): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/** Stores a sighting of a lost pet and drops that pet's sightings older than the retention period. */
export async function storeSighting(db: Db, petProfileId: number, position: Position, retentionDays: number, now = new Date()): Promise<void> {
  await db.insert(petSightings).values({ petProfileId, latitude: position.latitude, longitude: position.longitude, createdAt: now });
  await db.delete(petSightings).where(and(eq(petSightings.petProfileId, petProfileId), lt(petSightings.createdAt, cutoff(retentionDays, now))));
}

/** Deletes every sighting older than the retention period; returns how many. */
export async function purgeSightings(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const gone = await db.delete(petSightings).where(lt(petSightings.createdAt, cutoff(retentionDays, now))).returning({ id: petSightings.id });
  return gone.length;
}
