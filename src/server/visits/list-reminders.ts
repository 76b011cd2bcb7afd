import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type {
  ReminderDeliveryStatus,
  ReminderState,
  VetReminder,
  VetReminderDays,
  VetReminderFilters,
  VetRemindersResult,
} from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import {
  clinicPatients,
  outboxMessages,
  owners,
  petProfiles,
  reminderCalendarDays,
  reminderDeliveries,
  reminderNotices,
  visitRequestReminders,
  visitRequests,
  wellnessRecords,
} from '#server/db/schema';
import { pageWithCount, rowCount, rowsToSkip, type Paging } from '#server/db/query-helpers';
import { assertDateRange, BadRequestError, UserError } from '#server/http/errors';
import { recordNotDeleted } from '#server/db/live-rows';
import { deliverableAddressSql } from '#server/mail/outbox';
import { petSummaryColumns, petSummaryFields, withPetSummary } from '#server/pets/pet-columns';
import { utcDay } from '#server/pets/age';
import { REMINDER_TYPES, reminderMarkedOpen, reminderStateOn, snoozedUntilOn } from '#server/reminders/reminder-state';

import { ownerConsentsToReminders, ownerLanguage } from '#server/clinic-owners/owner-preferences';

/**
 * The reminders a list, an export or "Send reminders" covers: due from..to (either end open), and for overdue ones only
 * those not done since.
 */
export interface ReminderRange {
  from: string | null;
  to: string | null;
  overdue: boolean;
}

/**
 * A list's filters: the range, the owner e-mail's state, and (issue 33) the state staff marked on `today` (default:
 * the server's UTC day; a snooze ends after its last day).
 */
export interface ReminderFilterValues {
  range: ReminderRange;
  status?: ReminderDeliveryStatus;
  state?: ReminderState;
  today?: string;
}

/** The day before `today` (yyyy-mm-dd). */
function dayBefore(today: string): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * Reads a request's range (docs/decisions/0111): SPEC.md's `date` alone, or `dateFrom`/`dateTo`, or
 * `overdue` (due before today, or before `dateTo` when it is earlier). Something must be chosen.
 */
export function readReminderRange(
  q: { date?: string; dateFrom?: string; dateTo?: string; overdue?: boolean },
  today: string,
): ReminderRange {
  if (q.date !== undefined) {
    if (q.dateFrom !== undefined || q.dateTo !== undefined || q.overdue) throw new UserError('badDateRange');
    assertDateRange(q.date, q.date);
    return { from: q.date, to: q.date, overdue: false };
  }
  if (q.dateFrom === undefined && q.dateTo === undefined && !q.overdue)
    throw new BadRequestError('Invalid body (date): choose a date, a range or overdue', 'reminderRangeMissing');
  assertDateRange(q.dateFrom, q.dateTo);
  if (!q.overdue) return { from: q.dateFrom ?? null, to: q.dateTo ?? null, overdue: false };
  const yesterday = dayBefore(today);
  return {
    from: q.dateFrom ?? null,
    to: q.dateTo !== undefined && q.dateTo < yesterday ? q.dateTo : yesterday,
    overdue: true,
  };
}

/**
 * An owner e-mail address a reminder can go to: the mail layer's rule (deliverableAddress), in SQL so lists can filter
 * by it.
 */
const usableEmail = deliverableAddressSql(clinicPatients.ownerEmailForVet);

/** The owner's address when a reminder can go to it, else null. */
export const reminderRecipient = sql<
  string | null
>`case when ${usableEmail} then btrim(${clinicPatients.ownerEmailForVet}) end`;

/**
 * The state of a reminder's owner e-mail, from the message that carries it (reminder_deliveries):
 * sent, failed (failed or dropped: it may be sent again), queued (queued or being sent), else
 * notSent or noEmail by the owner's address. Migration 0055 keeps the same rule in SQL on each record
 * (reminder_delivery_status, which the status filter reads); a change here is a new migration there, and
 * tests/api/reminder-delivery-status.test.ts compares the two.
 */
export const deliveryStatus = sql<ReminderDeliveryStatus>`case
  when ${outboxMessages.status} = 'sent' then 'sent'
  when ${outboxMessages.status} in ('failed', 'dropped') then 'failed'
  when ${outboxMessages.status} is not null then 'queued'
  when not ${usableEmail} then 'noEmail'
  when not ${ownerConsentsToReminders} then 'optedOut'
  else 'notSent' end`;

/**
 * The workbench's "done since" rule: the pet has had the same vaccination or antiparasitic again after this record (a
 * later, not deleted record of the same type and name, served by wellness_records_pet_type_idx).
 */
