import { inArray, sql, type SQL } from 'drizzle-orm';
import { PET_DUE_STATUSES, type PetDueStatus } from '#shared/constants';
import { clinicPatients, wellnessRecords } from '#server/db/schema';
import { recordNotDeleted } from '#server/db/live-rows';
import { REMINDER_TYPES } from '#server/reminders/reminder-state';
import { reminderStillOpen } from '#server/visits/list-reminders';

/** How far ahead an open reminder makes its pet "due" (issue 33, item 6). */
const DUE_WITHIN_DAYS = 30;

/**
 * Whether the patient's pet has an open reminder at its clinic whose date meets `dateCondition`: a not deleted
 * vaccination or antiparasitic of the clinic with a next reminder date, still open on `today` (reminderStillOpen: not
 * done since, not marked done or snoozed). Per pet it walks wellness_records_pet_type_idx (pet, type, …).
 */
function openReminderWhere(clinicId: number, today: string, dateCondition: SQL): SQL {
  return sql`exists (select 1 from ${wellnessRecords}
    where ${wellnessRecords.petProfileId} = ${clinicPatients.petProfileId}
    and ${inArray(wellnessRecords.categoryTypeId, REMINDER_TYPES)}
    and ${wellnessRecords.clinicId} = ${clinicId}
    and ${recordNotDeleted}
    and ${wellnessRecords.nextReminderDate} is not null
    and ${dateCondition}
    and ${reminderStillOpen(today)})`;
}

/**
 * The clinic's (`clinicId`, a constant: when the planner hashes the subqueries for a whole list, it reads that clinic's
 * reminders from wellness_records_reminder_idx, not every clinic's; docs/decisions/0192) patient's reminder status on
 * `today` as its index in PET_DUE_STATUSES: 0 overdue (an open reminder before
 * today), 1 due (one within the next 30 days), 2 up to date. The Pets grid sorts on it (overdue first) and filters on it.
 */
export function dueRankSql(clinicId: number, today: string): SQL<number> {
  return sql<number>`(case
    when ${openReminderWhere(clinicId, today, sql`${wellnessRecords.nextReminderDate} < ${today}::date`)} then 0
    when ${openReminderWhere(
      clinicId,
      today,
      sql`${wellnessRecords.nextReminderDate} <= ${today}::date + ${DUE_WITHIN_DAYS}::int`,
    )} then 1
    else 2 end)`;
}

/** The status a rank from dueRankSql stands for. */
export function dueStatusOfRank(rank: number): PetDueStatus {
  return PET_DUE_STATUSES[rank] ?? 'upToDate';
}

/** The rank dueRankSql gives a status. */
export function rankOfDueStatus(status: PetDueStatus): number {
  return PET_DUE_STATUSES.indexOf(status);
}
