import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import type { GetPath, GetQuery } from '#shared/contract/get-calls';
import { API } from '#shared/contract/paths';
import { mediaBase } from '#server/config';
import {
  clinicPatients,
  clinics,
  clinicUsers,
  petBreeds,
  petProfiles,
  vetVisits,
  wellnessRecords,
} from '#server/db/schema';
import { describeOnBothDatabases } from '#tests/support/databases';
import type { MultipartFile } from '#tests/support/multipart-body';
import { injectApi } from '#tests/support/api-client';
import { daysFromNow } from '#tests/support/days';
import { pngImage } from '#tests/support/images';
import { DEMO_CLINIC, loginClinic, OTHER_CLINIC } from '#tests/support/vet-session';
import { purgeDeleted } from '#server/clinic-records/purge';
import { breedIdsOfType } from '#tests/support/breeds';

const PET_NOT_FOUND = 'Pet not found.';

const VET_PET_KEYS = [
  'ID',
  'Name',
  'OwnerEmailForVet',
  'OwnerNameForVet',
  'OwnerPhoneForVet',
  'age',
  'dob',
  // issue 33: the Pets grid's Due column (a Pawtal addition)
  'dueStatus',
  'petBreed',
  'petBreedId',
  'petImage',
  'petName',
  'petType',
  'petTypeId',
  'petTypeImage',
];

