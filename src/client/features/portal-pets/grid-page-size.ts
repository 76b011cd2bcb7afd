import { PAGE_SIZE } from '#shared/constants';

/**
 * Page sizes on offer in the Pets grid at a desk: SPEC.md's 4 first (the default), more rows for staff who want them.
 */
export const GRID_PAGE_SIZES = [PAGE_SIZE, 10, 25, 50] as const;
