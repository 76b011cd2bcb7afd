import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { clinicPatients, clinicUsers, clinics, petProfiles, vetVisits, wellnessRecords } from '#server/db/schema';
import { API } from '#shared/contract/paths';
import { describeOnBothDatabases } from '#tests/support/databases';
import type { MultipartFile } from '#tests/support/multipart-body';
import { injectApi } from '#tests/support/api-client';
import { isoDay } from '#tests/support/days';
import { pngImage } from '#tests/support/images';
import { DEMO_CLINIC, loginClinic, OTHER_CLINIC } from '#tests/support/vet-session';
import { firstDogBreedId } from '#tests/support/breeds';

const MISSING = 2147483647;

interface Answer {
  status: number;
  text: string;
}

/** Every file under a folder (relative paths). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
}

/**
 * Other Clinic's token against every portal call on Demo Clinic's objects: each refusal must be
 * the answer for a missing id, leak none of Demo Clinic's owner data, and change nothing.
 */
describeOnBothDatabases('Clinic isolation', (ctx) => {
  let otherToken = '';
  let demoClinicId = 0;
  let otherClinicId = 0;
  let demoPet = 0;
  let demoVisit = 0;
  let demoUser = 0;
  let otherUser = 0;
  let otherPet = 0;
  let reminderDay = '';
  /** owner names, phones and e-mails of Demo Clinic's patients that Other Clinic does not also hold */
  let secrets: string[] = [];
  let image: Buffer = Buffer.alloc(0);

  beforeAll(async () => {
    const db = ctx().db;
    otherToken = await loginClinic(ctx().app, OTHER_CLINIC);
    const all = await db.select().from(clinics);
    demoClinicId = all.find((c) => c.username === DEMO_CLINIC)?.id ?? 0;
    otherClinicId = all.find((c) => c.username === OTHER_CLINIC)?.id ?? 0;
    const patients = await db.select().from(clinicPatients);
    const demoPatients = patients.filter((p) => p.clinicId === demoClinicId);
    const otherPatients = patients.filter((p) => p.clinicId === otherClinicId);
    const otherHolds = new Set(
      otherPatients.flatMap((p) => [p.ownerNameForVet, p.ownerPhoneForVet, p.ownerEmailForVet ?? '']),
    );
    secrets = [
      ...new Set(demoPatients.flatMap((p) => [p.ownerNameForVet, p.ownerPhoneForVet, p.ownerEmailForVet ?? ''])),
    ].filter((s) => s.length >= 5 && !otherHolds.has(s));
    expect(secrets.length).toBeGreaterThan(20);

    const [reminder] = await db
      .select({
        petId: wellnessRecords.petProfileId,
        visitId: wellnessRecords.vetVisitId,
        day: wellnessRecords.nextReminderDate,
      })
      .from(wellnessRecords)
      .where(
        and(
          eq(wellnessRecords.clinicId, demoClinicId),
          isNotNull(wellnessRecords.nextReminderDate),
          isNotNull(wellnessRecords.vetVisitId),
        ),
      )
      .orderBy(asc(wellnessRecords.id))
      .limit(1);
    demoPet = reminder.petId;
    demoVisit = reminder.visitId ?? 0;
    reminderDay = reminder.day ?? '';
    expect(otherPatients.some((p) => p.petProfileId === demoPet)).toBe(false);
    otherPet = otherPatients[0].petProfileId;
    const users = await db.select().from(clinicUsers).orderBy(asc(clinicUsers.id));
    demoUser = users.find((u) => u.clinicId === demoClinicId)?.id ?? 0;
    otherUser = users.find((u) => u.clinicId === otherClinicId)?.id ?? 0;
    image = await pngImage({ width: 32, height: 32, colour: '#f4a261' });
  });

  async function call(
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    files?: MultipartFile[],
  ): Promise<Answer> {
    const body = files ? { form: { payload, files } } : payload === undefined ? {} : { json: payload };
    const res = await injectApi(ctx().app, { token: otherToken }).send(url, { method, ...body });
    return { status: res.statusCode, text: res.body };
  }

  /** Rows a refused call must not change, and the stored files. */
  async function snapshot() {
    const db = ctx().db;
    const [pets, patients, visits, records] = await Promise.all([
      db.select().from(petProfiles).orderBy(asc(petProfiles.id)),
      db.select().from(clinicPatients).orderBy(asc(clinicPatients.id)),
      db.select().from(vetVisits).orderBy(asc(vetVisits.id)),
      db.select().from(wellnessRecords).orderBy(asc(wellnessRecords.id)),
    ]);
    return { pets, patients, visits, records, files: filesUnder(ctx().config.mediaDir) };
  }

  function expectNoSecrets(answer: Answer, what: string) {
    const leaked = secrets.filter((s) => answer.text.includes(s));
    expect(leaked, what).toEqual([]);
  }

  async function petPayload(petProfileId?: number) {
    const breedId = await firstDogBreedId(ctx().db);
    return {
      ...(petProfileId ? { petProfileId } : {}),
      petName: 'Hijacked',
      petDateOfBirth: '2020-01-01',
      petGenderId: 1,
      petBreedId: breedId,
      petTypeId: 1,
      isSterilized: null,
      ownerNameForVet: 'Mallory',
      ownerPhoneForVet: '000',
      ownerEmailForVet: '',
    };
  }

  function savePayload(vetVisitId: number, petId: number) {
    return {
      petId,
      vetVisitId,
      vetUserId: otherUser,
      visitDate: isoDay(0),
      notes: 'overwritten by another clinic',
      isFinished: true,
      weight: [{ recordValue: 1, date: isoDay(0), unitOfMeasureId: 1 }],
      vaccinations: [{ title: 'Rabies', date: isoDay(0), nextReminderDate: isoDay(3) }],
      antiparasitics: [],
      consultations: [],
      pictures: [{ id: -1, notes: 'x', fileIndex: 0 }],
    };
  }

  it('refuses every call on Demo Clinic objects exactly as for a missing id, leaks nothing and changes nothing', async () => {
    const before = await snapshot();
    /** [what, call on Demo Clinic's object, the same call on a missing object] */
    const matrix: [string, () => Promise<Answer>, () => Promise<Answer>][] = [
      [
        'GetVetPetDetails',
        () => call('GET', `${API.vetPetDetails}?petProfileId=${demoPet}`),
        () => call('GET', `${API.vetPetDetails}?petProfileId=${MISSING}`),
      ],
      [
        'GetVetPetVisits',
        () => call('GET', `${API.vetPetVisits}?petProfileId=${demoPet}&offset=1&limit=4`),
        () => call('GET', `${API.vetPetVisits}?petProfileId=${MISSING}&offset=1&limit=4`),
      ],
      [
        'UpdateVetPet',
        async () => call('POST', API.updateVetPet, await petPayload(demoPet), [{ bytes: image }]),
        async () => call('POST', API.updateVetPet, await petPayload(MISSING), [{ bytes: image }]),
      ],
      [
        'DeleteVetPet',
        () => call('POST', API.deleteVetPet, { petId: demoPet }),
        () => call('POST', API.deleteVetPet, { petId: MISSING }),
      ],
      [
        'GetVetVisitDetails',
        () => call('GET', `${API.vetVisitDetails}?vetVisitId=${demoVisit}`),
        () => call('GET', `${API.vetVisitDetails}?vetVisitId=${MISSING}`),
      ],
      [
        'SaveVetVisit',
        () => call('POST', API.saveVetVisit, savePayload(demoVisit, demoPet), [{ bytes: image }]),
        () => call('POST', API.saveVetVisit, savePayload(MISSING, demoPet), [{ bytes: image }]),
      ],
      [
        'DeleteVetVisit',
        () => call('POST', API.deleteVetVisit, { vetVisitId: demoVisit, petId: demoPet }),
        () => call('POST', API.deleteVetVisit, { vetVisitId: MISSING, petId: demoPet }),
      ],
      [
        'CreateVetVisit with a Demo Clinic pet',
        () => call('POST', API.createVetVisit, { petId: demoPet, visitDate: isoDay(0), vetUserId: otherUser }),
        () => call('POST', API.createVetVisit, { petId: MISSING, visitDate: isoDay(0), vetUserId: otherUser }),
      ],
      [
        'CreateVetVisit with a Demo Clinic vet user',
        () => call('POST', API.createVetVisit, { petId: otherPet, visitDate: isoDay(0), vetUserId: demoUser }),
        () => call('POST', API.createVetVisit, { petId: otherPet, visitDate: isoDay(0), vetUserId: MISSING }),
      ],
    ];
    for (const [what, onDemo, onMissing] of matrix) {
      const demo = await onDemo();
      const missing = await onMissing();
      expect(demo, what).toEqual(missing);
      expect(JSON.parse(demo.text), what).toMatchObject({ result: 0, data: null });
      expectNoSecrets(demo, what);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('never lists Demo Clinic data in Other Clinic lists, whatever the filter, day or search', async () => {
    const before = await snapshot();
    const demoVisitIds = new Set(before.visits.filter((v) => v.clinicId === demoClinicId).map((v) => v.id));
    const demoRecordIds = new Set(before.records.filter((r) => r.clinicId === demoClinicId).map((r) => r.id));
    const otherPetIds = new Set(before.patients.filter((p) => p.clinicId === otherClinicId).map((p) => p.petProfileId));

    for (const f of [0, 1, 2]) {
      const answer = await call('GET', `${API.vetVisits}?isFinished=${f}&offset=1&limit=100`);
      const visits = (JSON.parse(answer.text) as { data: { visits: { ID: number }[] } }).data.visits;
      expect(visits.length).toBeGreaterThan(0);
      expect(visits.some((v) => demoVisitIds.has(v.ID))).toBe(false);
      expectNoSecrets(answer, `GetVetVisits ${f}`);
    }
    for (const day of [reminderDay, isoDay(7), isoDay(0), isoDay(14)]) {
      const answer = await call('POST', API.vetReminders, { date: day, offset: 1, limit: 100 });
      const list = (JSON.parse(answer.text) as { data: { reminders: { id: number }[] } }).data.reminders;
      expect(
        list.some((r) => demoRecordIds.has(r.id)),
        day,
      ).toBe(false);
      expectNoSecrets(answer, `GetVetReminders ${day}`);
    }
    const [demoPetRow] = before.pets.filter((p) => p.id === demoPet);
    for (const term of ['', demoPetRow.name, ...secrets.slice(0, 12)]) {
      const answer = await call('GET', `${API.vetPets}?offset=1&limit=100&searchTerm=${encodeURIComponent(term)}`);
      const pets = (JSON.parse(answer.text) as { data: { pets: { ID: number }[] } }).data.pets;
      expect(
        pets.every((p) => otherPetIds.has(p.ID)),
        term,
      ).toBe(true);
      expectNoSecrets(answer, `GetVetPets "${term}"`);
    }
    expect(await snapshot()).toEqual(before);
  });
});
