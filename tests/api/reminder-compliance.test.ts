import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { CATEGORY_TYPE_CONSULTATION, CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import { API } from '#shared/contract/paths';
import { clinics, outboxMessages, reminderDeliveries, wellnessRecords } from '#server/db/schema';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { DEMO_CLINIC, loginClinic, OTHER_CLINIC } from '#tests/support/vet-session';

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

  const compliance = (query: { dateFrom: string; dateTo: string }, token = admin) =>
    api.envelope.get(API.reminderCompliance, query, { token });

  beforeAll(async () => {
    [admin, other] = await Promise.all([loginClinic(ctx().app, DEMO_CLINIC), loginClinic(ctx().app, OTHER_CLINIC)]);
    const rows = await ctx().db.select({ id: clinics.id, username: clinics.username }).from(clinics);
    clinicId = rows.find((r) => r.username === DEMO_CLINIC)!.id;
    otherClinicId = rows.find((r) => r.username === OTHER_CLINIC)!.id;
  });

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
