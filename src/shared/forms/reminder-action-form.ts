/**
 * UpdateVetReminder's body (issue 33, item 3; docs/decisions/0188), read by its one schema on the server (readForm):
 * a reminder marked done, snoozed until a day (required then) or reopened. That `until` lies after today is the
 * server's check (its clock), answered as a message.
 */
import * as yup from 'yup';
import { isRealIsoDate } from '#shared/forms/pet-form';
import { payloadForm } from '#shared/forms/payload-form';

const REMINDER_ACTIONS = ['done', 'snooze', 'reopen'] as const;
export type ReminderAction = (typeof REMINDER_ACTIONS)[number];

const reminderActionSchema = yup.object({
  /** the reminder's id: its wellness record's (GetVetReminders' `id`) */
  reminderId: yup
    .number()
    .typeError('validation.invalidValue')
    .integer('validation.invalidValue')
    .min(1, 'validation.invalidValue')
    .max(2147483647, 'validation.invalidValue')
    .required('validation.invalidValue'),
  action: yup
    .mixed<ReminderAction>()
    .oneOf(REMINDER_ACTIONS, 'validation.reminderActionUnknown')
    .required('validation.reminderActionUnknown'),
  /** snooze: the last day it stays snoozed (yyyy-mm-dd); ignored otherwise */
  until: yup
    .string()
    .nullable()
    .default(null)
    .when('action', {
      is: 'snooze',
      then: (s) =>
        s
          .typeError('validation.snoozeUntilRequired')
          .required('validation.snoozeUntilRequired')
          .test('date', 'validation.snoozeUntilRequired', (v) => typeof v === 'string' && isRealIsoDate(v)),
    }),
  /** the reminder's `reminderVersion` the card showed (a Pawtal check); missing: saved without the check */
  version: yup
    .number()
    .typeError('validation.invalidValue')
    .integer('validation.invalidValue')
    .min(0, 'validation.invalidValue')
    .max(2147483647, 'validation.invalidValue')
    .optional(),
});

export type ReminderActionValues = yup.InferType<typeof reminderActionSchema>;

/** UpdateVetReminder's JSON body; `until` is kept only for a snooze. */
export const updateReminderForm = payloadForm(reminderActionSchema, (values) => ({
  ...values,
  until: values.action === 'snooze' ? values.until : null,
}));
