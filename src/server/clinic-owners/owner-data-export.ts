import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { VetOwnerData } from '#shared/contract/vet-owners';
import type { Db } from '#server/db/client';
import {
  clinicOwners,
  clinicPatients,
  clinicUsers,
  outboxMessages,
  reminderDeliveries,
  unitsOfMeasure,
  vetVisits,
  wellnessCategoryTypes,
  wellnessRecords,
} from '#server/db/schema';
import { patientNotDeleted, recordNotDeleted, visitNotDeleted } from '#server/db/live-rows';
import { readOneSnapshot } from '#server/db/one-snapshot';
import { loadClinicPetDetails } from '#server/clinic-pets/pet-details';
import { listClinicOwnersById } from '#server/clinic-owners/list-owners';

/**
 * ExportVetOwnerData (issue 32, item 7): everything the clinic keeps of one of its live owners, read in one snapshot:
 * the owner, and for each of their patients (deleted ones aside) the pet, the clinic's visits of it, the clinic's
 * records of it and the reminder e-mails queued or sent for those records. Null: not the clinic's owner.
 */
export function exportClinicOwnerData(
  db: Db,
  base: string,
  clinicId: number,
  ownerId: number,
): Promise<VetOwnerData | null> {
  return readOneSnapshot(db, async (tx) => {
    const [owner] = await listClinicOwnersById(tx, clinicId, [ownerId]);
    if (!owner) return null;
    const [extra] = await tx
      .select({ notes: clinicOwners.notes, createdAt: clinicOwners.createdAt })
      .from(clinicOwners)
      .where(eq(clinicOwners.id, ownerId));
    const patients = await tx
      .select({ petId: clinicPatients.petProfileId })
      .from(clinicPatients)
      .where(and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.clinicOwnerId, ownerId), patientNotDeleted))
      .orderBy(asc(clinicPatients.petProfileId));
    const pets: VetOwnerData['pets'] = [];
    for (const { petId } of patients) {
      const pet = await loadClinicPetDetails(tx, base, clinicId, petId);
      if (!pet) continue;
      pets.push({
        petProfileId: pet.petProfileId,
        petName: pet.petName,
        petType: pet.petType,
        petBreed: pet.petBreed,
        dob: pet.dob,
        petGender: pet.petGender,
        isSterilized: pet.isSterilized,
        bloodType: pet.bloodType,
        microChipId: pet.microChipId,
        color: pet.color,
        ...(await petData(tx, clinicId, petId)),
      });
    }
    return {
      exportedAt: new Date().toISOString(),
      owner: { ...owner, notes: extra.notes, addedAt: extra.createdAt.toISOString() },
      pets,
    };
  });
}

/** The clinic's visits and records of one pet (deleted ones aside), and the reminder e-mails of those records. */
async function petData(tx: Db, clinicId: number, petId: number) {
  const visits = await tx
    .select({
      ID: vetVisits.id,
      visitDate: vetVisits.visitDate,
      vetName: clinicUsers.name,
      notes: vetVisits.notes,
      isFinished: vetVisits.isFinished,
    })
    .from(vetVisits)
    .leftJoin(clinicUsers, eq(clinicUsers.id, vetVisits.vetUserId))
    .where(and(eq(vetVisits.clinicId, clinicId), eq(vetVisits.petProfileId, petId), visitNotDeleted))
    .orderBy(asc(vetVisits.visitDate), asc(vetVisits.id));
  const visitIds = visits.map((v) => v.ID);
  const records = await tx
    .select({
      ID: wellnessRecords.id,
      vetVisitId: wellnessRecords.vetVisitId,
      categoryType: wellnessCategoryTypes.title,
      actionDate: wellnessRecords.actionDate,
      recordValue: wellnessRecords.recordValue,
      unitOfMeasure: unitsOfMeasure.title,
      nextReminderDate: wellnessRecords.nextReminderDate,
      notes: wellnessRecords.notes,
    })
    .from(wellnessRecords)
    .innerJoin(wellnessCategoryTypes, eq(wellnessCategoryTypes.id, wellnessRecords.categoryTypeId))
    .leftJoin(unitsOfMeasure, eq(unitsOfMeasure.id, wellnessRecords.unitId))
    .where(
      and(
        eq(wellnessRecords.petProfileId, petId),
        recordNotDeleted,
        visitIds.length > 0
          ? or(eq(wellnessRecords.clinicId, clinicId), inArray(wellnessRecords.vetVisitId, visitIds))
          : eq(wellnessRecords.clinicId, clinicId),
      ),
    )
    .orderBy(asc(wellnessRecords.actionDate), asc(wellnessRecords.id));
  const recordIds = records.map((r) => r.ID);
  const reminders =
    recordIds.length === 0
      ? []
      : await tx
          .select({
            wellnessRecordId: reminderDeliveries.wellnessRecordId,
            reminderDate: reminderDeliveries.reminderDate,
            status: outboxMessages.status,
            sentAt: outboxMessages.sentAt,
          })
          .from(reminderDeliveries)
          .innerJoin(outboxMessages, eq(outboxMessages.id, reminderDeliveries.outboxMessageId))
          .where(
            and(eq(reminderDeliveries.clinicId, clinicId), inArray(reminderDeliveries.wellnessRecordId, recordIds)),
          )
          .orderBy(asc(reminderDeliveries.reminderDate), asc(reminderDeliveries.wellnessRecordId));
  return {
    visits: visits.map((v) => ({ ...v, vetName: v.vetName ?? '' })),
    records: records.map((r) => ({ ...r, unitOfMeasure: r.unitOfMeasure ?? '' })),
    remindersSent: reminders.map((r) => ({ ...r, sentAt: r.sentAt ? r.sentAt.toISOString() : null })),
  };
}
