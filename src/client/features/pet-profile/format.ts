/** Display rules of the pet profile page (SPEC.md §2 "Pet profile page"). */

/** The value, or the "N/A" text when it is missing (null, undefined, blank). */
export function orNotAvailable(value: string | number | null | undefined, notAvailable: string): string {
  if (value === null || value === undefined) return notAvailable;
  const text = String(value).trim();
  return text === '' ? notAvailable : text;
}
