import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ReminderCompliance, ReminderComplianceMonth } from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import { reminderComplianceDays } from '#server/db/schema';

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

/**
 * GetReminderCompliance (issue 33, item 6; docs/decisions/0189): per month of due dates from `dateFrom` to `dateTo`
 * (whole days, inclusive), the clinic's reminders due, those e-mailed at least once, those done (the pet had the
 * same vaccination or antiparasitic again after the record, or staff marked it done), and those done within 30
 * days of the due date (the first later record, or staff's mark, in UTC, on or before the due date + 30). The counts
 * per due day are stored (reminder_compliance_days, kept by migration 0055's triggers in every write's transaction,
 * docs/decisions/0192): one range of its key, a row per day, whatever the number of reminders. Every month of the
 * range is answered, empty ones with zeros.
 */
export async function reminderCompliance(
  db: Db,
  clinicId: number,
  dateFrom: string,
  dateTo: string,
): Promise<ReminderCompliance> {
  const month = sql<string>`to_char(${reminderComplianceDays.day}, 'YYYY-MM')`;
  const total = (column: AnyPgColumn) => sql<number>`sum(${column})::int`;
  const rows = await db
    .select({
      month,
      due: total(reminderComplianceDays.due),
      notified: total(reminderComplianceDays.notified),
      done: total(reminderComplianceDays.done),
      doneWithin30Days: total(reminderComplianceDays.doneWithin30Days),
    })
    .from(reminderComplianceDays)
    .where(
      and(
        eq(reminderComplianceDays.clinicId, clinicId),
        gte(reminderComplianceDays.day, dateFrom),
        lte(reminderComplianceDays.day, dateTo),
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
