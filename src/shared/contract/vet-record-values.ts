/**
 * The values of the clinic's record-keeping contract (vet-records.ts) that the browser uses. They live
 * apart from the schemas so that importing them does not load TypeBox into the browser's bundle (the
 * schemas are built when their module loads, so a bundler cannot leave them out; eslint.config.js).
 */

/**
 * The request header in which the portal names the staff user selected in its user selector on
 * every write (lower case, as Node gives headers): the history names that user (docs/decisions/0097).
 */
export const ACTING_USER_HEADER = 'x-vet-user-id';

/** The fields of a history entry holding an ISO date (shown as a date). */
export const HISTORY_DATE_FIELDS: readonly string[] = ['dob', 'visitDate', 'date', 'nextReminderDate', 'until'];

/** A history value an owner's erasure replaced: the entry stays and says the value was erased (issue 32, item 7). */
export const ERASED_HISTORY_VALUE = '[erased]';

/** What EraseVetOwner does with the owner's pets: kept as patients without contact data, or deleted (decision 0182). */
export const ERASE_PETS_CHOICES = ['keep', 'delete'] as const;
export type ErasePetsChoice = (typeof ERASE_PETS_CHOICES)[number];

/** The history's name of the server's schedule of reminder notices (issue 33: its entries have no staff user). */
export const REMINDER_SCHEDULE_ACTOR = '@reminder-schedule';
