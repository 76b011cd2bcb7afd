import { and, eq } from 'drizzle-orm';
import type { VetVisitDetails } from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import { vetVisits } from '#server/db/schema';
import { UserError } from '#server/http/errors';
import { loadClinicPetDetails } from '#server/clinic-pets/pet-details';
import { loadVisitRecords } from '#server/visits/visit-records';

/** GetVetVisitDetails: the clinic's visit, its pet (petProfile[0]) and the records of this visit. */
export async function loadVisitDetails(db: Db, base: string, clinicId: number, visitId: number): Promise<VetVisitDetails> {
  const [visit] = await db
    .select({
      ID: vetVisits.id,
      PetProfileID: vetVisits.petProfileId,
      VetUserID: vetVisits.vetUserId,
      Notes: vetVisits.notes,
      VisitDate: vetVisits.visitDate,
      isFinished: vetVisits.isFinished,
    })
    .from(vetVisits)
    .where(and(eq(vetVisits.id, visitId), eq(vetVisits.clinicId, clinicId)))
    .limit(1);
  if (!visit) throw new UserError('visitNotFound');
  const [pet, records] = await Promise.all([loadClinicPetDetails(db, base, clinicId, visit.PetProfileID), loadVisitRecords(db, base, clinicId, visit.ID)]);
  return { visit, petProfile: pet ? [pet] : [], petWellnessRecords: records };
}
