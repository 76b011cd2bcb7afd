import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';

/**
 * What a column header needs beside its title: the cell's padding (10 px a side), the sort arrow a sorted column
 * shows, and a little room for the web font to differ from the one measured. (The column menu's button takes room
 * only while the pointer is on the header, as the arrow of an unsorted column does: the title gives way then.)
 * Only the header's due is added: the Visits grid's least widths are set to fit a 1024 px window (issue 36, item 4).
 */
const HEADER_PADDING = 20;
const SORT_ICON = 28;
const SLACK = 8;

let canvas: HTMLCanvasElement | null = null;

/** The width of `text` as the grid's headers set it (medium weight, 14 px, the page's font), or 0 without a DOM. */
function headerTextWidth(text: string): number {
  if (typeof document === 'undefined') return 0;
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return 0;
  context.font = `500 14px ${getComputedStyle(document.body).fontFamily}`;
  return Math.ceil(context.measureText(text).width);
}

/**
 * The columns, each at least as wide as its header in full: the widths were set for English, and other languages'
 * titles ("Sprache", "Correos de recordatorio") ended in an ellipsis at a column's narrowest.
 */
export function withWholeHeaders<Row extends GridValidRowModel>(
  columns: GridColDef<Row>[],
  sortable: readonly string[],
): GridColDef<Row>[] {
  return columns.map((column) => {
    if (!column.headerName) return column;
    const needed =
      headerTextWidth(column.headerName) + HEADER_PADDING + (sortable.includes(column.field) ? SORT_ICON : 0) + SLACK;
    if (column.flex !== undefined) return { ...column, minWidth: Math.max(column.minWidth ?? 50, needed) };
    return { ...column, width: Math.max(column.width ?? 100, needed) };
  });
}
