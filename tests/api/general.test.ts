import { expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { describeOnBothDatabases } from '#tests/support/databases';

const LIST_PATHS = {
  sitter: API.petSitters,
  trainer: API.petTrainers,
  walker: API.petWalkers,
  groomer: API.petGroomers,
  vet: API.vets,
  shelter: API.animalHouses,
} as const;

describeOnBothDatabases('General API', (ctx) => {
  it('lists pet types with icon addresses under the site (/media/)', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/General/GetPetTypes' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result).toBe(1);
    expect(body.data[0]).toMatchObject({ id: 1, title: 'Dog' });
    expect(body.data[0].image).toMatch(/^\/media\/pet-types\//);
  });

  it('refuses a malformed PetTypeId with the envelope', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/General/GetPetBreeds?PetTypeId=abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: 0, data: null });
  });

  for (const [directory, listPath] of Object.entries(LIST_PATHS)) {
    it(`GetDirectoryCountries (${directory}): each country with some, most first, counts as its listing's totals`, async () => {
      const res = await ctx().app.inject({ method: 'GET', url: `${API.directoryCountries}?directory=${directory}` });
      expect(res.statusCode).toBe(200);
      const { result, data } = res.json() as { result: number; data: Array<{ id: number; count: number }> };
      expect(result).toBe(1);
      expect(data.length).toBeGreaterThan(0);
      const all = (await ctx().app.inject({ method: 'GET', url: `${listPath}?offset=1&limit=4` })).json().data
        .totalCount as number;
      expect(data.reduce((sum, c) => sum + c.count, 0)).toBe(all);
      for (const c of data) {
        expect(Object.keys(c).sort()).toEqual(['count', 'id']);
        expect(c.count).toBeGreaterThan(0);
        const listed = (
          await ctx().app.inject({ method: 'GET', url: `${listPath}?offset=1&limit=4&CountryId=${c.id}` })
        ).json().data.totalCount;
        expect(listed).toBe(c.count);
      }
      expect(data.map((c) => c.count)).toEqual([...data.map((c) => c.count)].sort((a, b) => b - a));
      // far fewer than every country
      const countries = (await ctx().app.inject({ method: 'GET', url: API.countries })).json().data as unknown[];
      expect(data.length).toBeLessThan(countries.length / 4);
    });
  }

  it('GetDirectoryCountries refuses an unknown or missing directory with the envelope', async () => {
    for (const url of [`${API.directoryCountries}?directory=cats`, API.directoryCountries]) {
      const res = await ctx().app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ result: 0, data: null });
    }
  });

  it('answers unknown api paths with 404 and the envelope', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/Nope/Nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ result: 0 });
  });
});
