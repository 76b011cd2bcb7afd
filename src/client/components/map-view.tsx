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
}

/**
 * An OpenLayers map with a marker at the coordinates. OpenLayers is loaded with a dynamic import
 * only when a map is rendered. Tiles come from runtimeConfig().mapTileUrl; when the tile server is
 * unreachable the marker still shows on a blank background.
 */
export function MapView({ latitude, longitude, label, height, zoom = MAP_ZOOM }: MapViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const markerColor = theme.palette.error.main;
  const [failed, setFailed] = useState(false);
  const config = runtimeConfig();

  useEffect(() => {
    const target = ref.current;
    if (!target) return;
    let cleanup: (() => void) | undefined;
    let cancelled = false;
    // The map is drawn once its box has a size (a container of size 0, e.g. still laid out or
    // hidden on a phone, makes OpenLayers warn and draw nothing), and follows the box's size after.
    const hasSize = () => target.clientWidth > 0 && target.clientHeight > 0;
    let draw: (() => void) | undefined;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => (cleanup ? undefined : hasSize() && draw?.()));
    import('./map-view-ol').then(
      ({ createOlMap }) => {
        if (cancelled) return;
        draw = () => {
          if (!cancelled && !cleanup) cleanup = createOlMap(target, { latitude, longitude, zoom, tileUrl: config.mapTileUrl, markerColor });
        };
        if (hasSize() || !observer) draw();
        observer?.observe(target);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      cleanup?.();
    };
  }, [latitude, longitude, zoom, config.mapTileUrl, markerColor]);

  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box
        ref={ref}
        role="img"
        aria-label={label}
        data-testid="map-view"
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
