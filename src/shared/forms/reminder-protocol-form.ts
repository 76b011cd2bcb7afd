/**
 * SaveReminderProtocol's and SaveReminderSchedule's bodies (issue 33, docs/decisions/0170), each read by its one schema on
 * the server (readForm):
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

/**
 * At most this many notices per reminder, each at most a year before or after the due date (the texts
 * `validation.tooManyNotices` and `reminderSettings.stagesFull` name the 6).
 */
export const SCHEDULE_LIMITS = { stages: 6, days: 365 } as const;

/** Whether `zone` is a time zone this runtime knows (IANA names, e.g. "Europe/Madrid"). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const reminderScheduleSchema = yup.object({
  /** the version GetReminderSchedule answered (0: never saved); missing: saved without the check */
  version: whole(0, 2147483647).optional(),
  enabled: yup.boolean().typeError('validation.invalidValue').required('validation.invalidValue'),
  /** days relative to the due date, each once */
  stages: yup
    .array(whole(-SCHEDULE_LIMITS.days, SCHEDULE_LIMITS.days).required('validation.invalidValue'))
    .typeError('validation.invalidValue')
    .required('validation.invalidValue')
    .min(1, 'validation.invalidValue')
    .max(SCHEDULE_LIMITS.stages, 'validation.tooManyNotices')
    .test('distinct', 'validation.invalidValue', (v) => new Set(v).size === v.length),
  sendHour: whole(0, 23).required('validation.invalidValue'),
  timeZone: yup
    .string()
    .typeError('validation.invalidValue')
    .required('validation.invalidValue')
    .max(64, 'validation.invalidValue')
    .test('zone', 'validation.invalidValue', (v) => isTimeZone(v)),
});

export type ReminderScheduleValues = yup.InferType<typeof reminderScheduleSchema>;

/** SaveReminderSchedule's JSON body; the stages are kept in ascending order. */
export const saveReminderScheduleForm = payloadForm(reminderScheduleSchema, (values) => ({
  ...values,
  stages: [...values.stages].sort((a, b) => a - b),
}));
