/** Days relative to now, as the tests' calls and rows need them. */
const DAY_MS = 86_400_000;

/** The moment `offsetDays` days from now (negative: ago). */
export function daysFromNow(offsetDays: number): Date {
  return new Date(Date.now() + offsetDays * DAY_MS);
}

/** The UTC day `offsetDays` days from today, as 'YYYY-MM-DD' (the API's dates). */
export function isoDay(offsetDays = 0): string {
  return daysFromNow(offsetDays).toISOString().slice(0, 10);
}
