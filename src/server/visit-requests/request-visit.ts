import { and, eq, inArray } from 'drizzle-orm';
import type { RequestVisitValues } from '#shared/forms/visit-request-forms';
import { VISIT_REQUEST_LIMITS } from '#shared/forms/visit-request-forms';
import type { Db } from '#server/db/client';
import { clinicPatients, visitRequestReminders, visitRequests, wellnessRecords } from '#server/db/schema';
import { fieldChanges, writeHistory } from '#server/history/record-history';
import { UserError } from '#server/http/errors';
import { openBookingLink, petsOfReminders } from '#server/visit-requests/booking-link';
import { HISTORY_FIELDS } from '#shared/contract/vet-records';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The preferred days must be from today (UTC) to a year ahead. */
function assertBookableDays(days: readonly string[], now: Date): void {
  const today = now.toISOString().slice(0, 10);
  const last = new Date(now.getTime() + VISIT_REQUEST_LIMITS.daysAhead * DAY_MS).toISOString().slice(0, 10);
  if (days.some((d) => d < today)) throw new UserError('bookingDayPast');
  if (days.some((d) => d > last)) throw new UserError('bookingDayTooFar');
}

/**
 * RequestVisit (issue 33, decision 0187): the owner's request for a visit about the reminders of the e-mail whose
 * link they followed: one request per e-mail (`visitAlreadyRequested` after), linked to each reminder, with its history
 * entry (written by the owner: no staff person) in the same transaction.
 */
export async function requestVisit(db: Db, values: RequestVisitValues, now = new Date()): Promise<void> {
  const email = await openBookingLink(db, values.token);
  assertBookableDays(values.preferredDays, now);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const pets = await petsOfReminders(txDb, email.clinicId, email.reminders);
    if (pets.length === 0) throw new UserError('badBookingLink');
    const [owner] = await tx
      .select({ ownerId: clinicPatients.clinicOwnerId })
      .from(wellnessRecords)
      .innerJoin(
        clinicPatients,
        and(
          eq(clinicPatients.petProfileId, wellnessRecords.petProfileId),
          eq(clinicPatients.clinicId, wellnessRecords.clinicId),
        ),
      )
      .where(eq(wellnessRecords.id, email.reminders[0].wellnessRecordId));
    const [row] = await tx
      .insert(visitRequests)
      .values({
        clinicId: email.clinicId,
        outboxMessageId: email.outboxMessageId,
        clinicOwnerId: owner?.ownerId ?? null,
        preferredDays: values.preferredDays,
        partOfDay: values.partOfDay,
        note: values.note,
      })
      .onConflictDoNothing({ target: visitRequests.outboxMessageId })
      .returning({ id: visitRequests.id, version: visitRequests.version });
    if (!row) throw new UserError('visitAlreadyRequested');
    // a reminder purged since the e-mail went has no row to link to
    const kept = await tx
      .select({ id: wellnessRecords.id })
      .from(wellnessRecords)
      .where(
        inArray(
          wellnessRecords.id,
          email.reminders.map((r) => r.wellnessRecordId),
        ),
      );
    const keptIds = new Set(kept.map((k) => k.id));
    await tx
      .insert(visitRequestReminders)
      .values(
        email.reminders
          .filter((r) => keptIds.has(r.wellnessRecordId))
          .map((r) => ({ visitRequestId: row.id, wellnessRecordId: r.wellnessRecordId, reminderDate: r.date })),
      )
      .onConflictDoNothing();
    await writeHistory(txDb, { clinicId: email.clinicId, userId: null, userName: '' }, [
      {
        petProfileId: null,
        entity: 'visitRequest',
        entityId: row.id,
        action: 'create',
        version: row.version,
        changes: fieldChanges(HISTORY_FIELDS.visitRequest, null, {
          state: 'requested',
          preferredDays: values.preferredDays.join(', '),
          partOfDay: values.partOfDay,
          note: values.note,
          visitDate: null,
          declineMessage: null,
          message: null,
        }),
      },
    ]);
  });
}
