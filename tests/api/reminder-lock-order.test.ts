import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import { clinicPatients, clinics, outboxMessages, reminderDeliveries, wellnessRecords } from '#server/db/schema';
import { clinicMailCap, sendReminders } from '#server/reminders/send-reminders';
import { remindersToSendQuery } from '#server/visits/list-reminders';
import { deliverableAddress, mailboxOf } from '#shared/email-address';
import type { Db } from '#server/db/client';
import { describeOnBothDatabases } from '#tests/support/databases';
import { isoDay } from '#tests/support/days';
import { DEMO_CLINIC } from '#tests/support/vet-session';

/**
 * Migration 0058: the reminders' triggers lock in one order, a reminder's row first and the clinic's compliance lock
 * (an advisory lock held to the end of the transaction) after. A message's status change took the compliance lock
 * first, then updated its reminder's row: against a writer holding that row (a purge deleting it, a reminder marked
 * done) that was a deadlock.
 */

/**
 * A writer that locks a reminder's row, says so (`held`), waits `waitMs` for another writer to reach that row, then
 * marks it done as UpdateVetReminder does (a change the compliance days and the calendar count).
 */
function holdThenMarkDone(db: Db, recordId: number, waitMs: number) {
  let rowHeld!: () => void;
  const held = new Promise<void>((resolve) => (rowHeld = resolve));
  const writer = db.transaction(async (tx) => {
    await tx.execute(sql`select id from wellness_records where id = ${recordId} for update`);
    rowHeld();
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    await tx
      .update(wellnessRecords)
      .set({ reminderState: 'done', reminderChangedAt: new Date() })
      .where(eq(wellnessRecords.id, recordId));
  });
  return { held, writer };
}

