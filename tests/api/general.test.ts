import { expect, it } from 'vitest';
import { describeOnBothDatabases } from '../support/databases';

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

  it('answers unknown api paths with 404 and the envelope', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/Nope/Nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ result: 0 });
  });
});
