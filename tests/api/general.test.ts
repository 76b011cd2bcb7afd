import { expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { injectApi } from '#tests/support/api-client';
import { describeOnBothDatabases } from '#tests/support/databases';

const LIST_PATHS = [
  ['sitter', API.petSitters],
  ['trainer', API.petTrainers],
  ['walker', API.petWalkers],
  ['groomer', API.petGroomers],
  ['vet', API.vets],
  ['shelter', API.animalHouses],
] as const;

describeOnBothDatabases('General API', (ctx) => {
  const api = injectApi(() => ctx().app);
  it('lists pet types with icon addresses under the site (/media/)', async () => {
    const res = await api.get(API.petTypes);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result).toBe(1);
    expect(body.data[0]).toMatchObject({ id: 1, title: 'Dog' });
    expect(body.data[0].image).toMatch(/^\/media\/pet-types\//);
  });

  it('refuses a malformed PetTypeId with the envelope', async () => {
    const res = await api.send(API.petBreeds, { query: 'PetTypeId=abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: 0, data: null });
  });

  for (const [directory, listPath] of LIST_PATHS) {
    it(`GetDirectoryCountries (${directory}): each country with some, most first, counts as its listing's totals`, async () => {
      const res = await api.get(API.directoryCountries, { directory });
      expect(res.statusCode).toBe(200);
      const { result, data } = res.json();
      expect(result).toBe(1);
      expect(data.length).toBeGreaterThan(0);
      const all = (await api.get(listPath, { offset: 1, limit: 4 })).json().data.totalCount;
      expect(data.reduce((sum, c) => sum + c.count, 0)).toBe(all);
      for (const c of data) {
        expect(Object.keys(c).sort()).toEqual(['count', 'id']);
        expect(c.count).toBeGreaterThan(0);
        const listed = (await api.get(listPath, { offset: 1, limit: 4, CountryId: String(c.id) })).json().data
          .totalCount;
        expect(listed).toBe(c.count);
      }
      expect(data.map((c) => c.count)).toEqual([...data.map((c) => c.count)].sort((a, b) => b - a));
      // far fewer than every country
      const countries = (await api.get(API.countries)).json().data;
      expect(data.length).toBeLessThan(countries.length / 4);
    });
  }

  it('GetDirectoryCountries refuses an unknown or missing directory with the envelope', async () => {
    for (const query of ['directory=cats', '']) {
      const res = await api.send(API.directoryCountries, { query });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ result: 0, data: null });
    }
  });

  it('answers unknown api paths with 404 and the envelope', async () => {
    const res = await api.send('/api/Nope/Nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ result: 0 });
  });
});
