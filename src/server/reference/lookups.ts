import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import type { Breed, Country, PetType } from '#shared/contract/general';
import type { WellnessCategory } from '#shared/contract/wellness';
import { countries, petBreeds, petTypes, wellnessCategories } from '#server/db/schema';
import { mediaBase } from '#server/config';
import { cacheTag } from '#server/cache/public-cache';
import { imageUrl } from '#server/media/media-url';

/** The pet types with their icons, by id. */
export async function listPetTypes(app: FastifyInstance): Promise<PetType[]> {
  const base = mediaBase(app.config);
  const rows = await app.db.select().from(petTypes).orderBy(asc(petTypes.id));
  return rows.map((r) => ({ id: r.id, title: r.title, image: imageUrl(base, r.image) }));
}

/** Every country, by title. */
export function listCountries(app: FastifyInstance): Promise<Country[]> {
  return app.db.select().from(countries).orderBy(asc(countries.title));
}

/** The breeds of a pet type, by title. */
export function listBreeds(app: FastifyInstance, petTypeId: number): Promise<Breed[]> {
  return app.db.select({ id: petBreeds.id, title: petBreeds.title }).from(petBreeds).where(eq(petBreeds.petTypeId, petTypeId)).orderBy(asc(petBreeds.title));
}

/** The wellness categories, by id (through the public cache). */
export function listWellnessCategories(app: FastifyInstance): Promise<WellnessCategory[]> {
  return app.publicCache.get(
    'wellness:categories',
    () => app.db.select({ id: wellnessCategories.id, title: wellnessCategories.title }).from(wellnessCategories).orderBy(asc(wellnessCategories.id)),
    [cacheTag.reference],
  );
}
