import { and, asc, eq } from 'drizzle-orm';
import { VISIT_RECORD_TYPES } from '#shared/constants';
import type { VetVisitDetails, WellnessRecord } from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import { clinicUsers, unitsOfMeasure, wellnessCategoryTypeUnits, wellnessRecords } from '#server/db/schema';
import { recordNotDeleted } from '#server/db/live-rows';
import type { MediaLinks } from '#server/media/signed-links';

export type VisitRecordGroups = VetVisitDetails['petWellnessRecords'];

/** The units a record type is measured in (from the database), in id order. */
export function unitsOfType(db: Db, categoryTypeId: number) {
  return db
    .select({ id: unitsOfMeasure.id, title: unitsOfMeasure.title })
    .from(wellnessCategoryTypeUnits)
    .innerJoin(unitsOfMeasure, eq(unitsOfMeasure.id, wellnessCategoryTypeUnits.unitId))
    .where(eq(wellnessCategoryTypeUnits.categoryTypeId, categoryTypeId))
    .orderBy(asc(unitsOfMeasure.id));
}

/**
 * The records written in one visit of the clinic (two statements: `db` is the caller's snapshot), grouped as the Edit Visit modal shows them, with
 * the weight's units. A picture's ImagePath is its signed, expiring link (docs/decisions/0099).
 */
export async function loadVisitRecords(
  db: Db,
  base: string,
  links: MediaLinks,
  clinicId: number,
  visitId: number,
): Promise<VisitRecordGroups> {
  const rows = await db
    .select({ record: wellnessRecords, vetName: clinicUsers.name })
    .from(wellnessRecords)
    .leftJoin(clinicUsers, eq(clinicUsers.id, wellnessRecords.vetUserId))
    .where(and(eq(wellnessRecords.vetVisitId, visitId), eq(wellnessRecords.clinicId, clinicId), recordNotDeleted))
    .orderBy(asc(wellnessRecords.id));
  const units = await unitsOfType(db, VISIT_RECORD_TYPES.weight);
  const byType = (typeId: number): WellnessRecord[] =>
    rows
      .filter((r) => r.record.categoryTypeId === typeId)
      .map(({ record: r, vetName }) => ({
        ID: r.id,
        PetProfileId: r.petProfileId,
        CreatedDate: r.createdAt.toISOString(),
        ActionDate: r.actionDate,
        VetVisitID: r.vetVisitId,
        NextReminderDate: r.nextReminderDate,
        WellnessPropertyValue: r.recordValue,
        PetWellnessCategoryTypeId: r.categoryTypeId,
        GenUnitOfMeasureId: r.unitId,
        VetName: vetName ?? '',
        ImagePath: r.imagePath ? links.sign(r.imagePath, { recordId: r.id, clinicId }) : '',
        ImageHostLink: base,
        Notes: r.notes,
        isDeleted: false,
      }));
  return {
    weight: { records: byType(VISIT_RECORD_TYPES.weight), unitOfMeasures: units },
    vaccinations: byType(VISIT_RECORD_TYPES.vaccination),
    antiparasitics: byType(VISIT_RECORD_TYPES.antiparasitic),
    consultations: byType(VISIT_RECORD_TYPES.consultation),
    pictures: byType(VISIT_RECORD_TYPES.picture),
  };
}
