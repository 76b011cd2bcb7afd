import { and, eq } from 'drizzle-orm';
import type { VetVisitDetails } from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import { vetVisits } from '#server/db/schema';
import { UserError } from '#server/http/errors';
import { loadClinicPetDetails } from '#server/clinic-pets/pet-details';
import { loadVisitRecords } from '#server/visits/visit-records';
import { visitNotDeleted } from '#server/db/live-rows';
import { readOneSnapshot } from '#server/db/one-snapshot';
import type { MediaLinks } from '#server/media/signed-links';

/**
 * GetVetVisitDetails: the clinic's visit (not deleted), its pet (petProfile[0]) and the records of this visit, pictures
 * with signed links; read from one snapshot (the notes and the records of one save, never of two).
 */
export async function loadVisitDetails(
  db: Db,
  base: string,
  links: MediaLinks,
  clinicId: number,
  visitId: number,
): Promise<VetVisitDetails> {
  return readOneSnapshot(db, async (tx) => {
    const [visit] = await tx
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
    const pet = await loadClinicPetDetails(tx, base, clinicId, visit.PetProfileID);
    const records = await loadVisitRecords(tx, base, links, clinicId, visit.ID);
    return { visit, petProfile: pet ? [pet] : [], petWellnessRecords: records };
  });
}
