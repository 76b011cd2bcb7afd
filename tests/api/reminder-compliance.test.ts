import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { CATEGORY_TYPE_ANTIPARASITIC, CATEGORY_TYPE_CONSULTATION, CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import { API } from '#shared/contract/paths';
import {
  clinics,
  clinicUsers,
  outboxMessages,
  reminderComplianceDays,
  reminderDeliveries,
  wellnessRecords,
} from '#server/db/schema';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { isoDay } from '#tests/support/days';
import { DEMO_CLINIC, loginClinic, OTHER_CLINIC } from '#tests/support/vet-session';

/**
 * The counts per clinic and due day computed from the reminders themselves, as GetReminderCompliance computed them
 * before migration 0055 stored them (docs/decisions/0192): the reference the stored days must equal.
 */
const COMPUTED_DAYS = sql`select w.clinic_id as "clinicId", to_char(w.next_reminder_date, 'YYYY-MM-DD') as "day",
    count(*)::int as "due",
    (count(*) filter (where exists (select 1 from reminder_deliveries d
      join outbox_messages m on m.id = d.outbox_message_id
      where d.wellness_record_id = w.id and m.status = 'sent')))::int as "notified",
    (count(*) filter (where w.reminder_state = 'done' or exists (select 1 from wellness_records later
      where later.pet_profile_id = w.pet_profile_id and later.category_type_id = w.category_type_id
      and later.action_date > w.action_date and later.deleted_at is null
      and lower(btrim(later.record_value)) = lower(btrim(w.record_value)))))::int as "done",
    (count(*) filter (where (w.reminder_state = 'done'
        and (w.reminder_changed_at at time zone 'UTC')::date <= w.next_reminder_date + 30)
      or exists (select 1 from wellness_records later
      where later.pet_profile_id = w.pet_profile_id and later.category_type_id = w.category_type_id
      and later.action_date > w.action_date and later.deleted_at is null
      and lower(btrim(later.record_value)) = lower(btrim(w.record_value))
      and later.action_date <= w.next_reminder_date + 30)))::int as "doneWithin30Days"
  from wellness_records w
  where w.clinic_id is not null and w.next_reminder_date is not null and w.deleted_at is null
    and w.category_type_id in (${CATEGORY_TYPE_VACCINATION}, ${CATEGORY_TYPE_ANTIPARASITIC})
  group by w.clinic_id, w.next_reminder_date
  order by 1, 2`;

/**
 * Issue 33, item 6: GetReminderCompliance on reminders seeded in months the demo data leaves empty, with a known
 * answer: each rule of "due", "notified", "done" and "done within 30 days" (docs/decisions/0189) has a row that
 * counts and a row that must not.
 */
describeOnBothDatabases('Reminder compliance', (ctx) => {
  const api = injectApi(() => ctx().app);
  let admin = '';
  let other = '';
  let clinicId = 0;
  let otherClinicId = 0;
  let vetUserId = 0;

  const compliance = (query: { dateFrom: string; dateTo: string }, token = admin) =>
    api.envelope.get(API.reminderCompliance, query, { token });

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

  /** Every clinic's stored days (migration 0055's triggers) equal the days computed from the reminders. */
  async function expectStoredDaysEqualComputed(after: string) {
    const { rows: computed } = (await ctx().db.execute(COMPUTED_DAYS)) as unknown as { rows: unknown[] };
    const stored = await ctx()
      .db.select({
        clinicId: reminderComplianceDays.clinicId,
        day: reminderComplianceDays.day,
        due: reminderComplianceDays.due,
        notified: reminderComplianceDays.notified,
        done: reminderComplianceDays.done,
        doneWithin30Days: reminderComplianceDays.doneWithin30Days,
      })
      .from(reminderComplianceDays)
      .orderBy(asc(reminderComplianceDays.clinicId), asc(reminderComplianceDays.day));
    expect(computed.length, after).toBeGreaterThan(0);
    expect(stored, after).toEqual(computed);
  }

  /** A new patient of the clinic whose `token` is given: no records of its own yet. */
  async function newPatient(token: string, petName: string): Promise<number> {
    const pet = await api.envelope.postForm(
      API.createVetPet,
      {
        petName,
        petTypeId: 1,
        petBreedId: 1,
        ownerNameForVet: 'Compliance Owner',
        ownerPhoneForVet: '+1 555 0100 778',
        petGenderId: 2,
        petDateOfBirth: '2017-02-02',
      },
      [],
      { token },
    );
    return pet.data.petProfileId;
  }

  async function record(values: {
    clinic?: number;
    pet: number;
    value: string;
    actionDate: string;
    nextReminderDate?: string | null;
    categoryTypeId?: number;
    deletedAt?: Date | null;
  }): Promise<number> {
    const [row] = await ctx()
      .db.insert(wellnessRecords)
      .values({
        petProfileId: values.pet,
        clinicId: values.clinic ?? clinicId,
        categoryTypeId: values.categoryTypeId ?? CATEGORY_TYPE_VACCINATION,
        actionDate: values.actionDate,
        recordValue: values.value,
        nextReminderDate: values.nextReminderDate ?? null,
        deletedAt: values.deletedAt ?? null,
      })
      .returning({ id: wellnessRecords.id });
    return row.id;
  }

  async function delivered(recordId: number, reminderDate: string, status: 'sent' | 'failed'): Promise<void> {
    const [message] = await ctx()
      .db.insert(outboxMessages)
      .values({ kind: 'reminder', recipient: 'owner@example.com', status, dedupeKey: `compliance-test:${recordId}` })
      .returning({ id: outboxMessages.id });
    await ctx()
      .db.insert(reminderDeliveries)
      .values({ wellnessRecordId: recordId, reminderDate, clinicId, outboxMessageId: message.id });
  }

  it('counts each month of the range by the rules, and nothing of another clinic', async () => {
    const range = { dateFrom: '2019-04-01', dateTo: '2019-06-30' };
    // the demo data leaves these months empty
    expect((await compliance(range)).data.months.every((m) => m.due === 0)).toBe(true);

    const pet = await newPatient(admin, 'Compliance One');
    // given again 15 days after the due date: done within 30 days
    await record({ pet, value: 'Rabies', actionDate: '2018-04-05', nextReminderDate: '2019-04-05' });
    await record({ pet, value: 'Rabies', actionDate: '2019-04-20', nextReminderDate: '2020-04-20' });
    // given again 52 days after: done, not within 30 days
    await record({ pet, value: 'DHPP', actionDate: '2018-04-10', nextReminderDate: '2019-04-10' });
    await record({ pet, value: 'DHPP', actionDate: '2019-06-01' });
    // marked done 10 days after its due date: done within 30 days
    const markedEarly = await record({
      pet,
      value: 'Bordetella',
      actionDate: '2018-10-15',
      nextReminderDate: '2019-04-15',
    });
    await ctx()
      .db.update(wellnessRecords)
      .set({ reminderState: 'done', reminderChangedAt: new Date('2019-04-25T10:00:00Z'), reminderVersion: 1 })
      .where(eq(wellnessRecords.id, markedEarly));
    // e-mailed (sent), not done
    const mailed = await record({
      pet,
      value: 'Leptospirosis',
      actionDate: '2018-04-20',
      nextReminderDate: '2019-04-20',
    });
    await delivered(mailed, '2019-04-20', 'sent');
    // marked done today through the API: done, long after 30 days; its e-mail failed: not notified
    const markedLate = await record({ pet, value: 'FVRCP', actionDate: '2018-04-25', nextReminderDate: '2019-04-25' });
    await delivered(markedLate, '2019-04-25', 'failed');
    const done = await api.envelope.post(
      API.updateVetReminder,
      { reminderId: markedLate, action: 'done' },
      { token: admin },
    );
    expect(done.data.reminderState).toBe('done');
    // not reminders of the month: deleted, a consultation, another clinic's
    await record({
      pet,
      value: 'Rabies',
      actionDate: '2018-04-28',
      nextReminderDate: '2019-04-28',
      deletedAt: new Date(),
    });
    await record({
      pet,
      value: 'Check-up',
      actionDate: '2019-03-12',
      nextReminderDate: '2019-04-12',
      categoryTypeId: CATEGORY_TYPE_CONSULTATION,
    });
    const otherPet = await newPatient(other, 'Compliance Two');
    await record({
      clinic: otherClinicId,
      pet: otherPet,
      value: 'Rabies',
      actionDate: '2018-04-11',
      nextReminderDate: '2019-04-11',
    });
    // May: given again, but that record was deleted: not done
    await record({ pet, value: 'Influenza', actionDate: '2018-05-03', nextReminderDate: '2019-05-03' });
    await record({ pet, value: 'Influenza', actionDate: '2019-05-04', deletedAt: new Date() });

    expect((await compliance(range)).data).toEqual({
      months: [
        { month: '2019-04', due: 5, notified: 1, done: 4, doneWithin30Days: 2 },
        { month: '2019-05', due: 1, notified: 0, done: 0, doneWithin30Days: 0 },
        { month: '2019-06', due: 0, notified: 0, done: 0, doneWithin30Days: 0 },
      ],
    });
    // the range counts days: from the 10th of April, the 5th's and the 10th's reminders are left out
    expect((await compliance({ dateFrom: '2019-04-11', dateTo: '2019-04-30' })).data.months).toEqual([
      { month: '2019-04', due: 3, notified: 1, done: 2, doneWithin30Days: 1 },
    ]);
    expect((await compliance(range, other)).data.months[0]).toEqual({
      month: '2019-04',
      due: 1,
      notified: 0,
      done: 0,
      doneWithin30Days: 0,
    });
    // the seeded rows are the clinic's own
    const mine = await ctx()
      .db.select({ id: wellnessRecords.id })
      .from(wellnessRecords)
      .where(and(eq(wellnessRecords.clinicId, clinicId), eq(wellnessRecords.nextReminderDate, '2019-04-05')));
    expect(mine).toHaveLength(1);
    await expectStoredDaysEqualComputed('the rows of this test');
  });

  it('the stored days equal the computed ones after every kind of write', async () => {
    await expectStoredDaysEqualComputed('the seed (the migration filled them)');
    const pet = await newPatient(admin, 'Compliance Three');
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
    const first = await visitOn(isoDay(-380));
    await saveVisit(first, isoDay(-380), [
      { title: 'Rabies', date: isoDay(-380), nextReminderDate: isoDay(-15) },
      { title: 'DHPP', date: isoDay(-380), nextReminderDate: isoDay(-15) },
    ]);
    await expectStoredDaysEqualComputed('a visit saved');
    await saveVisit(first, isoDay(-380), [
      { title: 'Rabies', date: isoDay(-380), nextReminderDate: isoDay(-20) },
      { title: 'DHPP', date: isoDay(-380), nextReminderDate: isoDay(-15) },
    ]);
    await expectStoredDaysEqualComputed('the visit edited (a reminder moved to another day)');
    // Rabies given again 5 days after its date (done within 30 days), then that visit deleted and restored
    const again = await visitOn(isoDay(-15));
    await saveVisit(again, isoDay(-15), [{ title: 'Rabies', date: isoDay(-15), nextReminderDate: isoDay(350) }]);
    await expectStoredDaysEqualComputed('the vaccine given again');
    expect(
      (await api.envelope.post(API.deleteVetVisit, { vetVisitId: again, petId: pet }, { token: admin })).result,
    ).toBe(1);
    await expectStoredDaysEqualComputed('the later visit deleted');
    expect((await api.envelope.post(API.restoreVetVisit, { vetVisitId: again }, { token: admin })).result).toBe(1);
    await expectStoredDaysEqualComputed('the later visit restored');
    expect((await api.envelope.post(API.deleteVetPet, { petId: pet }, { token: admin })).result).toBe(1);
    await expectStoredDaysEqualComputed('the pet deleted');
    expect((await api.envelope.post(API.restoreVetPet, { petId: pet }, { token: admin })).result).toBe(1);
    await expectStoredDaysEqualComputed('the pet restored');

    // DHPP marked done, snoozed, reopened (UpdateVetReminder)
    const [dhpp] = await ctx()
      .db.select({ id: wellnessRecords.id })
      .from(wellnessRecords)
      .where(and(eq(wellnessRecords.vetVisitId, first), eq(wellnessRecords.recordValue, 'DHPP')));
    const update = async (body: Record<string, unknown>) => {
      const res = await api.send(API.updateVetReminder, { json: { reminderId: dhpp.id, ...body } }, { token: admin });
      expect(res.json()).toMatchObject({ result: 1 });
    };
    await update({ action: 'done', version: 0 });
    await expectStoredDaysEqualComputed('marked done');
    await update({ action: 'snooze', until: isoDay(10), version: 1 });
    await expectStoredDaysEqualComputed('snoozed');
    await update({ action: 'reopen', version: 2 });
    await expectStoredDaysEqualComputed('reopened');

    // its e-mail: queued, sent, failed on a retry's record, sent again; the delivery removed
    const [message] = await ctx()
      .db.insert(outboxMessages)
      .values({ kind: 'reminder', recipient: 'owner@example.com', dedupeKey: `compliance-days:${dhpp.id}` })
      .returning({ id: outboxMessages.id });
    await ctx()
      .db.insert(reminderDeliveries)
      .values({ wellnessRecordId: dhpp.id, reminderDate: isoDay(-15), clinicId, outboxMessageId: message.id });
    await expectStoredDaysEqualComputed('a delivery queued');
    const setStatus = (status: string) =>
      ctx().db.update(outboxMessages).set({ status }).where(eq(outboxMessages.id, message.id));
    await setStatus('sent');
    await expectStoredDaysEqualComputed('the message sent');
    await setStatus('failed');
    await expectStoredDaysEqualComputed('the message failed');
    await setStatus('sent');
    await ctx().db.delete(reminderDeliveries).where(eq(reminderDeliveries.outboxMessageId, message.id));
    await expectStoredDaysEqualComputed('the delivery removed');

    // another clinic's later record makes DHPP done since; bulk updates of every reminder; a purge
    await record({ clinic: otherClinicId, pet, value: ' dhpp ', actionDate: isoDay(-1) });
    await expectStoredDaysEqualComputed("another clinic's later record");
    await ctx()
      .db.update(wellnessRecords)
      .set({ nextReminderDate: sql`${wellnessRecords.nextReminderDate} - 30` })
      .where(eq(wellnessRecords.clinicId, clinicId));
    await expectStoredDaysEqualComputed('every reminder of the clinic 30 days earlier');
    await ctx()
      .db.update(wellnessRecords)
      .set({ recordValue: sql`${wellnessRecords.recordValue} || ' (renamed)'` })
      .where(eq(wellnessRecords.petProfileId, pet));
    await expectStoredDaysEqualComputed("the pet's records renamed");
    await ctx().db.delete(wellnessRecords).where(eq(wellnessRecords.clinicId, otherClinicId));
    await expectStoredDaysEqualComputed("the other clinic's records purged");
  });

  it('answers a bad range clearly', async () => {
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ dateFrom: '2019-06-01', dateTo: '2019-04-01' }, 200, /start is not after its end/],
      [{ dateFrom: '2019-02-30', dateTo: '2019-04-01' }, 200, /./],
      [{ dateFrom: '2017-01-01', dateTo: '2019-04-01' }, 200, /at most 24 months/],
      [{ dateFrom: '2019-01-01' }, 400, /./],
      [{ dateFrom: 'soon', dateTo: '2019-04-01' }, 400, /./],
    ];
    for (const [query, status, message] of cases) {
      const res = await api.send(API.reminderCompliance, { method: 'GET', query }, { token: admin });
      expect(res.statusCode, JSON.stringify(query)).toBe(status);
      expect(res.json(), JSON.stringify(query)).toMatchObject({ result: 0, message: expect.stringMatching(message) });
    }
  });
});
