/** The import's fields and limits (issue 32 item 6), without schemas: the browser takes them from here. */
/**
 * The fields a file's column can fill, named as the export's columns are (locales/<lang>/portal.json,
 * `exportColumns`); the pet form's rules check them (src/shared/forms/pet-form.ts).
 */
export const IMPORT_FIELDS = [
  'petName',
  'petType',
  'breed',
  'gender',
  'dob',
  'sterilized',
  'microchip',
  'bloodType',
  'ownerName',
  'ownerPhone',
  'ownerEmail',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The largest file an import reads, and its most rows (a header aside). */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
