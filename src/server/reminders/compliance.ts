import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { ReminderCompliance, ReminderComplianceMonth } from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import { recordNotDeleted } from '#server/db/live-rows';
import { outboxMessages, reminderDeliveries, wellnessRecords } from '#server/db/schema';
import { REMINDER_TYPES } from '#server/reminders/reminder-state';
import { doneSince } from '#server/visits/list-reminders';

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

/** The day 30 days after the reminder's due date. */
const thirtyDaysAfterDue = sql`(${wellnessRecords.nextReminderDate} + 30)`;

/** Marked done (UpdateVetReminder) on or before `by`, a day, in UTC; without `by`, at any time. */
function markedDone(by?: typeof thirtyDaysAfterDue) {
  return by === undefined
    ? sql`${wellnessRecords.reminderState} = 'done'`
    : sql`(${wellnessRecords.reminderState} = 'done'
      and (${wellnessRecords.reminderChangedAt} at time zone 'UTC')::date <= ${by})`;
}

/** At least one e-mail that carried the reminder (for any of its due dates) was sent. */
const notified = sql`exists (select 1 from ${reminderDeliveries}
  join ${outboxMessages} on ${outboxMessages.id} = ${reminderDeliveries.outboxMessageId}
  where ${reminderDeliveries.wellnessRecordId} = ${wellnessRecords.id} and ${outboxMessages.status} = 'sent')`;

/**
 * GetReminderCompliance (issue 33, item 6; docs/decisions/0189): per month of due dates from `dateFrom` to `dateTo`
 * (whole days, inclusive), the clinic's reminders due, those e-mailed at least once, those done (the pet had the
 * same vaccination or antiparasitic again after the record, or staff marked it done), and those done within 30
 * days of the due date. One statement, so one snapshot; the (clinic_id, next_reminder_date) prefix of
 * wellness_records_reminder_idx finds the rows, wellness_records_pet_type_idx and reminder_deliveries' key answer
 * the checks. Every month of the range is answered, empty ones with zeros.
 */
export async function reminderCompliance(
  db: Db,
  clinicId: number,
  dateFrom: string,
  dateTo: string,
): Promise<ReminderCompliance> {
  const counted = (condition: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const month = sql<string>`to_char(${wellnessRecords.nextReminderDate}, 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      due: sql<number>`count(*)::int`,
      notified: counted(notified),
      done: counted(sql`(${markedDone()} or ${doneSince()})`),
      doneWithin30Days: counted(sql`(${markedDone(thirtyDaysAfterDue)} or ${doneSince(thirtyDaysAfterDue)})`),
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
    .groupBy(month)
    .orderBy(month);
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const months: ReminderComplianceMonth[] = monthsBetween(dateFrom, dateTo).map(
    (m) => byMonth.get(m) ?? { month: m, due: 0, notified: 0, done: 0, doneWithin30Days: 0 },
  );
  return { months };
}
