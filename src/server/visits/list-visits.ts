import { and, desc, eq, sql } from 'drizzle-orm';
import { VISIT_FILTER } from '#shared/constants';
import type { VetVisit, VetVisitsResult } from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import { clinicUsers, vetVisits } from '#server/db/schema';
import { pageWithCount, rowCount, rowsToSkip, type Paging } from '#server/db/query-helpers';
import { imageUrl } from '#server/media/media-url';
import { petSummaryColumns, withPetSummary } from '#server/pets/pet-columns';

export type VisitFilter = (typeof VISIT_FILTER)[keyof typeof VISIT_FILTER];

function visitScope(clinicId: number, isFinished: VisitFilter) {
  const clinic = eq(vetVisits.clinicId, clinicId);
  if (isFinished === VISIT_FILTER.all) return clinic;
  return and(clinic, eq(vetVisits.isFinished, isFinished === VISIT_FILTER.completed));
}

/** The page query of listVisits (exported so tests can check its plan). */
export function visitsPageQuery(db: Db, clinicId: number, isFinished: VisitFilter, page: Paging) {
  const visits = db
    .select({
      ID: vetVisits.id,
      PetProfileID: vetVisits.petProfileId,
      VisitDate: vetVisits.visitDate,
      isFinished: vetVisits.isFinished,
      VetUserID: vetVisits.vetUserId,
      VetName: sql<string>`coalesce(${clinicUsers.name}, '')`,
      ...petSummaryColumns,
    })
    .from(vetVisits)
    .$dynamic();
  return withPetSummary(visits, clinicId, vetVisits.petProfileId)
    .leftJoin(clinicUsers, eq(clinicUsers.id, vetVisits.vetUserId))
    .where(visitScope(clinicId, isFinished))
    .orderBy(desc(vetVisits.visitDate), desc(vetVisits.id))
    .limit(page.limit)
    .offset(rowsToSkip(page));
}

/**
 * A page of the clinic's visits, newest visit date first (then newest id): one query with the
 * pet, type, breed, owner (clinic_patients) and vet user joined, plus a count. Served by
 * vet_visits_clinic_finished_idx (filtered) or vet_visits_clinic_date_idx (all).
 */
export async function listVisits(db: Db, base: string, clinicId: number, isFinished: VisitFilter, page: Paging): Promise<VetVisitsResult> {
  const { rows, count } = await pageWithCount(visitsPageQuery(db, clinicId, isFinished, page), db.select({ count: rowCount }).from(vetVisits).where(visitScope(clinicId, isFinished)));
  const visits: VetVisit[] = rows.map((r) => ({
    ID: r.ID,
    PetProfileID: r.PetProfileID,
    petName: r.petName,
    age: r.age,
    petType: r.petType,
    petTypeId: r.petTypeId,
    petTypeImage: imageUrl(base, r.petTypeImagePath),
    petBreed: r.petBreed,
    petBreedId: r.petBreedId,
    OwnerNameForVet: r.ownerNameForVet,
    OwnerPhoneForVet: r.ownerPhoneForVet,
    OwnerEmailForVet: r.ownerEmailForVet,
    VisitDate: r.VisitDate,
    petImage: imageUrl(base, r.petImagePath),
    isFinished: r.isFinished,
    VetUserID: r.VetUserID,
    VetName: r.VetName,
  }));
  return { visits, count };
}
