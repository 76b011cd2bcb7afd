import { useState, type ReactNode } from 'react';
import { Box, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { NearMePosition } from '#shared/contract/near-me';
import { MapView, type MapMarker } from '#client/components/map/map-view';

/** The map of a listing is taller than a detail page's: it holds a page of results. */
const RESULTS_MAP_HEIGHT_PX = 360;

export interface MapResult {
  id: string;
  label: string;
  latitude: number | null | undefined;
  longitude: number | null | undefined;
}

/**
 * The current page's results on a map (clustered when they crowd) with the visitor's position when
 * shared; choosing a marker shows that result's card under the map. The page keeps its list below,
 * which is the equivalent for keyboard and screen-reader users.
 */
export function ResultsMap({
  results,
  loading,
  visitor,
  renderCard,
}: {
  results: MapResult[];
  loading: boolean;
  visitor: NearMePosition | null;
  renderCard: (id: string) => ReactNode;
}) {
  const { t } = useTranslation('directory');
  const [selected, setSelected] = useState<string | null>(null);
  const markers: MapMarker[] = results.flatMap((r) =>
    typeof r.latitude === 'number' && typeof r.longitude === 'number'
      ? [{ id: r.id, latitude: r.latitude, longitude: r.longitude, label: r.label }]
      : [],
  );
  const shown = selected !== null && results.some((r) => r.id === selected) ? selected : null;
  const unplaced = results.length - markers.length;

  return (
    <Box
      component="section"
      aria-labelledby="results-map-title"
      sx={{ display: 'grid', gap: 1.5, mb: 3 }}
      data-testid="results-map"
    >
      <Typography
        id="results-map-title"
        component="h2"
        variant="h2"
        sx={{ fontSize: { xs: '1.125rem', md: '1.25rem' } }}
      >
        {t('map.title')}
      </Typography>
      {loading ? (
        <Skeleton
          variant="rounded"
          height={RESULTS_MAP_HEIGHT_PX}
          sx={{ borderRadius: '16px' }}
          aria-label={t('map.loading')}
        />
      ) : (
        <MapView
          label={t('map.label')}
          height={RESULTS_MAP_HEIGHT_PX}
          latitude={markers[0]?.latitude ?? visitor?.latitude}
          longitude={markers[0]?.longitude ?? visitor?.longitude}
          markers={markers}
          onSelect={setSelected}
          visitor={visitor}
        />
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('map.hint')}
        {!loading && unplaced > 0 ? ` ${t('map.unplaced')}` : ''}
      </Typography>
      <Box aria-live="polite" data-testid="map-selection" sx={{ maxWidth: 360 }}>
        {shown && renderCard(shown)}
      </Box>
    </Box>
  );
}
