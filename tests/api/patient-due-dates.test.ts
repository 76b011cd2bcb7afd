import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { CATEGORY_TYPE_ANTIPARASITIC, CATEGORY_TYPE_VACCINATION, PET_DUE_STATUSES } from '#shared/constants';
import type { VetPet } from '#shared/contract/vet';
import { invalidatePublicCache } from '#server/cache/public-cache';
import { dueRankSql } from '#server/clinic-pets/due-status';
import {
  clinicPatients,
  clinics,
  clinicUsers,
  outboxMessages,
  petBreeds,
  visitRequestReminders,
  visitRequests,
  wellnessRecords,
} from '#server/db/schema';
import { reminderStillOpen } from '#server/visits/list-reminders';
import { describeOnBothDatabases } from '#tests/support/databases';
import { explainIndexes } from '#tests/support/explain';
import { injectApi } from '#tests/support/api-client';
import { isoDay } from '#tests/support/days';
import { DEMO_CLINIC, loginClinic, OTHER_CLINIC } from '#tests/support/vet-session';

const DOG = 1;

/**
 * Issue 37 (docs/decisions/0192): the Pets grid's Due column is read from two dates migration 0052's triggers keep on
 * each patient row. After every kind of write that changes a pet's reminders (a visit saved, edited, given again,
 * deleted and restored; a pet deleted and restored; a reminder marked done, snoozed, reopened; a visit request booked
 * and declined; a record of another clinic; bulk updates and a purge), the status those dates give on each of many
 * days equals the status computed from the reminders themselves, as the grid computed it before (open reminders of
 * the clinic: reminderStillOpen), for every patient of every clinic; and the grid sorts and filters by it.
 */
