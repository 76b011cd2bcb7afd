/** The Add and Edit Pet form's values: as the dialog holds them, from a pet, and as text after a refused save. */
import type { Resolver } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import type { TFunction } from 'i18next';
import type { VetPetDetails } from '#shared/contract/vet';
import { petFormSchema, type PetFormValues } from '#shared/forms/pet-form';
import { formatLongDate } from '#client/components/format/dates';

export type PetFormInput = {
  petName: string;
  petTypeId: number | '';
  petBreedId: number | '';
  /** issue 32: an owner of the clinic picked in the form; null: the three owner fields are the owner's */
  ownerId: number | null;
  ownerNameForVet: string;
  ownerPhoneForVet: string;
  ownerEmailForVet: string;
  petGenderId: number | '';
  petDateOfBirth: string;
  isSterilized: boolean | null;
  bloodType: string;
  microChipId: string;
};

/** The Edit Pet form as text to copy from after a refused save (docs/decisions/0096); nothing of it was saved. */
export function petDraftText(
  t: TFunction<'portal'>,
  v: PetFormInput,
  names: { type: (id: number | '') => string; breed: (id: number | '') => string; photo: string | null },
  language: string,
): string {
  const sterilized =
    v.isSterilized === null ? t('pets.form.unknown') : v.isSterilized ? t('pets.form.yes') : t('pets.form.no');
  const gender = v.petGenderId === 1 ? t('pets.form.male') : v.petGenderId === 2 ? t('pets.form.female') : '';
  const lines: Array<[string, string]> = [
    [t('pets.form.petName'), v.petName],
    [t('pets.form.petType'), names.type(v.petTypeId)],
    [t('pets.form.breed'), names.breed(v.petBreedId)],
    [t('pets.form.dob'), formatLongDate(v.petDateOfBirth, language)],
    [t('pets.form.ownerName'), v.ownerNameForVet],
    [t('pets.form.ownerPhone'), v.ownerPhoneForVet],
    [t('pets.form.ownerEmail'), v.ownerEmailForVet],
    [t('pets.form.gender'), gender],
    [t('pets.form.sterilized'), sterilized],
    [t('pets.form.bloodType'), v.bloodType],
    [t('pets.form.microchip'), v.microChipId],
    [t('pets.form.photo'), names.photo ? t('conflict.newPicture', { name: names.photo }) : ''],
  ];
  return lines
    .filter(([, value]) => value.trim() !== '')
    .map(([label, value]) => `${label}: ${value.trim()}`)
    .join('\n');
}

/** The shared schema turns the form's '' (nothing chosen yet) into its required-field messages. */
export const petFormResolver = yupResolver(petFormSchema) as unknown as Resolver<PetFormInput, unknown, PetFormValues>;

export function petFormDefaults(pet: VetPetDetails | null): PetFormInput {
  return {
    petName: pet?.petName ?? '',
    petTypeId: pet?.petTypeId ?? '',
    petBreedId: pet?.petBreedId ?? '',
    ownerId: null,
    ownerNameForVet: pet?.ownerNameForVet ?? '',
    ownerPhoneForVet: pet?.ownerPhoneForVet ?? '',
    ownerEmailForVet: pet?.ownerEmailForVet ?? '',
    petGenderId: pet?.petGenderId === 1 || pet?.petGenderId === 2 ? pet.petGenderId : '',
    petDateOfBirth: pet?.dob ?? '',
    isSterilized: pet?.isSterilized ?? null,
    bloodType: pet?.bloodType ?? '',
    microChipId: pet?.microChipId ?? '',
  };
}
