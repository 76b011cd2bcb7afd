/** An absolute image address; the bare media base when there is no image (SPEC.md §3). */
export function imageUrl(base: string, path: string | null | undefined): string {
  return path ? base + path : base;
}
