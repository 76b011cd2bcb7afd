import { sql, type SQL } from 'drizzle-orm';
import { PET_DUE_STATUSES, type PetDueStatus } from '#shared/constants';
import { clinicPatients } from '#server/db/schema';

const overdueAfter = clinicPatients.remindersOverdueAfter;
const dueFrom = clinicPatients.remindersDueFrom;

/**
 * The patient's reminder status on `today` as its index in PET_DUE_STATUSES: 0 overdue (an open reminder before
 * today), 1 due (one within the next 30 days: migration 0052's "less 30 days", issue 33 item 6), 2 up to date. Read from the dates migration 0052's triggers keep on the
 * patient row in the transaction of every reminder write (docs/decisions/0192): overdue when the day after which one
 * is overdue is past, due when the day from which one is due has come. The Pets grid sorts on it (overdue first).
 */
export function dueRankSql(today: string): SQL<number> {
  return sql<number>`(case when ${overdueAfter} < ${today}::date then 0
    when ${dueFrom} <= ${today}::date then 1 else 2 end)`;
}

/**
 * The patients of a status on `today`, as ranges of reminders_due_from (clinic_patients_clinic_due_idx): an overdue
 * reminder is also due (its due-from day is never after the day following its overdue-after day), so overdue and due
 * are both due-from days up to today, told apart by the overdue-after day.
 */
export function dueStatusWhere(status: PetDueStatus, today: string): SQL {
  switch (status) {
    case 'overdue':
      return sql`(${dueFrom} <= ${today}::date and ${overdueAfter} < ${today}::date)`;
    case 'due':
      return sql`(${dueFrom} <= ${today}::date and ${overdueAfter} >= ${today}::date)`;
    case 'upToDate':
      return sql`(${dueFrom} > ${today}::date or ${dueFrom} is null)`;
  }
}

/** The status a rank from dueRankSql stands for. */
export function dueStatusOfRank(rank: number): PetDueStatus {
  return PET_DUE_STATUSES[rank] ?? 'upToDate';
}