const laterSameRecord = sql`later.pet_profile_id = ${wellnessRecords.petProfileId}
    and later.category_type_id = ${wellnessRecords.categoryTypeId}
    and later.action_date > ${wellnessRecords.actionDate} and later.deleted_at is null
    and lower(btrim(later.record_value)) = lower(btrim(${wellnessRecords.recordValue}))`;

/** The reminder is done since (laterSameRecord). */
function doneSince(): SQL {
  return sql`exists (select 1 from ${wellnessRecords} as later where ${laterSameRecord})`;
}

/** A visit request for this reminder (its record and date) that the clinic accepted (visit_request_reminders_record_idx). */
const reminderBooked = sql`exists (select 1 from ${visitRequestReminders} as booked_for
  join ${visitRequests} as booked on booked.id = booked_for.visit_request_id
  where booked_for.wellness_record_id = ${wellnessRecords.id}
  and booked_for.reminder_date = ${wellnessRecords.nextReminderDate} and booked.state = 'booked')`;

/**
 * THE rule of which reminders are still open for notices (docs/decisions/0184, 0188, 0187): not done since (a later
 * record of the same type and name), left open by staff on `today` (not marked done, not snoozed through today), and
 * not booked (an owner's visit request for this reminder's date that the clinic accepted). The scheduled notices
 * (reminders/notice-sweep.ts) ask it; migration 0052's clinic_patients_due_of keeps the Pets grid's Due column by
 * the same rule in SQL (a change here is a new migration there; tests/api/patient-due-dates.test.ts compares them).
 */
export function reminderStillOpen(today: string): SQL {
  return sql`(not ${doneSince()} and ${reminderMarkedOpen(today)} and not ${reminderBooked})`;
}

/**
 * The one place a list of a clinic's reminders is filtered (GetVetReminders, GetVetReminderDays,
 * ExportVetReminders, SendVetReminders): the clinic's not deleted vaccinations and antiparasitics (a
 * deleted visit's or pet's records are marked deleted with it, docs/decisions/0098) with a next
 * reminder in the range; for overdue ones, only those the pet has not had again since (a later
 * record of the same type and name, served by wellness_records_pet_type_idx); and the delivery
 * status. The (clinic_id, next_reminder_date) prefix of wellness_records_reminder_idx finds the days (the calendar
 * reads the same reminders' counts, kept per day by migration 0059: reminderDaysQuery).
 */
function remindersWhere(
  clinicId: number,
  range: ReminderRange,
  status?: ReminderDeliveryStatus,
  state?: { state: ReminderState; today: string },
): SQL {
  return and(
    eq(wellnessRecords.clinicId, clinicId),
    recordNotDeleted,
    // implied by a bound, but stated so the planner can match the partial index's predicate
    sql`${wellnessRecords.nextReminderDate} is not null`,
    range.from === null ? undefined : gte(wellnessRecords.nextReminderDate, range.from),
    range.to === null ? undefined : lte(wellnessRecords.nextReminderDate, range.to),
    inArray(wellnessRecords.categoryTypeId, REMINDER_TYPES),
    range.overdue ? sql`not ${doneSince()}` : undefined,
    // the stored deliveryStatus (migration 0055's triggers): read from wellness_records_reminder_idx, no join
    status === undefined ? undefined : eq(wellnessRecords.reminderDeliveryStatus, status),
    state === undefined ? undefined : sql`(${reminderStateOn(state.today)}) = ${state.state}`,
  ) as SQL;
}

/** remindersWhere for a list's filters. */
function filtersWhere(clinicId: number, filters: ReminderFilterValues): SQL {
  const { state } = filters;
  return remindersWhere(
    clinicId,
    filters.range,
    filters.status,
    state === undefined ? undefined : { state, today: filters.today ?? utcDay() },
  );
}

/** The reminder rows with what every reminder answer shows: the pet, its owner at the clinic, the e-mail's state. */
function selectReminders(db: Db, clinicId: number, today: string) {
  const reminders = db
    .select({
      id: wellnessRecords.id,
      petProfileId: wellnessRecords.petProfileId,
      categoryTypeId: wellnessRecords.categoryTypeId,
      recordValue: wellnessRecords.recordValue,
      nextReminderDate: sql<string>`${wellnessRecords.nextReminderDate}`.mapWith(wellnessRecords.nextReminderDate),
      deliveryStatus,
      deliveryError: sql<
        string | null
      >`case when ${outboxMessages.status} in ('failed', 'dropped') then ${outboxMessages.lastError} end`,
      recipient: reminderRecipient,
      reminderState: reminderStateOn(today),
      snoozedUntil: snoozedUntilOn(today),
      reminderVersion: wellnessRecords.reminderVersion,
      ...petSummaryColumns,
    })
    .from(wellnessRecords)
    .$dynamic();
  return withDeliveryJoins(withPetSummary(reminders, clinicId, wellnessRecords.petProfileId));
}

