/**
 * The public forms of lost and found (issue 34), shared by the pages' forms and the server's ReportFoundPet,
 * ContactOwner, ContactFinder, TellLostPetOwner and SubscribeLostPetAlerts (readForm). Messages are keys of the
 * `found` namespace, namespace included, so the server answers them in the request's language.
 */
import * as yup from 'yup';
import { isAcceptableText } from '#shared/contract/input-rules';
import { DELIVERABLE_ADDRESS, EMAIL_ADDRESS_MAX } from '#shared/email-address';
import {
  ALERT_RADIUS_MAX_KM,
  ALERT_RADIUS_MIN_KM,
  FOUND_COLORS,
  FOUND_NOTE_MAX,
  FOUND_REPORT_DAYS,
  FOUND_SIZES,
  RELAY_MESSAGE_MAX,
  type FoundColor,
  type FoundSize,
} from '#shared/found-pets';
import { payloadForm } from '#shared/forms/payload-form';
import { isRealIsoDate, latestTodayIso } from '#shared/forms/pet-form';

const INVALID = 'found:validation.invalidValue';
const TOO_LONG = 'found:validation.tooLong';
/** Colours a report may name at most (a coat is rarely more than three). */
const FOUND_COLORS_MAX = 3;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
/** '' and null count as not given (a cleared number field). */
const emptyAsUndefined = (v: unknown, original: unknown) => (original === '' || original === null ? undefined : v);

const requiredId = (key: string) =>
  yup.number().transform(emptyAsUndefined).typeError(key).required(key).integer(key).min(1, key).max(2147483647, key);

/** The finder's, sender's or subscriber's address; `required` says what it is needed for. */
const email = (required = 'found:validation.emailNeeded') =>
  yup
    .string()
    .typeError('found:validation.emailInvalid')
    .transform(trimmed)
    .required(required)
    .max(EMAIL_ADDRESS_MAX, 'found:validation.emailInvalid')
    .matches(DELIVERABLE_ADDRESS, 'found:validation.emailInvalid');

const text = (max: number) =>
  yup
    .string()
    .typeError(INVALID)
    .transform((v: unknown) => (v === null || v === undefined ? '' : trimmed(v)))
    .max(max, TOO_LONG)
    .test('text-rule', INVALID, (v) => isAcceptableText(v))
    .default('');

/** A place: both coordinates, in range, not 0,0 (what a browser sends when it has no position). */
const coordinate = (limit: number, missing: string) =>
  yup
    .number()
    .transform(emptyAsUndefined)
    .typeError(missing)
    .required(missing)
    .min(-limit, missing)
    .max(limit, missing);
/** `missing`: what a form says when the place is not given (where the pet was found, where the alerts are about). */
const placeFields = (missing = 'found:validation.placeRequired') => ({
  latitude: coordinate(90, missing),
  longitude: coordinate(180, missing),
});
const notNullIsland = (v: { latitude?: number; longitude?: number }) => !(v.latitude === 0 && v.longitude === 0);

/** The earliest found date a new report may give: FOUND_REPORT_DAYS before the latest today on Earth. */
function earliestFoundDate(now: Date = new Date()): string {
  return new Date(Date.parse(latestTodayIso(now)) - FOUND_REPORT_DAYS * 86_400_000).toISOString().slice(0, 10);
}

const foundReportSchema = yup
  .object({
    petTypeId: requiredId('found:validation.petTypeRequired'),
    /** the finder's breed guess; null: they cannot tell */
    petBreedId: yup
      .number()
      .transform(emptyAsUndefined)
      .typeError(INVALID)
      .integer(INVALID)
      .min(1, INVALID)
      .max(2147483647, INVALID)
      .nullable()
      .default(null),
    colors: yup
      .array(
        yup
          .mixed<FoundColor>()
          .oneOf([...FOUND_COLORS], INVALID)
          .defined(INVALID),
      )
      .typeError(INVALID)
      .required('found:validation.colorsRequired')
      .min(1, 'found:validation.colorsRequired')
      .max(FOUND_COLORS_MAX, 'found:validation.colorsTooMany')
      .test('distinct', INVALID, (v) => !v || new Set(v).size === v.length),
    size: yup
      .mixed<FoundSize>()
      .oneOf([...FOUND_SIZES], 'found:validation.sizeRequired')
      .required('found:validation.sizeRequired'),
    ...placeFields(),
    foundDate: yup
      .string()
      .typeError('found:validation.foundDateRequired')
      .transform(trimmed)
      .required('found:validation.foundDateRequired')
      .test('real-date', 'found:validation.foundDateInvalid', (v) => v === undefined || isRealIsoDate(v))
      .test('not-future', 'found:validation.foundDateFuture', (v) => !v || v <= latestTodayIso())
      .test('recent', 'found:validation.foundDateTooOld', (v) => !v || v >= earliestFoundDate()),
    note: text(FOUND_NOTE_MAX),
    email: email('found:validation.emailRequired'),
  })
  .test('place', 'found:validation.placeRequired', notNullIsland);

export type FoundReportValues = yup.InferType<typeof foundReportSchema>;
/** ReportFoundPet's `json` part (with one to three `imageFile` parts). */
export const foundReportForm = payloadForm(foundReportSchema);

const messageFields = {
  message: yup
    .string()
    .typeError(INVALID)
    .transform(trimmed)
    .required('found:validation.messageRequired')
    .max(RELAY_MESSAGE_MAX, TOO_LONG)
    .test('text-rule', INVALID, (v) => isAcceptableText(v)),
  email: email(),
};

/** ContactOwner: a lost pet named by its public ID or its id (either). */
export const contactOwnerForm = payloadForm(
  yup
    .object({
      publicId: yup.string().typeError(INVALID).transform(trimmed).max(64, INVALID).default(''),
      petProfileId: yup.number().transform(emptyAsUndefined).typeError(INVALID).integer(INVALID).min(1, INVALID),
      ...messageFields,
    })
    .test('pet', 'found:validation.petRequired', (v) => Boolean(v.publicId) || v.petProfileId !== undefined),
);
export type ContactOwnerValues = yup.InferType<typeof contactOwnerForm.schema>;

export const contactFinderForm = payloadForm(
  yup.object({ foundPetId: requiredId('found:validation.foundPetRequired'), ...messageFields }),
);
export type ContactFinderValues = yup.InferType<typeof contactFinderForm.schema>;

/** The clinic's "Tell the owner" (TellLostPetOwner). */
export const tellOwnerForm = payloadForm(
  yup.object({ petProfileId: requiredId('found:validation.petRequired'), ...messageFields }),
);
export type TellOwnerValues = yup.InferType<typeof tellOwnerForm.schema>;

const alertSubscriptionSchema = yup
  .object({
    email: email(),
    ...placeFields('found:validation.alertPlaceRequired'),
    radiusKm: yup
      .number()
      .transform(emptyAsUndefined)
      .typeError('found:validation.radius')
      .required('found:validation.radius')
      .integer('found:validation.radius')
      .min(ALERT_RADIUS_MIN_KM, 'found:validation.radius')
      .max(ALERT_RADIUS_MAX_KM, 'found:validation.radius'),
    petTypeIds: yup
      .array(requiredId(INVALID).defined(INVALID))
      .typeError(INVALID)
      .required('found:validation.petTypesRequired')
      .min(1, 'found:validation.petTypesRequired')
      .max(20, INVALID),
  })
  .test('place', 'found:validation.alertPlaceRequired', notNullIsland);
export type AlertSubscriptionValues = yup.InferType<typeof alertSubscriptionSchema>;
export const alertSubscriptionForm = payloadForm(alertSubscriptionSchema);
