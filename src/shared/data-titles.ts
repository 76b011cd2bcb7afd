/**
 * Titles of our own reference data in the reader's language (docs/decisions/0105-data-titles-namespace.md):
 * pet types, breeds, wellness categories and record types, units, skills, the vaccination and
 * antiparasitic choices and the provider specialities. Their texts live in locales/<lang>/data.json
 * (namespace `data`) under a stable key: the row's id, or for values stored as text (a vaccination
 * "Rabies", a speciality) the stored English value. Stored values never change with the language.
 *
 * A title the file does not know (a row added to the database after the file, a speciality a
 * provider wrote) is shown as the server sent it.
 */
import { CATEGORY_TYPE_ANTIPARASITIC, CATEGORY_TYPE_VACCINATION } from '#shared/constants';

export const DATA_NAMESPACE = 'data';

/** What the `data` namespace has titles of, and what each is keyed by. */
interface DataTitleKeys {
  petType: number;
  breed: number;
  category: number;
  recordType: number;
  unit: number;
  skill: number;
  vaccination: string;
  antiparasitic: string;
  speciality: string;
}
export type DataKind = keyof DataTitleKeys;

/** The i18next translate function, narrowed to what is used here (a fixed `data` namespace). */
export type DataTranslate = (key: string, options: { defaultValue: string }) => string;

/** i18next reads "." as a key path and ":" as a namespace: text with either is never a key. */
const UNKEYABLE = /[.:]/;

function dataTitleKey<K extends DataKind>(kind: K, key: DataTitleKeys[K]): string {
  return `${kind}.${key}`;
}

/** One data title: the translation of `kind.key`, or `fallback` (the server's title) when there is none. */
function dataTitle<K extends DataKind>(
  t: DataTranslate,
  kind: K,
  key: DataTitleKeys[K] | null | undefined,
  fallback: string,
): string {
  if (key === null || key === undefined || key === '') return fallback;
  if (typeof key === 'string' && (UNKEYABLE.test(key) || key.trim() !== key)) return fallback;
  return t(dataTitleKey(kind, key), { defaultValue: fallback });
}

/**
 * A text value stored under its English key (a vaccination, a speciality): translated when known, as stored otherwise.
 */
function storedValue(t: DataTranslate, kind: 'vaccination' | 'antiparasitic' | 'speciality', value: string): string {
  const trimmed = value.trim();
  return trimmed === '' ? value : dataTitle(t, kind, trimmed, value);
}

/** The data titles of one language, from its `data` translate function (browser hook or server). */
export function dataTitles(t: DataTranslate) {
  return {
    petType: (id: number | null | undefined, fallback: string) => dataTitle(t, 'petType', id, fallback),
    breed: (id: number | null | undefined, fallback: string) => dataTitle(t, 'breed', id, fallback),
    category: (id: number | null | undefined, fallback: string) => dataTitle(t, 'category', id, fallback),
    recordType: (id: number | null | undefined, fallback: string) => dataTitle(t, 'recordType', id, fallback),
    unit: (id: number | null | undefined, fallback: string) => dataTitle(t, 'unit', id, fallback),
    skill: (id: number | null | undefined, fallback: string) => dataTitle(t, 'skill', id, fallback),
    vaccination: (value: string) => storedValue(t, 'vaccination', value),
    antiparasitic: (value: string) => storedValue(t, 'antiparasitic', value),
    speciality: (value: string) => storedValue(t, 'speciality', value),
    /**
     * A record's value as people read it: vaccinations and antiparasitics are stored choices, other values are the
     * clinic's text.
     */
    recordValue: (recordTypeId: number, value: string) =>
      recordTypeId === CATEGORY_TYPE_VACCINATION
        ? storedValue(t, 'vaccination', value)
        : recordTypeId === CATEGORY_TYPE_ANTIPARASITIC
          ? storedValue(t, 'antiparasitic', value)
          : value,
  };
}
export type DataTitles = ReturnType<typeof dataTitles>;
