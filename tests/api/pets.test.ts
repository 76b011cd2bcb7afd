import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { petProfiles, petSightings } from '#server/db/schema';
import { invalidatePublicCache } from '#server/cache/public-cache';
import { buildApp } from '#server/app';
import { issueTokenLink } from '#server/accounts/issue-demo-token';
import type { PetCard, PetGroup } from '#shared/contract/pets';
import { injectApi } from '#tests/support/api-client';
import { describeOnBothDatabases, type TestServer } from '#tests/support/databases';
import { dataTitlesIn } from '#server/i18n';

const MEDIA = '/media/';
const PET_CARD_KEYS = ['age', 'petId', 'petImage', 'petName', 'publicId'];
const DETAIL_KEYS = [
  'age',
  'bloodType',
  'color',
  'description',
  'dob',
  'isForAdoption',
  'isLost',
  'isRecordsPrivate',
  'isSterilized',
  'lostPetDetails',
  'microChipId',
  'ownderContactPhone',
  'ownerContactEmail',
  'ownerName',
  'petBreed',
  'petBreedId',
  'petTypeId',
  'petGender',
  'petId',
  'petImage',
  'petName',
  'petSkills',
  'publicId',
  'weight',
  'weightValue',
  'weightUnitId',
].sort();

/** A call of a public page, its query as the page's address holds it (odd values included, on purpose). */
async function getJson<P extends string>(s: TestServer, path: P, query = '', remoteAddress = '127.0.0.1') {
  const res = await injectApi(s.app).send(path, { query }, { remoteAddress });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function page(s: TestServer, path: typeof API.petsForAdoption | typeof API.lostPets, query: string) {
  const body = await getJson(s, path, query);
  expect(body.result).toBe(1);
  return body.data;
}

const flat = (groups: PetGroup[]) => groups.flatMap((g) => g.pets.map((p) => ({ ...p, breed: g.petBreedTitle })));

async function sightingsOf(s: TestServer, publicId: string): Promise<number> {
  const [{ n }] = await s.db
    .select({ n: sql<number>`count(*)::int` })
    .from(petSightings)
    .innerJoin(petProfiles, eq(petProfiles.id, petSightings.petProfileId))
    .where(eq(petProfiles.publicId, publicId));
  return n;
}

describeOnBothDatabases('Pets API', (ctx) => {
  for (const [name, path] of [
    ['adoption', API.petsForAdoption],
    ['lost', API.lostPets],
  ] as const) {
    it(`${name}: groups a page of pets by breed with the exact fields`, async () => {
      const groups = await page(ctx(), path, 'petTypeId=1&offset=1&limit=4&searchTerm=');
      expect(groups.length).toBeGreaterThan(0);
      const cards = flat(groups);
      expect(cards).toHaveLength(4);
      for (const g of groups) {
        expect(Object.keys(g).sort()).toEqual(['petBreedId', 'petBreedTitle', 'pets']);
        for (const p of g.pets) {
          // lost pets' cards add when and where they were last seen
          expect(Object.keys(p).sort()).toEqual(
            name === 'lost' ? [...PET_CARD_KEYS, 'lostAddress', 'lostDate'].sort() : PET_CARD_KEYS,
          );
          expect(p.petImage.startsWith(MEDIA)).toBe(true);
          expect(Number.isInteger(p.age)).toBe(true);
        }
      }
      // Ordered by breed title, then pet id; one group per breed on a page.
      const titles = groups.map((g) => g.petBreedTitle);
      expect(new Set(titles).size).toBe(titles.length);
      expect([...titles].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(titles);
    });

    it(`${name}: page 2 differs from page 1, paging covers every pet once, past the end is empty`, async () => {
      const all: PetCard[] = [];
      for (let p = 1; p <= 60; p++) {
        const cards = flat(await page(ctx(), path, `petTypeId=1&offset=${p}&limit=4&searchTerm=`));
        if (cards.length === 0) break;
        all.push(...cards);
      }
      expect(all.length).toBeGreaterThan(8);
      expect(new Set(all.map((c) => c.petId)).size).toBe(all.length);
      const p1 = flat(await page(ctx(), path, 'petTypeId=1&offset=1&limit=4'));
      const p2 = flat(await page(ctx(), path, 'petTypeId=1&offset=2&limit=4'));
      expect(p2.map((c) => c.petId)).not.toEqual(p1.map((c) => c.petId));
      expect(await page(ctx(), path, `petTypeId=1&offset=${Math.ceil(all.length / 4) + 1}&limit=4`)).toEqual([]);
    });

    it(`${name}: filters by pet type and by a search term in the name or the breed`, async () => {
      const dogGroups = await page(ctx(), path, 'petTypeId=1&offset=1&limit=100');
      const dogs = flat(dogGroups);
      const cats = flat(await page(ctx(), path, 'petTypeId=2&offset=1&limit=100'));
      expect(cats.length).toBeGreaterThan(0);
      expect(cats.some((c) => dogs.some((d) => d.petId === c.petId))).toBe(false);
      const name = dogs[0].petName;
      const part = name.slice(1, 4).toLowerCase();
      const foundGroups = await page(
        ctx(),
        path,
        `petTypeId=1&offset=1&limit=100&searchTerm=${encodeURIComponent(part)}`,
      );
      const found = flat(foundGroups);
      expect(found.length).toBeGreaterThan(0);
      expect(found.length).toBeLessThanOrEqual(dogs.length);
      for (const g of foundGroups)
        for (const c of g.pets) expect(`${c.petName} ${g.petBreedTitle}`.toLowerCase()).toContain(part);
      // a breed's title finds its pets whatever their names (the listings' search box: issue 36)
      const breed = dogGroups[dogGroups.length - 1];
      const byBreed = await page(
        ctx(),
        path,
        `petTypeId=1&offset=1&limit=100&searchTerm=${encodeURIComponent(breed.petBreedTitle.toUpperCase())}`,
      );
      expect(byBreed.find((g) => g.petBreedId === breed.petBreedId)?.pets.map((p) => p.petId)).toEqual(
        breed.pets.map((p) => p.petId),
      );
      // and by its title in another of our languages (an Arabic visitor types the breed as the page shows it)
      const arabic = dataTitlesIn('ar').breed(breed.petBreedId, breed.petBreedTitle);
      expect(arabic).not.toBe(breed.petBreedTitle);
      const byArabic = await page(
        ctx(),
        path,
        `petTypeId=1&offset=1&limit=100&searchTerm=${encodeURIComponent(arabic)}`,
      );
      expect(byArabic.find((g) => g.petBreedId === breed.petBreedId)?.pets.map((p) => p.petId)).toEqual(
        breed.pets.map((p) => p.petId),
      );
      // LIKE wildcards are taken literally.
      expect(await page(ctx(), path, 'petTypeId=1&offset=1&limit=100&searchTerm=%25')).toEqual([]);
      expect(await page(ctx(), path, 'petTypeId=1&offset=1&limit=100&searchTerm=_')).toEqual([]);
    });
  }

  it("a lost pet's card carries its last-seen date and place, as its profile shows them", async () => {
    const lost = flat(await page(ctx(), API.lostPets, 'petTypeId=1&offset=1&limit=100'));
    const card = lost.find((c) => c.publicId === 'DEMO0002');
    const details = (await getJson(ctx(), API.petDetailsByPublicId, `publicId=DEMO0002`)).data;
    expect(card).toMatchObject({
      lostDate: details.lostPetDetails!.lostDate,
      lostAddress: details.lostPetDetails!.address,
    });
    expect(card?.lostDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(card?.lostAddress).not.toBe('');
    // near me too
    const near = flat(
      await page(
        ctx(),
        API.lostPets,
        `petTypeId=1&offset=1&limit=100&latitude=${details.lostPetDetails!.latitude}&longitude=${details.lostPetDetails!.longitude}`,
      ),
    );
    expect(near[0]).toMatchObject({
      publicId: 'DEMO0002',
      lostDate: details.lostPetDetails!.lostDate,
      lostAddress: details.lostPetDetails!.address,
    });
  });

  it('lists DEMO0002 among lost dogs and DEMO0004 among dogs for adoption', async () => {
    const lost = flat(await page(ctx(), API.lostPets, 'petTypeId=1&offset=1&limit=100'));
    expect(lost.map((c) => c.publicId)).toContain('DEMO0002');
    const adoption = flat(await page(ctx(), API.petsForAdoption, 'petTypeId=1&offset=1&limit=100'));
    expect(adoption.map((c) => c.publicId)).toContain('DEMO0004');
    expect(adoption.map((c) => c.publicId)).not.toContain('DEMO0002');
  });

  it('gives the details of DEMO0001 by public id with the exact contract fields', async () => {
    const body = await getJson(
      ctx(),
      API.petDetailsByPublicId,
      `petProfileId=&publicId=DEMO0001&profileNeeded=&latitude=0&longitude=0`,
    );
    expect(body.result).toBe(1);
    const d = body.data;
    expect(Object.keys(d).sort()).toEqual(DETAIL_KEYS);
    expect(d).toMatchObject({
      publicId: 'DEMO0001',
      isLost: false,
      isRecordsPrivate: false,
      ownerName: 'demo.owner',
      lostPetDetails: null,
    });
    expect(['Male', 'Female']).toContain(d.petGender);
    expect(d.petImage.startsWith(MEDIA)).toBe(true);
    expect(d.weight).toMatch(/^\d+(\.\d+)? (kg|lb)$/);
    expect(d.petSkills.length).toBeGreaterThan(0);
    for (const s of d.petSkills) {
      expect(Object.keys(s).sort()).toEqual(['id', 'image', 'title']);
      expect(s.image.startsWith(MEDIA)).toBe(true);
    }
  });

  it('finds a listed pet by petProfileId alone and any pet by both ids, and refuses ids of different pets', async () => {
    const adoption = (await getJson(ctx(), API.petDetailsByPublicId, `publicId=DEMO0004`)).data;
    const byId = await getJson(ctx(), API.petDetailsByPublicId, `petProfileId=${adoption.petId}&publicId=`);
    expect(byId).toMatchObject({ result: 1, data: { publicId: 'DEMO0004' } });
    const lost = (await getJson(ctx(), API.petDetailsByPublicId, `publicId=DEMO0002`)).data;
    expect((await getJson(ctx(), API.petDetailsByPublicId, `petProfileId=${lost.petId}`)).data.publicId).toBe(
      'DEMO0002',
    );

    // A pet that is neither lost nor for adoption is not found by its id alone (no enumeration).
    const byPublic = (await getJson(ctx(), API.petDetailsByPublicId, `publicId=DEMO0001`)).data;
    expect(await getJson(ctx(), API.petDetailsByPublicId, `petProfileId=${byPublic.petId}&publicId=`)).toEqual({
      result: 0,
      message: 'Pet not found.',
      data: null,
    });
    const both = await getJson(ctx(), API.petDetailsByPublicId, `petProfileId=${byPublic.petId}&publicId=DEMO0001`);
    expect(both.data.petId).toBe(byPublic.petId);
    const mismatch = await getJson(ctx(), API.petDetailsByPublicId, `petProfileId=${byPublic.petId}&publicId=DEMO0002`);
    expect(mismatch).toEqual({ result: 0, message: 'Pet not found.', data: null });
    expect((await getJson(ctx(), API.petDetailsByPublicId, `publicId=NOPE9999`)).result).toBe(0);
    expect((await getJson(ctx(), API.petDetailsByPublicId, `petProfileId=null&publicId=undefined`)).result).toBe(0);
  });

  it('gives the lost details of DEMO0002, the private flag of DEMO0003 and the adoption flag of DEMO0004', async () => {
    const lost = (await getJson(ctx(), API.petDetailsByPublicId, `publicId=DEMO0002`)).data;
    expect(lost.isLost).toBe(true);
    expect(Object.keys(lost.lostPetDetails!).sort()).toEqual([
      'address',
      'contactPhoneNumber',
      'latitude',
      'longitude',
      'lostDate',
      'notes',
      'reward',
    ]);
    expect(lost.lostPetDetails!.reward).toBeTruthy();
    expect(typeof lost.lostPetDetails!.latitude).toBe('number');
    expect(typeof lost.lostPetDetails!.longitude).toBe('number');
    expect(lost.lostPetDetails!.lostDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const priv = (await getJson(ctx(), API.petDetailsByPublicId, `publicId=DEMO0003`)).data;
    expect(priv.isRecordsPrivate).toBe(true);
    expect(priv.weight).toBeNull();

    const adopt = (await getJson(ctx(), API.petDetailsByPublicId, `publicId=DEMO0004`)).data;
    expect(adopt.isForAdoption).toBe(true);
    expect(adopt.ownerName).not.toBe('');
  });

  it('stores a sighting of a lost pet, not for 0,0, out-of-range, malformed positions or pets not lost', async () => {
    const s = ctx();
    const before = await sightingsOf(s, 'DEMO0002');
    const url = (id: string, lat: string, lon: string) =>
      `petProfileId=&publicId=${id}&profileNeeded=&latitude=${lat}&longitude=${lon}`;
    for (const [lat, lon, addr] of [
      ['0', '0', '10.0.0.1'],
      ['91', '10', '10.0.0.2'],
      ['45', '-180.5', '10.0.0.3'],
      ['abc', '10', '10.0.0.4'],
      ['1e3', '10', '10.0.0.5'],
      ['NaN', 'Infinity', '10.0.0.6'],
      ['', '', '10.0.0.7'],
    ]) {
      const body = await getJson(s, API.petDetailsByPublicId, url('DEMO0002', lat, lon), addr);
      expect(body.result).toBe(1);
      expect(body.data.publicId).toBe('DEMO0002');
    }
    expect(await sightingsOf(s, 'DEMO0002')).toBe(before);

    const notLost = await sightingsOf(s, 'DEMO0001');
    await getJson(s, API.petDetailsByPublicId, url('DEMO0001', '38.7', '-9.1'), '10.0.1.1');
    expect(await sightingsOf(s, 'DEMO0001')).toBe(notLost);

    await getJson(s, API.petDetailsByPublicId, url('DEMO0002', '38.7223', '-9.1393'), '10.0.2.1');
    expect(await sightingsOf(s, 'DEMO0002')).toBe(before + 1);
    const [row] = await s.db
      .select({ lat: petSightings.latitude, lon: petSightings.longitude })
      .from(petSightings)
      .innerJoin(petProfiles, eq(petProfiles.id, petSightings.petProfileId))
      .where(and(eq(petProfiles.publicId, 'DEMO0002'), eq(petSightings.latitude, 38.7223)));
    expect(row).toEqual({ lat: 38.7223, lon: -9.1393 });
  });

  it('rate-limits sightings per address: a second one within minutes is answered but not stored', async () => {
    const s = ctx();
    const query = 'publicId=DEMO0002&latitude=40.4168&longitude=-3.7038';
    const before = await sightingsOf(s, 'DEMO0002');
    expect((await getJson(s, API.petDetailsByPublicId, query, '10.0.3.1')).result).toBe(1);
    expect((await getJson(s, API.petDetailsByPublicId, query, '10.0.3.1')).result).toBe(1);
    expect(await sightingsOf(s, 'DEMO0002')).toBe(before + 1);
    await getJson(s, API.petDetailsByPublicId, query, '10.0.3.2');
    expect(await sightingsOf(s, 'DEMO0002')).toBe(before + 2);
  });

  it("drops a pet's sightings older than the retention period when a new one arrives", async () => {
    const s = ctx();
    const [pet] = await s.db
      .select({ id: petProfiles.id })
      .from(petProfiles)
      .where(eq(petProfiles.publicId, 'DEMO0002'));
    const old = new Date(Date.now() - (s.config.sightingRetentionDays + 1) * 86_400_000);
    await s.db.insert(petSightings).values({ petProfileId: pet.id, latitude: 1.5, longitude: 2.5, createdAt: old });
    await getJson(s, API.petDetailsByPublicId, 'publicId=DEMO0002&latitude=48.8566&longitude=2.3522', '10.0.4.1');
    const oldRows = await s.db
      .select()
      .from(petSightings)
      .where(and(eq(petSightings.petProfileId, pet.id), eq(petSightings.latitude, 1.5)));
    expect(oldRows).toEqual([]);
  });

  it('purges sightings older than the retention period when the app starts', async () => {
    const s = ctx();
    const [pet] = await s.db
      .select({ id: petProfiles.id })
      .from(petProfiles)
      .where(eq(petProfiles.publicId, 'DEMO0001'));
    const old = new Date(Date.now() - (s.config.sightingRetentionDays + 2) * 86_400_000);
    const recent = new Date(Date.now() - 60_000);
    await s.db.insert(petSightings).values([
      { petProfileId: pet.id, latitude: 7.25, longitude: 7.25, createdAt: old },
      { petProfileId: pet.id, latitude: 7.5, longitude: 7.5, createdAt: recent },
    ]);
    const latitudesLeft = async () =>
      (
        await s.db
          .select({ lat: petSightings.latitude })
          .from(petSightings)
          .where(eq(petSightings.petProfileId, pet.id))
      ).map((r) => r.lat);
    // a test server runs no background jobs (tests/support/databases.ts): the old one is still there
    await s.app.ready();
    expect(await latitudesLeft()).toContain(7.25);
    // an app as main.ts builds it purges at start
    const second = await buildApp({ config: s.config, database: s.server.database, logger: false });
    try {
      await second.ready();
      expect(await latitudesLeft()).toEqual([7.5]);
    } finally {
      await second.close();
    }
  });

  it('shows a write on the next read (after an API write or an explicit invalidation)', async () => {
    const s = ctx();
    const read = async () => (await getJson(s, API.petDetailsByPublicId, `publicId=DEMO0004`)).data.petName;
    const listed = async () =>
      flat(await page(s, API.petsForAdoption, 'petTypeId=1&offset=1&limit=100')).find((c) => c.publicId === 'DEMO0004')
        ?.petName;
    const original = await read();
    expect(await listed()).toBe(original);
    await s.db.update(petProfiles).set({ name: 'Renamed Rocky' }).where(eq(petProfiles.publicId, 'DEMO0004'));
    invalidatePublicCache(s.app);
    expect(await read()).toBe('Renamed Rocky');
    expect(await listed()).toBe('Renamed Rocky');
    // A write request that does not say what it changed empties the cache too (here a verified e-mail);
    // one that was refused changed nothing and empties nothing (a bad token).
    await s.db.update(petProfiles).set({ name: original }).where(eq(petProfiles.publicId, 'DEMO0004'));
    await injectApi(s.app).post(API.verifyEmail, { verificationToken: 'not-a-token' });
    expect(await read()).toBe('Renamed Rocky');
    const { token } = await issueTokenLink(s.db, s.config, { kind: 'verify' });
    expect((await injectApi(s.app).post(API.verifyEmail, { verificationToken: token })).json().result).toBe(1);
    expect(await read()).toBe(original);
    expect(await listed()).toBe(original);
  });
});
