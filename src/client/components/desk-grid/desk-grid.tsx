import { useMemo, useState } from 'react';
import { DataGrid, type GridColDef, type GridInitialState, type GridValidRowModel } from '@mui/x-data-grid';
import { useGridLocaleText } from '#client/components/i18n/portal-locale';
import { DeskToolbar } from '#client/components/desk-grid/desk-toolbar';
import { withWholeHeaders } from '#client/components/desk-grid/whole-headers';
import type { DeskGridControls } from '#client/components/desk-grid/use-desk-grid-state';

interface Props<Row extends GridValidRowModel> {
  sync: DeskGridControls;
  rows: Row[];
  getRowId: (row: Row) => number;
  columns: GridColDef<Row>[];
  /** the columns that sort (on the server; a constant) */
  sortable: readonly string[];
  rowCount: number;
  loading: boolean;
  /** the page shown, from 1 */
  page: number;
  /** the page sizes on offer (a constant: the grid compares it by reference) */
  pageSizes: number[];
  rowHeight: number;
  label: string;
  emptyLabel: string;
  /** the columns to start with when no state was kept (e.g. fewer on a tablet) */
  defaultColumns?: GridInitialState['columns'];
  /**
   * the columns' least widths are set to add up to a window's width (the Visits grid at 1024 px): kept as they are,
   * not widened to their headers, which would make the grid scroll sideways there
   */
  keepLeastWidths?: boolean;
}

/**
 * A desk grid of the portal (pets, visits): an MUI X data grid paged and sorted on the server, its columns, density
 * and saved views in its toolbar, its state kept by useDeskGridState.
 */
export function DeskGrid<Row extends GridValidRowModel>({
  sync,
  rows,
  getRowId,
  columns,
  sortable,
  rowCount,
  loading,
  page,
  pageSizes,
  rowHeight,
  label,
  emptyLabel,
  defaultColumns,
  keepLeastWidths = false,
}: Props<Row>) {
  const localeText = useGridLocaleText();
  // The grid reads its initial state once, when it mounts.
  const [initialState] = useState<GridInitialState>(() => ({
    columns: sync.layout.columns ?? defaultColumns,
    density: sync.layout.density,
  }));
  // Stable references: a new sort model on every render reads to the grid as a sort change, and a sort change sends
  // it back to the first page (it did so on each "next page": issue 11).
  const { sort, pageSize } = sync;
  const sortModel = useMemo(
    () => (sort && sortable.includes(sort.field) ? [{ field: sort.field, sort: sort.order }] : []),
    [sort, sortable],
  );
  const paginationModel = useMemo(() => ({ page: page - 1, pageSize }), [page, pageSize]);
  const wholeHeaderColumns = useMemo(
    () => (keepLeastWidths ? columns : withWholeHeaders(columns, sortable)),
    [columns, sortable, keepLeastWidths],
  );
  return (
    <DataGrid
      apiRef={sync.apiRef}
      aria-label={label}
      rows={rows}
      getRowId={getRowId}
      columns={wholeHeaderColumns}
      rowCount={rowCount}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={(m) => sync.changePaging(m.page + 1, m.pageSize)}
      pageSizeOptions={pageSizes}
      sortModel={sortModel}
      onSortModelChange={(m) => {
        const first = m[0];
        sync.changeSort(first?.sort ? { field: first.field, order: first.sort } : null);
      }}
      initialState={initialState}
      onColumnVisibilityModelChange={sync.layoutChanged}
      onColumnWidthChange={sync.layoutChanged}
      onColumnOrderChange={sync.layoutChanged}
      // the grid's state has the new density only after this event
      onDensityChange={() => setTimeout(sync.layoutChanged, 0)}
      showToolbar
      slots={{ toolbar: DeskToolbar }}
      slotProps={{ toolbar: { views: sync.views } }}
      disableColumnFilter
      disableRowSelectionOnClick
      rowHeight={rowHeight}
      autoHeight
      localeText={{ ...localeText, noRowsLabel: emptyLabel }}
      // the last column's resize handle stood past the grid's edge and let the rows scroll sideways (issue 36, item 4)
      sx={{ '& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator': { display: 'none' } }}
    />
  );
}
