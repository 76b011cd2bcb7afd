import { asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { petBreeds } from '#server/db/schema';

/** The first `count` breeds of a pet type by id (type 1: dogs), for a test's pet form. */
export async function breedIdsOfType(db: Db, petTypeId: number, count: number): Promise<number[]> {
  const rows = await db
    .select({ id: petBreeds.id })
    .from(petBreeds)
    .where(eq(petBreeds.petTypeId, petTypeId))
    .orderBy(asc(petBreeds.id))
    .limit(count);
  return rows.map((r) => r.id);
}

/** A dog breed every seeded database has: the first by id. */
export async function firstDogBreedId(db: Db): Promise<number> {
  const [id] = await breedIdsOfType(db, 1, 1);
  return id;
}
