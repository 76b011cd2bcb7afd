import { sql } from 'drizzle-orm';
import { petProfiles } from '#server/db/schema';

/** Whole years between a yyyy-mm-dd birth date and today (UTC); 0 when unknown or in the future. */
export function ageInYears(dob: string | null, today: Date = new Date()): number {
  if (!dob) return 0;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(dob);
  if (!m) return 0;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < mo || (today.getUTCMonth() + 1 === mo && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return Math.max(age, 0);
}

/**
 * The same age in SQL, for lists ordered and paged in the database: whole years between the date
 * of birth and the database's current date; null when the date of birth is unknown.
 */
export const ageInYearsSql = sql<number | null>`extract(year from age(current_date, ${petProfiles.dob}))::int`;

/** Today's UTC date (yyyy-mm-dd): part of the cache key of anything showing ages, which change at midnight. */
export function utcDay(): string {
  return new Date().toISOString().slice(0, 10);
}
