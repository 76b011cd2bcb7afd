import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type {
  VisitRequest,
  VisitRequestsQuery,
  VisitRequestsResult,
  VisitRequestState,
} from '#shared/contract/visit-requests';
import type { PartOfDay } from '#shared/forms/visit-request-forms';
import type { Db } from '#server/db/client';
import { clinicOwners, petProfiles, visitRequestReminders, visitRequests, wellnessRecords } from '#server/db/schema';

/**
 * GetVisitRequests (issue 33, decision 0187): the clinic's visit requests of one state ('requested' by default:
 * oldest first, the order they wait in; answered ones newest first), a page of them with their owner, pets and
 * reminders, the state's count and the count waiting (the Requested filter's).
 */
export async function listVisitRequests(
  db: Db,
  clinicId: number,
  query: VisitRequestsQuery,
): Promise<VisitRequestsResult> {
  const state: VisitRequestState = query.state ?? 'requested';
  const limit = query.limit ?? 4;
  const offset = ((query.offset ?? 1) - 1) * limit;
  const ofState = (s: VisitRequestState) => and(eq(visitRequests.clinicId, clinicId), eq(visitRequests.state, s));
  const [rows, [{ n }], [{ waiting }]] = await Promise.all([
    db
      .select({
        id: visitRequests.id,
        version: visitRequests.version,
        state: visitRequests.state,
        createdAt: visitRequests.createdAt,
        preferredDays: visitRequests.preferredDays,
        partOfDay: visitRequests.partOfDay,
        note: visitRequests.note,
        visitDate: visitRequests.visitDate,
        declineMessage: visitRequests.declineMessage,
        ownerName: clinicOwners.name,
        ownerPhone: clinicOwners.phone,
      })
      .from(visitRequests)
      .leftJoin(clinicOwners, eq(clinicOwners.id, visitRequests.clinicOwnerId))
      .where(ofState(state))
      .orderBy(state === 'requested' ? asc(visitRequests.id) : desc(visitRequests.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(visitRequests).where(ofState(state)),
    db.select({ waiting: count() }).from(visitRequests).where(ofState('requested')),
  ]);
  const reminders =
    rows.length === 0
      ? []
      : await db
          .select({
            requestId: visitRequestReminders.visitRequestId,
            wellnessRecordId: visitRequestReminders.wellnessRecordId,
            dueDate: visitRequestReminders.reminderDate,
            title: wellnessRecords.recordValue,
            petId: petProfiles.id,
            petName: petProfiles.name,
          })
          .from(visitRequestReminders)
          .innerJoin(wellnessRecords, eq(wellnessRecords.id, visitRequestReminders.wellnessRecordId))
          .innerJoin(petProfiles, eq(petProfiles.id, wellnessRecords.petProfileId))
          .where(
            inArray(
              visitRequestReminders.visitRequestId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(visitRequestReminders.reminderDate), asc(visitRequestReminders.wellnessRecordId));
  const requests: VisitRequest[] = rows.map((r) => {
    const mine = reminders.filter((x) => x.requestId === r.id);
    const pets = [...new Map(mine.map((x) => [x.petId, { petId: x.petId, petName: x.petName }])).values()];
    return {
      id: r.id,
      version: r.version,
      state: r.state as VisitRequestState,
      createdAt: r.createdAt.toISOString(),
      preferredDays: r.preferredDays,
      partOfDay: r.partOfDay as PartOfDay,
      note: r.note,
      ownerName: r.ownerName ?? '',
      ownerPhone: r.ownerPhone ?? '',
      pets,
      reminders: mine.map((x) => ({ wellnessRecordId: x.wellnessRecordId, title: x.title, dueDate: x.dueDate })),
      visitDate: r.visitDate,
      declineMessage: r.declineMessage,
    };
  });
  return { requests, count: n, requestedCount: waiting };
}
