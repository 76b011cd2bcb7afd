/**
 * The New Visit and Edit Visit forms (SPEC.md §4 and §5), shared by the client and the server's
 * CreateVetVisit / SaveVetVisit. Messages are i18n keys of the `portal` namespace; the English
 * texts are in VISIT_FORM_MESSAGES_EN (the server answers those).
 *
 * Save flow, on both sides: `visitPayloadSchema` then `normaliseVisitPayload()`, which drops what
 * SPEC.md §5 says is not sent (blank weight, rows without a title, deleted rows, new pictures
 * deleted before saving) and fills row dates from the visit date; the server reads the request with
 * `saveVisitForm` (schema, normaliser and checkNormalisedVisit), which also gives the API docs the body.
 */
import * as yup from 'yup';
import { ANTIPARASITIC_CHOICES, MAX_UPLOAD_FILES, VACCINATION_CHOICES } from '#shared/constants';
import { isRealIsoDate } from '#shared/forms/pet-form';
import { payloadForm } from '#shared/forms/payload-form';
import { isAcceptableText } from '#shared/contract/input-rules';

export const VISIT_FORM_MAX = {
  notes: 10_000,
  title: 200,
  consultationNotes: 10_000,
  pictureNotes: 2_000,
  unitTitle: 50,
  rows: 50,
  /** SPEC.md §5: one weight (with a value and a unit) or none */
  weightRows: 1,
  pictures: 100,
  /** largest weight accepted, whatever the unit (a draught horse in pounds stays below it) */
  weight: 5_000,
} as const;

/** English text of every message key of these schemas (same as locales/en/portal.json). */
export const VISIT_FORM_MESSAGES_EN = {
  'validation.visitPetAndDateRequired': 'Please select a pet and a visit date',
  'validation.visitDateInvalid': 'The visit date is not a valid date',
  'validation.vetUserRequired': 'Please select a vet user',
  'validation.recordDateInvalid': 'A record date is not a valid date',
  'validation.reminderDateInvalid': 'The next reminder date is not a valid date',
  'validation.weightInvalid': `Weight must be a number greater than 0 and at most ${VISIT_FORM_MAX.weight}`,
  'validation.vaccinationUnknown': 'Please choose a vaccination from the list',
  'validation.antiparasiticUnknown': 'Please choose an antiparasitic from the list',
  'validation.tooManyRows': 'Too many rows in this visit',
  'validation.pictureFileMissing': 'A new picture has no image file',
  'validation.tooLong': 'This value is too long',
  'validation.invalidValue': 'This value is not valid',
} as const;
export type VisitFormMessageKey = keyof typeof VISIT_FORM_MESSAGES_EN;

/** English text of a message key (unknown keys are returned as they are). */
export function visitFormMessageEn(key: string): string {
  return key in VISIT_FORM_MESSAGES_EN ? VISIT_FORM_MESSAGES_EN[key as VisitFormMessageKey] : key;
}

/** yup's own trim() throws on a value that is not a string (an array): this one leaves it to the type check. */
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** '' , null and undefined mean "not given" for ids and dates coming from form controls. */
const blankToUndefined = (v: unknown, original: unknown) => (original === '' || original === null ? undefined : v);

const id = (key: VisitFormMessageKey) =>
  yup.number().transform(blankToUndefined).typeError(key).integer(key).min(1, key).max(2147483647, key);

const requiredDate = (requiredKey: VisitFormMessageKey, invalidKey: VisitFormMessageKey) =>
  yup
    .string()
    .typeError(invalidKey)
    .transform(trimmed)
    .required(requiredKey)
    .test('real-date', invalidKey, (v) => v === undefined || isRealIsoDate(v));

/** A row date: optional ('' or null = the visit date). */
const optionalDate = (key: VisitFormMessageKey) =>
  yup
    .string()
    .typeError(key)
    .transform(trimmed)
    .transform((v: unknown, original: unknown) => (original === null || original === '' ? undefined : v))
    .test('real-date', key, (v) => v === undefined || isRealIsoDate(v));

