import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { ReminderCompliance, ReminderComplianceMonth } from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import { recordNotDeleted } from '#server/db/live-rows';
import { outboxMessages, reminderDeliveries, wellnessRecords } from '#server/db/schema';
import { REMINDER_TYPES } from '#server/reminders/reminder-state';
import { firstDoneSinceDay } from '#server/visits/list-reminders';

/** The longest report: two years of months. */
export const MAX_COMPLIANCE_MONTHS = 24;

/** The months from `from`'s to `to`'s (yyyy-mm), in order. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > last) return months;
    months.push(month);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
}

/** At least one e-mail that carried the reminder (for any of its due dates) was sent. */
const notified = sql<boolean>`exists (select 1 from ${reminderDeliveries}
  join ${outboxMessages} on ${outboxMessages.id} = ${reminderDeliveries.outboxMessageId}
  where ${reminderDeliveries.wellnessRecordId} = ${wellnessRecords.id} and ${outboxMessages.status} = 'sent')`;

/**
 * GetReminderCompliance (issue 33, item 6; docs/decisions/0189): per month of due dates from `dateFrom` to `dateTo`
 * (whole days, inclusive), the clinic's reminders due, those e-mailed at least once, those done (the pet had the
 * same vaccination or antiparasitic again after the record, or staff marked it done), and those done within 30
 * days of the due date (the first later record, or staff's mark, in UTC, on or before the due date + 30). One
 * statement, so one snapshot; the (clinic_id, next_reminder_date) prefix of wellness_records_reminder_idx finds the
 * rows, and each is checked once (docs/decisions/0192: the first day done since, one probe of
 * wellness_records_pet_type_idx, answers both "done" and "done within 30 days"; reminder_deliveries' key answers
 * "e-mailed"), then counted per month. Every month of the range is answered, empty ones with zeros.
 */
export async function reminderCompliance(
  db: Db,
  clinicId: number,
  dateFrom: string,
  dateTo: string,
): Promise<ReminderCompliance> {
  const reminders = db
    .select({
      month: sql<string>`to_char(${wellnessRecords.nextReminderDate}, 'YYYY-MM')`.as('month'),
      dueBy: sql<string>`(${wellnessRecords.nextReminderDate} + 30)`.as('due_by'),
      markedDoneOn: sql<string | null>`case when ${wellnessRecords.reminderState} = 'done'
        then (${wellnessRecords.reminderChangedAt} at time zone 'UTC')::date end`.as('marked_done_on'),
      // marked done without a time (never through UpdateVetReminder) counts as done, not as done within 30 days
      markedDone: sql<boolean>`${wellnessRecords.reminderState} = 'done'`.as('marked_done'),
      firstDoneSince: sql<string | null>`${firstDoneSinceDay}`.as('first_done_since'),
      // wrapped, as every column of this subquery that reads another table: a subquery's own fields name their
      // columns without the table, which inside these subqueries would name the wrong one
      notified: sql<boolean>`${notified}`.as('notified'),
    })
    .from(wellnessRecords)
    .where(
      and(
        eq(wellnessRecords.clinicId, clinicId),
        recordNotDeleted,
        sql`${wellnessRecords.nextReminderDate} is not null`,
        gte(wellnessRecords.nextReminderDate, dateFrom),
        lte(wellnessRecords.nextReminderDate, dateTo),
        inArray(wellnessRecords.categoryTypeId, REMINDER_TYPES),
      ),
    )
    // a fence: flattened into the counts, the first day done since would be probed once per count that reads it
    .offset(0)
    .as('reminders');
  const counted = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const rows = await db
    .select({
      month: reminders.month,
      due: sql<number>`count(*)::int`,
      notified: counted(sql`${reminders.notified}`),
      done: counted(sql`(${reminders.markedDone} or ${reminders.firstDoneSince} is not null)`),
      doneWithin30Days: counted(
        sql`(${reminders.markedDoneOn} <= ${reminders.dueBy} or ${reminders.firstDoneSince} <= ${reminders.dueBy})`,
      ),
    })
    .from(reminders)
    .groupBy(reminders.month)
    .orderBy(reminders.month);
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const months: ReminderComplianceMonth[] = monthsBetween(dateFrom, dateTo).map(
    (m) => byMonth.get(m) ?? { month: m, due: 0, notified: 0, done: 0, doneWithin30Days: 0 },
  );
  return { months };
}
