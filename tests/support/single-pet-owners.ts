import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { clinicPatients } from '#server/db/schema';

/**
 * The clinic's patients whose owner has no other pet. A test that gives each pet's owner an address of its own by
 * writing the patient row must pick these: since owners are records (issue 32), the row's owner fields are the
 * owner's, so writing one pet's e-mail changes every pet of that owner (the demo families have several).
 */
export async function petsWithTheirOwnOwner(db: Db, clinicId: number): Promise<Set<number>> {
  const rows = await db
    .select({ petProfileId: clinicPatients.petProfileId })
    .from(clinicPatients)
    .where(
      and(
        eq(clinicPatients.clinicId, clinicId),
        sql`(select count(*) from clinic_patients p2 where p2.clinic_owner_id = ${clinicPatients.clinicOwnerId}) = 1`,
      ),
    );
  return new Set(rows.map((r) => r.petProfileId));
}
