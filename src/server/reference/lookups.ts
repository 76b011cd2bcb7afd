import type { FastifyInstance } from 'fastify';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { unknownBreedId } from '#shared/constants';
import type { Breed, Country, PetType } from '#shared/contract/general';
import type { WellnessCategory } from '#shared/contract/wellness';
import { countries, petBreeds, petTypes, wellnessCategories } from '#server/db/schema';
import { mediaBase } from '#server/config';
import { cacheTag } from '#server/cache/public-cache';
import { imageUrl } from '#server/media/media-url';

// Reference data changes only with a write tagged `reference`: every lookup goes through the public
// cache (the listing pages ask for the pet types, every page with a country for all 250 countries).

/** The pet types with their icons, by id. */
export function listPetTypes(app: FastifyInstance): Promise<PetType[]> {
  return app.publicCache.get(
    'reference:pet-types',
    async () => {
      const base = mediaBase(app.config);
      const rows = await app.db.select().from(petTypes).orderBy(asc(petTypes.id));
      return rows.map((r) => ({ id: r.id, title: r.title, image: imageUrl(base, r.image) }));
    },
    [cacheTag.reference],
  );
}

/** Every country, by title. */
export function listCountries(app: FastifyInstance): Promise<Country[]> {
  return app.publicCache.get(
    'reference:countries',
    () => app.db.select().from(countries).orderBy(asc(countries.title)),
    [cacheTag.reference],
  );
}

/** The breeds of a pet type: its "Unknown" first (SPEC.md's checkbox takes the list's first), then by title. */
export function listBreeds(app: FastifyInstance, petTypeId: number): Promise<Breed[]> {
  return app.publicCache.get(
    `reference:breeds:${petTypeId}`,
    () =>
      app.db
        .select({ id: petBreeds.id, title: petBreeds.title })
        .from(petBreeds)
        .where(eq(petBreeds.petTypeId, petTypeId))
        .orderBy(desc(sql`${petBreeds.id} = ${unknownBreedId(petTypeId)}`), asc(petBreeds.title)),
    [cacheTag.reference],
  );
}

/** The wellness categories, by id (through the public cache). */
export function listWellnessCategories(app: FastifyInstance): Promise<WellnessCategory[]> {
  return app.publicCache.get(
    'wellness:categories',
    () =>
      app.db
        .select({ id: wellnessCategories.id, title: wellnessCategories.title })
        .from(wellnessCategories)
        .orderBy(asc(wellnessCategories.id)),
    [cacheTag.reference],
  );
}
