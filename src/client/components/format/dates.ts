import { intlLocale } from '#shared/languages';
import { dateTimeFormat } from '#client/components/format/intl-formats';

/** A calendar day as the API and the date pickers exchange it (dayjs format). */
export const ISO_DAY = 'YYYY-MM-DD';

/** Today in the browser's own time zone, as 'YYYY-MM-DD'. */
export function localTodayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A date in the long format of the visitor's language: "March 5, 2025" in English (the long US
 * format of SPEC.md §9), "5 de marzo de 2025" in Spanish, Arabic month names with Latin digits in Arabic
 * (docs/decisions/0108).
 * Dates are calendar dates: a "yyyy-mm-dd" value is read in UTC so no time zone moves it a day.
 * An unreadable value is returned as it was; a missing one is "".
 */
export function formatLongDate(value: string | null | undefined, language: string | undefined = 'en'): string {
  if (!value) return '';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(day.getTime())) return value;
  return dateTimeFormat(intlLocale(language), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(day);
}

/** A moment (an ISO timestamp) as the visitor reads it, in their time zone: "March 5, 2026, 2:05 PM" in English. */
export function formatDateTime(value: string, language: string | undefined = 'en'): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeStyle: 'short' }).format(at);
}
