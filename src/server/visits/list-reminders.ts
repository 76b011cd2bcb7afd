import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CATEGORY_TYPE_ANTIPARASITIC, CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import type { VetReminder, VetRemindersResult } from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import { petProfiles, wellnessRecords } from '#server/db/schema';
import { reminderDeliveries } from '#server/reminders/send-reminders';
import { pageWithCount, rowCount, rowsToSkip, type Paging } from '#server/db/query-helpers';
import { imageUrl } from '#server/media/media-url';
import { petSummaryColumns, withPetSummary } from '#server/pets/pet-columns';

const REMINDER_TYPES = [CATEGORY_TYPE_VACCINATION, CATEGORY_TYPE_ANTIPARASITIC];

export function reminderScope(clinicId: number, date: string) {
  return and(
    eq(wellnessRecords.clinicId, clinicId),
    eq(wellnessRecords.nextReminderDate, date),
    // implied by the equality, but stated so the planner can match the partial index's predicate
    sql`${wellnessRecords.nextReminderDate} is not null`,
    inArray(wellnessRecords.categoryTypeId, REMINDER_TYPES),
  );
}

/** The page query of listReminders (exported so tests can check its plan). */
export function remindersPageQuery(db: Db, clinicId: number, date: string, page: Paging) {
  const reminders = db
    .select({
      id: wellnessRecords.id,
      petProfileId: wellnessRecords.petProfileId,
      categoryTypeId: wellnessRecords.categoryTypeId,
      recordValue: wellnessRecords.recordValue,
      nextReminderDate: wellnessRecords.nextReminderDate,
      ...petSummaryColumns,
    })
    .from(wellnessRecords)
    .$dynamic();
  return withPetSummary(reminders, clinicId, wellnessRecords.petProfileId)
    .where(reminderScope(clinicId, date))
    .orderBy(asc(petProfiles.name), asc(wellnessRecords.id))
    .limit(page.limit)
    .offset(rowsToSkip(page));
}

/**
 * The clinic's vaccinations and antiparasitics whose next reminder falls on `date`, by pet name
 * then id: one query with the pet and owner joined, plus a count. The (clinic_id,
 * next_reminder_date) prefix of the partial index wellness_records_reminder_idx finds the day.
 */
export async function listReminders(db: Db, base: string, clinicId: number, date: string, page: Paging): Promise<VetRemindersResult> {
  const { rows, count } = await pageWithCount(remindersPageQuery(db, clinicId, date, page), db.select({ count: rowCount }).from(wellnessRecords).where(reminderScope(clinicId, date)));
  const deliveries = await reminderDeliveries(db, date, rows.map((r) => ({ id: r.id, ownerEmailForVet: r.ownerEmailForVet })));
  const reminders: VetReminder[] = rows.map((r) => ({
    id: r.id,
    petName: r.petName,
    age: r.age,
    petType: r.petType,
    petTypeId: r.petTypeId,
    petTypeImage: imageUrl(base, r.petTypeImagePath),
    petBreed: r.petBreed,
    petBreedId: r.petBreedId,
    ownerNameForVet: r.ownerNameForVet,
    ownerPhoneForVet: r.ownerPhoneForVet,
    nextReminderDate: r.nextReminderDate ?? date,
    recordValue: r.recordValue,
    petImage: imageUrl(base, r.petImagePath),
    petProfileId: r.petProfileId,
    categoryTypeId: r.categoryTypeId,
    deliveryStatus: deliveries.get(r.id)?.deliveryStatus ?? 'notSent',
    deliveryError: deliveries.get(r.id)?.deliveryError ?? null,
  }));
  return { reminders, count };
}
