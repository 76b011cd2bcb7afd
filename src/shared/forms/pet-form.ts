/**
 * The Add / Edit Pet form (SPEC.md §2 and §5), shared by the client form and the server's
 * CreateVetPet / UpdateVetPet. Messages are i18n keys of the `portal` namespace; the English
 * texts are in PET_FORM_MESSAGES_EN (the server answers those).
 */
import * as yup from 'yup';
import { GENDER_FEMALE, GENDER_MALE } from '#shared/constants';
import { isAcceptableText, parseWholeNumber } from '#shared/contract/input-rules';
import { payloadForm } from '#shared/forms/payload-form';

export const PET_FORM_MAX = {
  petName: 100,
  ownerNameForVet: 100,
  ownerPhoneForVet: 40,
  ownerEmailForVet: 254,
  bloodType: 20,
  microChipId: 50,
} as const;

/** English text of every message key of this schema (same as locales/en/portal.json). */
export const PET_FORM_MESSAGES_EN = {
  'validation.petNameRequired': 'Pet name is required',
  'validation.petTypeRequired': 'Pet type is required',
  'validation.breedRequired': 'Breed is required',
  'validation.ownerNameRequired': 'Owner name is required',
  'validation.ownerPhoneRequired': 'Owner phone is required',
  'validation.genderRequired': 'Gender is required',
  'validation.dobRequired': 'Date of birth is required',
  'validation.dobInvalid': 'Date of birth is not a valid date',
  'validation.dobFuture': 'Date of birth cannot be in the future',
  'validation.tooLong': 'This value is too long',
  'validation.invalidValue': 'This value is not valid',
} as const;
export type PetFormMessageKey = keyof typeof PET_FORM_MESSAGES_EN;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `value` is 'YYYY-MM-DD' naming a day that exists (from 1900 on). */
export function isRealIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * The latest calendar date anywhere on Earth right now (UTC+14), 'YYYY-MM-DD': a date of birth
 * after it is in the future for everyone, so client and server agree whatever their time zones.
 */
export function latestTodayIso(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}

/** Trims strings; other values pass unchanged to the type check (yup's own trim() throws on arrays). */
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

export const requiredText = (key: PetFormMessageKey, max: number) =>
  yup
    .string()
    .typeError('validation.invalidValue')
    .transform(trimmed)
    .required(key)
    .max(max, 'validation.tooLong')
    .test('text-rule', 'validation.invalidValue', (v) => isAcceptableText(v));

export const optionalText = (max: number) =>
  yup
    .string()
    .typeError('validation.invalidValue')
    .transform((v: unknown) => (v === null || v === undefined ? '' : trimmed(v)))
    .max(max, 'validation.tooLong')
    .test('text-rule', 'validation.invalidValue', (v) => isAcceptableText(v))
    .default('');

/** An optional row id: null when left out or empty. */
export const optionalId = yup
  .number()
  .transform((v: unknown, original: unknown) => (original === '' || original === undefined ? null : v))
  .typeError('validation.invalidValue')
  .integer('validation.invalidValue')
  .min(1, 'validation.invalidValue')
  .max(2147483647, 'validation.invalidValue')
  .nullable()
  .default(null);

const requiredId = (key: PetFormMessageKey) =>
  yup
    .number()
    .transform((v: unknown, original: unknown) => (original === '' || original === null ? undefined : v))
    .typeError(key)
    .required(key)
    .integer(key)
    .min(1, key)
    .max(2147483647, key);

export const petFormSchema = yup.object({
  petName: requiredText('validation.petNameRequired', PET_FORM_MAX.petName),
  petTypeId: requiredId('validation.petTypeRequired'),
  petBreedId: requiredId('validation.breedRequired'),
  /**
   * Issue 32: an owner of this clinic the pet belongs to. With it the three owner fields below are optional and
   * ignored (the owner's own record holds them: SaveVetOwner); without it they are required and make a new owner
   * (CreateVetPet) or change the pet's owner (UpdateVetPet).
   */
  ownerId: optionalId,
  ownerNameForVet: yup
    .string()
    .when('ownerId', ([ownerId]: unknown[]) =>
      ownerId == null
        ? requiredText('validation.ownerNameRequired', PET_FORM_MAX.ownerNameForVet)
        : optionalText(PET_FORM_MAX.ownerNameForVet),
    )
    .defined(),
  ownerPhoneForVet: yup
    .string()
    .when('ownerId', ([ownerId]: unknown[]) =>
      ownerId == null
        ? requiredText('validation.ownerPhoneRequired', PET_FORM_MAX.ownerPhoneForVet)
        : optionalText(PET_FORM_MAX.ownerPhoneForVet),
    )
    .defined(),
  ownerEmailForVet: optionalText(PET_FORM_MAX.ownerEmailForVet),
  petGenderId: requiredId('validation.genderRequired').oneOf([GENDER_MALE, GENDER_FEMALE], 'validation.genderRequired'),
  petDateOfBirth: yup
    .string()
    .typeError('validation.dobRequired')
    .transform(trimmed)
    .required('validation.dobRequired')
    .test('real-date', 'validation.dobInvalid', (v) => v === undefined || isRealIsoDate(v))
    .test('not-future', 'validation.dobFuture', (v) => v === undefined || !isRealIsoDate(v) || v <= latestTodayIso()),
  /** true, false, or null for unknown */
  isSterilized: yup
    .boolean()
    .transform((v: unknown, original: unknown) => (original === '' || original === undefined ? null : v))
    .typeError('validation.invalidValue')
    .nullable()
    .default(null),
  bloodType: optionalText(PET_FORM_MAX.bloodType),
  microChipId: optionalText(PET_FORM_MAX.microChipId),
});

/** The pet form's values; `ownerId` may be left out (then null: no owner picked). */
export type PetFormValues = WithOptionalOwner<yup.InferType<typeof petFormSchema>>;
type WithOptionalOwner<T extends { ownerId: number | null }> = Omit<T, 'ownerId'> & { ownerId?: number | null };

/** CreateVetPet's `json` part (an `imageFile` part may come with it). */
export const createPetForm = payloadForm(petFormSchema);

/**
 * UpdateVetPet's `json` part: the pet form and the pet's id, null when it is not a valid id (the
 * server then answers the clinic's "pet not found", as for another clinic's pet).
 */
export const updatePetForm = payloadForm(
  petFormSchema.shape({
    petProfileId: yup
      .number()
      .transform((_v: unknown, original: unknown) => parseWholeNumber(original, 1))
      .integer('validation.invalidValue')
      .nullable()
      .default(null),
    /** `version` of GetVetPetDetails; missing: saved without the check (older clients) */
    version: yup
      .number()
      .transform((v: unknown, original: unknown) => (original === '' || original === null ? undefined : v))
      .typeError('validation.invalidValue')
      .integer('validation.invalidValue')
      .min(1, 'validation.invalidValue')
      .max(2147483647, 'validation.invalidValue')
      .optional(),
  }),
);
export type PetUpdateValues = WithOptionalOwner<yup.InferType<typeof updatePetForm.schema>>;

/** English text of a message key (unknown keys are returned as they are). */
export function petFormMessageEn(key: string): string {
  return key in PET_FORM_MESSAGES_EN ? PET_FORM_MESSAGES_EN[key as PetFormMessageKey] : key;
}
