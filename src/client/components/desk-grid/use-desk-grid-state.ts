import { useRef, useState, type RefObject } from 'react';
import type { GridApi } from '@mui/x-data-grid';
import type { GridName } from '#shared/contract/vet';
import {
  loadLastGridState,
  readGridState,
  saveLastGridState,
  type DeskGridState,
} from '#client/components/desk-grid/grid-state';

/** The grid's own part of a saved view: its columns (visible, order, widths) and density. */
type GridLayout = Pick<DeskGridState<unknown>, 'columns' | 'density'>;
/** The grid's sort by column, as a saved view keeps it; null for the list's default order. */
type GridSort = DeskGridState<unknown>['sort'];

/** What the toolbar's saved views menu reads and applies (DeskToolbar, GridViewsMenu). */
export interface DeskGridViews {
  grid: GridName;
  vetUserId: number | null;
  capture: () => Record<string, unknown>;
  apply: (state: Record<string, unknown>) => void;
}

interface Options<Filters> {
  grid: GridName;
  vetUserId: number | null;
  /** reads the tab's own filters from a kept state; with nothing kept, the defaults */
  readFilters: (raw: unknown) => Filters;
  pageSizes: readonly number[];
  /** the page size when the last state kept none of those on offer */
  defaultPageSize: () => number;
  /** the page is the tab's (its phone layout pages too): a change of filters, sort or page size goes to page 1 */
  setPage: (page: number) => void;
}

/** What the grid itself reads and changes of a desk grid's state (DeskGrid). */
export interface DeskGridControls {
  /** the grid's api (DeskGrid hands it to the DataGrid) */
  apiRef: RefObject<GridApi | null>;
  sort: GridSort;
  pageSize: number;
  /** the columns and density as last kept: what the grid starts with */
  layout: GridLayout;
  changeSort: (next: GridSort) => void;
  /** the grid's pager: a new page size starts again at page 1 */
  changePaging: (page: number, pageSize: number) => void;
  /** the user changed columns or density in the grid */
  layoutChanged: () => void;
  views: DeskGridViews;
}

/** A desk grid's state and what keeps it: the last state in this browser, and the saved views. */
export interface DeskGridSync<Filters> extends DeskGridControls {
  filters: Filters;
  /** new filters (page 1); `remember: false` keeps them out of the last state (the phone layout) */
  changeFilters: (next: Filters, options?: { remember?: boolean }) => void;
}

/**
 * The one state sync of the portal's desk grids (pets, visits; issue 21, item 6): the tab's filters, the grid's sort
 * and page size, its columns and density, all back from the last state on return, written back on each change, and
 * replaced at once when a saved view is applied.
 */
export function useDeskGridState<Filters>({
  grid,
  vetUserId,
  readFilters,
  pageSizes,
  defaultPageSize,
  setPage,
}: Options<Filters>): DeskGridSync<Filters> {
  const apiRef = useRef<GridApi | null>(null);
  const [last] = useState(() => loadLastGridState(grid, vetUserId, readFilters));
  const [filters, setFilters] = useState<Filters>(() => last.filters ?? readFilters(undefined));
  const [sort, setSort] = useState<GridSort>(last.sort ?? null);
  const offered = (size: number | undefined): size is number => size !== undefined && pageSizes.includes(size);
  const [pageSize, setPageSize] = useState(() => (offered(last.pageSize) ? last.pageSize : defaultPageSize()));
  const [layout, setLayout] = useState<GridLayout>({ columns: last.columns, density: last.density });

  const capture = (): DeskGridState<Filters> => ({ ...layout, sort, pageSize, filters });
  const remember = (next: Partial<DeskGridState<Filters>>) =>
    saveLastGridState(grid, vetUserId, { ...capture(), ...next });

  const apply = (raw: Record<string, unknown>) => {
    const state = readGridState(raw, readFilters);
    if (state.columns || state.density) {
      const applied = { columns: state.columns, density: state.density };
      apiRef.current?.restoreState(applied);
      setLayout(applied);
    }
    setFilters(state.filters ?? readFilters(undefined));
    setSort(state.sort ?? null);
    if (offered(state.pageSize)) setPageSize(state.pageSize);
    setPage(1);
    saveLastGridState(grid, vetUserId, state);
  };

  return {
    apiRef,
    filters,
    sort,
    pageSize,
    layout,
    changeFilters: (next, { remember: keep = true } = {}) => {
      setFilters(next);
      setPage(1);
      if (keep) remember({ filters: next });
    },
    changeSort: (next) => {
      setSort(next);
      setPage(1);
      remember({ sort: next });
    },
    changePaging: (page, size) => {
      const resized = size !== pageSize;
      setPageSize(size);
      setPage(resized ? 1 : page);
      if (resized) remember({ pageSize: size });
    },
    layoutChanged: () => {
      const state = apiRef.current?.exportState();
      if (!state) return;
      const next = { columns: state.columns, density: state.density };
      setLayout(next);
      remember(next);
    },
    views: { grid, vetUserId, capture: capture as () => Record<string, unknown>, apply },
  };
}
