/**
 * True when there is a usable image address: not empty, not a bare site root, and not only the bare
 * storage base (".../media/"), which the server sends for "no image" (SPEC.md §3).
 */
export function hasImage(url: string | null | undefined): url is string {
  const value = url?.trim() ?? '';
  if (value === '') return false;
  const path = value.split(/[?#]/)[0].replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return path !== '' && path !== '/' && !/\/media\/?$/i.test(path);
}
