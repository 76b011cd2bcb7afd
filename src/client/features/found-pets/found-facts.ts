/** The report id of a /found/{id} address: digits only (no sign, no leading zero), else null (a "not found" page). */
export function foundPetIdOf(segment: string | undefined): number | null {
  if (!segment || !/^[1-9]\d{0,9}$/.test(segment)) return null;
  const id = Number(segment);
  return id <= 2_147_483_647 ? id : null;
}
