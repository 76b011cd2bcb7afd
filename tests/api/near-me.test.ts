import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import type { ProviderListItem } from '#shared/contract/providers';
import { countries, lostPetDetails, petBreeds, petProfiles, providers } from '#server/db/schema';
import { NEAR_ME_BOTH_COORDINATES, NEAR_ME_OUT_OF_RANGE } from '#server/geo/near-me';
import { invalidatePublicCache } from '#server/cache/public-cache';
import { injectApi } from '#tests/support/api-client';
import { describeOnBothDatabases, type TestServer } from '#tests/support/databases';

const EMPTY_REST = 'SearchTerm=&CurrencyId=&PricingTypeId=&PriceFrom=&PriceTo=';
const KINDS = [
  { kind: 'sitter', list: API.petSitters },
  { kind: 'trainer', list: API.petTrainers },
  { kind: 'walker', list: API.petWalkers },
  { kind: 'groomer', list: API.petGroomers },
  { kind: 'vet', list: API.vets },
] as const;
type ProviderListPath = (typeof KINDS)[number]['list'];

/** Where the visitor stands: London, and somewhere in the Pacific far from everything. */
const LONDON = { latitude: 51.5072, longitude: -0.1276 };
const PACIFIC = { latitude: -20.5, longitude: -150.25 };

/** The reference: haversine on a sphere of the Earth's mean radius, computed here, not by the server. */
function haversineKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A listing's call, its query as a directory page's address holds it (empty and broken values included). */
async function call<P extends string>(s: TestServer, path: P, query: string) {
  const res = await injectApi(s.app).send(path, { query });
  return { status: res.statusCode, body: res.json() };
}

async function page(s: TestServer, path: ProviderListPath, query: string) {
  const { status, body } = await call(s, path, query);
  expect(status).toBe(200);
  expect(body.result).toBe(1);
  return body.data;
}

const near = (p: { latitude: number; longitude: number }) => `latitude=${p.latitude}&longitude=${p.longitude}`;

/** Every provider of a kind with its reference distance, nearest first (ties by id), from the database itself. */
async function referenceOrder(
  s: TestServer,
  kind: string,
  from: { latitude: number; longitude: number },
  countryId?: number,
) {
  const rows = await s.db
    .select({ id: providers.id, latitude: providers.latitude, longitude: providers.longitude })
    .from(providers)
    .where(and(eq(providers.kind, kind), countryId === undefined ? undefined : eq(providers.countryId, countryId)));
  return rows
    .map((r) => ({
      id: r.id,
      km:
        r.latitude === null || r.longitude === null
          ? Infinity
          : haversineKm(from, { latitude: r.latitude, longitude: r.longitude }),
    }))
    .sort((a, b) => a.km - b.km || a.id - b.id);
}

