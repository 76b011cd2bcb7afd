/**
 * The values of found-pet reports that both sides agree on (issue 34): the documented colour names, the sizes,
 * how long a report stays up and the limits of its fields. No TypeBox here: the browser imports these values.
 */

/** The colour names a report may give (`colors`), in the order the form offers them. */
export const FOUND_COLORS = [
  'black',
  'white',
  'grey',
  'brown',
  'tan',
  'golden',
  'cream',
  'red',
  'yellow',
  'green',
  'blue',
] as const;
export type FoundColor = (typeof FOUND_COLORS)[number];

export const FOUND_SIZES = ['small', 'medium', 'large'] as const;
export type FoundSize = (typeof FOUND_SIZES)[number];

/** A report is listed this many days after it is confirmed (or renewed), then it expires. */
export const FOUND_REPORT_DAYS = 60;
/** Photos a report carries: one to three. */
export const FOUND_PHOTOS_MIN = 1;
export const FOUND_PHOTOS_MAX = 3;
export const FOUND_NOTE_MAX = 1000;
/** A relay message's longest text. */
export const RELAY_MESSAGE_MAX = 2000;
/** A sighting's note. */
export const SIGHTING_NOTE_MAX = 280;

/** Lost-pet alerts: the circle's radius in km. */
export const ALERT_RADIUS_MIN_KM = 1;
export const ALERT_RADIUS_MAX_KM = 25;

/** What the finder's link lets them do with their report (ManageFoundPet's `action`). */
export const FOUND_REPORT_ACTIONS = ['reunited', 'withdraw', 'renew'] as const;
export type FoundReportAction = (typeof FOUND_REPORT_ACTIONS)[number];

/** A found report's state: waiting for its e-mail's confirmation, listed, or closed one of three ways. */
export const FOUND_REPORT_STATUSES = ['pending', 'open', 'reunited', 'withdrawn', 'expired'] as const;

/** A 15-digit ISO 11784/11785 microchip number, however it was typed (spaces, dashes): the digits, or null. */
export function microchipNumber(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{15}$/.test(digits) ? digits : null;
}
