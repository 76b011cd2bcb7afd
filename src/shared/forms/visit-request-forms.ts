/**
 * Issue 33, item 5: the owner's booking form (/BookVisit: RequestVisit's body) and the clinic's answer
 * (AnswerVisitRequest's body), each one schema for the page and the server. Messages are keys of the `account`
 * namespace (the page reads them there too).
 */
import * as yup from 'yup';
import { isRealIsoDate, optionalText } from '#shared/forms/pet-form';
import { payloadForm } from '#shared/forms/payload-form';

const PARTS_OF_DAY = ['morning', 'afternoon', 'any'] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];
export const VISIT_REQUEST_LIMITS = { days: 3, note: 1000, message: 1000, daysAhead: 365 } as const;

const day = yup
  .string()
  .typeError('account:booking.dayInvalid')
  .required('account:booking.dayInvalid')
  .matches(/^\d{4}-\d{2}-\d{2}$/, 'account:booking.dayInvalid')
  .test('real', 'account:booking.dayInvalid', (v) => isRealIsoDate(v));

const requestVisitSchema = yup.object({
  token: yup.string().typeError('account:booking.badLink').required('account:booking.badLink').max(200),
  preferredDays: yup
    .array(day)
    .typeError('account:booking.daysRequired')
    .required('account:booking.daysRequired')
    .min(1, 'account:booking.daysRequired')
    .max(VISIT_REQUEST_LIMITS.days, 'account:booking.daysTooMany')
    .test('distinct', 'account:booking.daysTooMany', (v) => new Set(v).size === v.length),
  partOfDay: yup
    .mixed<PartOfDay>()
    .oneOf(PARTS_OF_DAY, 'account:booking.partOfDayInvalid')
    .required('account:booking.partOfDayInvalid'),
  note: optionalText(VISIT_REQUEST_LIMITS.note),
});

export type RequestVisitValues = yup.InferType<typeof requestVisitSchema>;

/** RequestVisit's JSON body; the days ascending. */
export const requestVisitForm = payloadForm(requestVisitSchema, (values) => ({
  ...values,
  preferredDays: [...values.preferredDays].sort(),
}));

const answerVisitRequestSchema = yup.object({
  requestId: yup
    .number()
    .typeError('validation.invalidValue')
    .integer('validation.invalidValue')
    .min(1, 'validation.invalidValue')
    .max(2147483647, 'validation.invalidValue')
    .required('validation.invalidValue'),
  /** `version` of GetVisitRequests; missing: answered without the check */
  version: yup
    .number()
    .typeError('validation.invalidValue')
    .integer('validation.invalidValue')
    .min(1, 'validation.invalidValue')
    .max(2147483647, 'validation.invalidValue')
    .optional(),
  decline: yup.boolean().typeError('validation.invalidValue').default(false),
  /** the day of the visit (accepting); ignored when declining */
  visitDate: yup
    .string()
    .typeError('account:booking.dayInvalid')
    .when('decline', ([decline]: unknown[], s: yup.StringSchema) =>
      decline === true
        ? s.optional()
        : s.required('account:booking.dayInvalid').test('real', 'account:booking.dayInvalid', (v) => isRealIsoDate(v)),
    ),
  /** to the owner, with either answer: their e-mail carries it as written */
  message: optionalText(VISIT_REQUEST_LIMITS.message),
});

export type AnswerVisitRequestValues = yup.InferType<typeof answerVisitRequestSchema>;

/** AnswerVisitRequest's JSON body: `{ requestId, visitDate, message? }` or `{ requestId, decline: true, message? }`. */
export const answerVisitRequestForm = payloadForm(answerVisitRequestSchema);
