/**
 * The call maps at the client's call sites, checked by the type checker (`npm run typecheck` compiles
 * this file): each `@ts-expect-error` fails the build when the line under it compiles. The calls sit
 * in functions that never run.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { apiGet, apiPostJson, apiPostMultipart } from '#client/api/client';
import { API } from '#shared/contract/paths';
import type { PostData } from '#shared/contract/post-calls';
import type { VetLoginResult, VetPetSaved, VetVisitCreated } from '#shared/contract/vet';
import type { NormalisedVisitPayload } from '#shared/forms/visit-payload';

declare const visit: NormalisedVisitPayload;

describe('the POST map at the call site', () => {
  it('types each answer by its path', () => {
    expectTypeOf<PostData<typeof API.vetLogin>>().toEqualTypeOf<VetLoginResult>();
    expectTypeOf<PostData<typeof API.createVetVisit>>().toEqualTypeOf<VetVisitCreated>();
    expectTypeOf<PostData<typeof API.updateVetPet>>().toEqualTypeOf<VetPetSaved>();
    expectTypeOf<PostData<typeof API.saveVetVisit>>().toEqualTypeOf<null>();
    expectTypeOf(() => apiPostJson(API.deleteVetPet, { petId: 3 })).returns.resolves.toEqualTypeOf<null>();
  });

  it('refuses a misspelt or renamed body field, inline or from a variable', () => {
    expectTypeOf(() =>
      // @ts-expect-error petID is not a field of DeleteVetPet's body (petId)
      apiPostJson(API.deleteVetPet, { petID: 3 }),
    ).toBeFunction();
    const body = { vetVisitId: 5, petId: 3, visitId: 5 };
    expectTypeOf(() =>
      // @ts-expect-error visitId is not a field of DeleteVetVisit's body
      apiPostJson(API.deleteVetVisit, body),
    ).toBeFunction();
    expectTypeOf(() =>
      // @ts-expect-error petProfileId is not a field of CreateVetVisit's body (petId)
      apiPostJson(API.createVetVisit, { petProfileId: 3, visitDate: '2026-03-05', vetUserId: 2 }),
    ).toBeFunction();
    expectTypeOf(() =>
      // @ts-expect-error a multipart payload is checked too: visitId is not SaveVetVisit's (vetVisitId)
      apiPostMultipart(API.saveVetVisit, { ...visit, visitId: 5 }),
    ).toBeFunction();
  });

  it('refuses a wrong answer type and a call sent the wrong way', () => {
    expectTypeOf(async () => {
      // @ts-expect-error DeleteVetVisit answers no data, not a created visit
      const created: VetVisitCreated = await apiPostJson(API.deleteVetVisit, { vetVisitId: 5, petId: 3 });
      return created;
    }).toBeFunction();
    expectTypeOf(() =>
      // @ts-expect-error SaveVetVisit is a multipart call, not a JSON one
      apiPostJson(API.saveVetVisit, visit),
    ).toBeFunction();
    expectTypeOf(() =>
      // @ts-expect-error GetVetPets is a GET call
      apiPostJson(API.vetPets, { offset: 1 }),
    ).toBeFunction();
    expectTypeOf(() =>
      // @ts-expect-error a GET query is checked the same way: PetTypeID is not GetPetBreeds' (PetTypeId)
      apiGet(API.petBreeds, { PetTypeID: 1 }),
    ).toBeFunction();
  });
});
