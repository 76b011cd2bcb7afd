import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { vetVisits, wellnessRecords } from '#server/db/schema';
import { lockClinicVisit } from '#server/visits/visit-access';

/**
 * Deletes the clinic's visit `visitId` of pet `petId` with all its records, in one transaction
 * ("Visit not found" for a missing visit or another clinic's). Returns the stored paths of its
 * pictures: the caller deletes those files AFTER commit.
 */
export async function deleteVisit(db: Db, clinicId: number, visitId: number, petId: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const visit = await lockClinicVisit(tx, clinicId, visitId, petId);
    const images = await tx
      .select({ imagePath: wellnessRecords.imagePath })
      .from(wellnessRecords)
      .where(and(eq(wellnessRecords.vetVisitId, visit.id), isNotNull(wellnessRecords.imagePath)));
    await tx.delete(wellnessRecords).where(eq(wellnessRecords.vetVisitId, visit.id));
    await tx.delete(vetVisits).where(eq(vetVisits.id, visit.id));
    return images.map((i) => i.imagePath).filter((p): p is string => p !== null);
  });
}
