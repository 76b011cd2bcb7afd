import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { addDays } from '#shared/reminder-protocol-match';
import { clinics, clinicUsers, petBreeds, recordHistory, reminderProtocols, wellnessRecords } from '#server/db/schema';
import { describeOnBothDatabases } from '#tests/support/databases';
import { conflictOf, injectApi } from '#tests/support/api-client';
import { isoDay } from '#tests/support/days';
import { DEMO_CLINIC, DEMO_PASSWORD, loginClinic, OTHER_CLINIC, sessionOf } from '#tests/support/vet-session';

const DOG = 1;
const CAT = 2;

/**
 * Issue 33, item 1 (docs/decisions/0170): a clinic's reminder protocols, their defaults, saving them (admins, the
 * version check, history), and SaveVetVisit filling a vaccination's or antiparasitic's next reminder from them.
 */
describeOnBothDatabases('Reminder protocols', (ctx) => {
  const api = injectApi(() => ctx().app);
  let admin = '';
  let nurse = '';
  let other = '';
  let clinicId = 0;
  let vetUserId = 0;
  let dogBreed = 0;

  beforeAll(async () => {
    [admin, other] = await Promise.all([loginClinic(ctx().app, DEMO_CLINIC), loginClinic(ctx().app, OTHER_CLINIC)]);
    const login = await api.envelope.post(API.vetLogin, { username: 'lucia.romero', password: DEMO_PASSWORD });
    nurse = sessionOf(login.data).token;
    [{ id: clinicId }] = await ctx()
      .db.select({ id: clinics.id })
      .from(clinics)
      .where(eq(clinics.username, DEMO_CLINIC));
    [{ id: vetUserId }] = await ctx()
      .db.select({ id: clinicUsers.id })
      .from(clinicUsers)
      .where(eq(clinicUsers.clinicId, clinicId))
      .orderBy(asc(clinicUsers.id))
      .limit(1);
    [{ id: dogBreed }] = await ctx()
      .db.select({ id: petBreeds.id })
      .from(petBreeds)
      .where(eq(petBreeds.petTypeId, DOG))
      .limit(1);
  });

  const asAdmin = () => api.with({ token: admin });
  const protocols = async (token = admin) =>
    (await api.envelope.get(API.reminderProtocols, undefined, { token })).data.protocols;
  /** Sent unchecked: bad bodies on purpose. */
  const save = (body: Record<string, unknown>, token = admin) =>
    api.send(API.saveReminderProtocol, { json: body }, { token });

  it('every clinic starts with the sourced defaults, which anyone who reads records may read', async () => {
    const list = await protocols(nurse);
    const brief = list.map((p) => [p.title, p.petTypeId, p.minAgeWeeks, p.maxAgeWeeks, p.intervalDays]);
    expect(brief).toEqual([
      ['Bordetella', DOG, null, null, 180],
      ['DHPP', DOG, null, 16, 21],
      ['DHPP', DOG, 16, null, 365],
      ['FVRCP', CAT, null, 16, 21],
      ['FVRCP', CAT, 16, null, 365],
      ['Heartworm Prevention', null, null, null, 30],
      ['Leptospirosis', DOG, null, null, 365],
      ['Rabies', null, null, null, 365],
    ]);
    expect(list.every((p) => p.version === 1)).toBe(true);
    // the other clinic has its own copies
    const theirs = await protocols(other);
    expect(theirs).toHaveLength(8);
    expect(theirs.map((p) => p.id).some((id) => list.some((mine) => mine.id === id))).toBe(false);
  });

  it('a protocol is saved by an admin only, with its history entry; a save over a newer version is refused', async () => {
    const body = {
      title: 'Lyme Disease' as const,
      petTypeId: DOG,
      minAgeWeeks: 12,
      maxAgeWeeks: null,
      intervalDays: 365,
    };
    const refused = await save(body, nurse);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().result).toBe(0);

    const created = await asAdmin().envelope.post(API.saveReminderProtocol, body);
    expect(created.result).toBe(1);
    const { id } = created.data;
    expect(created.data.version).toBe(1);
    const changed = await asAdmin().envelope.post(API.saveReminderProtocol, {
      ...body,
      id,
      version: 1,
      intervalDays: 730,
    });
    expect(changed.data).toEqual({ id, version: 2 });
    expect((await protocols()).find((p) => p.id === id)).toMatchObject({ intervalDays: 730, version: 2 });

    const stale = await save({ ...body, id, version: 1, intervalDays: 400 });
    expect(stale.statusCode).toBe(409);
    expect(conflictOf(stale).data.version).toBe(2);
    expect(conflictOf(stale).message).toContain('reminder protocol');

    const history = await ctx()
      .db.select()
      .from(recordHistory)
      .where(and(eq(recordHistory.entity, 'protocol'), eq(recordHistory.entityId, id)))
      .orderBy(asc(recordHistory.id));
    expect(history.map((h) => [h.action, h.version, h.petProfileId, h.clinicId])).toEqual([
      ['create', 1, null, clinicId],
      ['change', 2, null, clinicId],
    ]);
    expect(history[0].changes).toContainEqual({ field: 'petType', from: null, to: 'Dog' });
    expect(history[1].changes).toEqual([{ field: 'intervalDays', from: 365, to: 730 }]);
    expect(history[1].userName).not.toBe('');
  });

  it('DeleteReminderProtocol: admins, the version read, a history entry with every value; another clinic’s is not found', async () => {
    const body = { title: 'Influenza' as const, petTypeId: CAT, minAgeWeeks: 8, maxAgeWeeks: 52, intervalDays: 90 };
    const { id } = (await asAdmin().envelope.post(API.saveReminderProtocol, body)).data;
    const changed = await asAdmin().envelope.post(API.saveReminderProtocol, { ...body, id, intervalDays: 120 });
    expect(changed.data.version).toBe(2);

    expect((await api.post(API.deleteReminderProtocol, { id, version: 2 }, { token: nurse })).statusCode).toBe(403);
    const stale = await api.post(API.deleteReminderProtocol, { id, version: 1 }, { token: admin });
    expect(stale.statusCode).toBe(409);
    expect(conflictOf(stale).data.version).toBe(2);
    const elsewhere = await api.with({ token: other }).envelope.post(API.deleteReminderProtocol, { id, version: 2 });
    expect(elsewhere).toMatchObject({ result: 0, message: 'Reminder protocol not found.' });
    const malformed = await api.send(API.deleteReminderProtocol, { json: { id } }, { token: admin });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ result: 0 });
    expect((await protocols()).some((p) => p.id === id)).toBe(true);

    expect(await asAdmin().envelope.post(API.deleteReminderProtocol, { id, version: 2 })).toMatchObject({ result: 1 });
    expect((await protocols()).some((p) => p.id === id)).toBe(false);
    const again = await asAdmin().envelope.post(API.deleteReminderProtocol, { id, version: 2 });
    expect(again).toMatchObject({ result: 0, message: 'Reminder protocol not found.' });

    const [entry] = await ctx()
      .db.select()
      .from(recordHistory)
      .where(
        and(eq(recordHistory.entity, 'protocol'), eq(recordHistory.entityId, id), eq(recordHistory.action, 'delete')),
      );
    expect(entry).toMatchObject({ version: 2, petProfileId: null, clinicId });
    expect(entry.userName).not.toBe('');
    expect(entry.changes).toEqual([
      { field: 'title', from: 'Influenza', to: null },
      { field: 'petType', from: 'Cat', to: null },
      { field: 'minAgeWeeks', from: 8, to: null },
      { field: 'maxAgeWeeks', from: 52, to: null },
      { field: 'intervalDays', from: 120, to: null },
    ]);
  });

  it('refuses bad protocols with a clear answer and never touches another clinic’s', async () => {
    const good = { title: 'Rabies', petTypeId: null, minAgeWeeks: null, maxAgeWeeks: null, intervalDays: 365 };
    for (const bad of [
      { ...good, title: 'Aspirin' },
      { ...good, intervalDays: 0 },
      { ...good, minAgeWeeks: -1 },
      { ...good, petTypeId: 0 },
      { ...good, maxAgeWeeks: 'soon' },
    ]) {
      const res = await save(bad);
      expect(res.json(), JSON.stringify(bad)).toMatchObject({ result: 0, message: 'This value is not valid' });
    }
    const ages = await save({ ...good, minAgeWeeks: 16, maxAgeWeeks: 16 });
    expect(ages.json()).toMatchObject({ result: 0, message: 'The age range must end after it starts.' });
    const type = await save({ ...good, petTypeId: 99_999 });
    expect(type.json()).toMatchObject({ result: 0, message: 'Choose a pet type from the list.' });
    const [theirs] = await protocols(other);
    const foreign = await save({ ...good, id: theirs.id, intervalDays: 1 });
    expect(foreign.json()).toMatchObject({ result: 0, message: 'Reminder protocol not found.' });
    expect((await protocols(other)).find((p) => p.id === theirs.id)?.intervalDays).toBe(theirs.intervalDays);
  });

  /** A new dog born on `dob` and a visit of today. */
  async function visitFor(dob: string) {
    const pet = await asAdmin().envelope.postForm(API.createVetPet, {
      petName: 'Protocol Pup',
      petTypeId: DOG,
      petBreedId: dogBreed,
      ownerNameForVet: 'Ada Protocol',
      ownerPhoneForVet: '+44 20 7946 0958',
      ownerEmailForVet: '',
      petGenderId: 1,
      petDateOfBirth: dob,
      isSterilized: null,
      bloodType: '',
      microChipId: '',
    });
    const petId = pet.data.petProfileId;
    const visit = await asAdmin().envelope.post(API.createVetVisit, { petId, visitDate: isoDay(0), vetUserId });
    return { petId, vetVisitId: visit.data.vetVisitId };
  }

  async function saveRows(
    visit: { petId: number; vetVisitId: number },
    vaccinations: Record<string, unknown>[],
    antiparasitics: Record<string, unknown>[] = [],
  ) {
    const res = await api.send(
      API.saveVetVisit,
      { form: { payload: { ...visit, vetUserId, visitDate: isoDay(0), vaccinations, antiparasitics } } },
      { token: admin },
    );
    expect(res.json()).toMatchObject({ result: 1 });
    const rows = await ctx()
      .db.select({ title: wellnessRecords.recordValue, next: wellnessRecords.nextReminderDate })
      .from(wellnessRecords)
      .where(eq(wellnessRecords.vetVisitId, visit.vetVisitId))
      .orderBy(asc(wellnessRecords.id));
    return rows;
  }

  it('a row saved without nextReminderDate takes the protocol for the pet’s type and age; null stays no reminder', async () => {
    const given = isoDay(-2);
    const puppy = await visitFor(isoDay(-10 * 7));
    const rows = await saveRows(
      puppy,
      [
        { title: 'DHPP', date: given },
        { title: 'Rabies', date: given },
        { title: 'FVRCP', date: given },
        { title: 'Leptospirosis', date: given, nextReminderDate: null },
        { title: 'Bordetella', date: given, nextReminderDate: isoDay(5) },
      ],
      [{ title: 'Heartworm Prevention', date: given }],
    );
    expect(rows).toEqual([
      { title: 'DHPP', next: addDays(given, 21) },
      { title: 'Rabies', next: addDays(given, 365) },
      // a cat's vaccine given to a dog: no protocol, no reminder
      { title: 'FVRCP', next: null },
      { title: 'Leptospirosis', next: null },
      { title: 'Bordetella', next: isoDay(5) },
      { title: 'Heartworm Prevention', next: addDays(given, 30) },
    ]);

    // from 16 weeks on, the adult protocol
    const adult = await visitFor(isoDay(-16 * 7));
    expect(await saveRows(adult, [{ title: 'DHPP', date: isoDay(0) }])).toEqual([
      { title: 'DHPP', next: addDays(isoDay(0), 365) },
    ]);
  });

  it('where several match, a pet type beats any, an age range beats none, then the newest', async () => {
    const base = { title: 'Influenza' as const, minAgeWeeks: null, maxAgeWeeks: null };
    const saved = async (over: Record<string, unknown>) =>
      (await asAdmin().envelope.post(API.saveReminderProtocol, { ...base, petTypeId: null, ...over })).data;
    const dog = await visitFor(isoDay(-52 * 7));
    const day = isoDay(0);
    const next = async () => (await saveRows(dog, [{ title: 'Influenza', date: day }]))[0].next;

    await saved({ intervalDays: 100 });
    expect(await next()).toBe(addDays(day, 100));
    await saved({ intervalDays: 110 });
    expect(await next()).toBe(addDays(day, 110)); // the newest of equals
    await saved({ intervalDays: 120, minAgeWeeks: 26 });
    expect(await next()).toBe(addDays(day, 120)); // an age range over none
    await saved({ intervalDays: 130, petTypeId: DOG });
    expect(await next()).toBe(addDays(day, 130)); // a pet type over an age range
    await saved({ intervalDays: 140, petTypeId: CAT, minAgeWeeks: 26 });
    expect(await next()).toBe(addDays(day, 130)); // another type's never applies
  });

  it('a clinic made later gets the defaults too', async () => {
    const [made] = await ctx()
      .db.insert(clinics)
      .values({ name: 'Trigger Clinic', username: `#clinic-${crypto.randomUUID()}`, passwordHash: '!' })
      .returning({ id: clinics.id });
    const rows = await ctx().db.select().from(reminderProtocols).where(eq(reminderProtocols.clinicId, made.id));
    expect(rows).toHaveLength(8);
  });
});
