/** Any i18next t function (of any namespace): the age texts are read from "common". */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Whole months from a yyyy-mm-dd birth date to today (UTC); null when unknown or unreadable. */
export function ageInMonths(dob: string | null | undefined, today: Date = new Date()): number | null {
  const m = dob ? /^(\d{4})-(\d{2})-(\d{2})/.exec(dob) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let months = (today.getUTCFullYear() - y) * 12 + (today.getUTCMonth() + 1 - mo);
  if (today.getUTCDate() < d) months -= 1;
  return Math.max(months, 0);
}

/**
 * THE age text of a pet, everywhere (public cards and profile, portal): "3 years", "1 year", and
 * under one year "5 months" when the birth date is known, else "Under 1 year". In the visitor's
 * language (common.json "age_*" and "ageMonths_*"). `years` as the API sends it.
 */
export function formatAge(t: Translate, years: number | null | undefined, dob?: string | null): string {
  if (years === null || years === undefined) return '';
  if (years >= 1) return t('common:age', { count: years });
  const months = ageInMonths(dob);
  if (months === null || months >= 12) return t('common:age', { count: 0 });
  return months === 0 ? t('common:ageUnderOneMonth') : t('common:ageMonths', { count: months });
}

/**
 * A pet's age on a portal card or row: formatAge, or "N/A" when the date of birth is unknown (one wording for cards and
 * the grid).
 */
export function ageOrNotAvailable(t: Translate, years: number | null | undefined, dob?: string | null): string {
  return years === null || years === undefined ? t('portal:notAvailable') : formatAge(t, years, dob);
}