describeOnBothDatabases('Pets grid: the stored Due dates', (ctx) => {
  const api = injectApi(() => ctx().app);
  let admin = '';
  let clinicId = 0;
  let otherClinicId = 0;
  let vetUserId = 0;
  let otherVetUserId = 0;
  let dogBreed = 0;

  beforeAll(async () => {
    admin = await loginClinic(ctx().app, DEMO_CLINIC);
    const idOf = async (username: string) =>
      (await ctx().db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, username)))[0].id;
    [clinicId, otherClinicId] = [await idOf(DEMO_CLINIC), await idOf(OTHER_CLINIC)];
    const firstUser = async (clinic: number) =>
      (
        await ctx()
          .db.select({ id: clinicUsers.id })
          .from(clinicUsers)
          .where(eq(clinicUsers.clinicId, clinic))
          .orderBy(asc(clinicUsers.id))
          .limit(1)
      )[0].id;
    [vetUserId, otherVetUserId] = [await firstUser(clinicId), await firstUser(otherClinicId)];
    [{ id: dogBreed }] = await ctx()
      .db.select({ id: petBreeds.id })
      .from(petBreeds)
      .where(eq(petBreeds.petTypeId, DOG))
      .limit(1);
  });

  /** The grid's status before migration 0052: each patient's open reminders at its clinic, read on `today`. */
  function computedRank(today: string): SQL<number> {
    const openWith = (dateCondition: SQL) => sql`exists (select 1 from ${wellnessRecords}
      where ${wellnessRecords.petProfileId} = ${clinicPatients.petProfileId}
      and ${wellnessRecords.clinicId} = ${clinicPatients.clinicId}
      and ${inArray(wellnessRecords.categoryTypeId, [CATEGORY_TYPE_VACCINATION, CATEGORY_TYPE_ANTIPARASITIC])}
      and ${wellnessRecords.deletedAt} is null and ${wellnessRecords.nextReminderDate} is not null
      and ${dateCondition} and ${reminderStillOpen(today)})`;
    return sql<number>`(case
      when ${openWith(sql`${wellnessRecords.nextReminderDate} < ${today}::date`)} then 0
      when ${openWith(sql`${wellnessRecords.nextReminderDate} <= ${today}::date + 30`)} then 1
      else 2 end)`;
  }

  /** Days around every date the writes below use (their edges: a day before, on, after). */
  const DAYS = [
    -400, -31, -30, -11, -10, -9, -5, -1, 0, 1, 5, 6, 9, 10, 11, 20, 29, 30, 31, 41, 50, 51, 61, 90, 91, 400,
  ].map((d) => isoDay(d));

  /** Every patient of every clinic whose stored status differs from the computed one on any of DAYS. */
  async function expectStoredEqualsComputed(after: string) {
    for (const day of DAYS) {
      const rows = await ctx()
        .db.select({ id: clinicPatients.id, stored: dueRankSql(day), computed: computedRank(day) })
        .from(clinicPatients);
      expect(rows.length).toBeGreaterThan(0);
      const differing = rows.filter((r) => Number(r.stored) !== Number(r.computed));
      expect(differing, `${after}, on ${day}`).toEqual([]);
    }
    // the writes below go around the app: its clinic lists would answer from their cache
    await invalidatePublicCache(ctx().app);
  }

  const asAdmin = () => api.with({ token: admin });

  /** A new dog of the demo clinic (a patient row inserted) with a visit of `visitDate`. */
  async function newDogWithVisit(name: string, visitDate: string) {
    const pet = await asAdmin().envelope.postForm(API.createVetPet, {
      petName: name,
      petTypeId: DOG,
      petBreedId: dogBreed,
      ownerNameForVet: 'Ada Due',
      ownerPhoneForVet: '+44 20 7946 0958',
      ownerEmailForVet: '',
      petGenderId: 1,
      petDateOfBirth: isoDay(-3 * 365),
      isSterilized: null,
      bloodType: '',
      microChipId: '',
    });
    const petId = pet.data.petProfileId;
    const visit = await asAdmin().envelope.post(API.createVetVisit, { petId, visitDate, vetUserId });
    return { petId, vetVisitId: visit.data.vetVisitId, visitDate };
  }

  async function saveVisit(
    visit: { petId: number; vetVisitId: number; visitDate: string },
    vaccinations: Record<string, unknown>[],
    antiparasitics: Record<string, unknown>[] = [],
  ) {
    const res = await api.send(
      API.saveVetVisit,
      { form: { payload: { ...visit, vetUserId, vaccinations, antiparasitics } } },
      { token: admin },
    );
    expect(res.json()).toMatchObject({ result: 1 });
    await invalidatePublicCache(ctx().app);
  }

  async function statusOf(petId: number): Promise<string | undefined> {
    const pets: VetPet[] = [];
    for (let page = 1; page < 50; page++) {
      const res = await asAdmin().envelope.get(API.vetPets, { offset: page, limit: 100, searchTerm: '' });
      pets.push(...res.data.pets);
      if (pets.length >= res.data.count || res.data.pets.length === 0) break;
    }
    return pets.find((p) => p.ID === petId)?.dueStatus;
  }

  async function reminderOf(vetVisitId: number, title: string) {
    const [row] = await ctx()
      .db.select({ id: wellnessRecords.id, version: wellnessRecords.reminderVersion })
      .from(wellnessRecords)
      .where(and(eq(wellnessRecords.vetVisitId, vetVisitId), eq(wellnessRecords.recordValue, title)));
    return row;
  }

  it('the migration filled every patient row: the stored dates give the computed status on every day', async () => {
    await expectStoredEqualsComputed('the seed');
  });

  // At a million pets a full walk of the (clinic, pet) index cost every reminder write about 120 ms (0192).
  it("a write's refresh finds the pet's patient rows at every clinic on an index led by the pet", async () => {
    const { plan, indexes } = await explainIndexes(
      ctx().db,
      sql.raw(`SELECT c.id FROM clinic_patients c WHERE c.pet_profile_id = ANY (ARRAY[1, 2])`),
    );
    expect(indexes.length, plan).toBeGreaterThan(0);
    expect(indexes[0], plan).toMatch(/\(pet_profile_id[,)]/);
  });

  it('a visit saved, edited, and the vaccine given again; a pet deleted and restored', async () => {
    const first = await newDogWithVisit('Due Dates Rex', isoDay(-370));
    await expectStoredEqualsComputed('a new patient');
    await saveVisit(
      first,
      [
        { title: 'Rabies', date: isoDay(-370), nextReminderDate: isoDay(-5) },
        { title: 'DHPP', date: isoDay(-370), nextReminderDate: isoDay(20) },
      ],
      [{ title: 'Heartworm Prevention', date: isoDay(-370), nextReminderDate: isoDay(60) }],
    );
    await expectStoredEqualsComputed('a visit saved with reminders');
    expect(await statusOf(first.petId)).toBe('overdue');

    await saveVisit(first, [
      { title: 'Rabies', date: isoDay(-370), nextReminderDate: isoDay(40) },
      { title: 'DHPP', date: isoDay(-370), nextReminderDate: isoDay(20) },
    ]);
    await expectStoredEqualsComputed('the visit edited');
    expect(await statusOf(first.petId)).toBe('due');

    // DHPP given again today: the first one is done since; Rabies (in 40 days) is left
    const again = await asAdmin().envelope.post(API.createVetVisit, {
      petId: first.petId,
      visitDate: isoDay(0),
      vetUserId,
    });
    await saveVisit({ petId: first.petId, vetVisitId: again.data.vetVisitId, visitDate: isoDay(0) }, [
      { title: 'DHPP', date: isoDay(0), nextReminderDate: isoDay(400) },
    ]);
    await expectStoredEqualsComputed('the vaccine given again');
    expect(await statusOf(first.petId)).toBe('upToDate');

    expect(
      (await asAdmin().envelope.post(API.deleteVetVisit, { vetVisitId: again.data.vetVisitId, petId: first.petId }))
        .result,
    ).toBe(1);
    await expectStoredEqualsComputed('the later visit deleted');
    expect(await statusOf(first.petId)).toBe('due');
    expect((await asAdmin().envelope.post(API.restoreVetVisit, { vetVisitId: again.data.vetVisitId })).result).toBe(1);
    await expectStoredEqualsComputed('the later visit restored');

    expect((await asAdmin().envelope.post(API.deleteVetPet, { petId: first.petId })).result).toBe(1);
    await expectStoredEqualsComputed('the pet deleted');
    expect((await asAdmin().envelope.post(API.restoreVetPet, { petId: first.petId })).result).toBe(1);
    await expectStoredEqualsComputed('the pet restored');
    expect(await statusOf(first.petId)).toBe('upToDate');
  });

  it('a reminder marked done, snoozed past its date, reopened; a visit request booked and declined', async () => {
    const visit = await newDogWithVisit('Due Dates Bella', isoDay(-360));
    await saveVisit(visit, [{ title: 'Rabies', date: isoDay(-360), nextReminderDate: isoDay(-10) }]);
    const rabies = await reminderOf(visit.vetVisitId, 'Rabies');
    const update = async (body: Record<string, unknown>) => {
      const res = await api.send(API.updateVetReminder, { json: { reminderId: rabies.id, ...body } }, { token: admin });
      expect(res.json()).toMatchObject({ result: 1 });
    };
    await update({ action: 'done', version: 0 });
    await expectStoredEqualsComputed('marked done');
    expect(await statusOf(visit.petId)).toBe('upToDate');
    await update({ action: 'snooze', until: isoDay(5), version: 1 });
    // snoozed through day 5: up to date until then, overdue from day 6 (checked on DAYS around it)
    await expectStoredEqualsComputed('snoozed until day 5');
    expect(await statusOf(visit.petId)).toBe('upToDate');
    await update({ action: 'snooze', until: isoDay(50), version: 2 });
    await expectStoredEqualsComputed('snoozed until day 50');
    await update({ action: 'reopen', version: 3 });
    await expectStoredEqualsComputed('reopened');
    expect(await statusOf(visit.petId)).toBe('overdue');

    // an owner's request for this reminder, booked by the clinic, then declined (answerVisitRequest's writes)
    const [message] = await ctx()
      .db.insert(outboxMessages)
      .values({ kind: 'reminder', recipient: 'ada.due@example.com', status: 'sent' })
      .returning({ id: outboxMessages.id });
    const [request] = await ctx()
      .db.insert(visitRequests)
      .values({ clinicId, outboxMessageId: message.id, preferredDays: [isoDay(3)], partOfDay: 'any' })
      .returning({ id: visitRequests.id });
    await ctx()
      .db.insert(visitRequestReminders)
      .values({ visitRequestId: request.id, wellnessRecordId: rabies.id, reminderDate: isoDay(-10) });
    await expectStoredEqualsComputed('a visit requested');
    await ctx().db.update(visitRequests).set({ state: 'booked' }).where(eq(visitRequests.id, request.id));
    await expectStoredEqualsComputed('the request booked');
    expect(await statusOf(visit.petId)).toBe('upToDate');
    await ctx().db.update(visitRequests).set({ state: 'declined' }).where(eq(visitRequests.id, request.id));
    await expectStoredEqualsComputed('the request declined');
    await ctx().db.update(visitRequests).set({ state: 'booked' }).where(eq(visitRequests.id, request.id));
    await ctx().db.delete(visitRequests).where(eq(visitRequests.id, request.id));
    await expectStoredEqualsComputed('a booked request deleted with its reminders');
    expect(await statusOf(visit.petId)).toBe('overdue');
  });

  it('a record of another clinic, bulk updates of many pets at once, and a purge', async () => {
    const visit = await newDogWithVisit('Due Dates Coco', isoDay(-300));
    await saveVisit(visit, [{ title: 'Rabies', date: isoDay(-300), nextReminderDate: isoDay(-1) }]);
    // the same vaccine given later at the other clinic: the demo clinic's reminder is done since
    await ctx()
      .db.insert(wellnessRecords)
      .values({
        petProfileId: visit.petId,
        clinicId: otherClinicId,
        vetUserId: otherVetUserId,
        categoryTypeId: CATEGORY_TYPE_VACCINATION,
        actionDate: isoDay(-2),
        recordValue: ' rabies ',
      });
    await expectStoredEqualsComputed("another clinic's later record");
    expect(await statusOf(visit.petId)).toBe('upToDate');

    // one statement moving every reminder of the demo clinic 30 days earlier, one renaming them, one undoing both
    await ctx()
      .db.update(wellnessRecords)
      .set({ nextReminderDate: sql`${wellnessRecords.nextReminderDate} - 30` })
      .where(eq(wellnessRecords.clinicId, clinicId));
    await expectStoredEqualsComputed('every reminder 30 days earlier');
    await ctx()
      .db.update(wellnessRecords)
      .set({ recordValue: sql`${wellnessRecords.recordValue} || ' (renamed)'` })
      .where(
        and(eq(wellnessRecords.clinicId, clinicId), eq(wellnessRecords.categoryTypeId, CATEGORY_TYPE_VACCINATION)),
      );
    await expectStoredEqualsComputed('vaccinations renamed');
    await ctx()
      .db.update(wellnessRecords)
      .set({
        nextReminderDate: sql`${wellnessRecords.nextReminderDate} + 30`,
        recordValue: sql`replace(${wellnessRecords.recordValue}, ' (renamed)', '')`,
      })
      .where(eq(wellnessRecords.clinicId, clinicId));
    await expectStoredEqualsComputed('both undone');

    // the purge deletes rows for good
    await ctx().db.delete(wellnessRecords).where(eq(wellnessRecords.clinicId, otherClinicId));
    await expectStoredEqualsComputed("the other clinic's records purged");
    expect(await statusOf(visit.petId)).toBe('overdue');
  });

  it('the grid sorts both ways and filters each status exactly as the computed status orders them, pages and ties included', async () => {
    const today = isoDay(0);
    const reference = await ctx()
      .db.select({ petId: clinicPatients.petProfileId, id: clinicPatients.id, rank: computedRank(today) })
      .from(clinicPatients)
      .where(and(eq(clinicPatients.clinicId, clinicId), sql`${clinicPatients.deletedAt} is null`));
    const ordered = (descending: boolean) =>
      [...reference]
        .sort((a, b) => (Number(a.rank) - Number(b.rank) || a.id - b.id) * (descending ? -1 : 1))
        .map((r) => r.petId);
    expect(new Set(reference.map((r) => Number(r.rank))).size).toBe(3);
    const listed = async (query: Record<string, string>) => {
      const ids: number[] = [];
      // pages of 4: every page boundary falls inside a status's run of ties
      for (let page = 1; page < 100; page++) {
        const res = await asAdmin().envelope.get(API.vetPets, { offset: page, limit: 4, searchTerm: '', ...query });
        ids.push(...res.data.pets.map((p) => p.ID));
        if (ids.length >= res.data.count || res.data.pets.length === 0) break;
      }
      return ids;
    };
    expect(await listed({ sortField: 'due', sortOrder: 'asc' })).toEqual(ordered(false));
    expect(await listed({ sortField: 'due', sortOrder: 'desc' })).toEqual(ordered(true));
    for (const [rank, status] of PET_DUE_STATUSES.entries()) {
      const expected = reference.filter((r) => Number(r.rank) === rank).map((r) => r.petId);
      expect(
        (await listed({ dueStatus: status })).sort((a, b) => a - b),
        status,
      ).toEqual(expected.sort((a, b) => a - b));
    }
  });
});
