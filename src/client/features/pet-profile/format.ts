/** Display rules of the pet profile page (SPEC.md §2 "Pet profile page"). */

const DATE_LOCALES: Record<string, string> = { en: 'en-US', es: 'es-ES', ar: 'ar' };

/**
 * A record or birth date in the long format of the visitor's language: "March 5, 2025" in English
 * (the long US format of SPEC.md §9), "5 de marzo de 2025" in Spanish, Arabic month names in Arabic.
 * Dates are calendar dates: a "yyyy-mm-dd" value is read in UTC so no time zone moves it a day.
 * An unreadable value is returned as it was.
 */
export function formatLongDate(value: string | null | undefined, language = 'en'): string {
  if (!value) return '';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(day.getTime())) return value;
  const locale = DATE_LOCALES[language.split('-')[0]] ?? 'en-US';
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(day);
}

/** The value, or the "N/A" text when it is missing (null, undefined, blank). */
export function orNotAvailable(value: string | number | null | undefined, notAvailable: string): string {
  if (value === null || value === undefined) return notAvailable;
  const text = String(value).trim();
  return text === '' ? notAvailable : text;
}

/** The digits of a phone number, as chat links need them ("+1 (555) 010-0200" → "15550100200"). */
export function phoneDigits(phone: string | null | undefined): string {
  return (phone ?? '').replace(/\D/g, '');
}

/** A WhatsApp chat link built from the phone's digits only; null when there are none. */
export function chatLink(phone: string | null | undefined): string | null {
  const digits = phoneDigits(phone);
  return digits ? `https://wa.me/${digits}` : null;
}
