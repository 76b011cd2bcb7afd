import { Box } from '@mui/material';
import { ColumnsPanelTrigger, GridToolbarDensitySelector, Toolbar, ToolbarButton } from '@mui/x-data-grid';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import { useTranslation } from 'react-i18next';
import type { DeskGridViews } from '#client/components/desk-grid/use-desk-grid-state';
import { GridViewsMenu } from '#client/components/desk-grid/grid-views-menu';

declare module '@mui/x-data-grid' {
  interface ToolbarPropsOverrides {
    /** the saved views of this grid (GridViewsMenu) */
    views?: DeskGridViews;
  }
}

/**
 * The toolbar of the desk's grids: columns (show, hide, order), density, and the saved views.
 * The data grid renders it in its `toolbar` slot (showToolbar) with the views in slotProps.
 */
export function DeskToolbar({ views }: { views?: DeskGridViews }) {
  const { t } = useTranslation('portal');
  return (
    <Toolbar>
      <ColumnsPanelTrigger render={<ToolbarButton aria-label={t('desk.columns')} />}>
        <ViewColumnOutlined fontSize="small" />
      </ColumnsPanelTrigger>
      <GridToolbarDensitySelector />
      <Box sx={{ flexGrow: 1 }} />
      {views && <GridViewsMenu {...views} />}
    </Toolbar>
  );
}
