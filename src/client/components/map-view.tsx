import { useEffect, useRef, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { runtimeConfig } from '#client/app/runtime-config';
import { MAP_ZOOM } from '#shared/constants';

export interface MapViewProps {
  latitude: number;
  longitude: number;
  /** accessible name of the map, e.g. "Map of Happy Paws Sitting" */
  label: string;
  /** px: 300 on provider pages, 250 for a lost pet (SPEC.md §9) */
  height: number;
  zoom?: number;
  /** several markers (e.g. sightings) instead of one: the map fits them all; latitude/longitude is the centre when there are none */
  markers?: { id: string; latitude: number; longitude: number; label: string }[];
}

/**
 * An OpenLayers map with a marker at the coordinates. OpenLayers is loaded with a dynamic import
 * only when a map is rendered. Tiles come from runtimeConfig().mapTileUrl; when the tile server is
 * unreachable the marker still shows on a blank background.
 */
export function MapView({ latitude, longitude, label, height, zoom = MAP_ZOOM, markers }: MapViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const markerColor = theme.palette.error.main;
  const [failed, setFailed] = useState(false);
  const config = runtimeConfig();
  // the markers as a value, so a new array with the same points does not rebuild the map
  const markerKey = markers ? JSON.stringify(markers.map((m) => [m.id, m.latitude, m.longitude])) : '';

  useEffect(() => {
    const target = ref.current;
    if (!target) return;
    let cleanup: (() => void) | undefined;
    let cancelled = false;
    import('./map-view-ol').then(
      ({ createOlMap }) => {
        if (!cancelled) {
          const points = markerKey ? (JSON.parse(markerKey) as [string, number, number][]).map(([, lat, lon]) => ({ latitude: lat, longitude: lon })) : undefined;
          cleanup = createOlMap(target, { latitude, longitude, zoom, tileUrl: config.mapTileUrl, markerColor, markers: points });
        }
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [latitude, longitude, zoom, config.mapTileUrl, markerColor, markerKey]);

  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box
        ref={ref}
        role="img"
        aria-label={label}
        data-testid="map-view"
        data-markers={markers ? markers.length : undefined}
        data-failed={failed ? 'true' : undefined}
        sx={{ height, width: '100%', borderRadius: '16px', overflow: 'hidden', bgcolor: 'action.hover', border: 1, borderColor: 'divider' }}
      />
      {config.mapTileAttribution && (
        <Typography component="figcaption" variant="caption" sx={{ display: 'block', mt: 0.5, color: 'text.secondary', textAlign: 'end' }}>
          {config.mapTileAttribution}
        </Typography>
      )}
    </Box>
  );
}