/** Joins a reminder's delivery row (for its current due date) and the message carrying it. */
function withDeliveryJoins<T extends PgSelect>(query: T) {
  return query
    .leftJoin(
      reminderDeliveries,
      and(
        eq(reminderDeliveries.wellnessRecordId, wellnessRecords.id),
        eq(reminderDeliveries.reminderDate, wellnessRecords.nextReminderDate),
      ),
    )
    .leftJoin(outboxMessages, eq(outboxMessages.id, reminderDeliveries.outboxMessageId));
}

const reminderOrder = [asc(wellnessRecords.nextReminderDate), asc(petProfiles.name), asc(wellnessRecords.id)];

/** The page query of listReminders (exported so tests can check its plan). */
export function remindersPageQuery(db: Db, clinicId: number, filters: ReminderFilterValues, page: Paging) {
  return selectReminders(db, clinicId, filters.today ?? utcDay())
    .where(filtersWhere(clinicId, filters))
    .orderBy(...reminderOrder)
    .limit(page.limit)
    .offset(rowsToSkip(page));
}

type ReminderRow = Awaited<ReturnType<ReturnType<typeof remindersPageQuery>['execute']>>[number];

function toVetReminder(base: string, r: ReminderRow): VetReminder {
  return {
    id: r.id,
    ...petSummaryFields(base, r),
    ownerNameForVet: r.ownerNameForVet,
    ownerPhoneForVet: r.ownerPhoneForVet,
    ownerEmailForVet: r.ownerEmailForVet,
    nextReminderDate: r.nextReminderDate,
    recordValue: r.recordValue,
    petProfileId: r.petProfileId,
    categoryTypeId: r.categoryTypeId,
    deliveryStatus: r.deliveryStatus,
    deliveryError: r.deliveryError,
    notices: [],
    reminderState: r.reminderState,
    snoozedUntil: r.snoozedUntil,
    reminderVersion: r.reminderVersion,
  };
}

/** Fills each reminder's notices sent by the schedule for its current due date (one query per page). */
async function withNotices(db: Db, reminders: VetReminder[]): Promise<VetReminder[]> {
  if (reminders.length === 0) return reminders;
  const rows = await db
    .select({
      wellnessRecordId: reminderNotices.wellnessRecordId,
      reminderDate: reminderNotices.reminderDate,
      stage: reminderNotices.stage,
      sentAt: reminderNotices.sentAt,
    })
    .from(reminderNotices)
    .where(
      inArray(
        reminderNotices.wellnessRecordId,
        reminders.map((r) => r.id),
      ),
    )
    .orderBy(asc(reminderNotices.sentAt), asc(reminderNotices.stage));
  const byReminder = new Map(reminders.map((r) => [r.id, r]));
  for (const n of rows) {
    const reminder = byReminder.get(n.wellnessRecordId);
    if (reminder && reminder.nextReminderDate === n.reminderDate)
      reminder.notices.push({ stage: n.stage, sentAt: n.sentAt.toISOString() });
  }
  return reminders;
}

/**
 * The count of a reminder list. Without the overdue rule or a state filter, the sum of the range's stored calendar
 * counts (migration 0059, docs/decisions/0201): the same reminders remindersWhere finds, read a row per day and status
 * instead of one per reminder. Otherwise wellness_records alone, the status filter included (its stored column).
 */
function countReminders(db: Db, clinicId: number, filters: ReminderFilterValues) {
  if (!filters.range.overdue && filters.state === undefined)
    return db
      .select({ count: sql<number>`coalesce(sum(${reminderCalendarDays.reminders}), 0)::int` })
      .from(reminderCalendarDays)
      .where(calendarWhere(clinicId, filters.range, filters.status));
  return db.select({ count: rowCount }).from(wellnessRecords).where(filtersWhere(clinicId, filters));
}

/**
 * The clinic's vaccinations and antiparasitics due in the range, by due date, pet name and id: one
 * query with the pet, the owner and the e-mail's state joined, plus a count.
 */