describeOnBothDatabases('Vet portal pets', (ctx) => {
  let demo = '';
  let other = '';
  let demoClinicId = 0;
  let otherClinicId = 0;
  let dogBreeds: number[] = [];
  let catBreed = 0;
  let base = '';

  beforeAll(async () => {
    [demo, other] = await Promise.all([loginClinic(ctx().app, DEMO_CLINIC), loginClinic(ctx().app, OTHER_CLINIC)]);
    const rows = await ctx().db.select({ id: clinics.id, username: clinics.username }).from(clinics);
    demoClinicId = rows.find((r) => r.username === DEMO_CLINIC)?.id ?? 0;
    otherClinicId = rows.find((r) => r.username === OTHER_CLINIC)?.id ?? 0;
    dogBreeds = await breedIdsOfType(ctx().db, 1, 3);
    catBreed = (
      await ctx().db.select({ id: petBreeds.id }).from(petBreeds).where(eq(petBreeds.petTypeId, 2)).limit(1)
    )[0].id;
    base = mediaBase(ctx().config);
  });

  const api = injectApi(() => ctx().app);
  const get = <P extends GetPath>(path: P, query: Partial<GetQuery<P>> | undefined, token: string) =>
    api.get(path, query, { token });
  // Payloads here are often wrong on purpose (foreign ids, fields a call does not have): sent as they are, as JSON
  // or multipart, each answer typed by its path.
  const postJson = <P extends string>(path: P, token: string, payload: unknown) =>
    api.send(path, { json: payload }, { token });
  const postMultipart = <P extends string>(path: P, token: string, payload: unknown, files: MultipartFile[] = []) =>
    api.send(path, { form: { payload, files } }, { token });
  const png = (colour: string) => pngImage({ width: 48, height: 32, colour });

  const petPayload = (over: Record<string, unknown> = {}) => ({
    petName: 'Biscuit',
    petTypeId: 1,
    petBreedId: dogBreeds[0],
    ownerNameForVet: 'Hannah Zielinski',
    ownerPhoneForVet: '+48 600 111 222',
    ownerEmailForVet: 'hannah.z@example.org',
    petGenderId: 2,
    petDateOfBirth: '2019-03-14',
    isSterilized: true,
    bloodType: 'DEA 1.1+',
    microChipId: '985112004433221',
    ...over,
  });

  /** A snapshot of everything a pet write can touch. */
  async function snapshot() {
    const [pets, patients, visits, records] = await Promise.all([
      ctx().db.select().from(petProfiles).orderBy(asc(petProfiles.id)),
      ctx().db.select().from(clinicPatients).orderBy(asc(clinicPatients.id)),
      ctx().db.select().from(vetVisits).orderBy(asc(vetVisits.id)),
      ctx()
        .db.select({ n: sql<number>`count(*)::int` })
        .from(wellnessRecords),
    ]);
    return { pets, patients, visits, records: records[0].n };
  }

  /** One of the demo clinic's seeded patients that the other clinic does not have. */
  async function demoOnlyPatient() {
    const otherPets = ctx()
      .db.select({ id: clinicPatients.petProfileId })
      .from(clinicPatients)
      .where(eq(clinicPatients.clinicId, otherClinicId));
    const [row] = await ctx()
      .db.select()
      .from(clinicPatients)
      .where(and(eq(clinicPatients.clinicId, demoClinicId), notInArray(clinicPatients.petProfileId, otherPets)))
      .orderBy(asc(clinicPatients.id))
      .limit(1);
    return row;
  }

  it("lists the clinic's pets, 4 per page by default, with every field and the count", async () => {
    const res = await get(API.vetPets, undefined, demo);
    expect(res.statusCode).toBe(200);
    const { pets, count } = res.json().data;
    const [{ n }] = await ctx()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(clinicPatients)
      .where(eq(clinicPatients.clinicId, demoClinicId));
    expect(count).toBe(n);
    expect(pets).toHaveLength(Math.min(4, n));
    for (const p of pets) {
      expect(Object.keys(p).sort()).toEqual(VET_PET_KEYS.sort());
      expect(p.Name).toBe(p.petName);
      expect(p.petImage.startsWith(base)).toBe(true);
      expect(p.petTypeImage.startsWith(base)).toBe(true);
    }
    // Page 2 holds other pets; a page past the end is empty with the same count.
    const page2 = (await get(API.vetPets, { offset: 2, limit: 4 }, demo)).json().data;
    expect(page2.pets.map((p) => p.ID)).not.toEqual(expect.arrayContaining(pets.map((p) => p.ID)));
    const past = (await get(API.vetPets, { offset: 999, limit: 4 }, demo)).json().data;
    expect(past).toEqual({ pets: [], count: n });
    // The visit-creation search asks for 5.
    expect((await get(API.vetPets, { offset: 1, limit: 5 }, demo)).json().data.pets).toHaveLength(Math.min(5, n));
  });

  it('refuses out-of-range paging with a 400 envelope', async () => {
    for (const q of ['offset=0', 'limit=0', 'limit=101', 'offset=abc', 'sortField=password', 'sortOrder=sideways']) {
      const res = await api.send(API.vetPets, { query: q }, { token: demo });
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ result: 0, data: null });
    }
  });

  it('searches pet name, owner name, phone and e-mail, case-insensitively and literally', async () => {
    const patient = await demoOnlyPatient();
    const [pet] = await ctx().db.select().from(petProfiles).where(eq(petProfiles.id, patient.petProfileId));
    const terms = [
      pet.name.toUpperCase(),
      patient.ownerNameForVet.slice(0, 5).toLowerCase(),
      patient.ownerPhoneForVet.slice(-4),
      patient.ownerEmailForVet?.split('@')[0] ?? pet.name,
    ];
    for (const term of terms) {
      const data = (await get(API.vetPets, { limit: 100, searchTerm: term }, demo)).json().data;
      expect(
        data.pets.map((p) => p.ID),
        term,
      ).toContain(pet.id);
      expect(data.count).toBe(data.pets.length);
    }
    // LIKE wildcards are searched as text, not as patterns.
    for (const term of ['%', '_', '\\']) {
      const data = (await get(API.vetPets, { searchTerm: term }, demo)).json().data;
      expect(data.count, term).toBe(0);
    }
    const none = (await get(API.vetPets, { searchTerm: 'zzqx-no-such-pet' }, demo)).json().data;
    expect(none).toEqual({ pets: [], count: 0 });
  });

  it('finds an owner by surname first: each word of a term in any order (issue 36)', async () => {
    const patient = await demoOnlyPatient();
    const words = patient.ownerNameForVet.split(' ');
    expect(words.length, patient.ownerNameForVet).toBeGreaterThan(1);
    const reversed = [...words].reverse().join(' ').toLowerCase();
    const data = (await get(API.vetPets, { limit: 100, searchTerm: reversed }, demo)).json().data;
    expect(
      data.pets.map((p) => p.ID),
      reversed,
    ).toContain(patient.petProfileId);
  });

  it('sorts by a whitelisted field', async () => {
    const names = (await get(API.vetPets, { limit: 100, sortField: 'name', sortOrder: 'asc' }, demo))
      .json()
      .data.pets.map((p) => p.petName.toLowerCase());
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const dobs = (await get(API.vetPets, { limit: 100, sortField: 'dob', sortOrder: 'desc' }, demo))
      .json()
      .data.pets.map((p) => p.dob)
      .filter(Boolean);
    expect(dobs).toEqual([...dobs].sort().reverse());
  });

  it('creates, reads, updates, finds and deletes a pet with an image', async () => {
    // Create with an image.
    const created = await postMultipart(API.createVetPet, demo, petPayload(), [
      { bytes: await png('#cc3300'), filename: 'biscuit.png', contentType: 'image/png' },
    ]);
    expect(created.json()).toMatchObject({ result: 1 });
    const id: number = created.json().data.petProfileId;

    const details = (await get(API.vetPetDetails, { petProfileId: id }, demo)).json();
    expect(details.result).toBe(1);
    const d = details.data;
    expect(d).toMatchObject({
      petProfileId: id,
      petName: 'Biscuit',
      petTypeId: 1,
      petType: 'Dog',
      petBreedId: dogBreeds[0],
      petGender: 'Female',
      petGenderId: 2,
      ownerNameForVet: 'Hannah Zielinski',
      ownerPhoneForVet: '+48 600 111 222',
      ownerEmailForVet: 'hannah.z@example.org',
      dob: '2019-03-14',
      isSterilized: true,
      bloodType: 'DEA 1.1+',
      microChipId: '985112004433221',
      weight: '',
    });
    expect(d.age).toBeGreaterThanOrEqual(6);
    expect(d.petImage).toMatch(new RegExp(`^${base.replace(/[.]/g, '\\.')}uploads/[0-9a-f]{2}/[0-9a-f]{32}\\.webp$`));
    const firstFile = path.join(ctx().config.mediaDir, d.petImage.slice(base.length));
    expect(fs.existsSync(firstFile)).toBe(true);

    // The pet profile has no owner account and a fresh public id; the patient row is the caller's.
    const [row] = await ctx().db.select().from(petProfiles).where(eq(petProfiles.id, id));
    expect(row.ownerId).toBeNull();
    expect(row.publicId).toMatch(/^[A-Z2-9]{8}$/);
    const patients = await ctx().db.select().from(clinicPatients).where(eq(clinicPatients.petProfileId, id));
    expect(patients.map((p) => p.clinicId)).toEqual([demoClinicId]);

    // Found by search, with no visits yet.
    const found = (await get(API.vetPets, { searchTerm: 'zielinski' }, demo)).json().data;
    expect(found.pets.map((p) => p.ID)).toContain(id);
    expect((await get(API.vetPetVisits, { petProfileId: id }, demo)).json()).toEqual({
      result: 1,
      message: '',
      data: { visits: [], count: 0 },
    });

    // Update without an image: the fields change, the image stays.
    const updated = await postMultipart(
      API.updateVetPet,
      demo,
      petPayload({
        petProfileId: id,
        petName: 'Biscuit II',
        petTypeId: 2,
        petBreedId: catBreed,
        isSterilized: null,
        ownerEmailForVet: '',
        petGenderId: 1,
      }),
    );
    expect(updated.json()).toEqual({ result: 1, message: '', data: { petProfileId: id } });
    const d2 = (await get(API.vetPetDetails, { petProfileId: id }, demo)).json().data;
    expect(d2).toMatchObject({
      petName: 'Biscuit II',
      petTypeId: 2,
      petBreedId: catBreed,
      isSterilized: null,
      ownerEmailForVet: '',
      petGender: 'Male',
      petImage: d.petImage,
    });

    // Update with an image: the new file replaces the old one, which is removed.
    const replaced = await postMultipart(
      API.updateVetPet,
      demo,
      petPayload({ petProfileId: id, petTypeId: 2, petBreedId: catBreed }),
      [{ bytes: await png('#0033cc'), filename: 'pet_image.jpg' }],
    );
    expect(replaced.json().result).toBe(1);
    const d3 = (await get(API.vetPetDetails, { petProfileId: id }, demo)).json().data;
    expect(d3.petImage).not.toBe(d.petImage);
    const secondFile = path.join(ctx().config.mediaDir, d3.petImage.slice(base.length));
    expect(fs.existsSync(secondFile)).toBe(true);
    expect(fs.existsSync(firstFile)).toBe(false);

    // Delete: the patient row and the profile (nobody else holds it) are marked deleted, the
    // image kept for the undo; the purge removes them and the file after the restore window.
    const deleted = await postJson(API.deleteVetPet, demo, { petId: id });
    expect(deleted.json()).toEqual({ result: 1, message: '', data: null });
    expect((await get(API.vetPetDetails, { petProfileId: id }, demo)).json()).toEqual({
      result: 0,
      message: PET_NOT_FOUND,
      data: null,
    });
    const [hidden] = await ctx().db.select().from(petProfiles).where(eq(petProfiles.id, id));
    expect(hidden.deletedAt).toBeInstanceOf(Date);
    expect(fs.existsSync(secondFile)).toBe(true);
    expect((await postJson(API.deleteVetPet, demo, { petId: id })).json()).toEqual({
      result: 0,
      message: 'This pet was deleted.',
      data: null,
    });
    await purgeDeleted(
      ctx().app,
      ctx().config.deletedRetentionDays,
      daysFromNow(ctx().config.deletedRetentionDays + 1),
    );
    expect(await ctx().db.select().from(petProfiles).where(eq(petProfiles.id, id))).toHaveLength(0);
    expect(fs.existsSync(secondFile)).toBe(false);
    expect((await postJson(API.deleteVetPet, demo, { petId: id })).json()).toEqual({
      result: 0,
      message: PET_NOT_FOUND,
      data: null,
    });
  });

  it('creates a pet without an image: the image is the bare media base', async () => {
    const res = await postJson(
      API.createVetPet,
      demo,
      petPayload({ petName: 'No Photo', ownerEmailForVet: undefined, isSterilized: false }),
    );
    expect(res.json().result).toBe(1);
    const d = (await get(API.vetPetDetails, { petProfileId: res.json().data.petProfileId }, demo)).json().data;
    expect(d.petImage).toBe(base);
    expect(d.ownerEmailForVet).toBe('');
    expect(d.isSterilized).toBe(false);
  });

  it.each([
    [{ petName: '  ' }, 'Pet name is required'],
    [{ petTypeId: null }, 'Pet type is required'],
    [{ petBreedId: '' }, 'Breed is required'],
    [{ ownerNameForVet: undefined }, 'Owner name is required'],
    [{ ownerPhoneForVet: '' }, 'Owner phone is required'],
    [{ petGenderId: 0 }, 'Gender is required'],
    [{ petDateOfBirth: '' }, 'Date of birth is required'],
    [{ petDateOfBirth: '2999-01-01' }, 'Date of birth cannot be in the future'],
    [{ petName: 'x'.repeat(500) }, 'This value is too long'],
  ])("refuses %j with SPEC's message and changes nothing", async (over, message) => {
    const before = await snapshot();
    const res = await postMultipart(API.createVetPet, demo, petPayload(over), [{ bytes: await png('#445566') }]);
    expect(res.json()).toEqual({ result: 0, message, data: null });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a breed of another pet type', async () => {
    const res = await postJson(API.createVetPet, demo, petPayload({ petTypeId: 1, petBreedId: catBreed }));
    expect(res.json()).toMatchObject({ result: 0, message: 'Please choose a breed of the chosen pet type.' });
  });

  it('ignores fields the client must not set (no mass assignment)', async () => {
    const res = await postJson(API.createVetPet, demo, {
      ...petPayload({ petName: 'Mass Assignment' }),
      clinicId: otherClinicId,
      ownerId: 1,
      shelterId: 1,
      publicId: 'HACKED01',
      imagePath: '../../etc/passwd',
      isLost: true,
      isForAdoption: true,
      id: 1,
    });
    expect(res.json().result).toBe(1);
    const id = res.json().data.petProfileId;
    expect(id).not.toBe(1);
    const [pet] = await ctx().db.select().from(petProfiles).where(eq(petProfiles.id, id));
    expect(pet).toMatchObject({ ownerId: null, shelterId: null, imagePath: null, isLost: false, isForAdoption: false });
    expect(pet.publicId).not.toBe('HACKED01');
    const patients = await ctx().db.select().from(clinicPatients).where(eq(clinicPatients.petProfileId, id));
    expect(patients.map((p) => p.clinicId)).toEqual([demoClinicId]);
  });

  it("isolates clinics: another clinic's pet is refused exactly like a missing one, leaks nothing and changes nothing", async () => {
    const patient = await demoOnlyPatient();
    const petId = patient.petProfileId;
    const missing = 2_000_000_000;
    const before = await snapshot();
    const secrets = [patient.ownerNameForVet, patient.ownerPhoneForVet, patient.ownerEmailForVet].filter(
      (s): s is string => !!s,
    );

    const pairs: [
      string,
      () => Promise<{ statusCode: number; body: string }>,
      () => Promise<{ statusCode: number; body: string }>,
    ][] = [
      [
        'details',
        () => get(API.vetPetDetails, { petProfileId: petId }, other),
        () => get(API.vetPetDetails, { petProfileId: missing }, other),
      ],
      [
        'visits',
        () => get(API.vetPetVisits, { petProfileId: petId }, other),
        () => get(API.vetPetVisits, { petProfileId: missing }, other),
      ],
      [
        'update',
        () => postMultipart(API.updateVetPet, other, petPayload({ petProfileId: petId, petName: 'Stolen' })),
        () => postMultipart(API.updateVetPet, other, petPayload({ petProfileId: missing })),
      ],
      [
        'update with image',
        async () =>
          postMultipart(API.updateVetPet, other, petPayload({ petProfileId: petId }), [
            { bytes: await png('#111111') },
          ]),
        async () =>
          postMultipart(API.updateVetPet, other, petPayload({ petProfileId: missing }), [
            { bytes: await png('#111111') },
          ]),
      ],
      [
        'delete',
        () => postJson(API.deleteVetPet, other, { petId }),
        () => postJson(API.deleteVetPet, other, { petId: missing }),
      ],
    ];
    for (const [name, theirs, none] of pairs) {
      const a = await theirs();
      const b = await none();
      expect(a.statusCode, name).toBe(200);
      expect(a.body, name).toBe(b.body);
      expect(JSON.parse(a.body), name).toEqual({ result: 0, message: PET_NOT_FOUND, data: null });
    }
    // The other clinic's list and search never show the demo clinic's patient or its owner data.
    for (const term of ['', ...secrets.map((s) => s.slice(0, 6))]) {
      const res = await get(API.vetPets, { limit: 100, searchTerm: term }, other);
      expect(res.json().data.pets.map((p) => p.ID)).not.toContain(petId);
      for (const s of secrets) expect(res.body).not.toContain(s);
    }
    expect(await snapshot()).toEqual(before);
    // The demo clinic still sees its patient as it was.
    expect((await get(API.vetPetDetails, { petProfileId: petId }, demo)).json().data.ownerNameForVet).toBe(
      patient.ownerNameForVet,
    );
  });

  it("deleting a pet another clinic also treats deletes only this clinic's patient row, visits and records", async () => {
    const id = (await postJson(API.createVetPet, demo, petPayload({ petName: 'Shared Pet' }))).json().data
      .petProfileId as number;
    await ctx().db.insert(clinicPatients).values({
      clinicId: otherClinicId,
      petProfileId: id,
      ownerNameForVet: 'Other Owner',
      ownerPhoneForVet: '+1 555 0199',
    });
    const [demoVet] = await ctx().db.select().from(clinicUsers).where(eq(clinicUsers.clinicId, demoClinicId)).limit(1);
    const [otherVet] = await ctx()
      .db.select()
      .from(clinicUsers)
      .where(eq(clinicUsers.clinicId, otherClinicId))
      .limit(1);
    const [demoVisit] = await ctx()
      .db.insert(vetVisits)
      .values({ clinicId: demoClinicId, petProfileId: id, vetUserId: demoVet.id, visitDate: '2026-01-10' })
      .returning();
    const [otherVisit] = await ctx()
      .db.insert(vetVisits)
      .values({ clinicId: otherClinicId, petProfileId: id, vetUserId: otherVet.id, visitDate: '2026-01-11' })
      .returning();
    await ctx()
      .db.insert(wellnessRecords)
      .values([
        {
          petProfileId: id,
          categoryTypeId: 9,
          clinicId: demoClinicId,
          vetVisitId: demoVisit.id,
          actionDate: '2026-01-10',
          recordValue: 'Rabies',
        },
        {
          petProfileId: id,
          categoryTypeId: 9,
          clinicId: otherClinicId,
          vetVisitId: otherVisit.id,
          actionDate: '2026-01-11',
          recordValue: 'DHPP',
        },
      ]);

    const history = (await get(API.vetPetVisits, { petProfileId: id }, demo)).json().data;
    expect(history).toEqual({
      visits: [{ id: demoVisit.id, visitDate: '2026-01-10', vetName: demoVet.name }],
      count: 1,
    });

    expect((await postJson(API.deleteVetPet, demo, { petId: id })).json().result).toBe(1);
    const [profile] = await ctx().db.select().from(petProfiles).where(eq(petProfiles.id, id));
    expect(profile.deletedAt).toBeNull();
    const live = <T extends { deletedAt: Date | null }>(rows: T[]) => rows.filter((r) => r.deletedAt === null);
    expect(
      live(await ctx().db.select().from(clinicPatients).where(eq(clinicPatients.petProfileId, id))).map(
        (p) => p.clinicId,
      ),
    ).toEqual([otherClinicId]);
    expect(
      live(await ctx().db.select().from(vetVisits).where(eq(vetVisits.petProfileId, id))).map((v) => v.id),
    ).toEqual([otherVisit.id]);
    expect(
      live(await ctx().db.select().from(wellnessRecords).where(eq(wellnessRecords.petProfileId, id))).map(
        (r) => r.recordValue,
      ),
    ).toEqual(['DHPP']);
    expect((await get(API.vetPetDetails, { petProfileId: id }, other)).json().data.ownerNameForVet).toBe('Other Owner');
    expect((await get(API.vetPetDetails, { petProfileId: id }, demo)).json().message).toBe(PET_NOT_FOUND);
  });

  it("the purge removes only this clinic's rows of a pet another clinic also treats", async () => {
    const id = (await postJson(API.createVetPet, demo, petPayload({ petName: 'Shared Pet Purged' }))).json().data
      .petProfileId as number;
    await ctx().db.insert(clinicPatients).values({
      clinicId: otherClinicId,
      petProfileId: id,
      ownerNameForVet: 'Other Owner',
      ownerPhoneForVet: '+1 555 0199',
    });
    expect((await postJson(API.deleteVetPet, demo, { petId: id })).json().result).toBe(1);
    await purgeDeleted(
      ctx().app,
      ctx().config.deletedRetentionDays,
      daysFromNow(ctx().config.deletedRetentionDays + 1),
    );
    expect(await ctx().db.select().from(petProfiles).where(eq(petProfiles.id, id))).toHaveLength(1);
    expect(
      (await ctx().db.select().from(clinicPatients).where(eq(clinicPatients.petProfileId, id))).map((p) => p.clinicId),
    ).toEqual([otherClinicId]);
    expect((await get(API.vetPetDetails, { petProfileId: id }, other)).json().data.ownerNameForVet).toBe('Other Owner');
  });

  it('pages the visit history of a seeded patient, newest first', async () => {
    const [busy] = await ctx()
      .db.select({ pet: vetVisits.petProfileId, n: sql<number>`count(*)::int` })
      .from(vetVisits)
      .where(eq(vetVisits.clinicId, demoClinicId))
      .groupBy(vetVisits.petProfileId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const page1 = (await get(API.vetPetVisits, { petProfileId: busy.pet, offset: 1, limit: 1 }, demo)).json().data;
    expect(page1.count).toBe(busy.n);
    expect(page1.visits).toHaveLength(1);
    expect(Object.keys(page1.visits[0]).sort()).toEqual(['id', 'vetName', 'visitDate']);
    if (busy.n > 1) {
      const page2 = (await get(API.vetPetVisits, { petProfileId: busy.pet, offset: 2, limit: 1 }, demo)).json().data;
      expect(page2.visits[0].visitDate <= page1.visits[0].visitDate).toBe(true);
    }
  });

  it('requires the token on every pet call', async () => {
    for (const [method, url] of [
      ['GET', API.vetPets],
      ['GET', `${API.vetPetDetails}?petProfileId=1`],
      ['GET', `${API.vetPetVisits}?petProfileId=1`],
      ['POST', API.createVetPet],
      ['POST', API.updateVetPet],
      ['POST', API.deleteVetPet],
    ] as const) {
      const res = await ctx().app.inject({ method, url, payload: method === 'POST' ? { petId: 1 } : undefined });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ result: 0, data: null });
    }
  });

  it('never answers a 5xx to random bodies, and changes nothing when it refuses', async () => {
    const urls = [API.createVetPet, API.updateVetPet, API.deleteVetPet];
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 3 }),
    );
    const body = fc.oneof(
      fc.record(
        {
          petName: value,
          petTypeId: value,
          petBreedId: value,
          ownerNameForVet: value,
          ownerPhoneForVet: value,
          petGenderId: value,
          petDateOfBirth: fc.oneof(
            value,
            fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
          ),
          isSterilized: value,
          petProfileId: fc.oneof(value, fc.integer({ min: 1, max: 400 })),
          petId: fc.oneof(value, fc.integer({ min: 1, max: 400 })),
        },
        { requiredKeys: [] },
      ),
      fc.dictionary(
        fc.constantFrom('toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty', 'petName', 'petId'),
        value,
      ),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...urls), body, fc.boolean(), async (url, payload, asMultipart) => {
        const before = await snapshot();
        const res = asMultipart
          ? await postMultipart(url, other, payload)
          : await postJson(url, other, JSON.stringify(payload));
        expect(res.statusCode).toBeLessThan(500);
        const answer = res.json();
        if (answer.result !== 1) expect(await snapshot()).toEqual(before);
      }),
      { numRuns: 60 },
    );
  });

  it('never answers a 5xx to random query strings', async () => {
    const urls = [API.vetPets, API.vetPetDetails, API.vetPetVisits];
    const key = fc.constantFrom('offset', 'limit', 'searchTerm', 'sortField', 'sortOrder', 'petProfileId', 'x');
    const val = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.integer().map(String),
      fc.constantFrom('%', '\\', "'; drop table pet_profiles; --", '1e99', '-1', ''),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...urls), fc.array(fc.tuple(key, val), { maxLength: 4 }), async (url, pairs) => {
        const qs = new URLSearchParams(pairs).toString();
        const res = await api.send(url, { query: qs }, { token: demo });
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json()).toHaveProperty('result');
      }),
      { numRuns: 80 },
    );
    // The data is all still there.
    expect(
      (
        await ctx()
          .db.select({ n: sql<number>`count(*)::int` })
          .from(petProfiles)
          .where(ne(petProfiles.id, 0))
      )[0].n,
    ).toBeGreaterThan(0);
  });
});
