import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ReminderDeliveryStatus, SendVetRemindersResult } from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import { clinicPatients, outboxMessages, owners, petProfiles, wellnessRecords } from '#server/db/schema';
import { deliverableAddress, enqueueMail, mailboxOf, recipientAllowanceLeft, reserveRecipientAllowance, type RecipientCap } from '#server/mail/outbox';
import { reminderScope } from '#server/visits/list-reminders';
import { patientOf } from '#server/pets/pet-columns';

/** One reminder e-mail per reminder record and date, ever (the outbox's dedupe key). */
function reminderMailKey(wellnessRecordId: number, date: string): string {
  return `reminder:${wellnessRecordId}:${date}`;
}

export interface ReminderMailPayload {
  wellnessRecordId: number;
  clinicId: number;
  date: string;
}

/** The cap on a clinic's e-mails to one owner address in a day (MAIL_PER_RECIPIENT_PER_DAY, docs/decisions/0094). */
export function clinicMailCap(clinicId: number, perDay: number): RecipientCap {
  return { sender: `clinic:${clinicId}`, perDay };
}

/**
 * Queues the owner e-mails of the clinic's reminders due on `date`: one per reminder, never a second
 * one for a reminder already queued or sent (a failed one is queued again), and at most the cap's
 * e-mails to one address in a day (the rest count as overDailyLimit). With dryRun nothing is
 * written: the counts are what sending would do. Only the clinic's own reminders are read.
 */
export async function sendReminders(db: Db, clinicId: number, date: string, dryRun: boolean, cap: RecipientCap): Promise<SendVetRemindersResult> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: wellnessRecords.id, email: clinicPatients.ownerEmailForVet, language: owners.language })
      .from(wellnessRecords)
      .innerJoin(petProfiles, eq(petProfiles.id, wellnessRecords.petProfileId))
      .leftJoin(clinicPatients, patientOf(clinicId, wellnessRecords.petProfileId))
      .leftJoin(owners, eq(owners.id, petProfiles.ownerId))
      .where(reminderScope(clinicId, date));
    const keys = rows.map((r) => reminderMailKey(r.id, date));
    const existing = new Map<string, string>();
    if (keys.length > 0) {
      const found = await tx.select({ key: outboxMessages.dedupeKey, status: outboxMessages.status }).from(outboxMessages).where(inArray(outboxMessages.dedupeKey, keys));
      for (const f of found) if (f.key) existing.set(f.key, f.status);
    }
    const result: SendVetRemindersResult = { queued: 0, withoutEmail: 0, alreadySent: 0, overDailyLimit: 0 };
    // A dry run counts the day's allowance per address down as sending would use it.
    const allowanceLeft = new Map<string, number>();
    const dryRunAllows = async (email: string) => {
      const key = mailboxOf(email);
      const left = allowanceLeft.get(key) ?? (await recipientAllowanceLeft(tx as unknown as Db, cap, email));
      allowanceLeft.set(key, left - 1);
      return left > 0;
    };
    for (const row of rows) {
      const key = reminderMailKey(row.id, date);
      const status = existing.get(key);
      const email = deliverableAddress(row.email);
      if (status === 'queued' || status === 'sending' || status === 'sent') {
        result.alreadySent++;
      } else if (!email) {
        result.withoutEmail++;
      } else if (dryRun ? !(await dryRunAllows(email)) : status !== undefined && !(await reserveRecipientAllowance(tx as unknown as Db, cap, email))) {
        result.overDailyLimit++;
      } else if (status === 'failed' || status === 'dropped') {
        if (!dryRun) {
          await tx
            .update(outboxMessages)
            .set({ status: 'queued', recipient: email, attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
            .where(and(eq(outboxMessages.dedupeKey, key), inArray(outboxMessages.status, ['failed', 'dropped'])));
        }
        result.queued++;
      } else if (dryRun) {
        result.queued++;
      } else {
        const payload: ReminderMailPayload = { wellnessRecordId: row.id, clinicId, date };
        const queued = await enqueueMail(tx as unknown as Db, { kind: 'reminder', recipient: email, language: row.language ?? 'en', payload: { ...payload }, dedupeKey: key }, cap);
        if (queued === 'queued') result.queued++;
        else if (queued === 'overDailyLimit') result.overDailyLimit++;
        else result.alreadySent++;
      }
    }
    return result;
  });
}

/** The delivery state of each listed reminder (by record id) of a day. */
export async function reminderDeliveries(
  db: Db,
  date: string,
  reminders: { id: number; ownerEmailForVet: string }[],
): Promise<Map<number, { deliveryStatus: ReminderDeliveryStatus; deliveryError: string | null }>> {
  const out = new Map<number, { deliveryStatus: ReminderDeliveryStatus; deliveryError: string | null }>();
  if (reminders.length === 0) return out;
  const found = await db
    .select({ key: outboxMessages.dedupeKey, status: outboxMessages.status, lastError: outboxMessages.lastError })
    .from(outboxMessages)
    .where(inArray(outboxMessages.dedupeKey, reminders.map((r) => reminderMailKey(r.id, date))));
  const byKey = new Map(found.map((f) => [f.key, f]));
  for (const r of reminders) {
    const m = byKey.get(reminderMailKey(r.id, date));
    let deliveryStatus: ReminderDeliveryStatus;
    if (!m) deliveryStatus = deliverableAddress(r.ownerEmailForVet) ? 'notSent' : 'noEmail';
    else if (m.status === 'sent') deliveryStatus = 'sent';
    else if (m.status === 'failed' || m.status === 'dropped') deliveryStatus = 'failed';
    else deliveryStatus = 'queued';
    out.set(r.id, { deliveryStatus, deliveryError: deliveryStatus === 'failed' ? (m?.lastError ?? null) : null });
  }
  return out;
}
