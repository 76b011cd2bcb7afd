import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { CATEGORY_TYPE_ANTIPARASITIC, CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import { API } from '#shared/contract/paths';
import { purgeDeleted } from '#server/clinic-records/purge';
import {
  clinicOwners,
  clinicPatients,
  clinicUsers,
  clinics,
  outboxMessages,
  reminderCalendarDays,
  reminderDeliveries,
  wellnessRecords,
} from '#server/db/schema';
import { reminderDaysQuery } from '#server/visits/list-reminders';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { daysFromNow, isoDay } from '#tests/support/days';
import { explainIndexes } from '#tests/support/explain';
import { DEMO_CLINIC, loginClinic, OTHER_CLINIC } from '#tests/support/vet-session';

/**
 * The reminders per clinic, due day and stored delivery status counted from the reminders themselves, as
 * GetVetReminderDays counted them before migration 0059 stored them (docs/decisions/0201): the reference the stored
 * counts must equal.
 */
const COUNTED_DAYS = sql`select w.clinic_id as "clinicId", to_char(w.next_reminder_date, 'YYYY-MM-DD') as "day",
    w.reminder_delivery_status as "deliveryStatus", count(*)::int as "reminders"
  from wellness_records w
  where w.clinic_id is not null and w.next_reminder_date is not null and w.deleted_at is null
    and w.category_type_id in (${CATEGORY_TYPE_VACCINATION}, ${CATEGORY_TYPE_ANTIPARASITIC})
  group by 1, 2, 3
  order by 1, 2, 3`;

/**
 * Issue 37: the reminder calendar (GetVetReminderDays) reads counts per clinic, day and delivery status that migration
 * 0059's triggers keep. After every kind of write of reminders, deliveries, messages, patient rows and owners, the
 * stored counts equal a direct count of the reminders; the call reads them from their primary key.
 */
describeOnBothDatabases('Reminder calendar: the stored counts per day', (ctx) => {
  const api = injectApi(() => ctx().app);
  let admin = '';
  let other = '';
  let clinicId = 0;
  let otherClinicId = 0;
  let vetUserId = 0;

  beforeAll(async () => {
    [admin, other] = await Promise.all([loginClinic(ctx().app, DEMO_CLINIC), loginClinic(ctx().app, OTHER_CLINIC)]);
    const rows = await ctx().db.select({ id: clinics.id, username: clinics.username }).from(clinics);
    clinicId = rows.find((r) => r.username === DEMO_CLINIC)!.id;
    otherClinicId = rows.find((r) => r.username === OTHER_CLINIC)!.id;
    [{ id: vetUserId }] = await ctx()
      .db.select({ id: clinicUsers.id })
      .from(clinicUsers)
      .where(eq(clinicUsers.clinicId, clinicId))
      .orderBy(asc(clinicUsers.id))
      .limit(1);
  });

  /** The stored counts (migration 0059's triggers) equal the counted ones, for every clinic. */
  async function expectStoredEqualsCounted(after: string) {
    const { rows: counted } = (await ctx().db.execute(COUNTED_DAYS)) as unknown as { rows: unknown[] };
    const stored = await ctx()
      .db.select({
        clinicId: reminderCalendarDays.clinicId,
        day: reminderCalendarDays.day,
        deliveryStatus: reminderCalendarDays.deliveryStatus,
        reminders: reminderCalendarDays.reminders,
      })
      .from(reminderCalendarDays)
      .orderBy(
        asc(reminderCalendarDays.clinicId),
        asc(reminderCalendarDays.day),
        asc(reminderCalendarDays.deliveryStatus),
      );
    expect(counted.length, after).toBeGreaterThan(0);
    expect(stored, after).toEqual(counted);
  }

  async function newPatient(token: string, petName: string): Promise<number> {
    const pet = await api.envelope.postForm(
      API.createVetPet,
      {
        petName,
        petTypeId: 1,
        petBreedId: 1,
        ownerNameForVet: 'Calendar Owner',
        ownerPhoneForVet: '+1 555 0100 781',
        ownerEmailForVet: 'calendar.owner@example.com',
        petGenderId: 2,
        petDateOfBirth: '2017-02-02',
      },
      [],
      { token },
    );
    return pet.data.petProfileId;
  }

  it('equal a direct count after every kind of write', async () => {
    await expectStoredEqualsCounted('the seed (the migration filled them)');
    const pet = await newPatient(admin, 'Calendar One');
    const visitOn = async (visitDate: string) =>
      (await api.envelope.post(API.createVetVisit, { petId: pet, visitDate, vetUserId }, { token: admin })).data
        .vetVisitId;
    const saveVisit = async (vetVisitId: number, visitDate: string, vaccinations: Record<string, unknown>[]) => {
      const res = await api.send(
        API.saveVetVisit,
        { form: { payload: { petId: pet, vetVisitId, visitDate, vetUserId, vaccinations, antiparasitics: [] } } },
        { token: admin },
      );
      expect(res.json(), JSON.stringify(res.json())).toMatchObject({ result: 1 });
    };
    const first = await visitOn(isoDay(-360));
    await saveVisit(first, isoDay(-360), [
      { title: 'Rabies', date: isoDay(-360), nextReminderDate: isoDay(5) },
      { title: 'DHPP', date: isoDay(-360), nextReminderDate: isoDay(5) },
    ]);
    await expectStoredEqualsCounted('a visit saved (two reminders created)');
    await saveVisit(first, isoDay(-360), [
      { title: 'Rabies', date: isoDay(-360), nextReminderDate: isoDay(8) },
      { title: 'DHPP', date: isoDay(-360), nextReminderDate: isoDay(5) },
    ]);
    await expectStoredEqualsCounted('a reminder moved to another day');
    const second = await visitOn(isoDay(-10));
    await saveVisit(second, isoDay(-10), [{ title: 'Leptospirosis', date: isoDay(-10), nextReminderDate: isoDay(5) }]);
    await expectStoredEqualsCounted('another visit with a reminder on the same day');
    expect(
      (await api.envelope.post(API.deleteVetVisit, { vetVisitId: second, petId: pet }, { token: admin })).result,
    ).toBe(1);
    await expectStoredEqualsCounted('the visit deleted');
    expect((await api.envelope.post(API.restoreVetVisit, { vetVisitId: second }, { token: admin })).result).toBe(1);
    await expectStoredEqualsCounted('the visit restored');

    const [dhpp] = await ctx()
      .db.select({ id: wellnessRecords.id })
      .from(wellnessRecords)
      .where(and(eq(wellnessRecords.vetVisitId, first), eq(wellnessRecords.recordValue, 'DHPP')));
    const update = async (body: Record<string, unknown>) => {
      const res = await api.send(API.updateVetReminder, { json: { reminderId: dhpp.id, ...body } }, { token: admin });
      expect(res.json()).toMatchObject({ result: 1 });
    };
    await update({ action: 'done', version: 0 });
    await expectStoredEqualsCounted('marked done');
    await update({ action: 'snooze', until: isoDay(10), version: 1 });
    await expectStoredEqualsCounted('snoozed');
    await update({ action: 'reopen', version: 2 });
    await expectStoredEqualsCounted('reopened');

    // its e-mail: queued, each status, the delivery removed
    const [message] = await ctx()
      .db.insert(outboxMessages)
      .values({ kind: 'reminder', recipient: 'calendar.owner@example.com', dedupeKey: `calendar-days:${dhpp.id}` })
      .returning({ id: outboxMessages.id });
    await ctx()
      .db.insert(reminderDeliveries)
      .values({ wellnessRecordId: dhpp.id, reminderDate: isoDay(5), clinicId, outboxMessageId: message.id });
    await expectStoredEqualsCounted('a delivery queued');
    for (const status of ['sending', 'sent', 'failed', 'dropped', 'queued']) {
      await ctx().db.update(outboxMessages).set({ status }).where(eq(outboxMessages.id, message.id));
      await expectStoredEqualsCounted(`the message ${status}`);
    }
    await ctx().db.delete(reminderDeliveries).where(eq(reminderDeliveries.outboxMessageId, message.id));
    await expectStoredEqualsCounted('the delivery removed');

    // the owner's address and consent (the stored delivery status of the pet's reminders)
    const [patient] = await ctx()
      .db.select({ id: clinicPatients.id, ownerId: clinicPatients.clinicOwnerId })
      .from(clinicPatients)
      .where(and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, pet)));
    await ctx()
      .db.update(clinicPatients)
      .set({ ownerEmailForVet: 'not an address' })
      .where(eq(clinicPatients.id, patient.id));
    await expectStoredEqualsCounted("the owner's address made undeliverable");
    await ctx()
      .db.update(clinicPatients)
      .set({ ownerEmailForVet: 'calendar.owner@example.com' })
      .where(eq(clinicPatients.id, patient.id));
    await ctx().db.update(clinicOwners).set({ remindersByEmail: false }).where(eq(clinicOwners.id, patient.ownerId!));
    await expectStoredEqualsCounted('the owner opted out');
    await ctx().db.update(clinicOwners).set({ remindersByEmail: true }).where(eq(clinicOwners.id, patient.ownerId!));
    await expectStoredEqualsCounted('the owner opted in again');

    // the pet deleted and restored, then deleted and purged past the restore window
    expect((await api.envelope.post(API.deleteVetPet, { petId: pet }, { token: admin })).result).toBe(1);
    await expectStoredEqualsCounted('the pet deleted');
    expect((await api.envelope.post(API.restoreVetPet, { petId: pet }, { token: admin })).result).toBe(1);
    await expectStoredEqualsCounted('the pet restored');
    expect((await api.envelope.post(API.deleteVetPet, { petId: pet }, { token: admin })).result).toBe(1);
    await purgeDeleted(
      ctx().app,
      ctx().config.deletedRetentionDays,
      daysFromNow(ctx().config.deletedRetentionDays + 1),
    );
    await expectStoredEqualsCounted('the pet purged');
    expect(
      await ctx().db.select().from(wellnessRecords).where(eq(wellnessRecords.petProfileId, pet)),
      'the purge removed its records',
    ).toEqual([]);

    // bulk writes: every reminder of a clinic moved, a clinic's records removed
    const otherPet = await newPatient(other, 'Calendar Two');
    await ctx()
      .db.insert(wellnessRecords)
      .values(
        [3, 3, 4].map((d) => ({
          petProfileId: otherPet,
          clinicId: otherClinicId,
          categoryTypeId: CATEGORY_TYPE_ANTIPARASITIC,
          actionDate: isoDay(-30),
          recordValue: `Flea ${d}`,
          nextReminderDate: isoDay(d),
        })),
      );
    await expectStoredEqualsCounted('three reminders inserted in one statement');
    await ctx()
      .db.update(wellnessRecords)
      .set({ nextReminderDate: sql`${wellnessRecords.nextReminderDate} - 30` })
      .where(eq(wellnessRecords.clinicId, clinicId));
    await expectStoredEqualsCounted('every reminder of the clinic 30 days earlier');
    await ctx().db.delete(wellnessRecords).where(eq(wellnessRecords.clinicId, otherClinicId));
    await expectStoredEqualsCounted("the other clinic's records removed");
  });

  it('GetVetReminderDays answers the direct count of the range, with and without the status filter', async () => {
    const range = { dateFrom: isoDay(-40), dateTo: isoDay(80) };
    for (const status of [undefined, 'notSent', 'noEmail', 'optedOut', 'sent', 'failed', 'queued'] as const) {
      const { rows: counted } = (await ctx().db
        .execute(sql`select to_char(w.next_reminder_date, 'YYYY-MM-DD') as "date",
          count(*)::int as "count"
        from wellness_records w
        where w.clinic_id = ${clinicId} and w.deleted_at is null and w.category_type_id in (9, 10)
          and w.next_reminder_date between ${range.dateFrom}::date and ${range.dateTo}::date
          and (${status ?? null}::text is null or w.reminder_delivery_status = ${status ?? null})
        group by w.next_reminder_date order by w.next_reminder_date`)) as unknown as { rows: unknown[] };
      const days = await api.envelope.get(API.vetReminderDays, status === undefined ? range : { ...range, status }, {
        token: admin,
      });
      if (status === undefined) expect(counted.length).toBeGreaterThan(0);
      expect(days.data.days, status ?? 'every status').toEqual(counted);
    }
  });

  it("GetVetReminders' count of a range equals the direct count, with and without the status filter", async () => {
    for (const range of [
      { dateFrom: isoDay(0), dateTo: isoDay(29) },
      { dateFrom: isoDay(-40), dateTo: isoDay(-1) },
    ])
      for (const status of [undefined, 'notSent', 'noEmail', 'sent'] as const) {
        const { rows } = (await ctx().db.execute(sql`select count(*)::int as n from wellness_records w
          where w.clinic_id = ${clinicId} and w.deleted_at is null and w.category_type_id in (9, 10)
            and w.next_reminder_date between ${range.dateFrom}::date and ${range.dateTo}::date
            and (${status ?? null}::text is null or w.reminder_delivery_status = ${status ?? null})`)) as unknown as {
          rows: { n: number }[];
        };
        const list = await api.envelope.post(
          API.vetReminders,
          { ...range, ...(status === undefined ? {} : { status }), offset: 1, limit: 5 },
          { token: admin },
        );
        expect(list.data.count, `${range.dateFrom} ${status ?? 'every status'}`).toBe(rows[0].n);
      }
  });

  it('reads the stored counts of the range from their primary key', async () => {
    const range = { from: isoDay(-1), to: isoDay(42), overdue: false };
    for (const status of [undefined, 'sent'] as const) {
      const { plan, indexes } = await explainIndexes(
        ctx().db,
        reminderDaysQuery(ctx().db, clinicId, range, status).getSQL(),
      );
      expect(plan, plan).not.toContain('wellness_records');
      expect(indexes, plan).toEqual([expect.stringContaining('reminder_calendar_days_pk')]);
    }
  });
});
