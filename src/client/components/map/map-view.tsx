import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { runtimeConfig } from '#client/api/runtime-config';
import { MAP_ZOOM } from '#shared/constants';

export interface MapMarker {
  id: string;
  latitude: number;
  longitude: number;
  label: string;
}

export interface MapViewProps {
  /** the one marker's place (and the centre); with `markers`, only the centre until they are fitted */
  latitude?: number;
  longitude?: number;
  /** accessible name of the map, e.g. "Map of Happy Paws Sitting" */
  label: string;
  /** px: 300 on provider pages, 250 for a lost pet (SPEC.md §9) */
  height: number;
  /** with markers: the closest the view zooms when fitting them */
  zoom?: number;
  /** several markers: clustered when they crowd, the view fitted to them (and the visitor) */
  markers?: MapMarker[];
  /** a marker was clicked (a cluster zooms in to its markers first) */
  onSelect?: (id: string) => void;
  /** the visitor's position, shown as a dot */
  visitor?: { latitude: number; longitude: number } | null;
  /** a place picker: a click on the map moves the one marker there */
  onPick?: (latitude: number, longitude: number) => void;
}

/**
 * An OpenLayers map with a marker at the coordinates, or with several markers (clustered, a click
 * reports the marker's id) and the visitor's position. OpenLayers is loaded with a dynamic import
 * only when a map is rendered. Tiles come from runtimeConfig().mapTileUrl; when the tile server is
 * unreachable the markers still show on a blank background. The map is one image to assistive
 * technology: pages that show markers keep their list as the accessible equivalent.
 */
export function MapView({
  latitude = 0,
  longitude = 0,
  label,
  height,
  zoom = MAP_ZOOM,
  markers,
  onSelect,
  visitor,
  onPick,
}: MapViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const markerColor = theme.palette.error.main;
  const visitorColor = theme.palette.info.main;
  const [failed, setFailed] = useState(false);
  const config = runtimeConfig();
  // The map is rebuilt only when what it shows changes, not on every render of the page.
  const markersKey = markers ? JSON.stringify(markers) : '';
  const stableMarkers = useMemo(() => (markersKey ? (JSON.parse(markersKey) as MapMarker[]) : undefined), [markersKey]);
  const visitorLat = visitor?.latitude;
  const visitorLon = visitor?.longitude;
  const selectRef = useRef(onSelect);
  const pickRef = useRef(onPick);
  const picks = onPick !== undefined;
  useEffect(() => {
    selectRef.current = onSelect;
    pickRef.current = onPick;
  }, [onSelect, onPick]);

  useEffect(() => {
    const target = ref.current;
    if (!target) return;
    let cleanup: (() => void) | undefined;
    let cancelled = false;
    // The map is drawn once its box has a size (a container of size 0, e.g. still laid out or
    // hidden on a phone, makes OpenLayers warn and draw nothing), and follows the box's size after.
    const hasSize = () => target.clientWidth > 0 && target.clientHeight > 0;
    let draw: (() => void) | undefined;
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => (cleanup ? undefined : hasSize() && draw?.()));
    import('#client/components/map/map-view-ol').then(
      ({ createOlMap }) => {
        if (cancelled) return;
        draw = () => {
          if (cancelled || cleanup) return;
          cleanup = createOlMap(target, {
            latitude,
            longitude,
            zoom,
            tileUrl: config.mapTileUrl,
            markerColor,
            markers: stableMarkers,
            onSelect: (id) => selectRef.current?.(id),
            onPick: picks ? (lat, lon) => pickRef.current?.(lat, lon) : undefined,
            visitor:
              visitorLat !== undefined && visitorLon !== undefined
                ? { latitude: visitorLat, longitude: visitorLon }
                : null,
            visitorColor,
          });
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
  }, [
    latitude,
    longitude,
    zoom,
    config.mapTileUrl,
    markerColor,
    stableMarkers,
    visitorLat,
    visitorLon,
    visitorColor,
    picks,
  ]);

  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box
        ref={ref}
        role="img"
        aria-label={label}
        data-testid="map-view"
        data-markers={markers ? markers.length : undefined}
        data-failed={failed ? 'true' : undefined}
        sx={{
          height,
          width: '100%',
          borderRadius: '16px',
          overflow: 'hidden',
          bgcolor: 'action.hover',
          border: 1,
          borderColor: 'divider',
        }}
      />
      {config.mapTileAttribution && (
        <Typography
          component="figcaption"
          variant="caption"
          sx={{ display: 'block', mt: 0.5, color: 'text.secondary', textAlign: 'end' }}
        >
          {config.mapTileAttribution}
        </Typography>
      )}
    </Box>
  );
}
