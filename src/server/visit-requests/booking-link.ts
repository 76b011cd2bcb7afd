import { and, eq, inArray } from 'drizzle-orm';
import type { BookingLink, VisitRequestState } from '#shared/contract/visit-requests';
import type { Db } from '#server/db/client';
import { clinics, outboxMessages, petProfiles, visitRequests, wellnessRecords } from '#server/db/schema';
import { openLink } from '#server/auth/link-tokens';
import { UserError } from '#server/http/errors';
import { recordNotDeleted } from '#server/db/live-rows';

/** The reminder e-mail a booking link names: its clinic, owner's address and language, and reminders. */
export interface BookedEmail {
  outboxMessageId: number;
  clinicId: number;
  recipient: string;
  language: string;
  reminders: { wellnessRecordId: number; date: string }[];
}

function remindersOf(payload: Record<string, unknown>): BookedEmail['reminders'] {
  const list = Array.isArray(payload.reminders) ? (payload.reminders as unknown[]) : [payload];
  return list.flatMap((r) => {
    const item = r as { wellnessRecordId?: unknown; date?: unknown } | null;
    return typeof item?.wellnessRecordId === 'number' && typeof item.date === 'string'
      ? [{ wellnessRecordId: item.wellnessRecordId, date: item.date }]
      : [];
  });
}

/**
 * The reminder e-mail a /BookVisit token opens (decision 0187), or `badBookingLink` (unknown, expired or malformed
 * token; an e-mail whose reminders were all deleted since): every bad link answers alike.
 */
export async function openBookingLink(db: Db, token: string): Promise<BookedEmail> {
  const link = await openLink(db, ['book-visit'], token);
  if (!link) throw new UserError('badBookingLink');
  const [message] = await db
    .select({
      id: outboxMessages.id,
      recipient: outboxMessages.recipient,
      language: outboxMessages.language,
      payload: outboxMessages.payload,
    })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.id, link.subjectId), eq(outboxMessages.kind, 'reminder')));
  const clinicId = message?.payload.clinicId;
  if (!message || typeof clinicId !== 'number') throw new UserError('badBookingLink');
  const reminders = remindersOf(message.payload);
  if (reminders.length === 0) throw new UserError('badBookingLink');
  return { outboxMessageId: message.id, clinicId, recipient: message.recipient, language: message.language, reminders };
}

/** The pets (id, name) of an e-mail's reminders that are still recorded, by name. */
export async function petsOfReminders(
  db: Db,
  clinicId: number,
  reminders: BookedEmail['reminders'],
): Promise<{ petId: number; petName: string }[]> {
  const rows = await db
    .selectDistinct({ petId: petProfiles.id, petName: petProfiles.name })
    .from(wellnessRecords)
    .innerJoin(petProfiles, eq(petProfiles.id, wellnessRecords.petProfileId))
    .where(
      and(
        inArray(
          wellnessRecords.id,
          reminders.map((r) => r.wellnessRecordId),
        ),
        eq(wellnessRecords.clinicId, clinicId),
        recordNotDeleted,
      ),
    );
  return rows.sort((a, b) => a.petName.localeCompare(b.petName) || a.petId - b.petId);
}

/** CheckBookingLink: what the booking page shows of its link (no address, nothing the owner did not get by e-mail). */
export async function describeBookingLink(db: Db, token: string): Promise<BookingLink> {
  const email = await openBookingLink(db, token);
  const [pets, [clinic], [request]] = await Promise.all([
    petsOfReminders(db, email.clinicId, email.reminders),
    db.select({ name: clinics.name, phone: clinics.phone }).from(clinics).where(eq(clinics.id, email.clinicId)),
    db
      .select({ state: visitRequests.state })
      .from(visitRequests)
      .where(eq(visitRequests.outboxMessageId, email.outboxMessageId)),
  ]);
  if (!clinic || pets.length === 0) throw new UserError('badBookingLink');
  return {
    clinicName: clinic.name,
    clinicPhone: clinic.phone,
    petNames: pets.map((p) => p.petName),
    requestState: (request?.state as VisitRequestState | undefined) ?? null,
  };
}
