import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/languages';
import {
  createPetForm,
  isRealIsoDate,
  latestTodayIso,
  petFormMessageEn,
  petFormSchema,
  PET_FORM_MESSAGES_EN,
  updatePetForm,
} from '#shared/forms/pet-form';
import { parsePayload } from '#shared/forms/payload-form';

const valid = {
  petName: ' Rex ',
  petTypeId: 1,
  petBreedId: 3,
  ownerNameForVet: 'Ana',
  ownerPhoneForVet: '+34 600 000 000',
  petGenderId: 2,
  petDateOfBirth: '2020-02-29',
};

async function firstError(values: Record<string, unknown>): Promise<string> {
  try {
    await petFormSchema.validate(values, { abortEarly: true });
    return '';
  } catch (err) {
    return (err as Error).message;
  }
}

describe('pet form schema', () => {
  it('accepts a valid pet, trims text and fills the optional fields', async () => {
    const out = await petFormSchema.validate(valid);
    expect(out).toMatchObject({
      petName: 'Rex',
      ownerEmailForVet: '',
      bloodType: '',
      microChipId: '',
      isSterilized: null,
    });
  });

  it('keeps isSterilized true, false and null', async () => {
    for (const v of [true, false, null])
      expect((await petFormSchema.validate({ ...valid, isSterilized: v })).isSterilized).toBe(v);
  });

  it.each([
    ['petName', '  ', 'validation.petNameRequired'],
    ['petTypeId', '', 'validation.petTypeRequired'],
    ['petBreedId', null, 'validation.breedRequired'],
    ['ownerNameForVet', undefined, 'validation.ownerNameRequired'],
    ['ownerPhoneForVet', '', 'validation.ownerPhoneRequired'],
    ['petGenderId', 3, 'validation.genderRequired'],
    ['petDateOfBirth', '', 'validation.dobRequired'],
    ['petDateOfBirth', '2021-02-29', 'validation.dobInvalid'],
    ['petDateOfBirth', '9999-01-01', 'validation.dobFuture'],
    ['petName', 'x'.repeat(101), 'validation.tooLong'],
    ['ownerPhoneForVet', [], 'validation.invalidValue'],
    ['bloodType', { a: 1 }, 'validation.invalidValue'],
    ['petDateOfBirth', ['2020-01-01'], 'validation.dobRequired'],
  ])('refuses %s = %j with %s', async (field, value, key) => {
    expect(await firstError({ ...valid, [field]: value })).toBe(key);
  });

  it('translates every key to English', () => {
    expect(petFormMessageEn('validation.petNameRequired')).toBe('Pet name is required');
    expect(petFormMessageEn('something')).toBe('something');
    expect(Object.keys(PET_FORM_MESSAGES_EN).every((k) => k.startsWith('validation.'))).toBe(true);
  });

  it('checks real dates and the latest today', () => {
    expect(isRealIsoDate('2024-02-29')).toBe(true);
    expect(isRealIsoDate('2023-02-29')).toBe(false);
    expect(isRealIsoDate('1899-12-31')).toBe(false);
    expect(latestTodayIso(new Date('2026-01-01T12:00:00Z'))).toBe('2026-01-02');
  });
});

describe('pet form messages in the locales', () => {
  const files = import.meta.glob<{ validation: Record<string, string> }>('/locales/*/portal.json', {
    eager: true,
    import: 'default',
  });
  const portal = (lang: string) => files[`/locales/${lang}/portal.json`].validation;

  it('has the same English text as locales/en/portal.json', () => {
    const en = portal('en');
    for (const [key, text] of Object.entries(PET_FORM_MESSAGES_EN))
      expect(en[key.replace(/^validation\./, '')], key).toBe(text);
  });

  it('translates every key in every language', () => {
    for (const lang of LANGUAGES.map((l) => l.code)) {
      const messages = portal(lang);
      for (const key of Object.keys(PET_FORM_MESSAGES_EN))
        expect(messages[key.replace(/^validation\./, '')], `${lang} ${key}`).toEqual(expect.any(String));
    }
  });
});

describe('pet payload forms (CreateVetPet / UpdateVetPet, client and server)', () => {
  it('creates from the form fields only, dropping inherited keys and fields the client must not set', async () => {
    const raw = JSON.parse(`{"valueOf":"","clinicId":9,"petImage":"../x",${JSON.stringify(valid).slice(1)}`);
    const values = await parsePayload(createPetForm, raw);
    expect(values).not.toHaveProperty('clinicId');
    expect(values).not.toHaveProperty('petProfileId');
    expect(values).toMatchObject({ petName: 'Rex', isSterilized: null });
  });

  it('reads the pet id of an update, null when it is not a valid id', async () => {
    for (const [id, expected] of [
      [12, 12],
      ['12', 12],
      [0, null],
      ['abc', null],
      [1.5, null],
      [undefined, null],
      [null, null],
      [[3], null],
    ] as const) {
      expect((await parsePayload(updatePetForm, { ...valid, petProfileId: id })).petProfileId, JSON.stringify(id)).toBe(
        expected,
      );
    }
    await expect(parsePayload(updatePetForm, { ...valid, petName: '', petProfileId: 3 })).rejects.toThrow(
      'validation.petNameRequired',
    );
  });
});
