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

/**
 * The address of a visit picture as GetVetVisitDetails hands it out (ImageHostLink + ImagePath
 * today). The one place the visit summary reads it: when visit pictures move to signed, expiring
 * links (issue 20), only this changes.
 */
export function visitPictureUrl(record: { ImageHostLink: string; ImagePath: string }): string {
  return record.ImageHostLink + record.ImagePath;
}
