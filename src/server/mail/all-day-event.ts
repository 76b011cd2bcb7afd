import type { DateArray } from 'ics';

/**
 * An all-day calendar event's start and end (the next day, exclusive, RFC 5545 3.6.1) for a day "yyyy-mm-dd". Not a
 * one-day duration: the ics package writes `{ days: 1 }` as "DURATION:P1DT", which RFC 5545 does not allow (a "T"
 * must be followed by hours, minutes or seconds) and strict calendar readers refuse.
 */
export function allDayEvent(day: string): { start: DateArray; end: DateArray } {
  const [y, m, d] = day.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return { start: [y, m, d], end: [next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()] };
}