export async function listReminders(
  db: Db,
  base: string,
  clinicId: number,
  filters: ReminderFilterValues,
  page: Paging,
): Promise<VetRemindersResult> {
  const { rows, count } = await pageWithCount(
    db,
    (tx) => remindersPageQuery(tx, clinicId, filters, page),
    (tx) => countReminders(tx, clinicId, filters),
  );
  return {
    reminders: await withNotices(
      db,
      rows.map((r) => toVetReminder(base, r)),
    ),
    count,
  };
}

/** The stored calendar counts (migration 0059) of the clinic's days in the range, of one delivery status or all. */
function calendarWhere(clinicId: number, range: ReminderRange, status?: ReminderDeliveryStatus): SQL | undefined {
  return and(
    eq(reminderCalendarDays.clinicId, clinicId),
    range.from === null ? undefined : gte(reminderCalendarDays.day, range.from),
    range.to === null ? undefined : lte(reminderCalendarDays.day, range.to),
    status === undefined ? undefined : eq(reminderCalendarDays.deliveryStatus, status),
  );
}

/**
 * The days of the range that have reminders (with the status filter), and how many: the calendar's marks. Read from
 * the stored counts per day and delivery status (migration 0059, docs/decisions/0201): the reminders remindersWhere
 * finds for the range and status, a few rows a day instead of every reminder of the range.
 */
export function reminderDaysQuery(db: Db, clinicId: number, range: ReminderRange, status?: ReminderDeliveryStatus) {
  const day = sql<string>`to_char(${reminderCalendarDays.day}, 'YYYY-MM-DD')`;
  return db
    .select({ date: day, count: sql<number>`sum(${reminderCalendarDays.reminders})::int` })
    .from(reminderCalendarDays)
    .where(calendarWhere(clinicId, range, status))
    .groupBy(reminderCalendarDays.day)
    .orderBy(reminderCalendarDays.day);
}

/** reminderDaysQuery's answer. */
export async function reminderDays(
  db: Db,
  clinicId: number,
  range: ReminderRange,
  status?: ReminderDeliveryStatus,
): Promise<VetReminderDays> {
  return { days: await reminderDaysQuery(db, clinicId, range, status) };
}

/**
 * Every reminder listReminders would list with the same filters, in its order, in pages read one
 * after the other (keyset: after the last row's due date, pet name and id), for the export.
 */
export async function* remindersInPages(
  db: Db,
  base: string,
  clinicId: number,
  filters: ReminderFilterValues,
  pageSize = 1000,
): AsyncGenerator<VetReminder[]> {
  let after: { date: string; name: string; id: number } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${wellnessRecords.nextReminderDate}, ${petProfiles.name}, ${wellnessRecords.id})
          > (${after.date}::date, ${after.name}, ${after.id})`
      : undefined;
    const rows: ReminderRow[] = await selectReminders(db, clinicId, filters.today ?? utcDay())
      .where(and(filtersWhere(clinicId, filters), keyset))
      .orderBy(...reminderOrder)
      .limit(pageSize);
    if (rows.length === 0) return;
    yield await withNotices(
      db,
      rows.map((r) => toVetReminder(base, r)),
    );
    if (rows.length < pageSize) return;
    const last: ReminderRow = rows[rows.length - 1];
    after = { date: last.nextReminderDate, name: last.petName, id: last.id };
  }
}

/**
 * What "Send reminders" reads of each reminder in the range, in the list's order: the record and
 * its due day, the owner's usable address and language, and the state of its e-mail.
 */
export function remindersToSendQuery(db: Db, clinicId: number, range: ReminderRange) {
  const rows = db
    .select({
      wellnessRecordId: wellnessRecords.id,
      date: sql<string>`${wellnessRecords.nextReminderDate}`.mapWith(wellnessRecords.nextReminderDate),
      recipient: reminderRecipient,
      // issue 32: the owner's language (an owner of the clinic had English before)
      language: ownerLanguage(clinicId, owners.language),
      optedOut: sql<boolean>`not ${ownerConsentsToReminders}`,
      deliveryStatus,
    })
    .from(wellnessRecords)
    .$dynamic();
  return (
    withDeliveryJoins(withPetSummary(rows, clinicId, wellnessRecords.petProfileId))
      .leftJoin(owners, eq(owners.id, petProfiles.ownerId))
      // issue 33: a reminder marked done or snoozed is not e-mailed
      .where(and(remindersWhere(clinicId, range), reminderMarkedOpen(utcDay())))
      .orderBy(...reminderOrder)
  );
}

/** The reminder filters of a request, read: the range (readReminderRange) and the status. */
export function readReminderFilters(q: VetReminderFilters, today: string): ReminderFilterValues {
  return { range: readReminderRange(q, today), status: q.status, state: q.state, today };
}
