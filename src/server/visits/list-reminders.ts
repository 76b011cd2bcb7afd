import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CATEGORY_TYPE_ANTIPARASITIC, CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import type { VetReminder, VetRemindersResult } from '#shared/contract/vet';
import type { Db } from '../db/client';
import { clinicPatients, petBreeds, petProfiles, petTypes, wellnessRecords } from '../db/schema';
import { rowsToSkip, type Paging } from './paging';
import { imageUrl, patientOf, petSummaryColumns } from './pet-columns';

const REMINDER_TYPES = [CATEGORY_TYPE_VACCINATION, CATEGORY_TYPE_ANTIPARASITIC];

/**
 * The clinic's vaccinations and antiparasitics whose next reminder falls on `date`, by pet name
 * then id: one query with the pet and owner joined, plus a count. The (clinic_id,
 * next_reminder_date) prefix of the partial index wellness_records_reminder_idx finds the day.
 */
export async function listReminders(db: Db, base: string, clinicId: number, date: string, page: Paging): Promise<VetRemindersResult> {
  const where = and(
    eq(wellnessRecords.clinicId, clinicId),
    eq(wellnessRecords.nextReminderDate, date),
    sql`${wellnessRecords.nextReminderDate} is not null`,
    inArray(wellnessRecords.categoryTypeId, REMINDER_TYPES),
  );
  const [rows, [{ count }]] = await Promise.all([
    db
      .select({
        id: wellnessRecords.id,
        petProfileId: wellnessRecords.petProfileId,
        categoryTypeId: wellnessRecords.categoryTypeId,
        recordValue: wellnessRecords.recordValue,
        nextReminderDate: wellnessRecords.nextReminderDate,
        ...petSummaryColumns,
      })
      .from(wellnessRecords)
      .innerJoin(petProfiles, eq(petProfiles.id, wellnessRecords.petProfileId))
      .innerJoin(petTypes, eq(petTypes.id, petProfiles.petTypeId))
      .innerJoin(petBreeds, eq(petBreeds.id, petProfiles.petBreedId))
      .leftJoin(clinicPatients, patientOf(clinicId, wellnessRecords.petProfileId))
      .where(where)
      .orderBy(asc(petProfiles.name), asc(wellnessRecords.id))
      .limit(page.limit)
      .offset(rowsToSkip(page)),
    db.select({ count: sql<number>`count(*)::int` }).from(wellnessRecords).where(where),
  ]);
  const reminders: VetReminder[] = rows.map((r) => ({
    id: r.id,
    petName: r.petName,
    age: r.age,
    petType: r.petType,
    petTypeImage: imageUrl(base, r.petTypeImagePath),
    petBreed: r.petBreed,
    ownerNameForVet: r.ownerNameForVet,
    ownerPhoneForVet: r.ownerPhoneForVet,
    nextReminderDate: r.nextReminderDate ?? date,
    recordValue: r.recordValue,
    petImage: imageUrl(base, r.petImagePath),
    petProfileId: r.petProfileId,
    categoryTypeId: r.categoryTypeId,
  }));
  return { reminders, count };
}
