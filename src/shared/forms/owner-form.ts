/**
 * The owner form (issue 32): SaveVetOwner's body, shared by the portal's owner dialog and the server. Name and
 * phone follow the pet form's owner rules and messages (SPEC.md §5); the language is one of the ten or null (the
 * clinic's language).
 */
import * as yup from 'yup';
import { LANGUAGES, type LanguageCode } from '#shared/languages';
import { optionalId, optionalText, PET_FORM_MAX, requiredText } from '#shared/forms/pet-form';
import { payloadForm } from '#shared/forms/payload-form';

export const OWNER_NOTES_MAX = 2000;

const LANGUAGE_CODES = LANGUAGES.map((l) => l.code);

const ownerFormSchema = yup.object({
  /** missing: a new owner */
  ownerId: optionalId,
  /** `version` of GetVetOwnerDetails; missing: saved without the check */
  version: yup
    .number()
    .transform((v: unknown, original: unknown) => (original === '' || original === null ? undefined : v))
    .typeError('validation.invalidValue')
    .integer('validation.invalidValue')
    .min(1, 'validation.invalidValue')
    .max(2147483647, 'validation.invalidValue')
    .optional(),
  name: requiredText('validation.ownerNameRequired', PET_FORM_MAX.ownerNameForVet),
  phone: requiredText('validation.ownerPhoneRequired', PET_FORM_MAX.ownerPhoneForVet),
  email: optionalText(PET_FORM_MAX.ownerEmailForVet),
  /** null: the clinic's language */
  language: yup
    .mixed<LanguageCode>()
    .transform((v: unknown) => (v === '' || v === undefined ? null : v))
    .oneOf(LANGUAGE_CODES, 'validation.invalidValue')
    .nullable()
    .default(null),
  remindersByEmail: yup.boolean().typeError('validation.invalidValue').default(true),
  notes: optionalText(OWNER_NOTES_MAX),
});

export type OwnerFormValues = yup.InferType<typeof ownerFormSchema>;

/** SaveVetOwner's JSON body. */
export const saveOwnerForm = payloadForm(ownerFormSchema);
