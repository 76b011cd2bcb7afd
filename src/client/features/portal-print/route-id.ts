/** An id from a printout's address ("/Dashboard/Pets/42/Certificate"): a whole number the API accepts, else null. */
export function routeId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2147483647 ? id : null;
}
