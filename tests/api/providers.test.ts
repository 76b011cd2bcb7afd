import { expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { injectApi } from '#tests/support/api-client';
import { describeOnBothDatabases, type TestServer } from '#tests/support/databases';

const MEDIA = '/media/';
const EMPTY_REST = 'SearchTerm=&CurrencyId=&PricingTypeId=&PriceFrom=&PriceTo=';
const ITEM_KEYS = ['ID', 'address', 'city', 'country', 'image', 'name', 'speciality'];
const DETAIL_KEYS = [
  'ID',
  'address',
  'city',
  'country',
  'description',
  'image',
  'instagramUrl',
  'latitude',
  'longitude',
  'name',
  'phoneNumber',
  'speciality',
  'websiteUrl',
];

const KINDS = [
  { name: 'sitters', list: API.petSitters, byId: API.petSitterById },
  { name: 'trainers', list: API.petTrainers, byId: API.petTrainerById },
  { name: 'walkers', list: API.petWalkers, byId: API.petWalkerById },
  { name: 'groomers', list: API.petGroomers, byId: API.petGroomerById },
  { name: 'vets', list: API.vets, byId: API.vetById },
];

/** A directory call, its query as a directory page's address holds it. */
async function get<P extends string>(s: TestServer, path: P, query = '') {
  const res = await injectApi(s.app).send(path, { query });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function list<P extends (typeof KINDS)[number]['list'] | typeof API.animalHouses>(
  s: TestServer,
  path: P,
  query: string,
) {
  const body = await get(s, path, query);
  expect(body.result).toBe(1);
  return body.data;
}

describeOnBothDatabases('Provider directories API', (ctx) => {
  let countryIds: Map<string, number> | null = null;
  async function countryId(title: string): Promise<number> {
    if (!countryIds) {
      const body = await get(ctx(), API.countries);
      countryIds = new Map(body.data.map((c) => [c.title, c.id]));
    }
    const id = countryIds.get(title);
    if (id === undefined) throw new Error(`no country ${title}`);
    return id;
  }

  for (const k of KINDS) {
    it(`${k.name}: a page with the exact fields, the total, and distinct pages`, async () => {
      const p1 = await list(ctx(), k.list, `offset=1&limit=4&${EMPTY_REST}&CountryId=`);
      expect(Object.keys(p1).sort()).toEqual(['items', 'totalCount']);
      expect(p1.items).toHaveLength(4);
      expect(p1.totalCount).toBeGreaterThanOrEqual(40);
      for (const item of p1.items) {
        expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
        expect(item.image.startsWith(MEDIA)).toBe(true);
        expect(item.country).not.toBe('');
      }
      const p2 = await list(ctx(), k.list, `offset=2&limit=4&${EMPTY_REST}&CountryId=`);
      expect(p2.totalCount).toBe(p1.totalCount);
      expect(p2.items.map((i) => i.ID).some((id) => p1.items.some((i) => i.ID === id))).toBe(false);
      const last = Math.ceil(p1.totalCount / 4);
      const lastPage = await list(ctx(), k.list, `offset=${last}&limit=4&${EMPTY_REST}&CountryId=`);
      expect(lastPage.items.length).toBe(p1.totalCount - (last - 1) * 4);
      const past = await list(ctx(), k.list, `offset=${last + 1}&limit=4&${EMPTY_REST}&CountryId=`);
      expect(past).toEqual({ items: [], totalCount: p1.totalCount });
    });

    it(`${k.name}: CountryId filters, an unknown country gives nothing`, async () => {
      const all = await list(ctx(), k.list, `offset=1&limit=100&${EMPTY_REST}&CountryId=`);
      const country = all.items[0].country;
      const id = await countryId(country);
      const filtered = await list(ctx(), k.list, `offset=1&limit=100&${EMPTY_REST}&CountryId=${id}`);
      expect(filtered.totalCount).toBeGreaterThan(0);
      expect(filtered.totalCount).toBeLessThan(all.totalCount);
      expect(filtered.items).toHaveLength(filtered.totalCount);
      for (const item of filtered.items) expect(item.country).toBe(country);
      expect(new Set(all.items.map((i) => i.country)).size).toBeGreaterThanOrEqual(2);
      expect(await list(ctx(), k.list, `offset=1&limit=4&CountryId=999999`)).toEqual({ items: [], totalCount: 0 });
    });

    it(`${k.name}: one by id is a list of one with the detail fields; other kinds' ids and unknown ids are not found`, async () => {
      const { items } = await list(ctx(), k.list, 'offset=1&limit=4');
      const body = await get(ctx(), k.byId, `id=${items[0].ID}`);
      expect(body.result).toBe(1);
      expect(body.data).toHaveLength(1);
      const d = body.data[0];
      expect(Object.keys(d).sort()).toEqual(DETAIL_KEYS);
      expect(d).toMatchObject({
        ID: items[0].ID,
        name: items[0].name,
        image: items[0].image,
        country: items[0].country,
      });
      expect(typeof d.latitude).toBe('number');
      expect(typeof d.longitude).toBe('number');

      const other = KINDS.find((o) => o !== k);
      if (!other) throw new Error('no other kind');
      const { items: others } = await list(ctx(), other.list, 'offset=1&limit=1');
      const wrongKind = await get(ctx(), k.byId, `id=${others[0].ID}`);
      expect(wrongKind.result).toBe(0);
      expect(wrongKind.message).toMatch(/not found/);
      expect(await get(ctx(), k.byId, `id=987654`)).toMatchObject({ result: 0, data: null });
    });
  }

  it('caps the page size at 100 and searches names with SearchTerm', async () => {
    const big = await list(ctx(), API.petSitters, 'offset=1&limit=100000');
    expect(big.items.length).toBe(Math.min(big.totalCount, 100));
    const part = big.items[0].name.slice(0, 3);
    const found = await list(ctx(), API.petSitters, `offset=1&limit=100&SearchTerm=${encodeURIComponent(part)}`);
    expect(found.totalCount).toBeGreaterThan(0);
    for (const i of found.items) expect(i.name.toLowerCase()).toContain(part.toLowerCase());
  });

  it('accepts the price parameters (no effect) and refuses malformed ones with 400', async () => {
    const plain = await list(ctx(), API.vets, 'offset=1&limit=4');
    const priced = await list(
      ctx(),
      API.vets,
      'offset=1&limit=4&CurrencyId=1&PricingTypeId=2&PriceFrom=10&PriceTo=99.5',
    );
    expect(priced).toEqual(plain);
    const res = await injectApi(ctx().app).send(API.vets, { query: 'offset=1&limit=4&PriceFrom=cheap' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: 0, data: null });
  });

  it('lists animal houses with their pets for adoption, paged and filtered by country', async () => {
    const body = await list(ctx(), API.animalHouses, 'offset=1&limit=100&CountryId=');
    expect(body.totalCount).toBeGreaterThan(0);
    const item = body.items[0] as unknown as Record<string, unknown>;
    expect(Object.keys(item).sort()).toEqual(
      [
        'ID',
        'address',
        'city',
        'country',
        'description',
        'email',
        'image',
        'latitude',
        'longitude',
        'name',
        'petsForAdoption',
        'phoneNumber',
        'websiteUrl',
      ].sort(),
    );
    const total = body.items.reduce(
      (n, i) => n + Number((i as unknown as { petsForAdoption: number }).petsForAdoption),
      0,
    );
    expect(total).toBeGreaterThan(0);
    const id = await countryId(body.items[0].country);
    const filtered = await list(ctx(), API.animalHouses, `offset=1&limit=100&CountryId=${id}`);
    for (const i of filtered.items) expect(i.country).toBe(body.items[0].country);
    const page2 = await list(ctx(), API.animalHouses, 'offset=2&limit=1');
    expect(page2.items[0]?.ID).not.toBe(body.items[0].ID);
  });
});
