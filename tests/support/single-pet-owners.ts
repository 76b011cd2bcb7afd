import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { clinicPatients, wellnessRecords } from '#server/db/schema';
import { CATEGORY_TYPE_ANTIPARASITIC, CATEGORY_TYPE_VACCINATION } from '#shared/constants';

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

/**
 * The clinic's vaccination and antiparasitic records that have a next reminder (on a day `dayCondition` allows), of
 * pets whose owner has no other pet: the first record of each pet, by pet. Tests move such a reminder to a day of
 * their own and give its owner an address of its own (`setPatientOwnerEmail`), so each e-mail reaches one owner.
 */
export async function remindersOfSinglePetOwners(
  db: Db,
  clinicId: number,
  dayCondition: SQL,
): Promise<{ id: number; petProfileId: number }[]> {
  const picked = await db
    .select({ id: wellnessRecords.id, petProfileId: wellnessRecords.petProfileId })
    .from(wellnessRecords)
    .where(
      and(
        eq(wellnessRecords.clinicId, clinicId),
        inArray(wellnessRecords.categoryTypeId, [CATEGORY_TYPE_VACCINATION, CATEGORY_TYPE_ANTIPARASITIC]),
        sql`${wellnessRecords.nextReminderDate} is not null`,
        dayCondition,
      ),
    )
    .orderBy(asc(wellnessRecords.petProfileId), asc(wellnessRecords.id))
    .limit(5000);
  const ownOwner = await petsWithTheirOwnOwner(db, clinicId);
  return [...new Map(picked.map((p) => [p.petProfileId, p])).values()].filter((p) => ownOwner.has(p.petProfileId));
}

/** Writes a patient's owner e-mail (null: none): the owner's, who has no other pet when picked as above. */
export async function setPatientOwnerEmail(
  db: Db,
  clinicId: number,
  petProfileId: number,
  email: string | null,
): Promise<void> {
  await db
    .update(clinicPatients)
    .set({ ownerEmailForVet: email })
    .where(and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, petProfileId)));
}