describeOnBothDatabases('Near me API', (ctx) => {
  for (const k of KINDS) {
    it(`${k.kind}: every page in true great-circle order, distances match the reference, the total as without`, async () => {
      const reference = await referenceOrder(ctx(), k.kind, LONDON);
      const plain = await page(ctx(), k.list, `offset=1&limit=4&${EMPTY_REST}&CountryId=`);
      expect(plain.items.every((i) => !('distanceKm' in i))).toBe(true);
      const seen: ProviderListItem[] = [];
      const pages = Math.ceil(plain.totalCount / 4);
      for (let p = 1; p <= pages; p++) {
        const data = await page(ctx(), k.list, `offset=${p}&limit=4&${EMPTY_REST}&CountryId=&${near(LONDON)}`);
        expect(data.totalCount).toBe(plain.totalCount);
        seen.push(...data.items);
      }
      expect(seen.map((i) => i.ID)).toEqual(reference.map((r) => r.id));
      seen.forEach((item, i) => {
        expect(typeof item.distanceKm).toBe('number');
        expect(item.distanceKm).toBeCloseTo(reference[i].km, 6);
      });
    });
  }

  it('pages of another size cut the same distance order', async () => {
    const reference = await referenceOrder(ctx(), 'vet', PACIFIC);
    const p2 = await page(ctx(), API.vets, `offset=2&limit=7&${EMPTY_REST}&CountryId=&${near(PACIFIC)}`);
    expect(p2.items.map((i) => i.ID)).toEqual(reference.slice(7, 14).map((r) => r.id));
  });

  it('the country filter combined: only that country, nearest first, its total', async () => {
    const [uk] = await ctx()
      .db.select({ id: countries.id, title: countries.title })
      .from(countries)
      .where(eq(countries.title, 'United Kingdom'));
    const reference = await referenceOrder(ctx(), 'sitter', PACIFIC, uk.id);
    expect(reference.length).toBeGreaterThan(4);
    const all: ProviderListItem[] = [];
    for (let p = 1; p <= Math.ceil(reference.length / 4); p++) {
      const data = await page(
        ctx(),
        API.petSitters,
        `offset=${p}&limit=4&${EMPTY_REST}&CountryId=${uk.id}&${near(PACIFIC)}`,
      );
      expect(data.totalCount).toBe(reference.length);
      all.push(...data.items);
    }
    expect(all.every((i) => i.country === uk.title)).toBe(true);
    expect(all.map((i) => i.ID)).toEqual(reference.map((r) => r.id));
  });

  it('another position gives another order, not a cached one', async () => {
    const fromLondon = await page(ctx(), API.petWalkers, `offset=1&limit=4&${EMPTY_REST}&CountryId=&${near(LONDON)}`);
    const fromPacific = await page(ctx(), API.petWalkers, `offset=1&limit=4&${EMPTY_REST}&CountryId=&${near(PACIFIC)}`);
    expect(fromPacific.items.map((i) => i.ID)).toEqual(
      (await referenceOrder(ctx(), 'walker', PACIFIC)).slice(0, 4).map((r) => r.id),
    );
    expect(fromPacific.items.map((i) => i.ID)).not.toEqual(fromLondon.items.map((i) => i.ID));
  });

  it('a provider without a position comes last, with distanceKm null, and counts in the total', async () => {
    const [country] = await ctx().db.select({ id: countries.id }).from(countries).limit(1);
    const [added] = await ctx()
      .db.insert(providers)
      .values({
        kind: 'trainer',
        name: 'No Position Trainer',
        image: 'providers/trainer-1.webp',
        countryId: country.id,
        latitude: null,
        longitude: null,
      })
      .returning({ id: providers.id });
    invalidatePublicCache(ctx().app);
    const reference = await referenceOrder(ctx(), 'trainer', LONDON);
    const last = Math.ceil(reference.length / 4);
    const data = await page(ctx(), API.petTrainers, `offset=${last}&limit=4&${EMPTY_REST}&CountryId=&${near(LONDON)}`);
    expect(data.totalCount).toBe(reference.length);
    expect(data.items.at(-1)).toMatchObject({ ID: added.id, distanceKm: null });
    await ctx().db.delete(providers).where(eq(providers.id, added.id));
    invalidatePublicCache(ctx().app);
  });

  // docs/decisions/0192: the page comes from a candidate set of the nearest last-seen places, grown while it
  // cannot prove the page; pets of another type nearest of all make the first set hold none of the type.
  it('lost pets near me: ties by pet id across pages, past a first candidate set of other pets, with last seen', async () => {
    const db = ctx().db;
    const breedOf = async (typeId: number) =>
      (await db.select({ id: petBreeds.id }).from(petBreeds).where(eq(petBreeds.petTypeId, typeId)).limit(1))[0].id;
    const spot = { latitude: -33.9, longitude: 18.4 };
    const pet = (i: number, typeId: number, breedId: number, isLost = true) => ({
      publicId: `NEARTIE${String(i).padStart(3, '0')}`,
      name: `Tie ${i}`,
      petTypeId: typeId,
      petBreedId: breedId,
      isLost,
    });
    const [dogBreed, catBreed] = [await breedOf(1), await breedOf(2)];
    // 100 lost cats nearest the spot, then 30 lost dogs three to a place (one found, not listed) farther out
    const added = await db
      .insert(petProfiles)
      .values([
        ...Array.from({ length: 100 }, (_, i) => pet(i, 2, catBreed)),
        ...Array.from({ length: 30 }, (_, i) => pet(100 + i, 1, dogBreed, i !== 7)),
      ])
      .returning({ id: petProfiles.id, typeId: petProfiles.petTypeId });
    try {
      await db.insert(lostPetDetails).values(
        added.map((p, i) => ({
          petProfileId: p.id,
          lostDate: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}`,
          address: `Place ${Math.floor(i / 3)}`,
          latitude: spot.latitude + (p.typeId === 2 ? 0.0001 * i : 0.05 + 0.001 * Math.floor(i / 3)),
          longitude: spot.longitude,
        })),
      );
      invalidatePublicCache(ctx().app);
      const details = await db
        .select({
          id: petProfiles.id,
          lostDate: lostPetDetails.lostDate,
          address: lostPetDetails.address,
          latitude: lostPetDetails.latitude,
          longitude: lostPetDetails.longitude,
        })
        .from(petProfiles)
        .innerJoin(lostPetDetails, eq(lostPetDetails.petProfileId, petProfiles.id))
        .where(and(eq(petProfiles.isLost, true), eq(petProfiles.petTypeId, 1)));
      const reference = details
        .map((r) => ({ ...r, km: haversineKm(spot, { latitude: r.latitude!, longitude: r.longitude! }) }))
        .sort((a, b) => a.km - b.km || a.id - b.id);
      for (const p of [1, 2, 3, 7]) {
        const { status, body } = await call(
          ctx(),
          API.lostPets,
          `petTypeId=1&offset=${p}&limit=4&searchTerm=&${near(spot)}`,
        );
        expect(status).toBe(200);
        const pets = body.data.flatMap((g) => g.pets);
        const slice = reference.slice((p - 1) * 4, p * 4);
        expect(pets.map((x) => x.petId).sort((a, b) => a - b)).toEqual(slice.map((r) => r.id).sort((a, b) => a - b));
        for (const x of pets) {
          const r = reference.find((y) => y.id === x.petId)!;
          expect({ lostDate: x.lostDate, lostAddress: x.lostAddress }).toEqual({
            lostDate: r.lostDate,
            lostAddress: r.address,
          });
        }
        // within a breed group, nearest first and ties by pet id
        for (const g of body.data)
          expect(g.pets.map((x) => x.petId)).toEqual(
            slice.filter((r) => g.pets.some((x) => x.petId === r.id)).map((r) => r.id),
          );
      }
    } finally {
      await db.delete(petProfiles).where(
        inArray(
          petProfiles.id,
          added.map((p) => p.id),
        ),
      );
      invalidatePublicCache(ctx().app);
    }
  });

  it('empty coordinates count as not given', async () => {
    const plain = await page(ctx(), API.petGroomers, `offset=1&limit=4&${EMPTY_REST}&CountryId=`);
    expect(
      await page(ctx(), API.petGroomers, `offset=1&limit=4&${EMPTY_REST}&CountryId=&latitude=&longitude=`),
    ).toEqual(plain);
  });

  const BAD: [string, string][] = [
    ['latitude=91&longitude=0', NEAR_ME_OUT_OF_RANGE],
    ['latitude=-90.5&longitude=0', NEAR_ME_OUT_OF_RANGE],
    ['latitude=10&longitude=180.01', NEAR_ME_OUT_OF_RANGE],
    ['latitude=10&longitude=-181', NEAR_ME_OUT_OF_RANGE],
    ['latitude=Infinity&longitude=0', NEAR_ME_OUT_OF_RANGE],
    ['latitude=NaN&longitude=0', NEAR_ME_OUT_OF_RANGE],
    ['latitude=abc&longitude=0', NEAR_ME_OUT_OF_RANGE],
    ['latitude=1e400&longitude=0', NEAR_ME_OUT_OF_RANGE],
    ['latitude=10&longitude=-1e400', NEAR_ME_OUT_OF_RANGE],
    ['latitude=51.5', NEAR_ME_BOTH_COORDINATES],
    ['longitude=-0.12', NEAR_ME_BOTH_COORDINATES],
    ['latitude=51.5&longitude=', NEAR_ME_BOTH_COORDINATES],
  ];
  it.each(BAD)('bad coordinates %s: 400, result 0, a clear message', async (query, message) => {
    for (const path of [API.petSitters, API.lostPets]) {
      const { status, body } = await call(ctx(), path, `offset=1&limit=4&${query}`);
      expect(status).toBe(400);
      expect(body).toEqual({ result: 0, message, data: null });
    }
  });

  it('other bad input of a near-me call is still answered as before', async () => {
    const { status, body } = await call(ctx(), API.petSitters, `offset=1&limit=4&CountryId=abc&${near(LONDON)}`);
    expect(status).toBe(400);
    expect(body.result).toBe(0);
    expect(body.message).toMatch(/CountryId/);
  });

  it('lost pets near me: pages cut the distance order, groups by breed ordered by their nearest pet', async () => {
    const lost = await ctx()
      .db.select({ id: petProfiles.id, latitude: lostPetDetails.latitude, longitude: lostPetDetails.longitude })
      .from(petProfiles)
      .leftJoin(lostPetDetails, eq(lostPetDetails.petProfileId, petProfiles.id))
      .where(and(eq(petProfiles.isLost, true), eq(petProfiles.petTypeId, 1)));
    // Near me lists the lost pets that have a last-seen place.
    const reference = lost
      .flatMap((r) =>
        r.latitude === null || r.longitude === null
          ? []
          : [{ id: r.id, km: haversineKm(LONDON, { latitude: r.latitude, longitude: r.longitude }) }],
      )
      .sort((a, b) => a.km - b.km || a.id - b.id);
    expect(reference.length).toBeGreaterThan(8);
    const plain = (await call(ctx(), API.lostPets, `petTypeId=1&offset=1&limit=4&searchTerm=`)).body.data;
    expect(plain.flatMap((g) => g.pets).every((p) => !('distanceKm' in p))).toBe(true);
    for (let p = 1; p <= Math.ceil(reference.length / 4); p++) {
      const { status, body } = await call(
        ctx(),
        API.lostPets,
        `petTypeId=1&offset=${p}&limit=4&searchTerm=&${near(LONDON)}`,
      );
      expect(status).toBe(200);
      const groups = body.data;
      const slice = reference.slice((p - 1) * 4, p * 4);
      const pets = groups.flatMap((g) => g.pets);
      expect(pets.map((x) => x.petId).sort((a, b) => a - b)).toEqual(slice.map((r) => r.id).sort((a, b) => a - b));
      expect(new Set(groups.map((g) => g.petBreedId)).size).toBe(groups.length);
      for (const g of groups) {
        for (const pet of g.pets) expect(pet.distanceKm).toBeCloseTo(reference.find((r) => r.id === pet.petId)!.km, 6);
        const ds = g.pets.map((x) => x.distanceKm as number);
        expect(ds).toEqual([...ds].sort((a, b) => a - b));
      }
      const nearest = groups.map((g) => g.pets[0].distanceKm as number);
      expect(nearest).toEqual([...nearest].sort((a, b) => a - b));
    }
  });
});
