import { afterEach, describe, expect, it } from 'vitest';
import {
  fittingPageSize,
  loadLastGridState,
  readGridState,
  saveLastGridState,
} from '#client/components/desk-grid/grid-state';

const readFilters = (raw: unknown) =>
  typeof raw === 'object' && raw !== null && typeof (raw as { q?: unknown }).q === 'string'
    ? { q: (raw as { q: string }).q }
    : { q: '' };

describe('desk grid state', () => {
  afterEach(() => window.localStorage.clear());

  it('reads back what a view holds and leaves out what is not what it should be', () => {
    const state = {
      columns: { orderedFields: ['a'] },
      density: 'compact',
      sort: { field: 'petName', order: 'desc' },
      pageSize: 25,
      filters: { q: 'rex' },
    };
    expect(readGridState(state, readFilters)).toEqual(state);
    expect(
      readGridState(
        { columns: [1], density: 'huge', sort: { field: 'x', order: 'sideways' }, pageSize: -3, filters: 7 },
        readFilters,
      ),
    ).toEqual({ filters: { q: '' } });
    expect(readGridState({ sort: null }, readFilters)).toEqual({ sort: null });
    for (const bad of [null, 'text', [1, 2], 5]) expect(readGridState(bad, readFilters)).toEqual({});
  });

  it('keeps the last state per grid and staff user in this browser, and survives a broken entry', () => {
    saveLastGridState('pets', 3, { pageSize: 10, filters: { q: 'a' } });
    expect(loadLastGridState('pets', 3, readFilters)).toEqual({ pageSize: 10, filters: { q: 'a' } });
    expect(loadLastGridState('pets', 4, readFilters)).toEqual({});
    expect(loadLastGridState('visits', 3, readFilters)).toEqual({});
    window.localStorage.setItem('pawtal.portal.grid.visits.3', '{not json');
    expect(loadLastGridState('visits', 3, readFilters)).toEqual({});
  });

  it('picks the largest page size whose rows fit, at least the smallest', () => {
    expect(fittingPageSize([10, 25, 50], 1500, 56)).toBe(25);
    expect(fittingPageSize([10, 25, 50], 3000, 56)).toBe(50);
    expect(fittingPageSize([10, 25, 50], 200, 56)).toBe(10);
  });
});
