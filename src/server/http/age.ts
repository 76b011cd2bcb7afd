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
