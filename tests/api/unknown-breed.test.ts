import { beforeAll, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { PET_TYPE } from '#server/db/seed/reference';
import { unknownBreedId } from '#shared/constants';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';

/**
 * "Unknown" breed (issue 36): SPEC.md's checkbox takes the type's first breed, which was a real one (a cat saved as
 * "Unknown" read Abyssinian everywhere). Each type's first breed is now its own "Unknown" row.
 */
describeOnBothDatabases('the "Unknown" breed', (ctx) => {
  let demo = '';
  beforeAll(async () => {
    demo = await loginClinic(ctx().app, DEMO_CLINIC);
  });
  const api = injectApi(() => ctx().app);

  it('is the first breed of every pet type, then the breeds by title', async () => {
    for (const typeId of Object.values(PET_TYPE)) {
      const { data } = await api.envelope.get(API.petBreeds, { PetTypeId: typeId });
      expect(data[0], String(typeId)).toEqual({ id: unknownBreedId(typeId), title: 'Unknown' });
      const rest = data.slice(1).map((b: { title: string }) => b.title);
      expect(rest.length).toBeGreaterThan(3);
      expect(rest).not.toContain('Unknown');
      expect(rest).toEqual([...rest].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }
  });

  it('is what a pet saved with it reads, in the portal and in the reader’s language', async () => {
    const breeds = (await api.envelope.get(API.petBreeds, { PetTypeId: PET_TYPE.cat })).data;
    const created = await api.with({ token: demo }).envelope.postForm(API.createVetPet, {
      petName: 'Mystery',
      petTypeId: PET_TYPE.cat,
      petBreedId: breeds[0].id,
      ownerNameForVet: 'Quinn Unknown',
      ownerPhoneForVet: '+44 20 7946 0999',
      ownerEmailForVet: '',
      petGenderId: 2,
      petDateOfBirth: '2021-03-14',
      isSterilized: null,
      bloodType: '',
      microChipId: '',
    });
    expect(created.result).toBe(1);
    const details = await api
      .with({ token: demo })
      .envelope.get(API.vetPetDetails, { petProfileId: created.data.petProfileId });
    expect(details.data).toMatchObject({ petBreedId: unknownBreedId(PET_TYPE.cat), petBreed: 'Unknown' });
  });

  it('is what the import reads "Unknown" as, in any shipped language', async () => {
    const csv = [
      'Pet Name,Pet Type,Breed,Gender,Date of Birth,Owner Name,Owner Phone',
      'Unknown One,Dog,Unknown,Male,2020-01-01,Ann Unknown,+44 20 7946 0998',
      'Unknown Two,Dog,Desconocida,Female,2020-01-01,Ann Unknown,+44 20 7946 0998',
    ].join('\n');
    const res = await api.send(
      API.importVetPatients,
      {
        query: { dryRun: true },
        form: { payload: {}, files: [{ field: 'file', bytes: Buffer.from(csv), filename: 'patients.csv' }] },
      },
      { token: demo },
    );
    expect(res.json()).toMatchObject({ result: 1, data: { rows: 2, errors: [] } });
  });
});
