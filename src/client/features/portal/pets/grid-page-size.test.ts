import { afterEach, describe, expect, it } from 'vitest';
import { GRID_PAGE_SIZES, loadGridPageSize, saveGridPageSize } from '#client/features/portal/pets/grid-page-size';

describe('grid page size', () => {
  afterEach(() => window.localStorage.clear());

  it('offers 4 (the default), 10, 25 and 50', () => {
    expect(GRID_PAGE_SIZES).toEqual([4, 10, 25, 50]);
    expect(loadGridPageSize()).toBe(4);
  });

  it('remembers a size on offer and ignores anything else', () => {
    saveGridPageSize(25);
    expect(loadGridPageSize()).toBe(25);
    window.localStorage.setItem('pawtal.portal.petsPageSize', '1000');
    expect(loadGridPageSize()).toBe(4);
  });
});
