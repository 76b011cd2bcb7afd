import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { API } from '#shared/contract/paths';
import type { VetVisitsResult } from '#shared/contract/vet';
import type { PetType } from '#shared/contract/general';
import { apiGet, apiPostMultipart, versionConflictOf } from '#client/api/client';

function answer(data: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify({ result: 1, message: '', data }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * apiGet is typed by the contract (src/shared/contract/get-calls.ts): each `@ts-expect-error` line
 * below is a call that must NOT compile; `npx tsc --noEmit` (part of `npm test`) fails when one of
 * them compiles, e.g. after a query field is renamed in the contract but not in the client.
 */
describe('apiGet typed by the contract', () => {
  it('sends the query of the contract and answers its data', async () => {
    const fetchMock = answer({ visits: [], count: 0 });
    const result = await apiGet(API.vetVisits, { isFinished: 1, offset: 2, limit: 4 });
    expectTypeOf(result).toEqualTypeOf<VetVisitsResult>();
    expect(result).toEqual({ visits: [], count: 0 });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/VetPets/GetVetVisits?isFinished=1&offset=2&limit=4');
  });

  it('refuses, at build time, a query that is not the contract', async () => {
    answer([]);
    // @ts-expect-error a misspelt (or renamed) field
    await apiGet(API.vetVisits, { isFinshed: 1, offset: 2, limit: 4 });
    // @ts-expect-error the old name of a field the contract spells PetTypeId
    await apiGet(API.petBreeds, { petTypeId: 1 });
    // @ts-expect-error a required field missing
    await apiGet(API.vetVisits, { offset: 2, limit: 4 });
    // @ts-expect-error a value of the wrong type
    await apiGet(API.vetVisitDetails, { vetVisitId: '3' });
    // @ts-expect-error a query for a call that takes none
    await apiGet(API.petTypes, { lang: 'es' });
    // @ts-expect-error a path that is not a GET call of the contract
    await apiGet(API.saveVetVisit, undefined);
    // @ts-expect-error the answer is the call's data, not another call's
    const types: PetType[] = await apiGet(API.vetVisits, { isFinished: 0, offset: 1, limit: 4 });
    expect(types).toEqual([]);
    const lost = { petTypeId: 1, offset: 1, limit: 4, latitude: 40.4, longitude: -3.7 };
    await apiGet(API.lostPets, lost);
    // @ts-expect-error near me is a lost-pets query field only
    await apiGet(API.petsForAdoption, lost);
  });
});

describe('a save refused over a newer version (409)', () => {
  const visitPayload = {
    petId: 3,
    vetVisitId: 5,
    version: 3,
    vetUserId: null,
    visitDate: '2026-03-05',
    notes: '',
    weight: [],
    vaccinations: [],
    antiparasitics: [],
    consultations: [],
    pictures: [],
  };
  it('raises the server message with who saved and when; a write names the acting staff user', async () => {
    const conflict = { changedBy: 'Dr. Ana Ruiz', changedAt: '2026-03-05T14:05:00.000Z', version: 4 };
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ result: 0, message: 'Dr. Ana Ruiz changed this visit', data: conflict }), {
          status: 409,
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const error = await apiPostMultipart(API.saveVetVisit, visitPayload, [], {
      token: 't'.repeat(30),
      actingUserId: 7,
    }).catch((e: unknown) => e);
    expect(versionConflictOf(error)).toMatchObject({
      status: 409,
      fromServer: true,
      message: 'Dr. Ana Ruiz changed this visit',
      conflict,
    });
    expect(new Headers(fetchMock.mock.calls[0][1].headers).get('x-vet-user-id')).toBe('7');
  });

  it("keeps SPEC.md's rule for any other failing status", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = await apiPostMultipart(API.saveVetVisit, visitPayload).catch((e: unknown) => e);
    expect(versionConflictOf(error)).toBeNull();
    expect(error).toMatchObject({ message: 'Network response was not ok', status: 500 });
  });
});

describe('a refusal for too many attempts from the address (429)', () => {
  it("raises a 429's own sentence (in the page's language), not the English of any other failing status", async () => {
    const message = '来自您地址的链接尝试次数过多。请稍后再试。';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ result: 0, message, data: null }), { status: 429 })),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = await apiGet(API.petTypes, undefined).catch((e: unknown) => e);
    expect(error).toMatchObject({ message, status: 429, fromServer: false });
  });
});
