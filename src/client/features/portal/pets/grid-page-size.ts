import { PAGE_SIZE } from '#shared/constants';

/** Page sizes on offer in the Pets grid at a desk: SPEC.md's 4 first (the default), more rows for staff who want them. */
export const GRID_PAGE_SIZES = [PAGE_SIZE, 10, 25, 50] as const;

const STORAGE_KEY = 'pawtal.portal.petsPageSize';

/** The page size this browser chose last, else the default; anything not on offer counts as no choice. */
export function loadGridPageSize(): number {
  try {
    const stored = Number(window.localStorage.getItem(STORAGE_KEY));
    return GRID_PAGE_SIZES.find((size) => size === stored) ?? PAGE_SIZE;
  } catch {
    return PAGE_SIZE;
  }
}

export function saveGridPageSize(size: number): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, String(size));
  } catch {
    // storage blocked: the choice lasts for this visit only
  }
}