describeOnBothDatabases('the reminders’ triggers: the row before the compliance lock', (ctx) => {
  const triggerNames = async (table: string) =>
    (
      (await ctx().db.execute(
        sql`select tgname from pg_trigger where tgrelid = ${table}::regclass and not tgisinternal order by tgname`,
      )) as unknown as { rows: { tgname: string }[] }
    ).rows.map((r) => r.tgname);

  it('fires the delivery-status triggers before the compliance ones (PostgreSQL fires them by name)', async () => {
    const outbox = await triggerNames('outbox_messages');
    expect(outbox.indexOf('outbox_messages_delivery_status')).toBeGreaterThanOrEqual(0);
    expect(outbox.indexOf('outbox_messages_delivery_status')).toBeLessThan(
      outbox.indexOf('outbox_messages_then_compliance'),
    );
    const deliveries = await triggerNames('reminder_deliveries');
    for (const event of ['insert', 'delete'])
      expect(deliveries.indexOf(`reminder_deliveries_delivery_status_${event}`)).toBeLessThan(
        deliveries.indexOf(`reminder_deliveries_then_compliance_${event}`),
      );
  });

  it('a message marked sent while a writer holds its reminder waits for the writer, without a deadlock', async () => {
    // one connection on PGlite: no two transactions at once (the order above is what holds there)
    if (ctx().kind !== 'postgres') return;
    const db = ctx().db;
    const [clinic] = await db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, DEMO_CLINIC));
    const [patient] = await db
      .select({ pet: clinicPatients.petProfileId })
      .from(clinicPatients)
      .where(eq(clinicPatients.clinicId, clinic.id))
      .limit(1);
    const [record] = await db
      .insert(wellnessRecords)
      .values({
        petProfileId: patient.pet,
        clinicId: clinic.id,
        categoryTypeId: CATEGORY_TYPE_VACCINATION,
        actionDate: isoDay(-300),
        recordValue: 'Lock Order',
        nextReminderDate: isoDay(-20),
      })
      .returning({ id: wellnessRecords.id });
    const [message] = await db
      .insert(outboxMessages)
      .values({ kind: 'reminder', recipient: 'owner@example.com', dedupeKey: `lock-order:${record.id}` })
      .returning({ id: outboxMessages.id });
    await db.insert(reminderDeliveries).values({
      wellnessRecordId: record.id,
      reminderDate: isoDay(-20),
      clinicId: clinic.id,
      outboxMessageId: message.id,
    });

    // the message's update starts while the writer holds the row, and waits for it
    const { held, writer } = holdThenMarkDone(db, record.id, 300);
    await held;
    const sent = db.update(outboxMessages).set({ status: 'sent' }).where(eq(outboxMessages.id, message.id));
    const outcomes = await Promise.allSettled([writer, sent]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok']);
    const [after] = await db
      .select({ status: wellnessRecords.reminderDeliveryStatus, state: wellnessRecords.reminderState })
      .from(wellnessRecords)
      .where(eq(wellnessRecords.id, record.id));
    expect(after).toEqual({ status: 'sent', state: 'done' });
  });

  it('Send reminders locks the reminders it reads first: a writer holding a later owner’s reminder, no deadlock', async () => {
    if (ctx().kind !== 'postgres') return;
    const db = ctx().db;
    const [clinic] = await db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, DEMO_CLINIC));
    const patients = await db
      .select({ pet: clinicPatients.petProfileId })
      .from(clinicPatients)
      .where(eq(clinicPatients.clinicId, clinic.id))
      .limit(40);
    // a day of its own, years ahead: no other reminder is due on it
    const day = `${2050 + Math.floor(Math.random() * 40)}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
    const range = { from: day, to: day, overdue: false };
    await db.insert(wellnessRecords).values(
      patients.map((p) => ({
        petProfileId: p.pet,
        clinicId: clinic.id,
        categoryTypeId: CATEGORY_TYPE_VACCINATION,
        actionDate: isoDay(-30),
        recordValue: 'Send Lock Order',
        nextReminderDate: day,
      })),
    );
    // the reminders Send will e-mail, in its order: the first owner's e-mail is recorded before the last one's
    const sendable = (await remindersToSendQuery(db, clinic.id, range)).filter(
      (r) => !r.optedOut && deliverableAddress(r.recipient) !== null,
    );
    const mailboxes = [...new Set(sendable.map((r) => mailboxOf(r.recipient!)))];
    expect(mailboxes.length).toBeGreaterThanOrEqual(2);
    const last = sendable.find((r) => mailboxOf(r.recipient!) === mailboxes[mailboxes.length - 1])!;

    // Send starts while the writer holds the last owner's reminder, and reaches it
    const { held, writer } = holdThenMarkDone(db, last.wellnessRecordId, 500);
    await held;
    const send = sendReminders(db, clinic.id, range, false, clinicMailCap(clinic.id, ctx().config));
    const outcomes = await Promise.allSettled([writer, send]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok']);
    // the reminder marked done while Send waited for it is not e-mailed
    const [delivery] = await db
      .select({ id: reminderDeliveries.wellnessRecordId })
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.wellnessRecordId, last.wellnessRecordId));
    expect(delivery).toBeUndefined();
  });

  it('two transactions writing one clinic’s reminders in several statements take the calendar’s counts in turn', async () => {
    if (ctx().kind !== 'postgres') return;
    const db = ctx().db;
    const [clinic] = await db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, DEMO_CLINIC));
    const [patient] = await db
      .select({ pet: clinicPatients.petProfileId })
      .from(clinicPatients)
      .where(eq(clinicPatients.clinicId, clinic.id))
      .limit(1);
    const reminder = (nextReminderDate: string) => ({
      petProfileId: patient.pet,
      clinicId: clinic.id,
      categoryTypeId: CATEGORY_TYPE_VACCINATION,
      actionDate: isoDay(-10),
      recordValue: 'Calendar Lock Order',
      nextReminderDate,
    });
    const [dayX, dayY, dayZ] = [isoDay(400), isoDay(401), isoDay(402)];
    const [earlier] = await db.insert(wellnessRecords).values(reminder(dayY)).returning({ id: wellnessRecords.id });

    let firstWritten!: () => void;
    const written = new Promise<void>((resolve) => (firstWritten = resolve));
    // a visit saved in two statements: a new reminder on day X, then another on day Y
    const visit = db.transaction(async (tx) => {
      await tx.insert(wellnessRecords).values(reminder(dayX));
      firstWritten();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await tx.insert(wellnessRecords).values(reminder(dayY));
    });
    await written;
    // meanwhile another writer moves the earlier reminder from day Y to day Z
    const moved = db.update(wellnessRecords).set({ nextReminderDate: dayZ }).where(eq(wellnessRecords.id, earlier.id));
    const outcomes = await Promise.allSettled([visit, moved]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok']);
  });
});
