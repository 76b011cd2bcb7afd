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
