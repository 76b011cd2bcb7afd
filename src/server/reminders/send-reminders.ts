import { sql } from 'drizzle-orm';
import type { SendVetRemindersResult } from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import { reminderDeliveries } from '#server/db/schema';
import { enqueueMail } from '#server/mail/outbox';
import { remindersToSendQuery, type ReminderRange } from '#server/visits/list-reminders';
import { groupRemindersByOwner, type ReminderToSend } from '#server/reminders/group-by-owner';

/** The payload of a reminder e-mail: the clinic and the reminders (record and due day) it covers. */
export interface ReminderMailPayload {
  clinicId: number;
  reminders: { wellnessRecordId: number; date: string }[];
}

/** First key of the advisory lock that lets one "Send reminders" of a clinic run at a time. */
const SEND_LOCK = 21_0001;

/**
 * Queues the owner e-mails of the clinic's reminders in the range (docs/decisions/0111): one
 * e-mail per owner address, covering every pet and item of that owner; never a second one for a
 * reminder queued or sent before (a failed one is queued again, in the owner's new e-mail). With
 * dryRun nothing is written: the counts are what sending would do. Only the clinic's own reminders
 * are read. Sends of one clinic take turns (an advisory lock), so two presses cannot both queue one
 * reminder; reminder_deliveries' key would refuse it anyway.
 */
export async function sendReminders(db: Db, clinicId: number, range: ReminderRange, dryRun: boolean): Promise<SendVetRemindersResult> {
  return db.transaction(async (tx) => {
    if (!dryRun) await tx.execute(sql`select pg_advisory_xact_lock(${SEND_LOCK}, ${clinicId})`);
    const rows = await remindersToSendQuery(tx as unknown as Db, clinicId, range);
    const result: SendVetRemindersResult = { queued: 0, reminders: 0, withoutEmail: 0, alreadySent: 0 };
    const toSend: ReminderToSend[] = [];
    for (const row of rows) {
      if (row.deliveryStatus === 'queued' || row.deliveryStatus === 'sent') result.alreadySent++;
      else if (row.recipient === null) result.withoutEmail++;
      else toSend.push({ wellnessRecordId: row.wellnessRecordId, date: row.date, recipient: row.recipient, language: row.language });
    }
    const emails = groupRemindersByOwner(toSend);
    result.queued = emails.length;
    result.reminders = toSend.length;
    if (dryRun) return result;
    for (const email of emails) {
      const payload: ReminderMailPayload = { clinicId, reminders: email.reminders };
      const messageId = await enqueueMail(tx as unknown as Db, { kind: 'reminder', recipient: email.recipient, language: email.language, payload: { ...payload } });
      if (messageId === null) throw new Error('a reminder e-mail without a dedupe key was not queued');
      // A reminder whose e-mail failed moves to this one; any other is new here.
      await tx
        .insert(reminderDeliveries)
        .values(email.reminders.map((r) => ({ wellnessRecordId: r.wellnessRecordId, reminderDate: r.date, clinicId, outboxMessageId: messageId })))
        .onConflictDoUpdate({ target: [reminderDeliveries.wellnessRecordId, reminderDeliveries.reminderDate], set: { outboxMessageId: messageId, createdAt: sql`now()` } });
    }
    return result;
  });
}