/** null or '' = no reminder. */
const reminderDate = () =>
  yup
    .string()
    .typeError('validation.reminderDateInvalid')
    .transform(trimmed)
    .transform((v: unknown, original: unknown) => (original === '' ? null : v))
    .nullable()
    .default(null)
    .test('real-date', 'validation.reminderDateInvalid', (v) => v === null || v === undefined || isRealIsoDate(v));

const text = (max: number) =>
  yup
    .string()
    .typeError('validation.invalidValue')
    .transform((v: unknown, original: unknown) => (original === null || original === undefined ? '' : v))
    .transform(trimmed)
    .max(max, 'validation.tooLong')
    // The shared text rule (PostgreSQL text cannot hold NUL characters).
    .test('text-rule', 'validation.invalidValue', (v) => isAcceptableText(v))
    .default('');

/**
 * A stored record's ID, sent back with its row so the save updates that record in place (issue 20); missing for a new
 * row.
 */
const recordId = () => id('validation.invalidValue').optional();

/** The version a pet or visit was read at (missing: an older client, saved as before). */
const versionField = () => id('validation.invalidValue').optional();

const flag = () => yup.boolean().typeError('validation.invalidValue').transform(blankToUndefined).default(false);

/** Parses a weight as typed ("4.5", "4,5", 4.5); NaN when it is not a number. */
export function parseWeight(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const t = value.trim().replace(',', '.');
  return /^\d+(\.\d+)?$|^\.\d+$/.test(t) ? Number(t) : Number.NaN;
}

