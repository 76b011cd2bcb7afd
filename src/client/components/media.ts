/** An image address equal to the bare media base (…/media/) or empty means "no image" (SPEC.md §3). */
export function hasImage(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    const path = new URL(url, 'http://x').pathname;
    return !/\/media\/?$/.test(path) && path !== '/';
  } catch {
    return false;
  }
}
