import { ValidationError } from 'yup';
import { type ImportError } from '#shared/contract/vet-import';
import { type ImportField } from '#shared/contract/import-fields';
import { petFormSchema, type PetFormValues } from '#shared/forms/pet-form';
import type { LanguageCode } from '#shared/languages';
import { serverMessage, type MessageKey, type MessageParams } from '#server/http/messages';
import { genderOf, yesNoOf, type ReferenceTitles } from '#server/clinic-import/import-vocabulary';

/** A row that passed the pet form's rules, with its line for the answer. */
export interface ImportedRow {
  line: number;
  values: PetFormValues;
}

/** The pet form's field each import field fills. */
const FORM_FIELD: Record<ImportField, keyof PetFormValues> = {
  petName: 'petName',
  petType: 'petTypeId',
  breed: 'petBreedId',
  gender: 'petGenderId',
  dob: 'petDateOfBirth',
  sterilized: 'isSterilized',
  microchip: 'microChipId',
  bloodType: 'bloodType',
  ownerName: 'ownerNameForVet',
  ownerPhone: 'ownerPhoneForVet',
  ownerEmail: 'ownerEmailForVet',
};
const IMPORT_FIELD = new Map(Object.entries(FORM_FIELD).map(([field, form]) => [form, field as ImportField]));

const DAY_MONTH_YEAR = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YEAR_MONTH_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** A date as yyyy-mm-dd or dd/mm/yyyy (also with . or -), as 'YYYY-MM-DD'; anything else as it is (the form refuses it). */
export function isoDateOf(value: string): string {
  const ymd = YEAR_MONTH_DAY.exec(value);
  const dmy = ymd ? null : DAY_MONTH_YEAR.exec(value);
  const [y, m, d] = ymd ? [ymd[1], ymd[2], ymd[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [null, null, null];
  return y === null ? value : `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

/**
 * One row of the file read as the pet form (src/shared/forms/pet-form.ts): its cells by the mapping, types and
 * breeds by title, gender and yes / no in any shipped language, then the form's own rules. Answers the values, or
 * every error of the row in the request's language.
 */
export function readImportRow(
  cells: readonly string[],
  line: number,
  mapping: readonly (ImportField | null)[],
  titles: ReferenceTitles,
  language: LanguageCode,
): { row: ImportedRow; errors: null } | { row: null; errors: ImportError[] } {
  const cell: Partial<Record<ImportField, string>> = {};
  mapping.forEach((field, i) => {
    if (field && cell[field] === undefined) cell[field] = (cells[i] ?? '').trim();
  });
  const errors: ImportError[] = [];
  const refuse = (field: ImportField, key: MessageKey, params: MessageParams = {}) =>
    errors.push({ line, field, message: serverMessage(key, language, params) });

  const typeText = cell.petType ?? '';
  const petTypeId = typeText === '' ? undefined : titles.typeId(typeText);
  if (typeText !== '' && petTypeId === undefined) refuse('petType', 'importUnknownPetType', { value: typeText });
  const breedText = cell.breed ?? '';
  const petBreedId = breedText === '' || petTypeId === undefined ? undefined : titles.breedId(petTypeId, breedText);
  if (breedText !== '' && petTypeId !== undefined && petBreedId === undefined)
    refuse('breed', 'importUnknownBreed', { value: breedText });
  const genderText = cell.gender ?? '';
  const petGenderId = genderText === '' ? undefined : genderOf(genderText);
  if (genderText !== '' && petGenderId === undefined) refuse('gender', 'importUnknownValue', { value: genderText });
  const sterilizedText = cell.sterilized ?? '';
  const isSterilized = yesNoOf(sterilizedText);
  if (isSterilized === undefined) refuse('sterilized', 'importUnknownValue', { value: sterilizedText });

  const raw = {
    petName: cell.petName ?? '',
    petTypeId: petTypeId ?? '',
    petBreedId: petBreedId ?? '',
    ownerNameForVet: cell.ownerName ?? '',
    ownerPhoneForVet: cell.ownerPhone ?? '',
    ownerEmailForVet: cell.ownerEmail ?? '',
    petGenderId: petGenderId ?? '',
    petDateOfBirth: isoDateOf(cell.dob ?? ''),
    isSterilized: isSterilized ?? null,
    bloodType: cell.bloodType ?? '',
    microChipId: cell.microchip ?? '',
  };
  try {
    const values = petFormSchema.validateSync(raw, { abortEarly: false, stripUnknown: true });
    if (errors.length > 0) return { row: null, errors };
    return { row: { line, values }, errors: null };
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    for (const failure of err.inner.length > 0 ? err.inner : [err]) {
      const field = IMPORT_FIELD.get((failure.path ?? '') as keyof PetFormValues) ?? null;
      // an unknown type, breed or gender is already told; the form's "required" would repeat it
      if (field && errors.some((e) => e.field === field)) continue;
      if (field === 'breed' && errors.some((e) => e.field === 'petType')) continue;
      errors.push({ line, field, message: serverMessage(`portal:${failure.message}`, language) });
    }
    return { row: null, errors };
  }
}
