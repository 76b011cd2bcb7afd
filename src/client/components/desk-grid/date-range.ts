import dayjs, { type Dayjs } from 'dayjs';
import { ISO_DAY } from '#client/components/format/dates';

/** A range of calendar days (yyyy-mm-dd), either end open. */
export interface DayRange {
  from?: string;
  to?: string;
}

/**
 * The presets the desk's range pickers offer (the Visits grid: today, thisWeek, next7, last30; the reminders: today,
 * next7, nextWeek, next30, overdue).
 */
export type RangePreset = 'today' | 'thisWeek' | 'next7' | 'nextWeek' | 'next30' | 'last30' | 'overdue';

/** The first day of the week in a language (0 Sunday … 6 Saturday), as its date pickers show weeks. */
export function weekStartOf(language: string): number {
  return dayjs.Ls[language]?.weekStart ?? 0;
}

/**
 * The days a preset names, in the clinic's local calendar: "this week" from the locale's first
 * day of the week (`weekStart`: Monday in Spanish, Saturday in Arabic, Sunday in English); "next 7
 * days" is today and the six after it; "next week" is Monday to Sunday of the week after this one (a clinic's week
 * of reminders to send, issue 36 item 11). Overdue has no range of its own (the server's rule).
 */
export function presetRange(
  preset: Exclude<RangePreset, 'overdue'>,
  today: Dayjs = dayjs(),
  weekStart = 0,
): Required<DayRange> {
  const day = today.startOf('day');
  const iso = (d: Dayjs) => d.format(ISO_DAY);
  switch (preset) {
    case 'today':
      return { from: iso(day), to: iso(day) };
    case 'thisWeek': {
      const first = day.subtract((day.day() - weekStart + 7) % 7, 'day');
      return { from: iso(first), to: iso(first.add(6, 'day')) };
    }
    case 'next7':
      return { from: iso(day), to: iso(day.add(6, 'day')) };
    case 'nextWeek': {
      const monday = day.subtract((day.day() + 6) % 7, 'day').add(7, 'day');
      return { from: iso(monday), to: iso(monday.add(6, 'day')) };
    }
    case 'next30':
      return { from: iso(day), to: iso(day.add(29, 'day')) };
    case 'last30':
      return { from: iso(day.subtract(29, 'day')), to: iso(day) };
  }
}

/** The preset a range is, among `presets` (so its button shows pressed), or null. */
export function presetOf(
  range: DayRange,
  presets: readonly RangePreset[],
  today: Dayjs = dayjs(),
  weekStart = 0,
): RangePreset | null {
  for (const preset of presets) {
    if (preset === 'overdue') continue;
    const r = presetRange(preset, today, weekStart);
    if (r.from === range.from && r.to === range.to) return preset;
  }
  return null;
}

/** A yyyy-mm-dd value read from a URL or a saved view: the day, or undefined when it is not one. */
export function readDay(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const day = dayjs(value);
  return day.isValid() && day.format(ISO_DAY) === value ? value : undefined;
}

/** A range after one end changed: when the ends cross, the other end follows the one just picked (a one-day range). */
export function withEnd(range: DayRange, end: 'from' | 'to', day: string | undefined): DayRange {
  const next = { ...range, [end]: day };
  if (!next.from || !next.to || next.from <= next.to) return next;
  return end === 'from' ? { from: next.from, to: next.from } : { from: next.to, to: next.to };
}

/**
 * A day typed into a range field, as it is taken when the field is left or Enter pressed (issue 36, item 3): a day not
 * typed whole (the field hands over an invalid date for a year of two digits) or before 1900 is not taken (null).
 */
export function typedDay(day: Dayjs): string | null {
  return day.isValid() && day.year() >= 1900 ? day.format(ISO_DAY) : null;
}
