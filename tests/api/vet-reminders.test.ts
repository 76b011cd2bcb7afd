import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { mediaBase } from '#server/config';
import { clinicPatients, petProfiles, wellnessRecords } from '#server/db/schema';
import { CATEGORY_TYPE_ANTIPARASITIC, CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import { API } from '#shared/contract/paths';
import type { VetReminder } from '#shared/contract/vet';
import type { JsonPostBody } from '#shared/contract/post-calls';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { signInBothClinics } from '#tests/support/vet-session';

const REMINDER_KEYS = [
  'id',
  'petName',
  'age',
  'petType',
  'petTypeId',
  'petTypeImage',
  'petBreed',
  'petBreedId',
  'ownerNameForVet',
  'ownerPhoneForVet',
  'ownerEmailForVet',
  'nextReminderDate',
  'recordValue',
  'petImage',
  'petProfileId',
  'categoryTypeId',
  'deliveryStatus',
  'deliveryError',
  // issue 33: the notices the clinic's schedule sent
  'notices',
  'reminderState',
  'snoozedUntil',
  'reminderVersion',
].sort();

describeOnBothDatabases('Vet reminders API', (ctx) => {
  const signedIn = signInBothClinics(ctx);

  async function reminders(payload: Partial<JsonPostBody<typeof API.vetReminders>>, token = signedIn.demoToken) {
    const res = await injectApi(ctx().app).post(API.vetReminders, payload, { token });
    return { status: res.statusCode, body: res.json() };
  }

  /** The clinic's reminder records of a day, ordered as the API must order them. */
  async function expected(clinicId: number, date: string) {
    return ctx()
      .db.select({ id: wellnessRecords.id, petName: petProfiles.name })
      .from(wellnessRecords)
      .innerJoin(petProfiles, eq(petProfiles.id, wellnessRecords.petProfileId))
      .where(
        and(
          eq(wellnessRecords.clinicId, clinicId),
          eq(wellnessRecords.nextReminderDate, date),
          inArray(wellnessRecords.categoryTypeId, [CATEGORY_TYPE_VACCINATION, CATEGORY_TYPE_ANTIPARASITIC]),
        ),
      )
      .orderBy(asc(petProfiles.name), asc(wellnessRecords.id));
  }

  /** The seeded day with the most reminders of the demo clinic (the seed puts at least three on today + 7). */
  async function busiestDay(): Promise<string> {
    const rows = await ctx()
      .db.select({ date: wellnessRecords.nextReminderDate })
      .from(wellnessRecords)
      .where(
        and(
          eq(wellnessRecords.clinicId, signedIn.demoClinicId),
          isNotNull(wellnessRecords.nextReminderDate),
          inArray(wellnessRecords.categoryTypeId, [9, 10]),
        ),
      );
    const counts = new Map<string, number>();
    for (const r of rows) if (r.date) counts.set(r.date, (counts.get(r.date) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
  }

  it('lists the vaccinations and antiparasitics due on a day, by pet name, 4 a page with the count', async () => {
    const date = await busiestDay();
    const want = await expected(signedIn.demoClinicId, date);
    expect(want.length).toBeGreaterThanOrEqual(3);
    const walked: VetReminder[] = [];
    for (let page = 1; page <= Math.ceil(want.length / 4) + 1; page++) {
      const { body } = await reminders({ date, offset: page, limit: 4 });
      expect(body.result).toBe(1);
      expect(body.data?.count).toBe(want.length);
      expect(body.data?.reminders.length).toBeLessThanOrEqual(4);
      walked.push(...(body.data?.reminders ?? []));
    }
    expect(walked.map((r) => r.id)).toEqual(want.map((w) => w.id));
  });

  it('answers every reminder field from the record, the pet and the clinic patient row', async () => {
    const date = await busiestDay();
    const { body } = await reminders({ date, offset: 1, limit: 100 });
    const base = mediaBase(ctx().config);
    const list = body.data?.reminders ?? [];
    expect(list.length).toBeGreaterThan(0);
    const records = await ctx()
      .db.select()
      .from(wellnessRecords)
      .where(
        inArray(
          wellnessRecords.id,
          list.map((r) => r.id),
        ),
      );
    const patients = await ctx()
      .db.select()
      .from(clinicPatients)
      .where(eq(clinicPatients.clinicId, signedIn.demoClinicId));
    const pets = await ctx()
      .db.select()
      .from(petProfiles)
      .where(
        inArray(
          petProfiles.id,
          list.map((r) => r.petProfileId),
        ),
      );
    for (const r of list) {
      expect(Object.keys(r).sort()).toEqual(REMINDER_KEYS);
      const record = records.find((x) => x.id === r.id);
      const patient = patients.find((p) => p.petProfileId === r.petProfileId);
      const pet = pets.find((p) => p.id === r.petProfileId);
      expect(record).toMatchObject({
        clinicId: signedIn.demoClinicId,
        petProfileId: r.petProfileId,
        nextReminderDate: date,
        recordValue: r.recordValue,
        categoryTypeId: r.categoryTypeId,
      });
      expect([CATEGORY_TYPE_VACCINATION, CATEGORY_TYPE_ANTIPARASITIC]).toContain(r.categoryTypeId);
      expect(r.nextReminderDate).toBe(date);
      expect(r.ownerNameForVet).toBe(patient?.ownerNameForVet);
      expect(r.ownerPhoneForVet).toBe(patient?.ownerPhoneForVet);
      expect(r.ownerEmailForVet).toBe(patient?.ownerEmailForVet ?? '');
      expect(r.petName).toBe(pet?.name);
      expect(r.petImage).toBe(pet?.imagePath ? base + pet.imagePath : base);
      expect(r.petTypeImage.startsWith(base)).toBe(true);
    }
  });

  it('shows each clinic only its own reminders, and an empty day as empty', async () => {
    const date = await busiestDay();
    const demoIds = new Set((await expected(signedIn.demoClinicId, date)).map((r) => r.id));
    const { body } = await reminders({ date, offset: 1, limit: 100 }, signedIn.otherToken);
    expect(body.result).toBe(1);
    expect(body.data?.reminders.some((r) => demoIds.has(r.id))).toBe(false);
    const empty = await reminders({ date: '1990-01-01', offset: 1, limit: 4 });
    expect(empty.body).toEqual({ result: 1, message: '', data: { reminders: [], count: 0 } });
  });

  it('defaults to page 1 and 4 a page', async () => {
    const date = await busiestDay();
    const { body } = await reminders({ date });
    const explicit = await reminders({ date, offset: 1, limit: 4 });
    expect(body).toEqual(explicit.body);
  });

  it('refuses a bad date: 400 when malformed, result 0 when the day does not exist', async () => {
    for (const date of ['abc', '2026-1-01', '', '20260101', 5]) {
      // a number where the date goes, sent on purpose
      const res = await injectApi(ctx().app).send(
        API.vetReminders,
        { json: { date, offset: 1, limit: 4 } },
        { token: signedIn.demoToken },
      );
      const { statusCode: status } = res;
      const body = res.json();
      expect(status, String(date)).toBe(400);
      expect(body).toMatchObject({ result: 0, data: null });
    }
    for (const date of ['2026-02-30', '2026-13-01', '0000-01-01']) {
      const { status, body } = await reminders({ date, offset: 1, limit: 4 });
      expect(status).toBe(200);
      expect(body).toEqual({ result: 0, message: 'Please choose a valid date', data: null });
    }
    expect((await reminders({ offset: 1 })).status).toBe(400);
    expect((await reminders({ date: '2026-01-01', offset: 0 })).status).toBe(400);
    expect((await reminders({ date: '2026-01-01', limit: 1000 })).status).toBe(400);
  });
});