function isBlankWeight(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

const weightRow = yup.object({
  id: recordId(),
  recordValue: yup
    .mixed<number | string>()
    .nullable()
    .test(
      'type',
      'validation.weightInvalid',
      (v) => isBlankWeight(v) || typeof v === 'number' || typeof v === 'string',
    ),
  date: optionalDate('validation.recordDateInvalid'),
  unitOfMeasureId: id('validation.invalidValue').nullable().default(null),
  unitOfMeasure: text(VISIT_FORM_MAX.unitTitle),
});

/**
 * A vaccination's or antiparasitic's next reminder: null or '' = no reminder; missing = the clinic's protocol
 * decides (issue 33, docs/decisions/0170).
 */
const protocolReminderDate = () =>
  yup
    .string()
    .typeError('validation.reminderDateInvalid')
    .transform(trimmed)
    .transform((v: unknown, original: unknown) => (original === '' ? null : v))
    .nullable()
    .test('real-date', 'validation.reminderDateInvalid', (v) => v === null || v === undefined || isRealIsoDate(v));

function reminderRow(choices: readonly string[], unknownKey: VisitFormMessageKey) {
  return yup.object({
    id: recordId(),
    title: text(VISIT_FORM_MAX.title).test('choice', unknownKey, function check(v) {
      const row = this.parent as { isDeleted?: boolean };
      return !v || row.isDeleted === true || choices.includes(v);
    }),
    date: optionalDate('validation.recordDateInvalid'),
    nextReminderDate: protocolReminderDate(),
    isDeleted: flag(),
  });
}

const consultationRow = yup.object({
  id: recordId(),
  title: text(VISIT_FORM_MAX.title),
  notes: text(VISIT_FORM_MAX.consultationNotes),
  date: optionalDate('validation.recordDateInvalid'),
  nextReminderDate: reminderDate(),
  isDeleted: flag(),
});

/** An existing picture (id > 0: its record ID) or a new one (id <= 0, file `imageFile` number fileIndex). */
const pictureRow = yup.object({
  id: yup
    .number()
    .typeError('validation.invalidValue')
    .required('validation.invalidValue')
    .integer('validation.invalidValue')
    .min(-2147483647, 'validation.invalidValue')
    .max(2147483647, 'validation.invalidValue'),
  notes: text(VISIT_FORM_MAX.pictureNotes),
  isDeleted: flag(),
  fileIndex: yup
    .number()
    .transform(blankToUndefined)
    .typeError('validation.invalidValue')
    .integer('validation.invalidValue')
    .min(0, 'validation.invalidValue')
    .max(MAX_UPLOAD_FILES - 1, 'validation.tooManyRows'),
});

const rows = <T extends yup.AnyObject>(row: yup.ObjectSchema<T>, max: number) =>
  yup.array(row).typeError('validation.invalidValue').max(max, 'validation.tooManyRows').default([]);

/** The SaveVetVisit payload (the `json` part) as the form produces it. */
export const visitPayloadSchema = yup.object({
  petId: id('validation.visitPetAndDateRequired').required('validation.visitPetAndDateRequired'),
  vetVisitId: id('validation.invalidValue').required('validation.invalidValue'),
  /** visit.Version of GetVetVisitDetails; missing: saved without the check (older clients) */
  version: versionField(),
  /** null or missing: keep the visit's vet user */
  vetUserId: id('validation.vetUserRequired').nullable().default(null),
  visitDate: requiredDate('validation.visitPetAndDateRequired', 'validation.visitDateInvalid'),
  notes: text(VISIT_FORM_MAX.notes),
  /** the "Visit completed" switch; missing: keep the visit's state */
  isFinished: yup.boolean().typeError('validation.invalidValue').transform(blankToUndefined),
  weight: rows(weightRow, VISIT_FORM_MAX.weightRows),
  vaccinations: rows(reminderRow(VACCINATION_CHOICES, 'validation.vaccinationUnknown'), VISIT_FORM_MAX.rows),
  antiparasitics: rows(reminderRow(ANTIPARASITIC_CHOICES, 'validation.antiparasiticUnknown'), VISIT_FORM_MAX.rows),
  consultations: rows(consultationRow, VISIT_FORM_MAX.rows),
  pictures: rows(pictureRow, VISIT_FORM_MAX.pictures).test('new-pictures', 'validation.tooManyRows', (list) => {
    const added = (list ?? []).filter((p) => p.id <= 0 && !p.isDeleted);
    return added.length <= MAX_UPLOAD_FILES;
  }),
});

/** The payload as the form may hold it (before validation). */
export type VisitPayloadInput = yup.InferType<typeof visitPayloadSchema>;

interface RowLike {
  id?: number | null;
  title?: string | null;
  date?: string | null;
  nextReminderDate?: string | null;
  isDeleted?: boolean | null;
}

function keepRow(row: RowLike): boolean {
  return !row.isDeleted && typeof row.title === 'string' && row.title.trim() !== '';
}

/** `{ id }` for a row of a stored record, nothing for a new one. */
function withId(id: number | null | undefined): { id?: number } {
  return typeof id === 'number' ? { id } : {};
}

function rowDate(date: string | null | undefined, visitDate: string): string {
  return typeof date === 'string' && date.trim() !== '' ? date.trim() : visitDate;
}

/**
 * The drops of SPEC.md §5: weight only with a non-blank value and a unit (value parsed as a
 * number); vaccination, antiparasitic and consultation rows only with a title and not deleted;
 * new pictures deleted before saving left out. Row dates default to the visit date. New pictures
 * without a fileIndex take the next file in order. Pure: the input is not changed.
 */
export function normaliseVisitPayload(input: VisitPayloadInput) {
  const visitDate = input.visitDate.trim();
  const weight = (input.weight ?? [])
    .filter((w) => !isBlankWeight(w.recordValue) && typeof w.unitOfMeasureId === 'number')
    .map((w) => ({
      ...withId(w.id),
      recordValue: parseWeight(w.recordValue),
      date: rowDate(w.date, visitDate),
      unitOfMeasureId: w.unitOfMeasureId as number,
      unitOfMeasure: w.unitOfMeasure ?? '',
    }));
  // a missing next reminder stays missing: the server's protocol fills it (issue 33)
  const reminderRows = (list: RowLike[] | undefined) =>
    (list ?? []).filter(keepRow).map((r) => ({
      ...withId(r.id),
      title: (r.title as string).trim(),
      date: rowDate(r.date, visitDate),
      ...(r.nextReminderDate === undefined ? {} : { nextReminderDate: r.nextReminderDate }),
    }));
  return {
    petId: input.petId,
    vetVisitId: input.vetVisitId,
    ...(typeof input.version === 'number' ? { version: input.version } : {}),
    vetUserId: input.vetUserId ?? null,
    visitDate,
    notes: input.notes ?? '',
    ...(typeof input.isFinished === 'boolean' ? { isFinished: input.isFinished } : {}),
    weight,
    vaccinations: reminderRows(input.vaccinations),
    antiparasitics: reminderRows(input.antiparasitics),
    consultations: (input.consultations ?? []).filter(keepRow).map((c) => ({
      ...withId(c.id),
      title: c.title.trim(),
      notes: c.notes ?? '',
      date: rowDate(c.date, visitDate),
      nextReminderDate: c.nextReminderDate ?? null,
    })),
    pictures: picturesWithFiles(input.pictures ?? []),
  };
}

/**
 * The SaveVetVisit payload as it is sent and saved: what normaliseVisitPayload makes of the form
 * (derived, so the schema above stays its one definition).
 */
export type NormalisedVisitPayload = ReturnType<typeof normaliseVisitPayload>;

/** A kept existing picture (no file) or a new one, saved from the `imageFile` part number fileIndex. */
type PictureWithFile =
  | { id: number; notes: string; isDeleted: boolean; fileIndex?: undefined }
  | { id: number; notes: string; isDeleted: false; fileIndex: number };

/**
 * The picture-to-file rule, its one place: an existing picture (id > 0) has no file; a new one
 * (id <= 0) deleted before saving is left out; a kept new one reads the `imageFile` part number
 * fileIndex, by default the part after the previous new picture's (0 for the first).
 */
function picturesWithFiles(list: VisitPayloadInput['pictures']): PictureWithFile[] {
  let nextFile = 0;
  const pictures: PictureWithFile[] = [];
  for (const p of list) {
    if (p.id > 0) {
      pictures.push({ id: p.id, notes: p.notes ?? '', isDeleted: p.isDeleted === true });
    } else if (!p.isDeleted) {
      const fileIndex = typeof p.fileIndex === 'number' ? p.fileIndex : nextFile;
      nextFile = fileIndex + 1;
      pictures.push({ id: p.id, notes: p.notes ?? '', isDeleted: false, fileIndex });
    }
  }
  return pictures;
}

/** The `imageFile` parts a payload saves, in ascending order (each part once). */
export function newPictureFileIndexes(payload: NormalisedVisitPayload): number[] {
  const indexes = payload.pictures.flatMap((p) => (p.fileIndex === undefined ? [] : [p.fileIndex]));
  return [...new Set(indexes)].sort((a, b) => a - b);
}

/**
 * Rules that only hold for what is kept: the kept weight parses to a number in (0, max];
 * new pictures name distinct files. Returns a message key, or null when all is well.
 */
function checkNormalisedVisit(payload: NormalisedVisitPayload): VisitFormMessageKey | null {
  for (const w of payload.weight) {
    if (!Number.isFinite(w.recordValue) || w.recordValue <= 0 || w.recordValue > VISIT_FORM_MAX.weight) {
      return 'validation.weightInvalid';
    }
  }
  const files = payload.pictures.filter((p) => p.fileIndex !== undefined);
  if (newPictureFileIndexes(payload).length !== files.length) return 'validation.invalidValue';
  return null;
}

/** SaveVetVisit's `json` part: the schema, then the normaliser and the rules on what is kept. */
export const saveVisitForm = payloadForm(visitPayloadSchema, (values): NormalisedVisitPayload => {
  const normalised = normaliseVisitPayload(values);
  const problem = checkNormalisedVisit(normalised);
  if (problem) throw new yup.ValidationError(problem);
  return normalised;
});

/** The New Visit form / CreateVetVisit body. */
export const createVisitSchema = yup.object({
  petId: id('validation.visitPetAndDateRequired').required('validation.visitPetAndDateRequired'),
  visitDate: requiredDate('validation.visitPetAndDateRequired', 'validation.visitDateInvalid'),
  vetUserId: id('validation.vetUserRequired').required('validation.vetUserRequired'),
});
export type CreateVisitValues = yup.InferType<typeof createVisitSchema>;

/** The CreateVetVisit body. */
export const createVisitForm = payloadForm(createVisitSchema);
