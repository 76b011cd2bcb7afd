import { readOneSnapshot } from '#server/db/one-snapshot';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { PetSightingsResult } from '#shared/contract/sightings';
import { hashToken, newToken } from '#server/auth/tokens';
import { mediaBase } from '#server/config';
import type { Db } from '#server/db/client';
import { petProfiles, petSightings, sightingLinks } from '#server/db/schema';
import { imageUrl } from '#server/media/media-url';
import { candidatesOfLostPet } from '#server/found-pets/matching';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new link to a pet's sightings page: random, stored hashed, valid for the sighting retention period. */
export async function createSightingLink(
  db: Db,
  petProfileId: number,
  retentionDays: number,
  now = new Date(),
): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(sightingLinks).values({
    petProfileId,
    tokenHash: hash,
    expiresAt: new Date(now.getTime() + retentionDays * DAY_MS),
    createdAt: now,
  });
  return token;
}

/** The pet a sightings-page token opens, or null when it is unknown or expired. */
async function petOfSightingLink(db: Db, token: string, now = new Date()): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ petProfileId: sightingLinks.petProfileId })
    .from(sightingLinks)
    .where(and(eq(sightingLinks.tokenHash, hashToken(token)), gt(sightingLinks.expiresAt, now)));
  return row?.petProfileId ?? null;
}

/** Every retained sighting of a pet, newest first. */
function listSightings(db: Db, petProfileId: number) {
  return db
    .select({
      id: petSightings.id,
      latitude: petSightings.latitude,
      longitude: petSightings.longitude,
      note: petSightings.note,
      seenAt: petSightings.createdAt,
    })
    .from(petSightings)
    .where(eq(petSightings.petProfileId, petProfileId))
    .orderBy(desc(petSightings.createdAt), desc(petSightings.id));
}

/**
 * The owner's sightings page a link opens: the pet, every retained sighting and the open found reports that may be
 * the pet (their exact places: this page is the owner's alone); null for an unknown or expired link.
 */
export async function sightingsOfLink(app: FastifyInstance, token: string): Promise<PetSightingsResult | null> {
  const petProfileId = await petOfSightingLink(app.db, token);
  if (petProfileId === null) return null;
  const [{ pet, sightings }, foundCandidates] = await Promise.all([
    readOneSnapshot(app.db, async (tx) => {
      const [row] = await tx
        .select({
          name: petProfiles.name,
          publicId: petProfiles.publicId,
          imagePath: petProfiles.imagePath,
          isLost: petProfiles.isLost,
        })
        .from(petProfiles)
        .where(eq(petProfiles.id, petProfileId));
      return { pet: row, sightings: await listSightings(tx, petProfileId) };
    }),
    candidatesOfLostPet(app, petProfileId),
  ]);
  if (!pet) return null;
  return {
    petName: pet.name,
    publicId: pet.publicId,
    petImage: imageUrl(mediaBase(app.config), pet.imagePath),
    isLost: pet.isLost,
    retentionDays: app.config.sightingRetentionDays,
    sightings: sightings.map((s) => ({
      id: s.id,
      latitude: s.latitude,
      longitude: s.longitude,
      note: s.note,
      seenAt: s.seenAt.toISOString(),
    })),
    foundCandidates,
  };
}
