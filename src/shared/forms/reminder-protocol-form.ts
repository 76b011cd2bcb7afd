/**
 * SaveReminderProtocol's body (issue 33, docs/decisions/0170), read by this one schema on the server (readForm):
 * yup keeps a null apart from 0 (the API's JSON validator coerces one into the other), and "any" is null.
 */
import * as yup from 'yup';
import { ANTIPARASITIC_CHOICES, VACCINATION_CHOICES } from '#shared/constants';
import { optionalId } from '#shared/forms/pet-form';
import { payloadForm } from '#shared/forms/payload-form';

/** The longest age a protocol names (30 years) and the longest interval (10 years). */
const PROTOCOL_LIMITS = { ageWeeks: 1_560, intervalDays: 3_650 } as const;

const PROTOCOL_TITLES = [...VACCINATION_CHOICES, ...ANTIPARASITIC_CHOICES];
type ProtocolTitle = (typeof PROTOCOL_TITLES)[number];

const whole = (min: number, max: number) =>
  yup
    .number()
    .typeError('validation.invalidValue')
    .integer('validation.invalidValue')
    .min(min, 'validation.invalidValue')
    .max(max, 'validation.invalidValue');

/** null (or missing): no bound. */
const ageWeeks = () => whole(0, PROTOCOL_LIMITS.ageWeeks).nullable().default(null);

const reminderProtocolSchema = yup.object({
  /** missing: a new protocol */
  id: optionalId,
  /** the version the form read (a Pawtal addition); missing: saved without the check */
  version: whole(1, 2147483647).optional(),
  title: yup
    .mixed<ProtocolTitle>()
    .oneOf(PROTOCOL_TITLES, 'validation.invalidValue')
    .required('validation.invalidValue'),
  /** null: any pet type */
  petTypeId: optionalId,
  minAgeWeeks: ageWeeks(),
  maxAgeWeeks: ageWeeks(),
  intervalDays: whole(1, PROTOCOL_LIMITS.intervalDays).required('validation.invalidValue'),
});

export type ReminderProtocolValues = yup.InferType<typeof reminderProtocolSchema>;

/** SaveReminderProtocol's JSON body. */
export const saveReminderProtocolForm = payloadForm(reminderProtocolSchema);
