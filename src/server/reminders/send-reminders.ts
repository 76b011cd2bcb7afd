import { sql } from 'drizzle-orm';
import type { SendVetRemindersResult } from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import { reminderDeliveries, wellnessRecords } from '#server/db/schema';
import { enqueueMail, newRecipientsLeft, recipientAllowanceLeft, type RecipientCap } from '#server/mail/outbox';
import { deliverableAddress, mailboxOf } from '#shared/email-address';
import { remindersToSendQuery, type ReminderRange } from '#server/visits/list-reminders';
import { groupRemindersByOwner, type ReminderToSend } from '#server/reminders/group-by-owner';

/** The payload of a reminder e-mail: the clinic and the reminders (record and due day) it covers. */
export interface ReminderMailPayload {
  clinicId: number;
  reminders: { wellnessRecordId: number; date: string }[];
}

/** First key of the advisory lock that lets one "Send reminders" (or sweep of notices) of a clinic run at a time. */
export const SEND_LOCK = 21_0001;

/** The sender a clinic's e-mails to owners are counted under. */
export const clinicMailSender = (clinicId: number) => `clinic:${clinicId}`;

/**
 * The caps on a clinic's e-mails to owners: to one address in a day (MAIL_PER_RECIPIENT_PER_DAY, docs/decisions/0094),
 * and to different addresses in a day (MAIL_RECIPIENTS_PER_CLINIC_PER_DAY, docs/decisions/0179).
 */
export function clinicMailCap(
  clinicId: number,
  config: { mailPerRecipientPerDay: number; mailRecipientsPerClinicPerDay: number },
): RecipientCap {
  return {
    sender: clinicMailSender(clinicId),
    perDay: config.mailPerRecipientPerDay,
    recipientsPerDay: config.mailRecipientsPerClinicPerDay,
  };
}

/**
 * Queues the owner e-mails of the clinic's reminders in the range (docs/decisions/0111): one
 * e-mail per owner address, covering every pet and item of that owner; never a second one for a
 * reminder queued or sent before (a failed one is queued again, in the owner's new e-mail). Each
 * e-mail uses one of the clinic's e-mails to that address for the day (`cap`, docs/decisions/0094):
 * an owner the clinic has e-mailed that often in the last 24 hours is held back (overDailyLimit
 * counts its reminders; they stay unsent, to be sent another day). With dryRun
 * nothing is written: the counts are what sending would do. Only the clinic's own, not deleted
 * reminders are read. Sends of one clinic take turns (an advisory lock), so two presses cannot both
 * queue one reminder; reminder_deliveries' key would refuse it anyway.
 */
export async function sendReminders(
  db: Db,
  clinicId: number,
  range: ReminderRange,
  dryRun: boolean,
  cap: RecipientCap,
): Promise<SendVetRemindersResult> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    if (!dryRun) await tx.execute(sql`select pg_advisory_xact_lock(${SEND_LOCK}, ${clinicId})`);
    const query = remindersToSendQuery(txDb, clinicId, range);
    // Sending locks every reminder it reads before its first delivery takes the clinic's compliance lock (the
    // triggers' order, decision 0198): a delivery recorded owner by owner, each statement locking its owner's
    // reminders with the compliance lock already held, deadlocked against a writer holding a later owner's reminder.
    const rows = await (dryRun ? query : query.for('no key update', { of: wellnessRecords }));
    const result: SendVetRemindersResult = {
      queued: 0,
      reminders: 0,
      withoutEmail: 0,
      optedOut: 0,
      alreadySent: 0,
      overDailyLimit: 0,
      overClinicDailyLimit: 0,
    };
    const toSend: ReminderToSend[] = [];
    for (const row of rows) {
      // The query reads the same rule in SQL; the one that writes the header decides.
      const recipient = deliverableAddress(row.recipient);
      if (row.deliveryStatus === 'queued' || row.deliveryStatus === 'sent') result.alreadySent++;
      else if (recipient === null) result.withoutEmail++;
      // issue 32: the owner turned reminder e-mails off (the Owners tab, or the unsubscribe link)
      else if (row.optedOut) result.optedOut++;
      else toSend.push({ wellnessRecordId: row.wellnessRecordId, date: row.date, recipient, language: row.language });
    }
    // A dry run counts each address's allowance, and the clinic's new addresses, down as sending would use them.
    const allowanceLeft = new Map<string, number>();
    let recipientsLeft = dryRun ? await newRecipientsLeft(txDb, cap) : 0;
    for (const email of groupRemindersByOwner(toSend)) {
      if (dryRun) {
        const mailbox = mailboxOf(email.recipient);
        const left = allowanceLeft.get(mailbox) ?? (await recipientAllowanceLeft(txDb, cap, email.recipient));
        if (left <= 0) {
          result.overDailyLimit += email.reminders.length;
          continue;
        }
        if (left === cap.perDay && recipientsLeft <= 0) {
          result.overClinicDailyLimit += email.reminders.length;
          continue;
        }
        if (left === cap.perDay) recipientsLeft--;
        allowanceLeft.set(mailbox, left - 1);
        result.queued++;
        result.reminders += email.reminders.length;
        continue;
      }
      const payload: ReminderMailPayload = { clinicId, reminders: email.reminders };
      const queued = await enqueueMail(
        txDb,
        { kind: 'reminder', recipient: email.recipient, language: email.language, payload: { ...payload } },
        cap,
      );
      if (queued.status === 'overDailyLimit') {
        result.overDailyLimit += email.reminders.length;
        continue;
      }
      if (queued.status === 'overRecipientsLimit') {
        result.overClinicDailyLimit += email.reminders.length;
        continue;
      }
      if (queued.status !== 'queued') throw new Error('a reminder e-mail without a dedupe key was not queued');
      result.queued++;
      result.reminders += email.reminders.length;
      // A reminder whose e-mail failed moves to this one; any other is new here.
      await tx
        .insert(reminderDeliveries)
        .values(
          email.reminders.map((r) => ({
            wellnessRecordId: r.wellnessRecordId,
            reminderDate: r.date,
            clinicId,
            outboxMessageId: queued.id,
          })),
        )
        .onConflictDoUpdate({
          target: [reminderDeliveries.wellnessRecordId, reminderDeliveries.reminderDate],
          set: { outboxMessageId: queued.id, createdAt: sql`now()` },
        });
    }
    return result;
  });
}
