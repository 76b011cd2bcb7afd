import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { Config } from '../../config';
import { petTypes } from '../schema';

/** Seeds the deterministic demo data when the database is empty. Returns whether it seeded. */
export async function seedIfEmpty(db: Db, _config: Config): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(petTypes);
  if (count > 0) return false;
  await db.transaction(async (tx) => {
    await tx.insert(petTypes).values([
      { id: 1, title: 'Dog', image: 'pet-types/dog.png' },
      { id: 2, title: 'Cat', image: 'pet-types/cat.png' },
    ]);
  });
  return true;
}
