import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app';
import { clinicPatients, lostPetDetails, owners, petProfiles, shelters } from '#server/db/schema';
import { DEMO_PUBLIC_IDS } from '#server/db/seed/demo-pets';
import { API } from '#shared/contract/paths';
import { serverMessage } from '#server/http/messages';
import { invalidatePublicCache } from '#server/cache/public-cache';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';
import { firstDogBreedId } from '#tests/support/breeds';

const RECORDS_PRIVATE = serverMessage('recordsPrivate');

/** A minimal built client: the head renderers (share meta) write into it. */
function tempClientDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

interface PetSecret {
  id: number;
  publicId: string;
  name: string;
  contacts: string[];
}

describeOnBothDatabases('Pet privacy: what a visitor may see', (ctx) => {
  let app: FastifyInstance;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = tempClientDir();
    app = await buildApp({
      config: ctx().config,
      database: ctx().server.database,
      clientDir,
      logger: false,
      backgroundJobs: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  /** Every pet the public listings do not show, with what must not leak of it. */
  async function unlistedPets(): Promise<PetSecret[]> {
    const rows = await ctx()
      .db.select({
        id: petProfiles.id,
        publicId: petProfiles.publicId,
        name: petProfiles.name,
        phone: petProfiles.ownerContactPhone,
        email: petProfiles.ownerContactEmail,
        ownerEmail: owners.email,
        ownerPhone: owners.phone,
      })
      .from(petProfiles)
      .leftJoin(owners, eq(owners.id, petProfiles.ownerId))
      .where(sql`not ${petProfiles.isForAdoption} and not ${petProfiles.isLost}`)
      .orderBy(asc(petProfiles.id));
    const patients = await ctx()
      .db.select({
        petId: clinicPatients.petProfileId,
        phone: clinicPatients.ownerPhoneForVet,
        email: clinicPatients.ownerEmailForVet,
      })
      .from(clinicPatients);
    return rows.map((r) => ({
      id: r.id,
      publicId: r.publicId,
      name: r.name,
      contacts: [
        r.phone,
        r.email,
        r.ownerEmail,
        r.ownerPhone,
        ...patients.filter((p) => p.petId === r.id).flatMap((p) => [p.phone, p.email]),
      ].filter((c): c is string => !!c && c.length >= 6),
    }));
  }

  it('walking pet ids through the page, its share image and every public call reveals nothing of an unlisted pet', async () => {
    const pets = await unlistedPets();
    expect(pets.length).toBeGreaterThan(20);
    const [{ maxId }] = await ctx()
      .db.select({ maxId: sql<number>`max(${petProfiles.id})::int` })
      .from(petProfiles);
    let requests = 0;
    const leaks: string[] = [];
    for (const pet of pets) {
      const answers: string[] = [];
      const get = async (url: string) => {
        requests++;
        const res = await app.inject({ method: 'GET', url });
        answers.push(res.body);
        return res;
      };
      const page = await get(`/Pets/Details?petProfileId=${pet.id}`);
      for (const image of page.body.match(/\/media\/share\/[^"]+/g) ?? []) await get(image);
      await get(`/Pets/Details?petProfileId=${pet.id}&isFrom=Adoption`);
      await get(`${API.petDetailsByPublicId}?petProfileId=${pet.id}`);
      await get(`${API.petDetailsByPublicId}?petProfileId=${pet.id}&publicId=`);
      await get(`${API.petDetailsByPublicId}?petProfileId=${pet.id}&publicId=null`);
      for (const categoryId of [1, 2, 3, 4])
        await get(`${API.wellnessCategoryTypes}?petProfile=${pet.id}&publicId=&categoryId=${categoryId}`);
      const text = answers.join('\n');
      if (text.includes(pet.publicId)) leaks.push(`${pet.id}: publicId`);
      if (
        new RegExp(`\\b${pet.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(
          text.replace(/<title>Pawtal<\/title>/g, ''),
        )
      )
        leaks.push(`${pet.id}: name`);
      for (const contact of pet.contacts) if (text.includes(contact)) leaks.push(`${pet.id}: contact`);
    }
    console.log(
      `[leak walk ${ctx().kind}] pets 1..${maxId}: ${pets.length} unlisted pets, ${requests} requests, ${leaks.length} leaks`,
    );
    expect(leaks).toEqual([]);
  });

  it('shows a listed pet by id alone, as the listings publish its id', async () => {
    const [lost] = await ctx()
      .db.select({ id: petProfiles.id })
      .from(petProfiles)
      .where(eq(petProfiles.publicId, DEMO_PUBLIC_IDS.lost));
    const res = (await injectApi(app).get(API.petDetailsByPublicId, { petProfileId: String(lost.id) })).json();
    expect(res.data.publicId).toBe(DEMO_PUBLIC_IDS.lost);
    const page = await app.inject({ method: 'GET', url: `/Pets/Details?petProfileId=${lost.id}` });
    expect(page.body).toContain(`publicId=${DEMO_PUBLIC_IDS.lost}`);
  });

  it('keeps the demo pets as documented (README demo table)', async () => {
    const api = injectApi(app);
    const details = async (publicId: string) => (await api.get(API.petDetailsByPublicId, { publicId })).json().data;
    const records = async (publicId: string, petId: number) =>
      (await api.get(API.wellnessCategoryTypes, { petProfile: petId, publicId, categoryId: 1 })).json();

    const profile = await details(DEMO_PUBLIC_IDS.profile);
    expect(profile).toMatchObject({ isRecordsPrivate: false, ownerName: 'demo.owner' });
    expect(profile.ownerContactEmail).toBeTruthy();
    expect((await records(DEMO_PUBLIC_IDS.profile, profile.petId)).result).toBe(1);

    const lost = await details(DEMO_PUBLIC_IDS.lost);
    expect(lost.isLost).toBe(true);
    expect(lost.ownderContactPhone).toBe('+351 912 345 678');
    expect(lost.lostPetDetails!.contactPhoneNumber).not.toBe('');

    const privateOne = await details(DEMO_PUBLIC_IDS.privateRecords);
    expect(privateOne.isRecordsPrivate).toBe(true);
    expect(await records(DEMO_PUBLIC_IDS.privateRecords, privateOne.petId)).toEqual({
      result: 0,
      message: RECORDS_PRIVATE,
      data: null,
    });

    const adoption = await details(DEMO_PUBLIC_IDS.adoption);
    const [shelter] = await ctx().db.select().from(shelters).where(eq(shelters.id, 1));
    expect(adoption).toMatchObject({ isForAdoption: true, ownerName: shelter.name, ownerContactEmail: shelter.email });
  });

  it('privacy by default: a pet a clinic created shows its name, type, breed and photo only (no records, owner contact or other detail) until an owner claims it', async () => {
    const token = await loginClinic(ctx().app, DEMO_CLINIC);
    const breedId = await firstDogBreedId(ctx().db);
    const created = (
      await injectApi(ctx().app, { token }).postForm(API.createVetPet, {
        petName: 'Quietpaw',
        petTypeId: 1,
        petBreedId: breedId,
        ownerNameForVet: 'Private Person',
        ownerPhoneForVet: '+48 600 999 888',
        ownerEmailForVet: 'private.person@example.org',
        petGenderId: 1,
        petDateOfBirth: '2020-05-05',
        microChipId: '985141000123456',
        bloodType: 'DEA 1.1+',
        isSterilized: true,
      })
    ).json();
    expect(created.result).toBe(1);
    const petId = created.data.petProfileId;
    const [row] = await ctx().db.select().from(petProfiles).where(eq(petProfiles.id, petId));
    expect(row.isRecordsPrivate).toBe(true);

    const api = injectApi(app);
    const view = async () => {
      const details = await api.get(API.petDetailsByPublicId, { publicId: row.publicId });
      const records = await api.get(API.wellnessCategoryTypes, {
        petProfile: petId,
        publicId: row.publicId,
        categoryId: 1,
      });
      return { details: details.json().data, records: records.json(), text: details.body + records.body };
    };
    let seen = await view();
    expect(seen.details).toMatchObject({
      isRecordsPrivate: true,
      ownerName: '',
      ownderContactPhone: null,
      ownerContactEmail: null,
      weight: null,
    });
    expect(seen.records).toEqual({ result: 0, message: RECORDS_PRIVATE, data: null });
    expect(seen.text).not.toMatch(/Private Person|600 999 888|private\.person/);
    // issue 20 item 6: no microchip, blood type, birth date (nor age) or sterilised flag either
    expect(seen.details).toMatchObject({
      petName: 'Quietpaw',
      dob: null,
      age: 0,
      microChipId: null,
      bloodType: null,
      isSterilized: null,
      color: null,
      description: null,
      petSkills: [],
    });
    expect(seen.text).not.toMatch(/985141000123456|DEA 1\.1|2020-05-05/);
    const page = await app.inject({ method: 'GET', url: `/Pets/Details?publicId=${row.publicId}` });
    // no age in the share description either ("under a year old" in English)
    expect(page.body).not.toMatch(/985141000123456|DEA 1\.1|2020-05-05|years? old/);

    // Even a clinic pet whose flag says public (older rows) stays private while nobody has claimed it.
    await ctx()
      .db.update(petProfiles)
      .set({ isRecordsPrivate: false, ownerContactPhone: '+1 555 000 111' })
      .where(eq(petProfiles.id, petId));
    invalidatePublicCache(app);
    seen = await view();
    expect(seen.details).toMatchObject({ isRecordsPrivate: true, ownderContactPhone: null });

    // An owner claims the pet and publishes its records: the owner's choice applies from then on.
    const [owner] = await ctx().db.select({ id: owners.id, username: owners.username }).from(owners).limit(1);
    await ctx()
      .db.update(petProfiles)
      .set({ ownerId: owner.id, isRecordsPrivate: false })
      .where(eq(petProfiles.id, petId));
    invalidatePublicCache(app);
    {
      const claimed = (await api.get(API.petDetailsByPublicId, { publicId: row.publicId })).json().data;
      expect(claimed).toMatchObject({
        isRecordsPrivate: false,
        ownerName: owner.username,
        ownderContactPhone: '+1 555 000 111',
      });
      expect(claimed).toMatchObject({
        dob: '2020-05-05',
        microChipId: '985141000123456',
        bloodType: 'DEA 1.1+',
        isSterilized: true,
      });
      const records = (
        await api.get(API.wellnessCategoryTypes, { petProfile: petId, publicId: row.publicId, categoryId: 1 })
      ).json();
      expect(records.result).toBe(1);
    }
  });

  it('a lost pet nobody has claimed shows no contact phone either', async () => {
    const [pet] = await ctx()
      .db.insert(petProfiles)
      .values({
        publicId: 'NOCLAIM1',
        name: 'Strayling',
        petTypeId: 1,
        petBreedId: 1,
        isLost: true,
        ownerContactPhone: '+1 555 777 666',
      })
      .returning({ id: petProfiles.id });
    await ctx()
      .db.insert(lostPetDetails)
      .values({ petProfileId: pet.id, lostDate: '2026-01-01', contactPhoneNumber: '+1 555 777 666' });
    invalidatePublicCache(app);
    const res = await injectApi(app).get(API.petDetailsByPublicId, { publicId: 'NOCLAIM1' });
    expect(res.json().data).toMatchObject({ ownderContactPhone: null, isRecordsPrivate: true });
    expect(res.body).not.toContain('555 777 666');
  });

  it("stops serving a deleted pet's share image", async () => {
    const token = await loginClinic(ctx().app, DEMO_CLINIC);
    const breedId = await firstDogBreedId(ctx().db);
    const portal = injectApi(ctx().app, { token });
    const created = (
      await portal.postForm(API.createVetPet, {
        petName: 'Goneby',
        petTypeId: 1,
        petBreedId: breedId,
        ownerNameForVet: 'A B',
        ownerPhoneForVet: '+1 555 123 987',
        petGenderId: 1,
        petDateOfBirth: '2021-01-01',
      })
    ).json();
    const petId = created.data.petProfileId;
    const [row] = await ctx()
      .db.select({ publicId: petProfiles.publicId })
      .from(petProfiles)
      .where(eq(petProfiles.id, petId));
    const page = await app.inject({ method: 'GET', url: `/Pets/Details?publicId=${row.publicId}` });
    const image = page.body.match(/\/media\/share\/[^"]+/)?.[0] as string;
    expect((await app.inject({ method: 'GET', url: image })).statusCode).toBe(200);
    const deleted = await portal.post(API.deleteVetPet, { petId });
    expect(deleted.json().result).toBe(1);
    expect((await app.inject({ method: 'GET', url: image })).statusCode).toBe(404);
    expect(fs.existsSync(path.join(ctx().config.mediaDir, 'share', String(petId)))).toBe(false);
  });
});
