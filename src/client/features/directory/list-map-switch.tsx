import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import ViewList from '@mui/icons-material/ViewList';
import MapOutlined from '@mui/icons-material/MapOutlined';
import { useTranslation } from 'react-i18next';
import type { ListingView } from '#client/features/directory/use-listing-params';

/** The List / Map switch of a listing's results. */
export function ListMapSwitch({ view, onChange }: { view: ListingView; onChange: (view: ListingView) => void }) {
  const { t } = useTranslation('directory');
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={view}
      onChange={(_, v: ListingView | null) => v && onChange(v)}
      aria-label={t('view.label')}
      sx={{ alignSelf: 'start', minHeight: 40 }}
    >
      <ToggleButton value="list" sx={{ gap: 0.75, px: 2 }}>
        <ViewList fontSize="small" aria-hidden />
        {t('view.list')}
      </ToggleButton>
      <ToggleButton value="map" sx={{ gap: 0.75, px: 2 }}>
        <MapOutlined fontSize="small" aria-hidden />
        {t('view.map')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
