import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FoundPetCard, FoundPetDetails, FoundPetsQuery } from '#shared/contract/found-pets';
import type { NearMePosition } from '#shared/contract/near-me';
import type { FoundSize } from '#shared/found-pets';
import type { Db } from '#server/db/client';
import { foundPets, petBreeds } from '#server/db/schema';
import { pageWindow } from '#server/db/query-helpers';
import { mediaBase } from '#server/config';
import { cacheTag } from '#server/cache/public-cache';
import { chordTo, geoPoint, greatCircleKm, nearMeKey } from '#server/geo/near-me';
import { imageUrl } from '#server/media/media-url';
import { asFoundColors } from '#server/found-pets/colors';

/**
 * What a visitor sees of found reports (docs/decisions/0150), the one rule of every public path (GetFoundPets,
 * GetFoundPet, the /found/{id} page with its share meta and image, the flyer): open reports, and reunited ones on
 * their page until they expire; their place rounded to about 500 m (public_latitude, public_longitude), never the
 * finder's address, and no e-mail address from the finder's note.
 */

/** Anything that looks like an e-mail address in a finder's text. */
const EMAIL_IN_TEXT = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:]+/g;

/** A finder's text for a public page: e-mail addresses hidden ("[…]"), the rest as written. */
function withoutEmailAddresses(text: string): string {
  return text.replace(EMAIL_IN_TEXT, '[…]');
}

/** The title of a breed guess (English, as stored; the reader's language comes from its id), or null. */
export async function breedTitleOf(db: Pick<Db, 'select'>, petBreedId: number | null): Promise<string | null> {
  if (petBreedId === null) return null;
  const [breed] = await db.select({ title: petBreeds.title }).from(petBreeds).where(eq(petBreeds.id, petBreedId));
  return breed?.title ?? null;
}

const publicColumns = {
  id: foundPets.id,
  status: foundPets.status,
  petTypeId: foundPets.petTypeId,
  petBreedId: foundPets.petBreedId,
  petBreed: petBreeds.title,
  colors: foundPets.colors,
  size: foundPets.size,
  foundDate: foundPets.foundDate,
  note: foundPets.note,
  photos: foundPets.photos,
  latitude: foundPets.publicLatitude,
  longitude: foundPets.publicLongitude,
};

/**
 * GetFoundPets: a page of open reports (of a type, or every type), the newest found first; near the visitor, the
 * nearest rounded places first, with the distance to them. Through the public cache, kept until a report changes.
 */
export async function listFoundPets(
  app: FastifyInstance,
  query: FoundPetsQuery,
  here: NearMePosition | null,
): Promise<FoundPetCard[]> {
  const { page, limit, skip, beyondEnd } = pageWindow(query.offset, query.limit);
  if (beyondEnd) return [];
  const petTypeId = query.petTypeId ?? null;
  const key = `found-list:${petTypeId ?? ''}:${page}:${limit}${here ? `:${nearMeKey(here)}` : ''}`;
  return app.publicCache.get(key, async () => {
    const base = mediaBase(app.config);
    const chord = here ? chordTo(geoPoint(foundPets.publicLatitude, foundPets.publicLongitude), here) : null;
    const rows = await app.db
      .select({ ...publicColumns, chordKm: chord ?? sql<null>`null` })
      .from(foundPets)
      .leftJoin(petBreeds, eq(petBreeds.id, foundPets.petBreedId))
      .where(and(eq(foundPets.status, 'open'), petTypeId === null ? undefined : eq(foundPets.petTypeId, petTypeId)))
      .orderBy(...(chord ? [chord, desc(foundPets.id)] : [desc(foundPets.foundDate), desc(foundPets.id)]))
      .limit(limit)
      .offset(skip);
    return rows.map((r) => ({
      foundPetId: r.id,
      petTypeId: r.petTypeId,
      petBreedId: r.petBreedId,
      petBreed: r.petBreed,
      colors: asFoundColors(r.colors),
      size: r.size as FoundSize,
      foundDate: r.foundDate,
      photo: imageUrl(base, r.photos[0] ?? null),
      latitude: r.latitude,
      longitude: r.longitude,
      ...(here ? { distanceKm: greatCircleKm(r.chordKm) } : {}),
    }));
  }, [cacheTag.found]);
}

/** One report as its public page shows it, or null: the one function every public path reads a report through. */
export function loadFoundPet(app: FastifyInstance, foundPetId: number): Promise<FoundPetDetails | null> {
  return app.publicCache.get(
    `found-pet:${foundPetId}`,
    async () => {
      const [row] = await app.db
        .select(publicColumns)
        .from(foundPets)
        .leftJoin(petBreeds, eq(petBreeds.id, foundPets.petBreedId))
        .where(and(eq(foundPets.id, foundPetId), inArray(foundPets.status, ['open', 'reunited'])));
      if (!row) return null;
      const base = mediaBase(app.config);
      return {
        foundPetId: row.id,
        status: row.status as FoundPetDetails['status'],
        petTypeId: row.petTypeId,
        petBreedId: row.petBreedId,
        petBreed: row.petBreed,
        colors: asFoundColors(row.colors),
        size: row.size as FoundSize,
        foundDate: row.foundDate,
        note: withoutEmailAddresses(row.note),
        photos: row.photos.map((p) => imageUrl(base, p)),
        latitude: row.latitude,
        longitude: row.longitude,
      };
    },
    [cacheTag.foundPet(foundPetId), cacheTag.found],
  );
}
