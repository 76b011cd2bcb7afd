import { and, eq } from 'drizzle-orm';
import type { VetVisitDetails } from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import { vetVisits } from '#server/db/schema';
import { UserError } from '#server/http/errors';
import { loadClinicPetDetails } from '#server/clinic-pets/pet-details';
import { loadVisitRecords } from '#server/visits/visit-records';
import { visitNotDeleted } from '#server/db/live-rows';
import type { MediaLinks } from '#server/media/signed-links';

/**
 * GetVetVisitDetails: the clinic's visit (not deleted), its pet (petProfile[0]) and the records of this visit, pictures
 * with signed links.
 */
export async function loadVisitDetails(
  db: Db,
  base: string,
  links: MediaLinks,
  clinicId: number,
  visitId: number,
): Promise<VetVisitDetails> {
  const [visit] = await db
    .select({
      ID: vetVisits.id,
      PetProfileID: vetVisits.petProfileId,
      VetUserID: vetVisits.vetUserId,
      Notes: vetVisits.notes,
      VisitDate: vetVisits.visitDate,
      isFinished: vetVisits.isFinished,
      Version: vetVisits.version,
    })
    .from(vetVisits)
    .where(and(eq(vetVisits.id, visitId), eq(vetVisits.clinicId, clinicId), visitNotDeleted))
    .limit(1);
  if (!visit) throw new UserError('visitNotFound');
  const [pet, records] = await Promise.all([
    loadClinicPetDetails(db, base, clinicId, visit.PetProfileID),
    loadVisitRecords(db, base, links, clinicId, visit.ID),
  ]);
  return { visit, petProfile: pet ? [pet] : [], petWellnessRecords: records };
}
