import { IMPORT_FIELDS, type ImportField } from '#shared/contract/import-fields';
import { LANGUAGES } from '#shared/languages';
import { GENDER_FEMALE, GENDER_MALE } from '#shared/constants';
import type { Db } from '#server/db/client';
import { petBreeds, petTypes } from '#server/db/schema';
import { serverMessage } from '#server/http/messages';
import { dataTitlesIn } from '#server/i18n';

/** A header or a value as the import compares them: accents, case, punctuation and spacing aside. */
export function foldWord(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}@.+]+/gu, ' ')
    .trim();
}

/** What each language calls a thing, folded, first language first (so English wins a clash). */
function wordsInEveryLanguage(keys: readonly string[]): string[] {
  return LANGUAGES.flatMap((l) => keys.map((key) => foldWord(serverMessage(key, l.code)))).filter((w) => w !== '');
}

/** The file headers each field is known by: the export's headers, the pet form's labels and the API's field names. */
const HEADER_KEYS: Record<ImportField, { form: string | null; api: string[] }> = {
  petName: { form: 'petName', api: ['petName', 'name'] },
  petType: { form: 'petType', api: ['petType', 'petTypeId', 'type'] },
  breed: { form: 'breed', api: ['petBreed', 'petBreedId'] },
  gender: { form: 'gender', api: ['petGender', 'petGenderId', 'sex'] },
  dob: { form: 'dob', api: ['petDateOfBirth', 'dateOfBirth', 'birthdate'] },
  sterilized: { form: 'sterilized', api: ['isSterilized', 'neutered'] },
  microchip: { form: 'microchip', api: ['microChipId', 'microchipId', 'chip'] },
  bloodType: { form: 'bloodType', api: ['bloodType'] },
  ownerName: { form: 'ownerName', api: ['ownerNameForVet', 'owner'] },
  ownerPhone: { form: 'ownerPhone', api: ['ownerPhoneForVet', 'phone'] },
  ownerEmail: { form: 'ownerEmail', api: ['ownerEmailForVet', 'email'] },
};

/** The short headers a clinic's own file may use for a field ("Nombre", "Dueño", "Teléfono"), in every language. */
function shortHeadersOf(field: ImportField): string[] {
  return LANGUAGES.flatMap((l) => {
    const key = `portal:importHeaderWords.${field}`;
    const listed = serverMessage(key, l.code);
    return listed === key ? [] : listed.split(',').map(foldWord);
  }).filter((w) => w !== '');
}

let headerIndex: Map<string, ImportField> | null = null;

/** The field a file's header names, in any shipped language, or null. */
export function fieldOfHeader(header: string): ImportField | null {
  if (!headerIndex) {
    const index = new Map<string, ImportField>();
    for (const field of IMPORT_FIELDS) {
      const { form, api } = HEADER_KEYS[field];
      const keys = [`portal:exportColumns.${field}`, ...(form ? [`portal:pets.form.${form}`] : [])];
      for (const word of [...wordsInEveryLanguage(keys), ...shortHeadersOf(field), ...api.map(foldWord)])
        if (!index.has(word)) index.set(word, field);
    }
    headerIndex = index;
  }
  return headerIndex.get(foldWord(header)) ?? null;
}

/** Each folded word of `keys` (in every language) read as `value`. */
function choices<T>(entries: [keys: string[], extra: string[], value: T][]): Map<string, T> {
  const map = new Map<string, T>();
  for (const [keys, extra, value] of entries)
    for (const word of [...wordsInEveryLanguage(keys), ...extra.map(foldWord)])
      if (!map.has(word)) map.set(word, value);
  return map;
}

let genderWords: Map<string, number> | null = null;
let yesNoWords: Map<string, boolean | null> | null = null;

/** A gender written in any shipped language (or M / F, 1 / 2): its id, undefined when not one. */
export function genderOf(value: string): number | undefined {
  genderWords ??= choices([
    [['portal:pets.form.male'], ['m', 'male', String(GENDER_MALE)], GENDER_MALE],
    [['portal:pets.form.female'], ['f', 'female', String(GENDER_FEMALE)], GENDER_FEMALE],
  ]);
  return genderWords.get(foldWord(value));
}

/** Sterilized yes / no / unknown in any shipped language (or true / false, 1 / 0): undefined when none of them. */
export function yesNoOf(value: string): boolean | null | undefined {
  yesNoWords ??= choices<boolean | null>([
    [['portal:pets.form.yes'], ['true', '1', 'y'], true],
    [['portal:pets.form.no'], ['false', '0', 'n'], false],
    [['portal:pets.form.unknown'], [''], null],
  ]);
  return yesNoWords.get(foldWord(value));
}

/** Pet types and breeds by their titles in any shipped language (and their stored titles), read once per import. */
export interface ReferenceTitles {
  /** the type's id by its folded title */
  typeId(title: string): number | undefined;
  /** the breed's id of a type by its folded title in any language (the type's "Unknown" is a breed of its own) */
  breedId(typeId: number, title: string): number | undefined;
  /** stored (English) titles, as history entries show them */
  typeTitle(id: number): string;
  breedTitle(id: number): string;
}

export async function loadReferenceTitles(db: Db): Promise<ReferenceTitles> {
  const [types, breeds] = await Promise.all([
    db.select({ id: petTypes.id, title: petTypes.title }).from(petTypes),
    db
      .select({ id: petBreeds.id, petTypeId: petBreeds.petTypeId, title: petBreeds.title })
      .from(petBreeds)
      .orderBy(petBreeds.petTypeId, petBreeds.id),
  ]);
  const titles = LANGUAGES.map((l) => dataTitlesIn(l.code));
  const typeIds = new Map<string, number>();
  for (const type of types)
    for (const title of [type.title, ...titles.map((t) => t.petType(type.id, type.title))])
      if (!typeIds.has(foldWord(title))) typeIds.set(foldWord(title), type.id);
  const breedIds = new Map<string, number>();
  for (const breed of breeds) {
    for (const title of [breed.title, ...titles.map((t) => t.breed(breed.id, breed.title))]) {
      const key = `${breed.petTypeId}\n${foldWord(title)}`;
      if (!breedIds.has(key)) breedIds.set(key, breed.id);
    }
  }
  const typeTitles = new Map(types.map((t) => [t.id, t.title]));
  const breedTitles = new Map(breeds.map((b) => [b.id, b.title]));
  return {
    typeId: (title) => typeIds.get(foldWord(title)),
    breedId: (typeId, title) => {
      return breedIds.get(`${typeId}\n${foldWord(title)}`);
    },
    typeTitle: (id) => typeTitles.get(id) ?? '',
    breedTitle: (id) => breedTitles.get(id) ?? '',
  };
}
