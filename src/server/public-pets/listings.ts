import type { FastifyInstance } from 'fastify';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { LostPetListQuery, PetGroup, PetListQuery } from '#shared/contract/pets';
import type { NearMePosition } from '#shared/contract/near-me';
import { lostPetDetails, petBreeds, petProfiles } from '#server/db/schema';
import { containsPattern, pageWindow } from '#server/db/query-helpers';
import { mediaBase } from '#server/config';
import { cacheTag } from '#server/cache/public-cache';
import { greatCircleKm, nearMeKey } from '#server/geo/near-me';
import { listedPetColumns, lostPetsNear } from '#server/public-pets/lost-near-me';
import { imageUrl } from '#server/media/media-url';
import { ageInYears, utcDay } from '#server/pets/age';
import { petNotDeleted } from '#server/db/live-rows';
import { breedIdsTitled } from '#server/i18n';

type Listing = 'adoption' | 'lost';

/**
 * One page of the adoption or lost listing, grouped by breed.
 *
 * Without a position: one query ordered by breed id, then pet id, so the page walks the partial
 * index (pet_type_id, pet_breed_id, id) and stops after the page. Breed ids follow the titles
 * within a type (the seed assigns them alphabetically), so the groups come alphabetically; see
 * docs/decisions/0040.
 *
 * Lost pets near the visitor (`here`): the type's lost pets with a last-seen place, ordered by its
 * distance (ties by pet), grouped by breed in the order of each breed's nearest pet: lostPetsNear
 * (docs/decisions/0070, 0192).
 */
export async function listPets(
  app: FastifyInstance,
  listing: Listing,
  query: PetListQuery | LostPetListQuery,
  here: NearMePosition | null = null,
): Promise<PetGroup[]> {
  const { page, limit, skip, beyondEnd } = pageWindow(query.offset, query.limit);
  if (beyondEnd) return [];
  const term = query.searchTerm?.trim() ?? '';
  const petTypeId = query.petTypeId ?? 1;
  // The day is part of the key: ages change at midnight even when nothing is written.
  const key = `${listing}:${utcDay()}:${petTypeId}:${page}:${limit}:${term}${here ? `:${nearMeKey(here)}` : ''}`;
  return app.publicCache.get(key, () => queryPetPage(app, { listing, petTypeId, term, limit, skip, here }), [
    cacheTag.pets,
  ]);
}

/** The listings' search box (issue 36): the pet's name, or its breed's title as stored or in any of our languages. */
function nameOrBreed(term: string): SQL | undefined {
  const pattern = containsPattern(term);
  const translated = breedIdsTitled(term);
  return or(
    ilike(petProfiles.name, pattern),
    ilike(petBreeds.title, pattern),
    translated.length > 0 ? inArray(petBreeds.id, translated) : undefined,
  );
}

interface PetPageQuery {
  listing: Listing;
  petTypeId: number;
  term: string;
  limit: number;
  skip: number;
  here: NearMePosition | null;
}

async function queryPetPage(
  app: FastifyInstance,
  { listing, petTypeId, term, limit, skip, here }: PetPageQuery,
): Promise<PetGroup[]> {
  const base = mediaBase(app.config);
  // The flag as a bare column (no parameter), so the planner can use the partial index.
  const flag: SQL = listing === 'adoption' ? sql`${petProfiles.isForAdoption}` : sql`${petProfiles.isLost}`;
  const columns = {
    ...listedPetColumns,
    chordKm: sql<null>`null`,
    // a lost pet's card says when and where it was last seen (public on its profile too)
    lostDate: listing === 'lost' ? lostPetDetails.lostDate : sql<null>`null`,
    lostAddress: listing === 'lost' ? lostPetDetails.address : sql<null>`null`,
  };
  const ofType = and(
    flag,
    petNotDeleted,
    eq(petProfiles.petTypeId, petTypeId),
    // the listings' search box finds a pet by its name or its breed (issue 36)
    term ? nameOrBreed(term) : undefined,
  );
  const pets = app.db.select(columns).from(petProfiles).innerJoin(petBreeds, eq(petBreeds.id, petProfiles.petBreedId));
  const rows = here
    ? await lostPetsNear(app.db, here, ofType, { limit, skip })
    : listing === 'lost'
      ? await pets
          .leftJoin(lostPetDetails, eq(lostPetDetails.petProfileId, petProfiles.id))
          .where(ofType)
          .orderBy(asc(petProfiles.petBreedId), asc(petProfiles.id))
          .limit(limit)
          .offset(skip)
      : await pets.where(ofType).orderBy(asc(petProfiles.petBreedId), asc(petProfiles.id)).limit(limit).offset(skip);
  const today = new Date();
  const groups = new Map<number, PetGroup>();
  for (const r of rows) {
    let group = groups.get(r.petBreedId);
    if (!group) {
      group = { petBreedId: r.petBreedId, petBreedTitle: r.petBreedTitle, pets: [] };
      groups.set(r.petBreedId, group);
    }
    group.pets.push({
      petId: r.petId,
      publicId: r.publicId,
      petName: r.petName,
      petImage: imageUrl(base, r.imagePath),
      age: ageInYears(r.dob, today),
      ...(here ? { distanceKm: greatCircleKm(r.chordKm) } : {}),
      ...(listing === 'lost' ? { lostDate: r.lostDate ?? null, lostAddress: r.lostAddress ?? '' } : {}),
    });
  }
  return [...groups.values()];
}
