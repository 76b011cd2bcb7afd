import type { GridDensity, GridInitialState } from '@mui/x-data-grid';
import type { GridName } from '#shared/contract/vet';

/**
 * What a saved view (and the last state) of a desk grid holds (issue 21, item 6): the grid's own
 * state (visible columns, their order and widths: exportState().columns; density), and the
 * server-side sort, page size and filters the tab keeps beside the grid.
 */
export interface DeskGridState<Filters> {
  columns?: GridInitialState['columns'];
  density?: GridDensity;
  sort?: { field: string; order: 'asc' | 'desc' } | null;
  pageSize?: number;
  filters?: Filters;
}

const DENSITIES: readonly GridDensity[] = ['compact', 'standard', 'comfortable'];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A state read back (from the server or this browser), its parts checked: what is not what it
 * should be is left out, so an old or edited state never breaks the grid. `readFilters` reads the
 * tab's own filters.
 */
export function readGridState<Filters>(value: unknown, readFilters: (raw: unknown) => Filters): DeskGridState<Filters> {
  if (!isObject(value)) return {};
  const out: DeskGridState<Filters> = {};
  if (isObject(value.columns)) out.columns = value.columns as GridInitialState['columns'];
  if (typeof value.density === 'string' && DENSITIES.includes(value.density as GridDensity))
    out.density = value.density as GridDensity;
  const sort = value.sort;
  if (sort === null) out.sort = null;
  else if (isObject(sort) && typeof sort.field === 'string' && (sort.order === 'asc' || sort.order === 'desc'))
    out.sort = { field: sort.field, order: sort.order };
  if (typeof value.pageSize === 'number' && Number.isInteger(value.pageSize) && value.pageSize > 0)
    out.pageSize = value.pageSize;
  if ('filters' in value) out.filters = readFilters(value.filters);
  return out;
}

function storageKey(grid: GridName, vetUserId: number | null): string {
  return `pawtal.portal.grid.${grid}.${vetUserId ?? 'none'}`;
}

/** The state a staff user left a grid in, in this browser ("the last state comes back on return"). */
export function loadLastGridState<Filters>(
  grid: GridName,
  vetUserId: number | null,
  readFilters: (raw: unknown) => Filters,
): DeskGridState<Filters> {
  try {
    const raw = window.localStorage.getItem(storageKey(grid, vetUserId));
    return raw ? readGridState(JSON.parse(raw), readFilters) : {};
  } catch {
    return {};
  }
}

export function saveLastGridState<Filters>(
  grid: GridName,
  vetUserId: number | null,
  state: DeskGridState<Filters>,
): void {
  try {
    window.localStorage.setItem(storageKey(grid, vetUserId), JSON.stringify(state));
  } catch {
    // storage blocked or full: the state lasts for this visit only
  }
}

/** The largest page size on offer that fits the rows the window has room for (at least the smallest). */
export function fittingPageSize(options: readonly number[], roomPx: number, rowHeightPx: number): number {
  const rows = Math.floor(roomPx / rowHeightPx);
  return [...options].reverse().find((size) => size <= rows) ?? options[0];
}
