import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { CATEGORY_TYPE_ANTIPARASITIC, CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import { API } from '#shared/contract/paths';
import {
  clinicOwners,
  clinicPatients,
  clinics,
  outboxMessages,
  reminderDeliveries,
  wellnessRecords,
} from '#server/db/schema';
import { deliveryStatus } from '#server/visits/list-reminders';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { isoDay } from '#tests/support/days';
import { DEMO_CLINIC, loginClinic, OTHER_CLINIC } from '#tests/support/vet-session';

/**
 * Issue 37 (docs/decisions/0192): the reminder list's and calendar's status filter reads the e-mail state migration
 * 0055's triggers store on each clinic reminder. After every kind of write that changes it (a record written or its
 * date moved; a message recorded for the reminder, its status changing, the record removed; the owner's address, the
 * owner's consent; a patient row added at another clinic), the stored state of every clinic reminder equals
 * deliveryStatus computed from the reminder, its delivery, the message and the patient row, as the filter did before;
 * and the calendar's and the list's counts by status equal the computed ones.
 */
describeOnBothDatabases('Reminders: the stored e-mail state', (ctx) => {
  const api = injectApi(() => ctx().app);
  let admin = '';
  let clinicId = 0;
  let otherClinicId = 0;

  beforeAll(async () => {
    admin = await loginClinic(ctx().app, DEMO_CLINIC);
    const rows = await ctx().db.select({ id: clinics.id, username: clinics.username }).from(clinics);
    clinicId = rows.find((r) => r.username === DEMO_CLINIC)!.id;
    otherClinicId = rows.find((r) => r.username === OTHER_CLINIC)!.id;
  });

  /** Every clinic reminder whose stored state differs from the computed one. */
  async function expectStoredEqualsComputed(after: string) {
    const rows = await ctx()
      .db.select({ id: wellnessRecords.id, stored: wellnessRecords.reminderDeliveryStatus, computed: deliveryStatus })
      .from(wellnessRecords)
      .leftJoin(
        clinicPatients,
        and(
          eq(clinicPatients.clinicId, wellnessRecords.clinicId),
          eq(clinicPatients.petProfileId, wellnessRecords.petProfileId),
        ),
      )
      .leftJoin(
        reminderDeliveries,
        and(
          eq(reminderDeliveries.wellnessRecordId, wellnessRecords.id),
          eq(reminderDeliveries.reminderDate, wellnessRecords.nextReminderDate),
        ),
      )
      .leftJoin(outboxMessages, eq(outboxMessages.id, reminderDeliveries.outboxMessageId))
      .where(
        sql`${wellnessRecords.clinicId} is not null and ${wellnessRecords.nextReminderDate} is not null
          and ${wellnessRecords.categoryTypeId} in (${CATEGORY_TYPE_VACCINATION}, ${CATEGORY_TYPE_ANTIPARASITIC})`,
      )
      .orderBy(asc(wellnessRecords.id));
    expect(rows.length, after).toBeGreaterThan(0);
    expect(
      rows.filter((r) => r.stored !== r.computed),
      after,
    ).toEqual([]);
  }

  it('equals the computed state after every kind of write, and the filters count by it', async () => {
    await expectStoredEqualsComputed('the seed (the migration filled it)');
    const pet = await api.envelope.postForm(
      API.createVetPet,
      {
        petName: 'Delivery State Rex',
        petTypeId: 1,
        petBreedId: 1,
        ownerNameForVet: 'Dora State',
        ownerPhoneForVet: '+1 555 0100 779',
        ownerEmailForVet: 'dora.state@example.com',
        petGenderId: 1,
        petDateOfBirth: '2018-03-03',
      },
      [],
      { token: admin },
    );
    const petId = pet.data.petProfileId;
    const record = async (clinic: number, nextReminderDate: string) =>
      (
        await ctx()
          .db.insert(wellnessRecords)
          .values({
            petProfileId: petId,
            clinicId: clinic,
            categoryTypeId: CATEGORY_TYPE_VACCINATION,
            actionDate: isoDay(-360),
            recordValue: 'Rabies',
            nextReminderDate,
          })
          .returning({ id: wellnessRecords.id })
      )[0].id;
    const rabies = await record(clinicId, isoDay(3));
    await expectStoredEqualsComputed('a reminder written (notSent)');

    const [message] = await ctx()
      .db.insert(outboxMessages)
      .values({ kind: 'reminder', recipient: 'dora.state@example.com', dedupeKey: `delivery-state:${rabies}` })
      .returning({ id: outboxMessages.id });
    await ctx()
      .db.insert(reminderDeliveries)
      .values({ wellnessRecordId: rabies, reminderDate: isoDay(3), clinicId, outboxMessageId: message.id });
    await expectStoredEqualsComputed('a message queued');
    for (const status of ['sending', 'sent', 'failed', 'dropped', 'queued']) {
      await ctx().db.update(outboxMessages).set({ status }).where(eq(outboxMessages.id, message.id));
      await expectStoredEqualsComputed(`the message ${status}`);
    }
    await ctx()
      .db.update(wellnessRecords)
      .set({ nextReminderDate: isoDay(4) })
      .where(eq(wellnessRecords.id, rabies));
    await expectStoredEqualsComputed('the reminder moved: its message was for the old date');
    await ctx()
      .db.update(wellnessRecords)
      .set({ nextReminderDate: isoDay(3) })
      .where(eq(wellnessRecords.id, rabies));
    await expectStoredEqualsComputed('the reminder moved back');
    await ctx().db.delete(reminderDeliveries).where(eq(reminderDeliveries.outboxMessageId, message.id));
    await expectStoredEqualsComputed('the delivery removed');

    const [patient] = await ctx()
      .db.select({ id: clinicPatients.id, ownerId: clinicPatients.clinicOwnerId })
      .from(clinicPatients)
      .where(and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, petId)));
    await ctx()
      .db.update(clinicPatients)
      .set({ ownerEmailForVet: 'not an address' })
      .where(eq(clinicPatients.id, patient.id));
    await expectStoredEqualsComputed("the owner's address made undeliverable (noEmail)");
    await ctx()
      .db.update(clinicPatients)
      .set({ ownerEmailForVet: 'dora.state@example.com' })
      .where(eq(clinicPatients.id, patient.id));
    expect(patient.ownerId).not.toBeNull();
    await ctx().db.update(clinicOwners).set({ remindersByEmail: false }).where(eq(clinicOwners.id, patient.ownerId!));
    await expectStoredEqualsComputed('the owner opted out');

    // a reminder at the other clinic before the pet is its patient (noEmail), then the patient row added
    await record(otherClinicId, isoDay(5));
    await expectStoredEqualsComputed("another clinic's reminder without a patient row");
    await ctx().db.insert(clinicPatients).values({
      clinicId: otherClinicId,
      petProfileId: petId,
      ownerNameForVet: 'Dora State',
      ownerPhoneForVet: '+1 555 0100 779',
      ownerEmailForVet: 'dora.state@example.com',
    });
    await expectStoredEqualsComputed('the patient row added at the other clinic');
    await ctx().db.update(clinicOwners).set({ remindersByEmail: true }).where(eq(clinicOwners.id, patient.ownerId!));
    await expectStoredEqualsComputed('the owner opted in again');

    // the calendar and the list count by the stored state exactly as the computed state does
    const range = { dateFrom: isoDay(-30), dateTo: isoDay(60) };
    for (const status of ['notSent', 'noEmail', 'optedOut', 'sent', 'failed', 'queued'] as const) {
      const { rows: computed } = (await ctx().db.execute(sql`select count(*)::int as n from wellness_records w
        left join clinic_patients on clinic_patients.clinic_id = w.clinic_id and clinic_patients.pet_profile_id = w.pet_profile_id
        left join reminder_deliveries on reminder_deliveries.wellness_record_id = w.id
          and reminder_deliveries.reminder_date = w.next_reminder_date
        left join outbox_messages on outbox_messages.id = reminder_deliveries.outbox_message_id
        where w.clinic_id = ${clinicId} and w.deleted_at is null and w.category_type_id in (9, 10)
          and w.next_reminder_date between ${range.dateFrom}::date and ${range.dateTo}::date
          and (${deliveryStatus}) = ${status}`)) as unknown as { rows: { n: number }[] };
      const days = await api.envelope.get(API.vetReminderDays, { ...range, status }, { token: admin });
      expect(
        days.data.days.reduce((n, d) => n + d.count, 0),
        status,
      ).toBe(computed[0].n);
      const list = await api.envelope.post(
        API.vetReminders,
        { ...range, status, offset: 1, limit: 5 },
        { token: admin },
      );
      expect(list.data.count, status).toBe(computed[0].n);
      expect(list.data.reminders.every((r) => r.deliveryStatus === status)).toBe(true);
    }
  });
});
