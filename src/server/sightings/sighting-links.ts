import { and, desc, eq, gt } from 'drizzle-orm';
import { hashToken, newToken } from '#server/auth/tokens';
import type { Db } from '#server/db/client';
import { petSightings, sightingLinks } from '#server/db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new link to a pet's sightings page: random, stored hashed, valid for the sighting retention period. */
export async function createSightingLink(db: Db, petProfileId: number, retentionDays: number, now = new Date()): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(sightingLinks).values({ petProfileId, tokenHash: hash, expiresAt: new Date(now.getTime() + retentionDays * DAY_MS), createdAt: now });
  return token;
}

/** The pet a sightings-page token opens, or null when it is unknown or expired. */
export async function petOfSightingLink(db: Db, token: string, now = new Date()): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ petProfileId: sightingLinks.petProfileId })
    .from(sightingLinks)
    .where(and(eq(sightingLinks.tokenHash, hashToken(token)), gt(sightingLinks.expiresAt, now)));
  return row?.petProfileId ?? null;
}

/** Every retained sighting of a pet, newest first. */
export async function listSightings(db: Db, petProfileId: number) {
  return db
    .select({ id: petSightings.id, latitude: petSightings.latitude, longitude: petSightings.longitude, seenAt: petSightings.createdAt })
    .from(petSightings)
    .where(eq(petSightings.petProfileId, petProfileId))
    .orderBy(desc(petSightings.createdAt), desc(petSightings.id));
}
