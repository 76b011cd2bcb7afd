/**
 * Which reminder protocol applies to a vaccination or antiparasitic (issue 33, docs/decisions/0170), the one rule
 * the Edit Visit dialog shows ("In 12 months (protocol)") and SaveVetVisit applies to a row sent without a
 * `nextReminderDate`.
 */

/** What the rule reads of a protocol. */
export interface ProtocolRule {
  id: number;
  title: string;
  petTypeId: number | null;
  minAgeWeeks: number | null;
  maxAgeWeeks: number | null;
  intervalDays: number;
}

const DAY_MS = 86_400_000;

function dayNumber(isoDay: string): number {
  return Math.floor(Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS);
}

/** Whole weeks from `dob` to `day` (yyyy-mm-dd), or null without a date of birth. */
function ageInWeeks(dob: string | null, day: string): number | null {
  if (!dob) return null;
  return Math.floor((dayNumber(day) - dayNumber(dob.slice(0, 10))) / 7);
}

/** A protocol's specificity: a pet type counts over an age range, an age range over none. */
function specificity(p: ProtocolRule): number {
  return (p.petTypeId === null ? 0 : 2) + (p.minAgeWeeks === null && p.maxAgeWeeks === null ? 0 : 1);
}

function fits(p: ProtocolRule, title: string, petTypeId: number, ageWeeks: number | null): boolean {
  if (p.title !== title) return false;
  if (p.petTypeId !== null && p.petTypeId !== petTypeId) return false;
  // An age range needs an age: a pet without a date of birth matches only protocols of any age.
  if (p.minAgeWeeks !== null && (ageWeeks === null || ageWeeks < p.minAgeWeeks)) return false;
  if (p.maxAgeWeeks !== null && (ageWeeks === null || ageWeeks >= p.maxAgeWeeks)) return false;
  return true;
}

/**
 * The protocol for `title` given on `day` to a pet of `petTypeId` born on `dob`: of those that fit (same title; the
 * pet's type or any; the age from `minAgeWeeks` up to but not including `maxAgeWeeks`), the most specific, then the
 * newest (the highest id). Null when none fits.
 */
export function matchProtocol<P extends ProtocolRule>(
  protocols: readonly P[],
  pet: { petTypeId: number; dob: string | null },
  title: string,
  day: string,
): P | null {
  const age = ageInWeeks(pet.dob, day);
  let best: P | null = null;
  for (const p of protocols) {
    if (!fits(p, title, pet.petTypeId, age)) continue;
    if (best === null || specificity(p) > specificity(best) || (specificity(p) === specificity(best) && p.id > best.id))
      best = p;
  }
  return best;
}

/** The day `intervalDays` after `day` (yyyy-mm-dd). */
export function addDays(day: string, days: number): string {
  return new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);
}
